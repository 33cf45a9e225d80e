/* The writer's one entry point for every format, the list of formats,
 * and what the format files share: the host record, the end line, and
 * each field's value as the schema prints it. */
#include <stdio.h>
#include <string.h>

#include "results/fmt.h"
#include "measure/runs.h"
#include "results/writer.h"
#include "sys/utf8.h"

extern const struct format format_table, format_long, format_json;

/* One line per format. */
const struct format *const formats[] = {
	&format_table,
	&format_long,
	&format_json,
	NULL,
};

const struct format *format_find(const char *name)
{
	for (size_t i = 0; formats[i]; i++)
		if (strcmp(formats[i]->name, name) == 0)
			return formats[i];
	return NULL;
}

void writer_begin(struct writer *w)
{
	w->sections = w->records = w->figures = 0;
	w->fmt->begin(w);
}

void writer_table(struct writer *w, const struct section_view *s, const struct record *cells)
{
	w->figures += (int)s->ncells;
	w->fmt->table(w, s, cells);
}

void writer_sweep(struct writer *w, const char *module, int use_procs,
		  const struct record *levels, int nlevels)
{
	w->figures += nlevels;
	w->fmt->sweep(w, module, use_procs, levels, nlevels);
}

void writer_end(struct writer *w)
{
	w->fmt->end(w);
}

const char *cell_text(const struct measurement *m, char *buf, size_t len)
{
	if (m->status == ST_FAIL)
		return "fail";
	if (m->status == ST_NA)
		return "-";
	return fmt_cell(m->value, buf, len);
}

void writer_host_comments(const struct writer *w)
{
	const struct host_info *h = w->host;

	fprintf(w->f, "# osbench %s\n", OSBENCH_VERSION);
	fprintf(w->f, "# host: %s\n# os: %s\n# release: %s\n# kernel: %s\n# machine: %s\n",
		h->host, h->sysname, h->release, h->version, h->machine);
	fprintf(w->f, "# cpu: %s\n# cpus: %d\n", h->cpu_model, h->cpus);
	if (h->mhz_why[0])
		fprintf(w->f, "# mhz: - (%s)\n", h->mhz_why);
	else
		fprintf(w->f, "# mhz: %.0f (%s)\n", h->mhz, h->mhz_source);
	fprintf(w->f, "# libc: %s\n# ld_preload: %s\n# build: %s\n", h->libc,
		h->ld_preload[0] ? h->ld_preload : "-", h->build);
	if (h->placement[0])
		fprintf(w->f, "# placement: %s\n", h->placement);
	if (h->tmpdir_fs[0])
		fprintf(w->f, "# tmpdir fs: %s\n", h->tmpdir_fs);
	if (h->huge_pages[0])
		fprintf(w->f, "# huge pages: %s\n", h->huge_pages);
	if (h->buffer_mb > 0)
		fprintf(w->f, "# buffer: %d MB (%s)\n", h->buffer_mb, h->buffer_why);
	fprintf(w->f, "# date: %s\n# command: %s\n", h->date, h->command);
}

/* A text file says it is complete, so that a reader can tell one cut
 * short (a full disk, a killed copy) from a run with fewer figures; a
 * JSON document cut anywhere is not JSON. */
void writer_end_line(struct writer *w)
{
	const struct host_info *h = w->host;

	if (h->reference_runs > 0) {
		fputs("# machine reference: ", w->f);
		writer_number_list(w->f, h->reference, h->reference_runs, 0);
		fputs(" MB/s (each run's, which check measures the host's move by)\n", w->f);
	}
	fprintf(w->f, "# end: %d figure%s\n", w->figures, w->figures == 1 ? "" : "s");
}

/* JSON text is UTF-8: a byte that is not part of a character (a path
 * from the system, a file's text) becomes U+FFFD rather than a document
 * no parser decodes. */
void json_string(FILE *f, const char *s)
{
	size_t n = strlen(s), len;

	fputc('"', f);
	for (size_t i = 0; i < n; i += len ? len : 1) {
		unsigned char c = (unsigned char)s[i];
		len = utf8_char(s + i, n - i, NULL);
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else if (len == 0)
			fputs(UTF8_REPLACEMENT, f);
		else
			fwrite(s + i, 1, len, f);
	}
	fputc('"', f);
}

/* ---- fields ----------------------------------------------------------- */

int record_has(const struct record *r, enum field fld, int json)
{
	int ok = r->m.status == ST_OK && r->m.samples;

	switch (fld) {
	case F_N:
	case F_REPS:
	case F_NOISY:
		/* long has always said how many ops and samples were taken */
		return ok || !json;
	case F_SECONDS:
		/* a figure that failed took its time too */
		return 1;
	default:
		if (schema_fields[fld].kind == FK_TAIL)
			return ok && r->m.tail.nops > 0;
		return schema_fields[fld].kind == FK_STAT ||
				       (schema_fields[fld].kind == FK_EXTRA && fld != F_UNIT &&
					fld != F_PLACEMENT)
			       ? ok
			       : 1;
	}
}

/* A reason must stay on one line and in one cell, and be UTF-8 that
 * the reader takes back. */
static void clean_reason(const char *in, char *out, size_t len)
{
	utf8_mend(out, len, in);
	for (char *p = out; *p; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
}

static void text_value(FILE *f, const char *s, const char *empty, int json)
{
	if (json)
		json_string(f, s);
	else
		fputs(s[0] ? s : empty, f);
}

/* A resource-use figure, or USAGE_UNKNOWN: "-" (long) or null (json),
   never 0. */
static void usage_value(FILE *f, double v, int is_pct, int json)
{
	if (!(v >= 0))
		fputs(json ? "null" : "-", f);
	else if (is_pct)
		fprintf(f, "%.1f", v);
	else
		fprintf(f, "%.4g", v);
}

/* A share in per cent, or unknown: "-" (long) or null (json). */
static void share(FILE *f, double pct, int json)
{
	if (pct >= 0)
		fprintf(f, "%.1f", pct);
	else
		fputs(json ? "null" : "-", f);
}

/* Comma-separated (long) or as a JSON array's elements. */
void writer_number_list(FILE *f, const double *v, int n, int json)
{
	if (json)
		fputc('[', f);
	for (int i = 0; i < n; i++)
		fprintf(f, "%s%.6g", i ? "," : "", v[i]);
	if (json)
		fputc(']', f);
}

void record_value(FILE *f, const struct record *r, enum field fld, int json)
{
	const struct measurement *m = &r->m;
	char reason[sizeof m->reason];

	switch (fld) {
	case F_TABLE: text_value(f, r->table, "-", json); break;
	case F_COLUMN: text_value(f, r->column, "-", json); break;
	case F_MODULE: text_value(f, r->module, "-", json); break;
	case F_PARAMS: text_value(f, r->params, "-", json); break;
	case F_N: fprintf(f, "%llu", (unsigned long long)m->n); break;
	case F_REPS: fprintf(f, "%d", m->reps); break;
	case F_MEDIAN: fprintf(f, "%.6g", m->median); break;
	case F_MIN: fprintf(f, "%.6g", m->min); break;
	case F_MAX: fprintf(f, "%.6g", m->max); break;
	case F_CV: fprintf(f, "%.2f", m->cv_pct); break;
	case F_VCSW: usage_value(f, m->vcsw_per_op, 0, json); break;
	case F_IVCSW: usage_value(f, m->ivcsw_per_op, 0, json); break;
	case F_CPU: usage_value(f, m->cpu_pct, 1, json); break;
	case F_STATUS: text_value(f, schema_status_names[m->status], "-", json); break;
	case F_REASON:
		clean_reason(m->reason, reason, sizeof reason);
		text_value(f, json ? m->reason : reason, "-", json);
		break;
	case F_UNIT: text_value(f, r->unit, "-", json); break;
	case F_NOISY: fputs(json ? (m->noisy ? "true" : "false") : m->noisy ? "yes" : "no", f); break;
	case F_CI_LO: fprintf(f, "%.6g", m->ci_lo); break;
	case F_CI_HI: fprintf(f, "%.6g", m->ci_hi); break;
	case F_ROUNDS: fprintf(f, "%d", m->rounds); break;
	case F_SAMPLES: writer_number_list(f, m->samples, m->reps, json); break;
	case F_PLACEMENT: text_value(f, placement_name(m->placement), "-", json); break;
	case F_VALUE: fprintf(f, "%.6g", m->value); break;
	case F_OP_P50: fprintf(f, "%.6g", m->tail.p50); break;
	case F_OP_P99: fprintf(f, "%.6g", m->tail.p99); break;
	case F_OP_P999: fprintf(f, "%.6g", m->tail.p999); break;
	case F_OP_MAX: fprintf(f, "%.6g", m->tail.max); break;
	case F_STALLS: fprintf(f, "%d", m->tail.stalls); break;
	case F_OP_BATCH: fprintf(f, "%d", m->tail.batch); break;
	case F_OP_CDF: writer_number_list(f, m->tail.cdf, TAIL_CDF_POINTS, json); break;
	case F_RUNS: fprintf(f, "%d", r->runs ? r->runs : 1); break;
	case F_WAIT: share(f, m->distortion.wait_pct, json); break;
	case F_STEAL: share(f, m->distortion.steal_pct, json); break;
	case F_THROTTLED: share(f, m->distortion.throttled_pct, json); break;
	case F_DISTORTED:
		clean_reason(m->distortion.reason, reason, sizeof reason);
		text_value(f, json ? m->distortion.reason : reason, "no", json);
		break;
	case F_SECONDS: fprintf(f, "%.3f", m->seconds); break;
	case F_RUN_VALUES:
		if (r->runs)
			writer_number_list(f, r->run_values, r->runs, json);
		else
			writer_number_list(f, &m->value, 1, json);
		break;
	case F_RUN_FASTEST:
		if (r->runs) {
			writer_number_list(f, r->run_fastest, r->runs, json);
		} else {
			double best = runs_fastest(m, schema_higher_is_better(r->unit));
			writer_number_list(f, &best, 1, json);
		}
		break;
	case F_COUNT: break;
	}
}
