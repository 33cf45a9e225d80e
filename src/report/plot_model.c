/* Reading a chart's figures: what plot.c collected, as the drawing code
 * asks for it; see plot_model.h. */
#include <math.h>
#include <string.h>

#include "report/plot_model.h"

const struct rfigure *plot_figure(const struct plot *p, const struct chart *c, size_t file,
				  const char *column)
{
	const struct rfile *r = &p->in[file];

	for (size_t k = 0; k < r->nfigs; k++) {
		const struct rfigure *fig = &r->figs[k];
		if (strcmp(fig->table, c->table) != 0 || strcmp(fig->column, column) != 0)
			continue;
		if (c->kind == CHART_BARS ||
		    (strcmp(fig->module, c->module) == 0 && strcmp(r->scale_mode, c->mode) == 0))
			return fig;
	}
	return NULL;
}

/* The level-one figure a scaling chart divides by, when it was measured
 * (the table prints "-" for the scaling column otherwise). */
const struct rfigure *level_one(const struct plot *p, const struct chart *c, size_t file)
{
	const struct rfigure *one = plot_figure(p, c, file, "1");

	return one && one->status == ST_OK && one->value > 0 ? one : NULL;
}

enum cell value_at(const struct plot *p, const struct chart *c, size_t file, size_t g,
			  double *v)
{
	const struct rfigure *fig = plot_figure(p, c, file, c->groups[g]);
	const struct rfigure *one;

	if (!fig)
		return CELL_NONE;
	if (fig->status != ST_OK)
		return fig->status == ST_FAIL ? CELL_FAIL : CELL_NA;
	*v = fig->value;
	if (c->kind != CHART_PCT)
		return CELL_OK;
	if (!(one = level_one(p, c, file)))
		return CELL_NONE;
	*v = 100.0 * fig->value / one->value;
	return CELL_OK;
}

/* The smallest positive and the largest value drawn (0 when none). */
void value_range(const struct plot *p, const struct chart *c, double *min_pos, double *max)
{
	double v;

	*min_pos = 0;
	*max = 0;
	for (size_t s = 0; s < c->nseries; s++)
		for (size_t g = 0; g < c->ngroups; g++) {
			if (value_at(p, c, c->series[s], g, &v) != CELL_OK)
				continue;
			double lo = v, hi = v;
			/* a bar's error bar stays inside the axis too */
			const struct rfigure *fig = plot_figure(p, c, c->series[s], c->groups[g]);
			if (c->kind == CHART_BARS && fig->ci_hi > 0 && fig->ci_lo > 0) {
				lo = fmin(lo, fig->ci_lo);
				hi = fmax(hi, fig->ci_hi);
			}
			if (hi > *max)
				*max = hi;
			if (lo > 0 && (*min_pos == 0 || lo < *min_pos))
				*min_pos = lo;
		}
}
