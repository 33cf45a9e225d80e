/* The long format: one tab-separated row per figure with every field of
 * the schema, under one header row; the host record in "#" comments. */
#include <stdio.h>

#include "results/writer.h"

static void long_begin(struct writer *w)
{
	writer_host_comments(w);
	for (int f = 0; f < F_COUNT; f++)
		fprintf(w->f, "%s%s", f ? "\t" : "", schema_fields[f].long_name);
	fputc('\n', w->f);
}

static void long_records(struct writer *w, const struct record *r, int n)
{
	for (int i = 0; i < n; i++) {
		for (int f = 0; f < F_COUNT; f++) {
			if (f)
				fputc('\t', w->f);
			if (record_has(&r[i], (enum field)f, 0))
				record_value(w->f, &r[i], (enum field)f, 0);
			else
				fputc('-', w->f);
		}
		fputc('\n', w->f);
		w->records++;
	}
}

static void long_table(struct writer *w, const struct section_view *s, const struct record *cells)
{
	long_records(w, cells, (int)s->ncells);
}

static void long_sweep(struct writer *w, const char *module, int use_procs,
		       const struct record *levels, int nlevels)
{
	(void)module;
	(void)use_procs;
	long_records(w, levels, nlevels);
}

const struct format format_long = {
	.name = "long",
	.begin = long_begin,
	.table = long_table,
	.sweep = long_sweep,
	.end = writer_end_line,
};
