/* Records into an in-memory result file; see memfile.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/figure.h"
#include "results/memfile.h"
#include "sys/utf8.h"

static void copy_figure(struct rfigure *g, const struct record *r, size_t pool_off,
			int table_order, int column_order)
{
	const struct measurement *m = &r->m;
	int ok = m->status == ST_OK && m->samples;

	memset(g, 0, sizeof *g);
	snprintf(g->table, sizeof g->table, "%s", r->table);
	snprintf(g->column, sizeof g->column, "%s", r->column);
	snprintf(g->module, sizeof g->module, "%s", r->module);
	snprintf(g->params, sizeof g->params, "%s", r->params);
	snprintf(g->unit, sizeof g->unit, "%s", r->unit);
	snprintf(g->placement, sizeof g->placement, "%s", placement_name(m->placement));
	utf8_printf(g->reason, sizeof g->reason, "%s", m->reason);
	utf8_printf(g->distorted, sizeof g->distorted, "%s", m->distortion.reason);
	g->status = m->status;
	g->seconds = m->seconds;
	g->table_order = table_order;
	g->column_order = column_order;
	if (!ok)
		return;
	g->value = m->value;
	g->ci_lo = m->ci_lo;
	g->ci_hi = m->ci_hi;
	g->rounds = m->rounds;
	g->sample_off = pool_off;
	g->nsamples = (size_t)m->reps;
}

/* The position of r's table among those before it, and of r in it. */
static void orders(const struct record *records, size_t i, int *table, int *column)
{
	int tables = 0, seen = -1, cols = 0;

	for (size_t k = 0; k < i; k++) {
		int first = 1;
		for (size_t j = 0; j < k; j++)
			first &= strcmp(records[j].table, records[k].table) != 0;
		if (strcmp(records[k].table, records[i].table) == 0) {
			cols++;
			if (seen < 0)
				seen = tables;
		}
		tables += first;
	}
	*table = seen >= 0 ? seen : tables;
	*column = cols;
}

int memfile_make(struct rfile *f, const char *name, const struct host_info *h,
		 const struct record *records, size_t n)
{
	size_t samples = 0, off = 0;

	memset(f, 0, sizeof *f);
	snprintf(f->path, sizeof f->path, "%s", name);
	utf8_printf(f->host, sizeof f->host, "%s", h->host);
	snprintf(f->os, sizeof f->os, "%s", h->os);
	snprintf(f->build, sizeof f->build, "%s", h->build);
	snprintf(f->placement, sizeof f->placement, "%s", h->placement);
	snprintf(f->version, sizeof f->version, "%s", OSBENCH_VERSION);
	snprintf(f->release, sizeof f->release, "%s", h->release);
	snprintf(f->kernel, sizeof f->kernel, "%s", h->version);
	snprintf(f->date, sizeof f->date, "%s", h->date);
	snprintf(f->ld_preload, sizeof f->ld_preload, "%s", h->ld_preload);
	snprintf(f->tmpdir_fs, sizeof f->tmpdir_fs, "%s", h->tmpdir_fs);
	snprintf(f->huge_pages, sizeof f->huge_pages, "%s", h->huge_pages);
	f->buffer_mb = h->buffer_mb;
	f->cpus = h->cpus;
	f->mhz = h->mhz;
	_Static_assert(HOST_REFERENCE_MAX <= RFILE_MAX_REFERENCE, "a file keeps every run's reference");
	f->reference_runs = h->reference_runs;
	for (int r = 0; r < h->reference_runs; r++)
		f->reference[r] = h->reference[r];
	for (size_t i = 0; i < n; i++)
		if (records[i].m.status == ST_OK && records[i].m.samples)
			samples += (size_t)records[i].m.reps + 2 * (size_t)records[i].runs;
	f->figs = calloc(n ? n : 1, sizeof *f->figs);
	f->pool = calloc(samples ? samples : 1, sizeof *f->pool);
	if (!f->figs || !f->pool) {
		rfile_free(f);
		errno = ENOMEM;
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const struct measurement *m = &records[i].m;
		int t, c;
		orders(records, i, &t, &c);
		copy_figure(&f->figs[i], &records[i], off, t, c);
		if (f->figs[i].nsamples) {
			memcpy(f->pool + off, m->samples, (size_t)m->reps * sizeof *f->pool);
			off += (size_t)m->reps;
			if (records[i].runs) {
				f->figs[i].runs = records[i].runs;
				f->figs[i].run_off = off;
				memcpy(f->pool + off, records[i].run_values,
				       (size_t)records[i].runs * sizeof *f->pool);
				off += (size_t)records[i].runs;
				f->figs[i].fastest_off = off;
				f->figs[i].nfastest = (size_t)records[i].runs;
				memcpy(f->pool + off, records[i].run_fastest,
				       (size_t)records[i].runs * sizeof *f->pool);
				off += (size_t)records[i].runs;
			}
		}
		if (strcmp(records[i].table, SCALE_TABLE) == 0 && !f->scale_mode[0]) {
			const char *mode = figure_scale_mode(records[i].params);
			snprintf(f->scale_mode, sizeof f->scale_mode, "%s",
				 mode ? mode : "threads");
		}
	}
	f->nfigs = n;
	f->npool = f->pool_cap = off;
	return 0;
}
