/* Output and input plumbing of the report commands (compare, check). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "results/fmt.h"
#include "cli/reportio.h"


int out_open(struct out *o, const struct args *a, const char *cmd)
{
	char err[512];

	o->to_file = a->output != NULL;
	o->f = stdout;
	if (!o->to_file)
		return 0;
	if (outfile_open(&o->of, a->output, err, sizeof err) < 0) {
		fprintf(stderr, "osbench: %s: %s\n", cmd, err);
		return -1;
	}
	o->f = o->of.f;
	return 0;
}

/* Flush and commit; a full disk or a closed pipe is exit 2, not silence. */
int out_close(struct out *o, const char *cmd, int status)
{
	char err[512];

	if (o->to_file) {
		if (outfile_commit(&o->of, err, sizeof err) < 0) {
			fprintf(stderr, "osbench: %s: %s\n", cmd, err);
			return 2;
		}
		return status;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "osbench: %s: standard output: %s\n", cmd, strerror(errno));
		return 2;
	}
	return status;
}

/* The files named on the command line, read whole; -1 after saying why. */
int read_files(const char *cmd, const char *const *names, int n, struct rfile *f)
{
	char err[1024];

	for (int i = 0; i < n; i++) {
		if (rfile_read(names[i], &f[i], err, sizeof err) < 0) {
			fprintf(stderr, "osbench: %s: %s\n", cmd, err);
			while (i-- > 0)
				rfile_free(&f[i]);
			return -1;
		}
	}
	return 0;
}

void free_files(struct rfile *f, int n)
{
	for (int i = 0; i < n; i++)
		rfile_free(&f[i]);
}

int is_scale(const struct rfigure *g)
{
	return strcmp(g->table, "scale") == 0;
}

/* A figure's cell as run prints it: the seeds' precision for times,
 * whole operations per second for sweeps. */
const char *figure_text(const struct rfigure *g, char *buf, size_t len)
{
	if (!g || g->status == ST_NA)
		return "-";
	if (g->status == ST_FAIL)
		return "fail";
	if (strcmp(g->unit, "ops/s") == 0) {
		return fmt_ops(g->value, buf, len);
	}
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

