/* check's judgement and report: each baseline figure against its current
 * one (Mann-Whitney U where both sides have samples, Holm-corrected over
 * every figure tested; beyond the tolerance and significant is a change),
 * printed as a table, json or JUnit XML. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/stats.h"
#include "report/figtext.h"
#include "report/check.h"
#include "results/schema.h"
#include "results/writer.h"

/* The current figure matching a baseline one: same table and column (and
 * for a sweep the same module), in any of the current files. */
const struct rfigure *check_current_of(const struct rfigure *b, const struct rfile *cur,
					int ncur, const struct rfile **in)
{
	for (int i = 0; i < ncur; i++) {
		const struct rfigure *g = is_scale(b) ? find_level(&cur[i], b->module, b->column)
						     : rfile_find(&cur[i], b->table, b->column);
		if (g) {
			*in = &cur[i];
			return g;
		}
	}
	return NULL;
}

static struct verdict_in pair_of(const struct rfile *base, const struct check_row *r)
{
	return (struct verdict_in){
		.base = r->b->value, .cur = r->c->value,
		.higher_better = schema_higher_is_better(r->b->unit),
		.base_samples = rfile_samples(base, r->b), .nbase = r->b->nsamples,
		.cur_samples = rfile_samples(r->cur_file, r->c), .ncur = r->c->nsamples,
	};
}

/* Judge rows[0..n-1]: p-values first, Holm over those that have one,
 * then each verdict.  -1 when out of memory. */
int check_judge(const struct rfile *base, struct check_row *rows, size_t n, double tol)
{
	double *p = calloc(n ? n : 1, sizeof *p), *adj = calloc(n ? n : 1, sizeof *adj);
	size_t *which = calloc(n ? n : 1, sizeof *which), k = 0;

	if (!p || !adj || !which) {
		free(p);
		free(adj);
		free(which);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		struct check_row *r = &rows[i];
		r->p = r->p_adj = -1;
		if (!r->c || r->c->status == ST_NA) {
			r->v = V_MISSING;
		} else if (r->c->status == ST_FAIL) {
			r->v = V_FAIL;
		} else {
			struct verdict_in in = pair_of(base, r);
			r->p = verdict_p(&in);
			if (r->p >= 0) {
				p[k] = r->p;
				which[k++] = i;
			}
		}
	}
	stats_holm(p, k, adj);
	for (size_t j = 0; j < k; j++)
		rows[which[j]].p_adj = adj[j];
	for (size_t i = 0; i < n; i++)
		if (rows[i].c && rows[i].c->status == ST_OK) {
			struct verdict_in in = pair_of(base, &rows[i]);
			rows[i].v = verdict_judge(&in, tol, rows[i].p_adj, CHECK_ALPHA);
		}
	free(p);
	free(adj);
	free(which);
	return 0;
}

/* Rows for every baseline figure with a value; a baseline fail or "-"
 * has nothing to hold the current run to, so it is only counted. */
size_t check_rows(const struct rfile *base, const struct rfile *cur, int ncur,
			struct check_row *rows, int *unchecked)
{
	size_t n = 0;

	*unchecked = 0;
	for (size_t k = 0; k < base->nfigs; k++) {
		const struct rfigure *b = &base->figs[k];
		if (b->status != ST_OK) {
			(*unchecked)++;
			continue;
		}
		rows[n] = (struct check_row){ .b = b };
		rows[n].c = check_current_of(b, cur, ncur, &rows[n].cur_file);
		n++;
	}
	return n;
}

/* current / baseline as times: a rate's ratio inverted, so that above 1
   is slower whatever the unit; 0 where either side has no value */
static double time_ratio(const struct check_row *r)
{
	if (!r->c || r->c->status != ST_OK || r->b->value <= 0 || r->c->value <= 0)
		return 0;
	return schema_higher_is_better(r->b->unit) ? r->b->value / r->c->value
						   : r->c->value / r->b->value;
}

static int typical_move(const struct check_row *rows, size_t n, struct check_tally *t)
{
	double *ratio = malloc((n ? n : 1) * sizeof *ratio);
	size_t k = 0;

	if (!ratio)
		return -1;
	for (size_t i = 0; i < n; i++)
		if ((ratio[k] = time_ratio(&rows[i])) > 0)
			k++;
	t->compared = (int)k;
	if (k) {
		stats_sort(ratio, k);
		t->typical = stats_quantile(ratio, k, 0.5);
		/* a typical figure that did not move has no way to move alike */
		for (size_t i = 0; i < k && t->typical != 1; i++)
			t->alike += t->typical > 1 ? ratio[i] > 1 : ratio[i] < 1;
	}
	free(ratio);
	return 0;
}

int check_count(const struct check_row *rows, size_t n, int unchecked, struct check_tally *t)
{
	memset(t, 0, sizeof *t);
	for (size_t i = 0; i < n; i++)
		t->n[rows[i].v]++;
	t->figures = (int)n;
	t->unchecked = unchecked;
	return typical_move(rows, n, t);
}

int check_machine_wide(const struct check_tally *t)
{
	return t->compared >= CHECK_SHIFT_FIGURES &&
	       100.0 * fabs(t->typical - 1.0) >= CHECK_SHIFT_PCT && 4 * t->alike >= 3 * t->compared;
}

/* ---- reports ------------------------------------------------------------- */

static const char *p_text(double p, char *buf, size_t len)
{
	if (p < 0)
		return "-";
	snprintf(buf, len, "%.2g", p);
	return buf;
}

static void report_table(FILE *out, const struct check_row *rows, size_t n, const struct check_tally *t,
			 double tol_pct)
{
	char bb[64], cb[64], rb[64], pb[32];
	int again = 0;

	fputs("table\tcolumn\tbaseline\tcurrent\tratio\tp\tverdict\n", out);
	for (size_t i = 0; i < n; i++) {
		const struct check_row *r = &rows[i];
		again += r->confirmed;
		fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r->b->table, r->b->column,
			figure_text(r->b, bb, sizeof bb), figure_text(r->c, cb, sizeof cb),
			ratio_text(r->b, r->c, rb, sizeof rb), p_text(r->p_adj, pb, sizeof pb),
			verdict_names[r->v]);
	}
	fprintf(out, "check: %d figures: %d ok, %d slower, %d faster, %d fail, %d missing "
		     "(tolerance %g%%, significance %g",
		t->figures, t->n[V_OK], t->n[V_SLOWER], t->n[V_FASTER], t->n[V_FAIL],
		t->n[V_MISSING], tol_pct, CHECK_ALPHA);
	if (again)
		fprintf(out, "; %d measured again", again);
	fputc(')', out);
	if (t->unchecked)
		fprintf(out, "; %d not checked (fail or - in the baseline)", t->unchecked);
	fputc('\n', out);
}

static void json_number(FILE *out, const char *key, double v, int ok)
{
	fprintf(out, ", \"%s\": ", key);
	if (ok)
		fprintf(out, "%.6g", v);
	else
		fputs("null", out);
}

static void report_json(FILE *out, const struct rfile *base, const struct check_row *rows, size_t n,
			const struct check_tally *t, double tol_pct)
{
	fprintf(out, "{\n  \"osbench_check\": \"%s\",\n  \"baseline\": ", OSBENCH_VERSION);
	json_string(out, base->path);
	fprintf(out, ",\n  \"tolerance_pct\": %g,\n  \"alpha\": %g,\n  \"figures\": [", tol_pct,
		CHECK_ALPHA);
	for (size_t i = 0; i < n; i++) {
		const struct check_row *r = &rows[i];
		int cur_ok = r->c && r->c->status == ST_OK;
		fprintf(out, "%s\n    {\"table\": ", i ? "," : "");
		json_string(out, r->b->table);
		fputs(", \"column\": ", out);
		json_string(out, r->b->column);
		fputs(", \"unit\": ", out);
		json_string(out, r->b->unit);
		json_number(out, "baseline", r->b->value, 1);
		json_number(out, "current", cur_ok ? r->c->value : 0, cur_ok);
		json_number(out, "ratio", cur_ok && r->b->value > 0 ? r->c->value / r->b->value : 0,
			    cur_ok && r->b->value > 0);
		json_number(out, "p", r->p_adj, r->p_adj >= 0);
		fprintf(out, ", \"measured_again\": %s, \"verdict\": \"%s\"}",
			r->confirmed ? "true" : "false", verdict_names[r->v]);
	}
	fprintf(out, "%s],\n  \"summary\": {\"figures\": %d", n ? "\n  " : "", t->figures);
	for (int v = 0; v < V_COUNT; v++)
		fprintf(out, ", \"%s\": %d", verdict_names[v], t->n[v]);
	fprintf(out, ", \"not_checked\": %d", t->unchecked);
	json_number(out, "typical_time_ratio", t->typical, t->compared > 0);
	fprintf(out, ", \"moved_alike\": %d, \"machine_wide\": %s}\n}\n", t->alike,
		check_machine_wide(t) ? "true" : "false");
}

static void xml_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&apos;", out); break;
		default: fputc(*s, out);
		}
	}
}

/* One testcase per figure; a regression (slower, fail, missing) is a
 * failure, the way CI systems show test reports. */
static void report_junit(FILE *out, const struct rfile *base, const struct check_row *rows, size_t n,
			 const struct check_tally *t)
{
	int failures = t->n[V_SLOWER] + t->n[V_FAIL] + t->n[V_MISSING];
	char bb[64], cb[64], rb[64], pb[32], msg[320];

	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
	fprintf(out, "<testsuites name=\"osbench check\" tests=\"%zu\" failures=\"%d\">\n", n,
		failures);
	fputs("  <testsuite name=\"", out);
	xml_text(out, base->path);
	fprintf(out, "\" tests=\"%zu\" failures=\"%d\" errors=\"0\" skipped=\"0\">\n", n, failures);
	for (size_t i = 0; i < n; i++) {
		const struct check_row *r = &rows[i];
		fputs("    <testcase classname=\"osbench.", out);
		xml_text(out, r->b->table);
		fputs("\" name=\"", out);
		xml_text(out, r->b->column);
		fputs("\" time=\"0\"", out);
		if (r->v != V_SLOWER && r->v != V_FAIL && r->v != V_MISSING) {
			fputs("/>\n", out);
			continue;
		}
		snprintf(msg, sizeof msg, "%s: baseline %s, current %s, ratio %s, p %s",
			 verdict_names[r->v], figure_text(r->b, bb, sizeof bb),
			 figure_text(r->c, cb, sizeof cb), ratio_text(r->b, r->c, rb, sizeof rb),
			 p_text(r->p_adj, pb, sizeof pb));
		fprintf(out, ">\n      <failure type=\"%s\" message=\"", verdict_names[r->v]);
		xml_text(out, msg);
		fputs("\"/>\n    </testcase>\n", out);
	}
	fputs("  </testsuite>\n</testsuites>\n", out);
}

void check_report(FILE *out, const char *format, const struct rfile *base,
		  const struct check_row *rows, size_t n, const struct check_tally *t, double tol_pct)
{
	if (strcmp(format, "json") == 0)
		report_json(out, base, rows, n, t, tol_pct);
	else if (strcmp(format, "junit") == 0)
		report_junit(out, base, rows, n, t);
	else
		report_table(out, rows, n, t, tol_pct);
}
