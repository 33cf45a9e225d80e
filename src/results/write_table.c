/* The table format: the seeds' layout, tab-separated, the host record in
 * "#" comments above the first table. */
#include <stdio.h>
#include <string.h>

#include "results/fmt.h"
#include "results/writer.h"

static void table_begin(struct writer *w)
{
	writer_host_comments(w);
}

/* Under the table, a comment for each cell the run itself distrusts:
   something took the CPU from it, or its samples scatter widely.  The
   readers take the first back as the figure's distortion. */
static void distrust_lines(struct writer *w, const struct record *cells, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct measurement *m = &cells[i].m;
		if (m->status != ST_OK)
			continue;
		if (m->distortion.reason[0])
			fprintf(w->f, "# distorted: %s: %s\n", cells[i].column, m->distortion.reason);
		else if (m->noisy)
			fprintf(w->f, "# scatters: %s: cv %.0f%%\n", cells[i].column, m->cv_pct);
	}
}

static void table_table(struct writer *w, const struct section_view *s, const struct record *cells)
{
	char buf[32];

	fprintf(w->f, "\n# %s\n" HEAD_HOST "\t" HEAD_OS, s->title);
	if (s->has_mhz)
		fputs("\t" HEAD_MHZ, w->f);
	for (size_t i = 0; i < s->ncells; i++)
		fprintf(w->f, "\t%s", cells[i].column);
	fprintf(w->f, "\n%s\t%s", w->host->host, w->host->os);
	if (s->has_mhz) {
		if (w->host->mhz > 0)
			fprintf(w->f, "\t%.0f", w->host->mhz);
		else
			fputs("\t-", w->f);
	}
	for (size_t i = 0; i < s->ncells; i++)
		fprintf(w->f, "\t%s", cell_text(&cells[i].m, buf, sizeof buf));
	fputc('\n', w->f);
	distrust_lines(w, cells, s->ncells);
	w->sections++;
}

/* Scaling against the level-one figure, when that level ran. */
static const struct measurement *level_one(const struct record *levels, int n)
{
	for (int i = 0; i < n; i++)
		if (strcmp(levels[i].column, "1") == 0 && levels[i].m.status == ST_OK)
			return &levels[i].m;
	return NULL;
}

static void sweep_row(struct writer *w, const struct record *r, const struct measurement *one)
{
	const struct measurement *m = &r->m;
	char buf[32];

	if (m->status != ST_OK) {
		fprintf(w->f, "%s\t%s\t%s\t%s\t%s\n", r->column, cell_text(m, buf, sizeof buf),
			"-", "-", "-");
		return;
	}
	fprintf(w->f, "%s\t%s\t", r->column, fmt_ops(m->value, buf, sizeof buf));
	if (one)
		fprintf(w->f, "%.0f%%", 100.0 * m->value / one->value);
	else
		fputc('-', w->f);
	if (m->cpu_pct < 0 || m->vcsw_per_op < 0 || m->ivcsw_per_op < 0)
		fputs("\t-\t-\n", w->f); /* getrusage() refused: unknown, never 0 */
	else
		fprintf(w->f, "\t%.0f\t%s\n", m->cpu_pct,
			fmt_seed(m->vcsw_per_op + m->ivcsw_per_op, buf, sizeof buf));
}

static void table_sweep(struct writer *w, const char *module, int use_procs,
			const struct record *levels, int nlevels)
{
	const struct measurement *one = level_one(levels, nlevels);
	char title[256];

	schema_scale_title(title, sizeof title, module, use_procs ? "processes" : "threads",
			   w->host->host);
	fprintf(w->f, "\n# %s\n", title);
	fprintf(w->f, HEAD_LEVEL "\t%s" HEAD_OPS_SUFFIX "\t%s\tcpu %%\tctxsw/op\n", w->host->host,
		HEAD_SCALING);
	for (int i = 0; i < nlevels; i++)
		sweep_row(w, &levels[i], one);
	w->sections++;
}

const struct format format_table = {
	.name = "table",
	.begin = table_begin,
	.table = table_table,
	.sweep = table_sweep,
	.end = writer_end_line,
};
