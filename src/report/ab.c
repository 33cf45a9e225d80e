/* ab's verdicts and report.  A figure's ratio and interval come from
 * its paired rounds (report/paired.c); its A and B cells are the
 * geometric means of the round values that ratio pairs, so that B/A is
 * B over A as printed. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/ab.h"
#include "report/junit.h"
#include "results/fmt.h"
#include "plan/schema.h"
#include "sys/utf8.h"

static const char *const side_names[2] = { "A", "B" };

/* The paired ratio of a figure both sides measured; -1 with why when
 * there is none: the data do not say, so the verdict is unclear. */
static int pair_up(const struct ab_figure *f, struct ab_row *row)
{
	size_t n = f->side[0].nrounds < f->side[1].nrounds ? f->side[0].nrounds
							    : f->side[1].nrounds;

	if (n < 2) {
		utf8_printf(row->why, sizeof row->why, "fewer than two paired rounds");
		return -1;
	}
	if (paired_ratio_test(f->side[0].round_values, f->side[1].round_values, n, f->first,
			      &row->r) < 0) {
		utf8_printf(row->why, sizeof row->why,
			    "a round below the resolution of the overhead subtraction");
		return -1;
	}
	/* a crafted side's extreme rounds: a ratio that is no finite number
	   is no figure */
	if (!isfinite(row->r.ratio) || !isfinite(row->r.lo) || !isfinite(row->r.hi) ||
	    !isfinite(row->r.a) || !isfinite(row->r.b)) {
		snprintf(row->why, sizeof row->why, "rounds too far apart for a ratio");
		return -1;
	}
	return 0;
}

/* A side's cell without a ratio: the geometric mean of its rounds, the
 * estimator a ratio would pair; NAN when it has none, or a round at 0
 * (below the resolution: no number stands for it). */
static double own_value(const struct ab_outcome *o)
{
	double sum = 0;

	if (o->status != ST_OK || o->nrounds == 0)
		return NAN;
	for (size_t i = 0; i < o->nrounds; i++) {
		if (!(o->round_values[i] > 0))
			return NAN;
		sum += log(o->round_values[i]);
	}
	sum = exp(sum / (double)o->nrounds);
	return isfinite(sum) ? sum : NAN;
}

static void row_values(struct ab_row *row)
{
	for (int k = 0; k < 2; k++)
		row->value[k] = row->r.n >= 2 ? (k ? row->r.b : row->r.a)
					      : own_value(&row->f->side[k]);
}

/* Something took the CPU from a side's rounds: neither same nor a
 * change can be told. */
static void judge_distortion(struct ab_row *row)
{
	for (int k = 0; k < 2; k++) {
		const char *why = row->f->side[k].distortion.reason;
		if (why[0]) {
			row->v = AB_UNCLEAR;
			row->distorted = 1;
			utf8_printf(row->why, sizeof row->why, "%s distorted: %.*s", side_names[k],
				    utf8_prefix(why, 200), why);
			return;
		}
	}
}

int ab_judge(const struct record *rec, const struct ab_figure *f, struct ab_row *rows,
	     size_t n, double tol, struct ab_tally *t)
{
	struct paired_ratio *r = calloc(n ? n : 1, sizeof *r);
	double *adj = calloc(n ? n : 1, sizeof *adj);

	if (!r || !adj) {
		free(r);
		free(adj);
		return -1;
	}
	memset(t, 0, sizeof *t);
	for (size_t i = 0; i < n; i++) {
		rows[i] = (struct ab_row){ .rec = &rec[i], .f = &f[i], .p_adj = -1 };
		r[i].p = -1;
		if (f[i].side[0].status == ST_FAIL || f[i].side[1].status == ST_FAIL) {
			rows[i].v = AB_FAIL;
		} else if (f[i].side[0].status != ST_OK || f[i].side[1].status != ST_OK) {
			rows[i].v = AB_UNCLEAR;
			snprintf(rows[i].why, sizeof rows[i].why, "%s",
				 f[i].side[f[i].side[0].status == ST_OK].reason);
		} else if (pair_up(&f[i], &rows[i]) < 0) {
			rows[i].v = AB_UNCLEAR;
			rows[i].r.n = 0;
		} else {
			r[i] = rows[i].r;
		}
		row_values(&rows[i]);
	}
	if (paired_holm(r, n, adj) < 0) {
		free(r);
		free(adj);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		if (r[i].p >= 0) {
			rows[i].p_adj = adj[i];
			rows[i].v = paired_verdict(&rows[i].r, adj[i], tol,
						   schema_higher_is_better(rec[i].unit));
			if (rows[i].v != AB_FAIL)
				judge_distortion(&rows[i]);
		}
		t->n[rows[i].v]++;
	}
	t->figures = (int)n;
	free(r);
	free(adj);
	return 0;
}

/* ---- cells --------------------------------------------------------------- */

/* Whether a side's cell is a number: never 0 or below (a round at the
 * resolution's floor is no figure), never inf */
static int has_value(const struct ab_row *r, int k)
{
	return r->value[k] > 0 && isfinite(r->value[k]);
}

/* A side's cell: fail, a positive number, or -.  The number as a run's
   table prints it (four significant digits): the seeds' two decimals
   would print a 0.405 us stat as 0.40 or 0.41, and B/A beside it would
   not be B over A as printed. */
static const char *side_text(const struct ab_row *r, int k, char *buf, size_t len)
{
	if (r->f->side[k].status == ST_FAIL)
		return "fail";
	if (!has_value(r, k))
		return "-";
	return fmt_cell(r->value[k], buf, len);
}

/* fixed: digits after the point, down to 0.1 (three significant digits
 * at least, as the contract asks of a cell: a ratio of 0.0004 is not
 * 0.000); else, and below 0.1, significant digits */
static const char *number_text(double v, int ok, int fixed, int digits, char *buf, size_t len)
{
	if (!ok || !isfinite(v))
		return "-";
	/* fixed up to 1e9: past that %f prints more digits than the cell holds */
	if (fixed && fabs(v) >= 0.1 && fabs(v) < 1e9)
		snprintf(buf, len, "%.*f", digits, v);
	else
		snprintf(buf, len, "%.*g", digits, v);
	return buf;
}

static int has_ratio(const struct ab_row *r)
{
	return r->r.n >= 2 && r->p_adj >= 0;
}

/* ---- table --------------------------------------------------------------- */

static void side_comments(FILE *out, const struct ab_context *c)
{
	for (int k = 0; k < 2; k++)
		fprintf(out, "# %s: %s\n# %s build: %s\n# %s version: %s\n", side_names[k],
			c->sides[k].shown, side_names[k], c->sides[k].build, side_names[k],
			c->sides[k].version);
}

static void host_comments(FILE *out, const struct ab_context *c)
{
	struct writer w = { .f = out, .host = c->host };

	writer_host_comments(&w);
	side_comments(out, c);
}

static void summary_line(FILE *out, const struct ab_context *c, const struct ab_tally *t)
{
	fprintf(out, "ab: %d figure%s: %d same, %d slower, %d faster, %d unclear, %d fail "
		     "(tolerance %g%%, significance %g)\n",
		t->figures, t->figures == 1 ? "" : "s", t->n[AB_SAME], t->n[AB_SLOWER],
		t->n[AB_FASTER], t->n[AB_UNCLEAR], t->n[AB_FAIL], c->tol_pct, PAIRED_ALPHA);
}

static void report_table(FILE *out, const struct ab_context *c, const struct ab_row *rows,
			 size_t n, const struct ab_tally *t)
{
	char a[32], b[32], q[32], lo[32], hi[32], p[32];

	host_comments(out, c);
	fputs("table\tcolumn\tA\tB\tB/A\tlo\thi\tp\tverdict\n", out);
	for (size_t i = 0; i < n; i++) {
		const struct ab_row *r = &rows[i];
		int ok = has_ratio(r);
		fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r->rec->table, r->rec->column,
			side_text(r, 0, a, sizeof a), side_text(r, 1, b, sizeof b),
			number_text(r->r.ratio, ok, 1, 3, q, sizeof q),
			number_text(r->r.lo, ok, 1, 3, lo, sizeof lo),
			number_text(r->r.hi, ok, 1, 3, hi, sizeof hi),
			number_text(r->p_adj, ok, 0, 2, p, sizeof p), ab_verdict_names[r->v]);
	}
	summary_line(out, c, t);
}

/* ---- long ---------------------------------------------------------------- */

static void cleaned(FILE *out, const char *s)
{
	if (!s[0])
		fputc('-', out);
	for (; *s; s++)
		fputc(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s, out);
}

static void list(FILE *out, const double *v, size_t n, int json)
{
	if (json)
		fputc('[', out);
	else if (n == 0)
		fputc('-', out);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%.6g", i ? "," : "", v[i]);
	if (json)
		fputc(']', out);
}

static void report_long(FILE *out, const struct ab_context *c, const struct ab_row *rows,
			size_t n, const struct ab_tally *t)
{
	char q[32], lo[32], hi[32], p[32];

	host_comments(out, c);
	fputs("table\tcolumn\tmodule\tparams\tunit\tside\tcommand\tn\trounds\tvalue\tsamples\t"
	      "round_values\tB/A\tlo\thi\tp\tverdict\tstatus\treason\tdistorted\n", out);
	for (size_t i = 0; i < n; i++) {
		const struct ab_row *r = &rows[i];
		int ok = has_ratio(r);
		for (int k = 0; k < 2; k++) {
			const struct ab_outcome *o = &r->f->side[k];
			fprintf(out, "%s\t%s\t%s\t", r->rec->table, r->rec->column, r->rec->module);
			cleaned(out, r->rec->params);
			fprintf(out, "\t%s\t%s\t", r->rec->unit, side_names[k]);
			cleaned(out, c->sides[k].shown);
			fprintf(out, "\t%llu\t%zu\t", (unsigned long long)o->n, o->nrounds);
			if (has_value(r, k))
				fprintf(out, "%.6g", r->value[k]);
			else
				fputc('-', out);
			fputc('\t', out);
			list(out, o->samples, o->nsamples, 0);
			fputc('\t', out);
			list(out, o->round_values, o->nrounds, 0);
			fprintf(out, "\t%s\t%s\t%s\t%s\t%s\t%s\t",
				number_text(r->r.ratio, ok, 0, 6, q, sizeof q),
				number_text(r->r.lo, ok, 0, 6, lo, sizeof lo),
				number_text(r->r.hi, ok, 0, 6, hi, sizeof hi),
				number_text(r->p_adj, ok, 0, 4, p, sizeof p), ab_verdict_names[r->v],
				schema_status_names[o->status]);
			cleaned(out, o->status != ST_OK ? o->reason : r->why);
			fputc('\t', out);
			cleaned(out, o->distortion.reason[0] ? o->distortion.reason : "no");
			fputc('\n', out);
		}
	}
	fprintf(out, "# ");
	summary_line(out, c, t);
}

/* ---- json ---------------------------------------------------------------- */

static void json_key_string(FILE *out, const char *key, const char *v, const char *after)
{
	json_string(out, key);
	fputs(": ", out);
	json_string(out, v);
	fputs(after, out);
}

static void json_num(FILE *out, const char *key, double v, int ok, const char *after)
{
	json_string(out, key);
	if (ok && isfinite(v))
		fprintf(out, ": %.6g%s", v, after);
	else
		fprintf(out, ": null%s", after);
}

static void json_host(FILE *out, const struct ab_context *c)
{
	const struct host_info *h = c->host;

	fputs("  \"host\": {", out);
	json_key_string(out, "name", h->host, ", ");
	json_key_string(out, "os", h->os, ", ");
	json_key_string(out, "release", h->release, ", ");
	json_key_string(out, "kernel", h->version, ", ");
	json_key_string(out, "machine", h->machine, ", ");
	json_key_string(out, "cpu", h->cpu_model, ", ");
	if (h->mhz > 0)
		fprintf(out, "\"cpus\": %d, \"mhz\": %.0f, ", h->cpus, h->mhz);
	else
		fprintf(out, "\"cpus\": %d, \"mhz\": null, ", h->cpus);
	json_key_string(out, "mhz_source", h->mhz_source ? h->mhz_source : "unknown", ", ");
	json_key_string(out, "libc", h->libc, ", ");
	json_key_string(out, "ld_preload", h->ld_preload, ", ");
	json_key_string(out, "build", h->build, ", ");
	json_key_string(out, "placement", h->placement, ", ");
	json_key_string(out, "tmpdir_fs", h->tmpdir_fs, ", ");
	json_key_string(out, "huge_pages", h->huge_pages, ", ");
	if (h->buffer_mb > 0) {
		fprintf(out, "\"buffer_mb\": %d, ", h->buffer_mb);
		json_key_string(out, "buffer_why", h->buffer_why, ", ");
	}
	json_key_string(out, "date", h->date, ", ");
	json_key_string(out, "command", h->command, "},\n");
	fputs("  \"sides\": [", out);
	for (int k = 0; k < 2; k++) {
		fputs(k ? ", {" : "{", out);
		json_key_string(out, "name", side_names[k], ", ");
		/* as the other formats show it: raw, a byte that is not UTF-8
		   would make the file no JSON */
		json_key_string(out, "command", c->sides[k].shown, ", ");
		json_key_string(out, "build", c->sides[k].build, ", ");
		json_key_string(out, "version", c->sides[k].version, "}");
	}
	fputs("],\n", out);
}

static void json_side(FILE *out, int k, const struct ab_row *r)
{
	const struct ab_outcome *o = &r->f->side[k];

	fprintf(out, "\"%s\": {", side_names[k]);
	json_num(out, "value", r->value[k], has_value(r, k), ", ");
	json_key_string(out, "status", schema_status_names[o->status], ", ");
	json_key_string(out, "reason", o->reason, ", ");
	json_key_string(out, "distorted", o->distortion.reason, ", ");
	fprintf(out, "\"n\": %llu, \"rounds\": %zu, \"samples\": ", (unsigned long long)o->n,
		o->nrounds);
	list(out, o->samples, o->nsamples, 1);
	fputs(", \"round_values\": ", out);
	list(out, o->round_values, o->nrounds, 1);
	fputs("}, ", out);
}

static void report_json(FILE *out, const struct ab_context *c, const struct ab_row *rows,
			size_t n, const struct ab_tally *t)
{
	fputs("{\n  \"osbench_ab\": ", out);
	json_string(out, OSBENCH_VERSION);
	fputs(",\n", out);
	json_host(out, c);
	fprintf(out, "  \"tolerance_pct\": %g,\n  \"alpha\": %g,\n  \"figures\": [", c->tol_pct,
		PAIRED_ALPHA);
	for (size_t i = 0; i < n; i++) {
		const struct ab_row *r = &rows[i];
		int ok = has_ratio(r);
		fprintf(out, "%s\n    {", i ? "," : "");
		json_key_string(out, "table", r->rec->table, ", ");
		json_key_string(out, "column", r->rec->column, ", ");
		json_key_string(out, "module", r->rec->module, ", ");
		json_key_string(out, "params", r->rec->params, ", ");
		json_key_string(out, "unit", r->rec->unit, ", ");
		for (int k = 0; k < 2; k++)
			json_side(out, k, r);
		json_num(out, "ratio", r->r.ratio, ok, ", ");
		json_num(out, "lo", r->r.lo, ok, ", ");
		json_num(out, "hi", r->r.hi, ok, ", ");
		json_num(out, "p", r->p_adj, ok, ", ");
		json_key_string(out, "note", r->why, ", ");
		json_key_string(out, "verdict", ab_verdict_names[r->v], "}");
	}
	fprintf(out, "%s],\n  \"summary\": {\"figures\": %d", n ? "\n  " : "", t->figures);
	for (int v = 0; v < AB_COUNT; v++)
		fprintf(out, ", \"%s\": %d", ab_verdict_names[v], t->n[v]);
	fputs("}\n}\n", out);
}

/* ---- junit --------------------------------------------------------------- */

static int is_failure(enum ab_verdict v)
{
	return v == AB_SLOWER || v == AB_FAIL;
}

/* A figure's time in whole milliseconds, both sides' children: a suite's
 * time is the sum of those its cases show. */
static long long junit_ms(const struct ab_row *r)
{
	return llround((r->f->side[0].seconds + r->f->side[1].seconds) * 1000);
}

static void junit_case(FILE *out, const struct ab_context *c, const struct ab_row *r)
{
	char a[32], b[32], q[32], lo[32], hi[32], p[32], tol[32], msg[600];
	int ok = has_ratio(r);

	fputs("    <testcase classname=\"osbench.", out);
	junit_text(out, r->rec->table);
	fputs("\" name=\"", out);
	junit_text(out, r->rec->column);
	fputc('"', out);
	junit_time(out, junit_ms(r));
	fputs(">\n      <properties>\n", out);
	junit_property(out, "A", side_text(r, 0, a, sizeof a));
	junit_property(out, "B", side_text(r, 1, b, sizeof b));
	junit_property(out, "unit", r->rec->unit);
	junit_property(out, "ratio", number_text(r->r.ratio, ok, 1, 3, q, sizeof q));
	junit_property(out, "lo", number_text(r->r.lo, ok, 1, 3, lo, sizeof lo));
	junit_property(out, "hi", number_text(r->r.hi, ok, 1, 3, hi, sizeof hi));
	junit_property(out, "p", number_text(r->p_adj, ok, 0, 2, p, sizeof p));
	snprintf(tol, sizeof tol, "%g", c->tol_pct);
	junit_property(out, "tolerance_pct", tol);
	junit_property(out, "verdict", ab_verdict_names[r->v]);
	if (r->why[0])
		junit_property(out, "note", r->why);
	fputs("      </properties>\n", out);
	if (is_failure(r->v)) {
		const struct ab_outcome *bad = r->f->side[0].status == ST_FAIL ? &r->f->side[0]
					      : &r->f->side[1];
		if (r->v == AB_FAIL)
			utf8_printf(msg, sizeof msg, "fail: %s: %s",
				    bad == &r->f->side[0] ? "A" : "B",
				    bad->status == ST_FAIL ? bad->reason : r->why);
		else
			utf8_printf(msg, sizeof msg, "slower: A %s, B %s, B/A %s (%s to %s), p %s", a, b,
				    q, lo, hi, p);
		fprintf(out, "      <failure type=\"%s\" message=\"", ab_verdict_names[r->v]);
		junit_text(out, msg);
		fputs("\"/>\n", out);
	}
	fputs("    </testcase>\n", out);
}

/* A suite per table, in the order the tables first appear. */
static void report_junit(FILE *out, const struct ab_context *c, const struct ab_row *rows,
			 size_t n, const struct ab_tally *t)
{
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
	fprintf(out, "<testsuites name=\"osbench ab\" tests=\"%d\" failures=\"%d\">\n", t->figures,
		t->n[AB_SLOWER] + t->n[AB_FAIL]);
	for (size_t i = 0; i < n; i++) {
		int tests = 0, failures = 0, seen = 0;
		long long ms = 0;
		for (size_t j = 0; j < i && !seen; j++)
			seen = strcmp(rows[j].rec->table, rows[i].rec->table) == 0;
		if (seen)
			continue;
		for (size_t j = i; j < n; j++)
			if (strcmp(rows[j].rec->table, rows[i].rec->table) == 0) {
				tests++;
				failures += is_failure(rows[j].v);
				ms += junit_ms(&rows[j]);
			}
		fputs("  <testsuite name=\"", out);
		junit_text(out, rows[i].rec->table);
		fprintf(out, "\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"0\"", tests,
			failures);
		junit_time(out, ms);
		fputs(">\n", out);
		for (size_t j = i; j < n; j++)
			if (strcmp(rows[j].rec->table, rows[i].rec->table) == 0)
				junit_case(out, c, &rows[j]);
		fputs("  </testsuite>\n", out);
	}
	fputs("</testsuites>\n", out);
}

void ab_report(FILE *out, const char *format, const struct ab_context *c,
	       const struct ab_row *rows, size_t n, const struct ab_tally *t)
{
	if (strcmp(format, "json") == 0)
		report_json(out, c, rows, n, t);
	else if (strcmp(format, "junit") == 0)
		report_junit(out, c, rows, n, t);
	else if (strcmp(format, "long") == 0)
		report_long(out, c, rows, n, t);
	else
		report_table(out, c, rows, n, t);
}
