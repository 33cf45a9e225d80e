/* A result file as read back: its figures and their samples; see rfile.h. */
#include <stdlib.h>
#include <string.h>

#include "results/rfile.h"

void rfile_free(struct rfile *f)
{
	free(f->figs);
	f->figs = NULL;
	f->nfigs = 0;
	free(f->pool);
	f->pool = NULL;
	f->npool = f->pool_cap = 0;
	f->reference_runs = 0;
}

const double *rfile_cdf(const struct rfile *f, const struct rfigure *g)
{
	return g->tail.ncdf ? f->pool + g->tail.cdf_off : NULL;
}

const double *rfile_samples(const struct rfile *f, const struct rfigure *g)
{
	return g->nsamples ? f->pool + g->sample_off : NULL;
}

const double *rfile_run_values(const struct rfile *f, const struct rfigure *g, size_t *n)
{
	*n = g->status != ST_OK ? 0 : g->runs ? (size_t)g->runs : 1;
	if (*n == 0)
		return NULL;
	return g->runs ? f->pool + g->run_off : &g->value;
}

const double *rfile_run_fastest(const struct rfile *f, const struct rfigure *g)
{
	return g->status == ST_OK && g->nfastest ? f->pool + g->fastest_off : NULL;
}

const struct rfigure *rfile_find(const struct rfile *f, const char *table, const char *column)
{
	for (size_t i = 0; i < f->nfigs; i++)
		if (strcmp(f->figs[i].table, table) == 0 && strcmp(f->figs[i].column, column) == 0)
			return &f->figs[i];
	return NULL;
}
