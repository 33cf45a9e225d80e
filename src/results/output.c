/* Writers for the three output formats.  Everything the run prints on
 * stdout goes through here. */
#include <stdio.h>
#include <string.h>

#include "results/fmt.h"
#include "results/output.h"

static const char *status_name(enum status s)
{
	return s == ST_OK ? "ok" : s == ST_FAIL ? "fail" : "na";
}

const char *cell_text(const struct measurement *m, char *buf, size_t len)
{
	if (m->status == ST_FAIL)
		return "fail";
	if (m->status == ST_NA)
		return "-";
	return fmt_seed(m->value, buf, len);
}

/* ---- host record ------------------------------------------------------ */

static void host_comments(struct writer *w)
{
	const struct host_info *h = w->host;

	fprintf(w->f, "# osbench %s\n", OSBENCH_VERSION);
	fprintf(w->f, "# host: %s\n# os: %s\n# release: %s\n# kernel: %s\n# machine: %s\n",
		h->host, h->sysname, h->release, h->version, h->machine);
	fprintf(w->f, "# cpu: %s\n# cpus: %d\n# mhz: %.0f (%s)\n", h->cpu_model, h->cpus,
		h->mhz, h->mhz_source);
	fprintf(w->f, "# libc: %s\n# ld_preload: %s\n# build: %s\n", h->libc,
		h->ld_preload[0] ? h->ld_preload : "-", h->build);
	if (h->placement[0])
		fprintf(w->f, "# placement: %s\n", h->placement);
	fprintf(w->f, "# date: %s\n# command: %s\n", h->date, h->command);
}

void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void json_field(FILE *f, const char *key, const char *value, int last)
{
	fprintf(f, "    ");
	json_string(f, key);
	fprintf(f, ": ");
	json_string(f, value);
	fprintf(f, "%s\n", last ? "" : ",");
}

static void host_json(struct writer *w)
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
	fprintf(f, "    \"cpus\": %d,\n    \"mhz\": %.0f,\n", h->cpus, h->mhz);
	json_field(f, "mhz_source", h->mhz_source, 0);
	json_field(f, "libc", h->libc, 0);
	json_field(f, "ld_preload", h->ld_preload, 0);
	json_field(f, "build", h->build, 0);
	json_field(f, "placement", h->placement, 0);
	json_field(f, "date", h->date, 0);
	json_field(f, "command", h->command, 1);
	fprintf(f, "  },\n  \"results\": [");
}

static const char long_header[] =
	"table\tcolumn\tmodule\tparams\tn\treps\tmedian_us\tmin_us\tmax_us\tcv_pct\t"
	"ctxsw_vol_per_op\tctxsw_invol_per_op\tcpu_pct\tstatus\treason\tunit\tnoisy\t"
	"ci_lo_us\tci_hi_us\trounds\tsamples_us\tplacement\tvalue_us\n";

void writer_begin(struct writer *w)
{
	w->sections = w->records = w->figures = 0;
	if (w->fmt == FMT_JSON) {
		host_json(w);
		return;
	}
	host_comments(w);
	if (w->fmt == FMT_LONG)
		fputs(long_header, w->f);
}

/* A text file says it is complete, so that a reader can tell one cut
 * short (a full disk, a killed copy) from a run with fewer figures; a
 * JSON document cut anywhere is not JSON. */
void writer_end(struct writer *w)
{
	if (w->fmt == FMT_JSON)
		fprintf(w->f, "%s]\n}\n", w->records ? "\n  " : "");
	else
		fprintf(w->f, "# end: %d figure%s\n", w->figures, w->figures == 1 ? "" : "s");
}

/* ---- records (long and json) ------------------------------------------ */

/* A reason must stay on one line and in one cell. */
static void clean_reason(const char *in, char *out, size_t len)
{
	snprintf(out, len, "%s", in);
	for (char *p = out; *p; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
}

/* The samples, comma-separated (long) or as an array's elements (json). */
static void sample_list(FILE *f, const struct measurement *m)
{
	for (int i = 0; i < m->reps; i++)
		fprintf(f, "%s%.6g", i ? "," : "", m->samples[i]);
}

static void record_long(struct writer *w, const struct record *r)
{
	const struct measurement *m = &r->m;
	char reason[sizeof m->reason];
	int ok = m->status == ST_OK && m->samples;

	clean_reason(m->reason, reason, sizeof reason);
	fprintf(w->f, "%s\t%s\t%s\t%s\t%llu\t%d\t", r->table, r->column, r->module,
		r->params[0] ? r->params : "-", (unsigned long long)m->n, m->reps);
	if (ok)
		fprintf(w->f, "%.6g\t%.6g\t%.6g\t%.2f\t%.4g\t%.4g\t%.1f\t", m->median, m->min,
			m->max, m->cv_pct, m->vcsw_per_op, m->ivcsw_per_op, m->cpu_pct);
	else
		fputs("-\t-\t-\t-\t-\t-\t-\t", w->f);
	fprintf(w->f, "%s\t%s\t%s\t%s\t", status_name(m->status), reason[0] ? reason : "-",
		r->unit, m->noisy ? "yes" : "no");
	if (ok) {
		fprintf(w->f, "%.6g\t%.6g\t%d\t", m->ci_lo, m->ci_hi, m->rounds);
		sample_list(w->f, m);
	} else {
		fputs("-\t-\t-\t-", w->f);
	}
	fprintf(w->f, "\t%s\t", placement_name(m->placement));
	if (ok)
		fprintf(w->f, "%.6g\n", m->value);
	else
		fputs("-\n", w->f);
}

static void record_json(struct writer *w, const struct record *r)
{
	const struct measurement *m = &r->m;
	FILE *f = w->f;

	fprintf(f, "%s\n    {", w->records++ ? "," : "");
	fprintf(f, "\"table\": ");
	json_string(f, r->table);
	fprintf(f, ", \"column\": ");
	json_string(f, r->column);
	fprintf(f, ", \"module\": ");
	json_string(f, r->module);
	fprintf(f, ", \"params\": ");
	json_string(f, r->params);
	fprintf(f, ", \"unit\": ");
	json_string(f, r->unit);
	fprintf(f, ", \"status\": \"%s\", \"reason\": ", status_name(m->status));
	json_string(f, m->reason);
	fprintf(f, ", \"placement\": \"%s\"", placement_name(m->placement));
	if (m->status == ST_OK && m->samples) {
		fprintf(f, ", \"n\": %llu, \"reps\": %d, \"median\": %.6g, \"min\": %.6g, "
			   "\"max\": %.6g, \"cv_pct\": %.2f, \"ctxsw_vol_per_op\": %.4g, "
			   "\"ctxsw_invol_per_op\": %.4g, \"cpu_pct\": %.1f, \"noisy\": %s",
			(unsigned long long)m->n, m->reps, m->median, m->min, m->max, m->cv_pct,
			m->vcsw_per_op, m->ivcsw_per_op, m->cpu_pct, m->noisy ? "true" : "false");
		fprintf(f, ", \"value\": %.6g, \"ci_lo_us\": %.6g, \"ci_hi_us\": %.6g, "
			   "\"rounds\": %d, \"samples_us\": [", m->value, m->ci_lo, m->ci_hi, m->rounds);
		sample_list(f, m);
		fputc(']', f);
	}
	fputc('}', f);
}

static void write_records(struct writer *w, const struct record *r, int n)
{
	for (int i = 0; i < n; i++) {
		if (w->fmt == FMT_LONG)
			record_long(w, &r[i]);
		else
			record_json(w, &r[i]);
	}
}

/* ---- tables ----------------------------------------------------------- */

void writer_table(struct writer *w, const struct table *t, const struct record *cells)
{
	char buf[32];

	w->figures += (int)t->ncolumns;
	if (w->fmt != FMT_TABLE) {
		write_records(w, cells, (int)t->ncolumns);
		return;
	}
	fprintf(w->f, "\n# %s\nHost\tOS", t->title);
	if (t->has_mhz)
		fputs("\tMhz", w->f);
	for (size_t i = 0; i < t->ncolumns; i++)
		fprintf(w->f, "\t%s", t->columns[i].header);
	fprintf(w->f, "\n%s\t%s", w->host->host, w->host->os);
	if (t->has_mhz) {
		if (w->host->mhz > 0)
			fprintf(w->f, "\t%.0f", w->host->mhz);
		else
			fputs("\t-", w->f);
	}
	for (size_t i = 0; i < t->ncolumns; i++)
		fprintf(w->f, "\t%s", cell_text(&cells[i].m, buf, sizeof buf));
	fputc('\n', w->f);
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
	fprintf(w->f, "\t%.0f\t%s\n", m->cpu_pct,
		fmt_seed(m->vcsw_per_op + m->ivcsw_per_op, buf, sizeof buf));
}

void writer_sweep(struct writer *w, const char *module, int use_procs,
		  const struct record *levels, int nlevels)
{
	const struct measurement *one = level_one(levels, nlevels);

	w->figures += nlevels;
	if (w->fmt != FMT_TABLE) {
		write_records(w, levels, nlevels);
		return;
	}
	fprintf(w->f, "\n# scale %s: %s, host %s - ops/s, higher is better\n", module,
		use_procs ? "processes" : "threads", w->host->host);
	fprintf(w->f, "Concurrency\t%s ops/s\tScaling (Concurrency one=100%%)\tcpu %%\tctxsw/op\n",
		w->host->host);
	for (int i = 0; i < nlevels; i++)
		sweep_row(w, &levels[i], one);
	w->sections++;
}
