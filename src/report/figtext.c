/* A read-back figure as the reports print it; see figtext.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/figtext.h"
#include "results/fmt.h"
#include "plan/schema.h"

int is_scale(const struct rfigure *g)
{
	return strcmp(g->table, SCALE_TABLE) == 0;
}

/* A table cell with as many decimals as the file wrote: its rounding is
 * half a unit of the last digit, so a seed's 0.08 comes back as 0.08, not
 * padded to a precision it never had.  -1 when the file gives full
 * precision (long, json) or an exponent form. */
static int written_decimals(const struct rfigure *g)
{
	if (g->rounding <= 0 || g->value <= 0)
		return -1;
	long d = lround(-log10(2 * g->rounding * g->value));
	return d < 0 ? 0 : d > 9 ? -1 : (int)d;
}

/* A figure's cell as run prints it: the seeds' precision for times,
 * whole operations per second for sweeps; a table cell as written. */
const char *figure_text(const struct rfigure *g, char *buf, size_t len)
{
	if (!g || g->status == ST_NA)
		return "-";
	if (g->status == ST_FAIL)
		return "fail";
	int decimals = written_decimals(g);
	if (decimals >= 0) {
		snprintf(buf, len, "%.*f", decimals, g->value);
		return buf;
	}
	if (strcmp(g->unit, UNIT_OPS) == 0)
		return fmt_ops(g->value, buf, len);
	return fmt_seed(g->value, buf, len);
}

/* b/a with two decimals, or "-" when either side has no usable figure. */
const char *ratio_text(const struct rfigure *a, const struct rfigure *b, char *buf,
		       size_t len)
{
	if (!a || !b || a->status != ST_OK || b->status != ST_OK || a->value <= 0)
		return "-";
	double ratio = b->value / a->value;

	/* two decimals where they mean something; else the exponent form */
	snprintf(buf, len, ratio >= 0.01 && ratio < 1e6 ? "%.2f" : "%.3g", ratio);
	return buf;
}

const struct rfigure *find_level(const struct rfile *f, const char *module,
					const char *level)
{
	for (size_t k = 0; k < f->nfigs; k++) {
		const struct rfigure *g = &f->figs[k];
		if (is_scale(g) && strcmp(g->module, module) == 0 && strcmp(g->column, level) == 0)
			return g;
	}
	return NULL;
}

