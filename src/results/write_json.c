/* The json format: a host object and a results array holding one object
 * per figure, its keys the schema's. */
#include <stdio.h>

#include "results/writer.h"

static void json_field(FILE *f, const char *key, const char *value, int last)
{
	fprintf(f, "    ");
	json_string(f, key);
	fprintf(f, ": ");
	json_string(f, value);
	fprintf(f, "%s\n", last ? "" : ",");
}

static void json_begin(struct writer *w)
{
	const struct host_info *h = w->host;
	FILE *f = w->f;

	fprintf(f, "{\n  \"osbench\": ");
	json_string(f, OSBENCH_VERSION);
	fprintf(f, ",\n  \"host\": {\n");
	json_field(f, "name", h->host, 0);
	json_field(f, "os", h->os, 0);
	json_field(f, "sysname", h->sysname, 0);
	json_field(f, "release", h->release, 0);
	json_field(f, "kernel", h->version, 0);
	json_field(f, "machine", h->machine, 0);
	json_field(f, "cpu", h->cpu_model, 0);
	fprintf(f, "    \"cpus\": %d,\n", h->cpus);
	if (h->mhz > 0)
		fprintf(f, "    \"mhz\": %.0f,\n", h->mhz);
	else
		fprintf(f, "    \"mhz\": null,\n");
	json_field(f, "mhz_source", h->mhz_source, 0);
	if (h->mhz_why[0])
		json_field(f, "mhz_why", h->mhz_why, 0);
	json_field(f, "libc", h->libc, 0);
	json_field(f, "ld_preload", h->ld_preload, 0);
	json_field(f, "build", h->build, 0);
	json_field(f, "placement", h->placement, 0);
	json_field(f, "tmpdir_fs", h->tmpdir_fs, 0);
	json_field(f, "huge_pages", h->huge_pages, 0);
	if (h->buffer_mb > 0) {
		fprintf(f, "    \"buffer_mb\": %d,\n", h->buffer_mb);
		json_field(f, "buffer_why", h->buffer_why, 0);
	}
	json_field(f, "date", h->date, 0);
	json_field(f, "command", h->command, 1);
	fprintf(f, "  },\n  \"results\": [");
}

static void json_records(struct writer *w, const struct record *r, int n)
{
	for (int i = 0; i < n; i++) {
		int first = 1;
		fprintf(w->f, "%s\n    {", w->records++ ? "," : "");
		for (int f = 0; f < F_COUNT; f++) {
			if (!record_has(&r[i], (enum field)f, 1))
				continue;
			fprintf(w->f, "%s\"%s\": ", first ? "" : ", ", schema_fields[f].json_key);
			record_value(w->f, &r[i], (enum field)f, 1);
			first = 0;
		}
		fputc('}', w->f);
	}
}

static void json_table(struct writer *w, const struct section_view *s, const struct record *cells)
{
	json_records(w, cells, (int)s->ncells);
}

static void json_sweep(struct writer *w, const char *module, int use_procs,
		       const struct record *levels, int nlevels)
{
	(void)module;
	(void)use_procs;
	json_records(w, levels, nlevels);
}

static void json_end(struct writer *w)
{
	const struct host_info *h = w->host;

	fprintf(w->f, "%s]", w->records ? "\n  " : "");
	if (h->reference_runs > 0) {
		fputs(",\n  \"reference_mbs\": ", w->f);
		writer_number_list(w->f, h->reference, h->reference_runs, 1);
	}
	fputs("\n}\n", w->f);
}

const struct format format_json = {
	.name = "json",
	.begin = json_begin,
	.table = json_table,
	.sweep = json_sweep,
	.end = json_end,
};
