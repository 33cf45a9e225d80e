/* check's report: the rows and the tally as a table, long, json or
 * JUnit XML; every format shows the ratio, interval and p the verdict
 * rests on, and says which basis that is. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/figtext.h"
#include "report/junit.h"
#include "report/check.h"
#include "results/fmt.h"
#include "plan/schema.h"
#include "results/writer.h"
#include "sys/utf8.h"

/* ---- reports ------------------------------------------------------------- */

/* three decimals (ratios), or with digits 0 two significant ones (p) */
static const char *num_text(double v, int have, int decimals, char *buf, size_t len)
{
	if (!have)
		return "-";
	if (decimals)
		snprintf(buf, len, "%.*f", decimals, v);
	else
		snprintf(buf, len, "%.2g", v);
	return buf;
}

/* A side's figure as the row shows it: the cell as written for one run,
   the geometric mean of its runs for several, so that the ratio is
   current / baseline; "-" for the baseline of a new figure. */
static const char *side_text(const struct check_row *r, int current, char *buf, size_t len)
{
	const struct rfigure *g = current ? r->c : r->b;

	if (r->is_new && !current)
		return "-";
	if (!r->have_ratio || g->runs < 2)
		return figure_text(g, buf, len);
	double v = current ? r->rr.cur_mean : r->rr.base_mean;
	return strcmp(g->unit, UNIT_OPS) == 0 ? fmt_ops(v, buf, len) : fmt_seed(v, buf, len);
}

/* The same at full precision; have 0 where it has none. */
static double side_value(const struct check_row *r, int current, int *have)
{
	const struct rfigure *g = current ? r->c : r->b;

	*have = g && g->status == ST_OK && !(r->is_new && !current);
	if (!*have)
		return 0;
	if (r->have_ratio)
		return current ? r->rr.cur_mean : r->rr.base_mean;
	return g->value;
}

/* "3:3": the runs behind each side's figure. */
static const char *runs_text(const struct check_row *r, char *buf, size_t len)
{
	int nb = r->b->runs ? r->b->runs : 1;
	int nc = r->c && r->c->status == ST_OK ? (r->c->runs ? r->c->runs : 1) : 0;

	if (r->is_new)
		snprintf(buf, len, "-:%d", nc);
	else if (!nc)
		snprintf(buf, len, "%d:-", nb);
	else
		snprintf(buf, len, "%d:%d", nb, nc);
	return buf;
}

/* The row's basis: "-" where it has no ratio. */
static const char *basis_text(const struct check_row *r)
{
	return r->have_ratio ? basis_names[r->basis] : "-";
}

/* The figures of one verdict, counted once, on a line of their own:
   "check: slower: syscall/null call, proc/fork proc".  A name holding
   the separator is quoted, or a file's "a, syscall/b" would read as two
   figures. */
static void list_verdict(FILE *out, const struct check_row *rows, size_t n, enum verdict v)
{
	int first = 1;

	for (size_t i = 0; i < n; i++) {
		const char *t = rows[i].b->table, *c = rows[i].b->column;
		const char *q = strstr(t, ", ") || strstr(c, ", ") ? "'" : "";

		if (rows[i].same_as >= 0 || rows[i].v != v)
			continue;
		if (first)
			fprintf(out, "check: %s: ", verdict_names[v]);
		fprintf(out, "%s%s%s/%s%s", first ? "" : ", ", q, t, c, q);
		first = 0;
	}
	if (!first)
		fputs("\n", out);
}

/* The ratio, lo, hi and p cells of the basis the verdict rests on. */
struct shown_text {
	char ratio[32], lo[32], hi[32], p[32];
};

static void shown_text(const struct check_row *r, struct shown_text *s)
{
	const struct run_ratio *q = check_shown(r);
	int ratio = check_has_ratio(r), interval = check_has_interval(r);

	num_text(q->ratio, ratio, 3, s->ratio, sizeof s->ratio);
	num_text(q->lo, interval, 3, s->lo, sizeof s->lo);
	num_text(q->hi, interval, 3, s->hi, sizeof s->hi);
	num_text(q->p_family, ratio && q->p_family >= 0, 0, s->p, sizeof s->p);
	/* num_text returns "-" without writing where there is none */
	if (!ratio)
		snprintf(s->ratio, sizeof s->ratio, "-");
	if (!interval) {
		snprintf(s->lo, sizeof s->lo, "-");
		snprintf(s->hi, sizeof s->hi, "-");
	}
	if (!(ratio && q->p_family >= 0))
		snprintf(s->p, sizeof s->p, "-");
}

static void report_table(FILE *out, const struct check_report_in *in,
			 const struct check_row *rows, size_t n, const struct check_tally *t)
{
	char bb[64], cb[64], nb[32];
	struct shown_text st;

	for (size_t i = 0; i < in->nsetup; i++)
		fprintf(out, "# differs: %s: %s -> %s\n", in->setup[i].field, in->setup[i].base,
			in->setup[i].cur);
	fputs("table\tcolumn\tbaseline\tcurrent\tratio\tlo\thi\tp\truns\tnote\tbasis\tverdict\n",
	      out);
	for (size_t i = 0; i < n; i++) {
		const struct check_row *r = &rows[i];
		char note[sizeof r->note + 80];
		if (r->same_as >= 0)
			utf8_printf(note, sizeof note, "counted once, as %s/%s", rows[r->same_as].b->table,
				 rows[r->same_as].b->column);
		else
			utf8_printf(note, sizeof note, "%s", r->note[0] ? r->note : "-");
		shown_text(r, &st);
		fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r->b->table,
			r->b->column, side_text(r, 0, bb, sizeof bb), side_text(r, 1, cb, sizeof cb),
			st.ratio, st.lo, st.hi, st.p, runs_text(r, nb, sizeof nb), note, basis_text(r),
			verdict_names[r->v]);
	}
	check_summary(out, in, rows, n, t);
}

void check_summary(FILE *out, const struct check_report_in *in, const struct check_row *rows,
		   size_t n, const struct check_tally *t)
{
	static const enum verdict named[] = { V_SLOWER, V_FAIL, V_MISSING, V_FASTER, V_NEW,
					      V_UNCLEAR };

	fprintf(out, "check: %d figures: %d ok, %d slower, %d faster, %d unclear, %d fail, "
		     "%d missing, %d new (tolerance %g%%, ",
		t->figures, t->n[V_OK], t->n[V_SLOWER], t->n[V_FASTER], t->n[V_UNCLEAR],
		t->n[V_FAIL], t->n[V_MISSING], t->n[V_NEW], 100 * in->opts->tol);
	if (in->opts->tolerance_only)
		fputs("the tolerance alone", out);
	else
		fprintf(out, "%d%% intervals: %d on the runs, %d relative, %d one-run",
			CHECK_INTERVAL_PCT, t->basis[BASIS_RUNS], t->basis[BASIS_RELATIVE],
			t->basis[BASIS_ONE_RUN]);
	if (t->fastest)
		fprintf(out, "; %d by each run's fastest sample", t->fastest);
	if (t->again)
		fprintf(out, "; %d measured again", t->again);
	if (t->by_move)
		fprintf(out, "; %d unclear for the machine's move", t->by_move);
	if (in->reference_move > 0 && !in->opts->tolerance_only) {
		fprintf(out, "; the machine reference moved %.3f", in->reference_move);
		if (in->reference && !in->reference->used && !isnan(in->reference->follow))
			fprintf(out, ", not read: the figures followed it within the runs by r %.2f",
				in->reference->follow);
	}
	fputc(')', out);
	if (t->unchecked)
		fprintf(out, "; %d not checked (fail or - in the baseline)", t->unchecked);
	fputc('\n', out);
	for (size_t k = 0; k < sizeof named / sizeof named[0]; k++)
		list_verdict(out, rows, n, named[k]);
}

static const char *const spread_names[] = {
	[SPREAD_BOTH] = "both", [SPREAD_BASE] = "baseline", [SPREAD_CURRENT] = "current",
	[SPREAD_NONE] = "none", [SPREAD_ZERO] = "zero",
};

/* A side's runs as judged (each run's fastest sample, or its figure);
   a row not judged, its file's run figures; NULL, n 0 where it has none. */
static const double *side_runs(const struct check_report_in *in, const struct check_row *r,
			       int current, size_t *n)
{
	const struct rfile *f = current ? r->cur_file : in->base;
	const struct rfigure *g = current ? r->c : (r->is_new ? NULL : r->b);

	*n = 0;
	if (r->have_ratio) {
		*n = current ? r->ncser : r->nbser;
		return current ? r->cser : r->bser;
	}
	return g && f && g->status == ST_OK ? rfile_run_values(f, g, n) : NULL;
}

/* A side's runs as judged, comma-separated: "-" when it has none. */
static void long_runs(FILE *out, const double *v, size_t n)
{

	fputc('\t', out);
	if (!n)
		fputc('-', out);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%.6g", i ? "," : "", v[i]);
}

static void long_number(FILE *out, double v, int have)
{
	if (have)
		fprintf(out, "\t%.6g", v);
	else
		fputs("\t-", out);
}

/* Each side's runs of the machine reference, where both have them. */
static void reference_runs_line(FILE *out, const struct check_report_in *in)
{
	const struct rfile *sides[2] = { in->base, in->cur_file };

	if (!(in->reference_move > 0) || !in->cur_file)
		return;
	fputs("# machine reference:", out);
	for (int k = 0; k < 2; k++) {
		fputs(k ? "; current " : " baseline ", out);
		writer_number_list(out, sides[k]->reference, sides[k]->reference_runs, 0);
	}
	fputs(" MB/s\n", out);
}

/* One row per figure at full precision, every side's runs: the table's
 * columns and more, for scripts. */
static void report_long(FILE *out, const struct check_report_in *in, const struct check_row *rows,
			size_t n, const struct check_tally *t)
{
	char nb[32];

	for (size_t i = 0; i < in->nsetup; i++)
		fprintf(out, "# differs: %s: %s -> %s\n", in->setup[i].field, in->setup[i].base,
			in->setup[i].cur);
	reference_runs_line(out, in);
	fputs("table\tcolumn\tmodule\tunit\tbaseline\tcurrent\tratio\tlo\thi\tp\truns\t"
	      "baseline_runs_us\tcurrent_runs_us\tspread\ttolerance_pct\trel_ratio\trel_lo\trel_hi\t"
	      "counted_as\tnote\tbasis\tverdict\n",
	      out);
	for (size_t i = 0; i < n; i++) {
		const struct check_row *r = &rows[i];
		const struct run_ratio *q = check_shown(r);
		int cur_ok = r->c && r->c->status == ST_OK, have;
		double v;
		fprintf(out, "%s\t%s\t%s\t%s", r->b->table, r->b->column,
			r->b->module[0] ? r->b->module : "-", r->b->unit);
		v = side_value(r, 0, &have);
		long_number(out, v, have);
		if (cur_ok)
			long_number(out, side_value(r, 1, &have), 1);
		else
			fprintf(out, "\t%s", r->c && r->c->status == ST_FAIL ? "fail" : "-");
		long_number(out, q->ratio, check_has_ratio(r));
		long_number(out, q->lo, check_has_interval(r));
		long_number(out, q->hi, check_has_interval(r));
		long_number(out, q->p_family, check_has_ratio(r) && q->p_family >= 0);
		fprintf(out, "\t%s", runs_text(r, nb, sizeof nb));
		size_t kb, kc;
		const double *bv = side_runs(in, r, 0, &kb), *cv = side_runs(in, r, 1, &kc);
		long_runs(out, bv, kb);
		long_runs(out, cv, kc);
		fprintf(out, "\t%s\t%g", r->have_ratio ? spread_names[r->rr.spread] : "-",
			100 * in->opts->tol);
		long_number(out, r->rel.ratio, r->have_rel);
		long_number(out, r->rel.lo, r->have_rel && verdict_has_interval(&r->rel));
		long_number(out, r->rel.hi, r->have_rel && verdict_has_interval(&r->rel));
		fputc('\t', out);
		if (r->same_as >= 0)
			fprintf(out, "%s/%s", rows[r->same_as].b->table, rows[r->same_as].b->column);
		else
			fputc('-', out);
		fprintf(out, "\t%s\t%s\t%s\n", r->note[0] ? r->note : "-", basis_text(r),
			verdict_names[r->v]);
	}
	fprintf(out, "# check: %d figures: %d ok, %d slower, %d faster, %d unclear, %d fail, "
		     "%d missing, %d new\n",
		t->figures, t->n[V_OK], t->n[V_SLOWER], t->n[V_FASTER], t->n[V_UNCLEAR],
		t->n[V_FAIL], t->n[V_MISSING], t->n[V_NEW]);
}

static void json_number(FILE *out, const char *key, double v, int ok)
{
	fprintf(out, ", \"%s\": ", key);
	if (ok)
		fprintf(out, "%.6g", v);
	else
		fputs("null", out);
}

/* How much dearer every system call looks, where the figures' pattern
   tells it (report/dearer.h); null where it does not. */
static void json_dearer(FILE *out, const struct dearer *d)
{
	int told = d && dearer_told(d);

	json_number(out, "call_dearer_ns", told ? 1000 * d->added_us : 0, told);
	json_number(out, "call_dearer_se_ns", told ? 1000 * d->se_us : 0, told);
}

static void json_runs(FILE *out, const char *key, const double *v, size_t n)
{

	fprintf(out, ", \"%s\": [", key);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%.6g", i ? "," : "", v[i]);
	fputc(']', out);
}

/* One view of a figure, as measured or relative: null where it has none. */
static void json_view(FILE *out, const struct run_ratio *q, int have)
{
	if (!have) {
		fputs("null", out);
		return;
	}
	fprintf(out, "{\"ratio\": %.6g", q->ratio);
	json_number(out, "lo", q->lo, verdict_has_interval(q));
	json_number(out, "hi", q->hi, verdict_has_interval(q));
	json_number(out, "p", q->p_family, q->p_family >= 0);
	fputc('}', out);
}

static void json_figure(FILE *out, const struct check_report_in *in, const struct check_row *r,
			const struct check_row *rows)
{
	int cur_ok = r->c && r->c->status == ST_OK, have;
	const struct run_ratio *q = check_shown(r);
	double v;

	fputs("{\"table\": ", out);
	json_string(out, r->b->table);
	fputs(", \"column\": ", out);
	json_string(out, r->b->column);
	fputs(", \"module\": ", out);
	json_string(out, r->b->module);
	fputs(", \"unit\": ", out);
	json_string(out, r->b->unit);
	v = side_value(r, 0, &have);
	json_number(out, "baseline", v, have);
	v = side_value(r, 1, &have);
	json_number(out, "current", v, have);
	size_t nb, nc;
	const double *bv = side_runs(in, r, 0, &nb), *cv = side_runs(in, r, 1, &nc);
	json_runs(out, "baseline_runs_us", bv, nb);
	json_runs(out, "current_runs_us", cv, cur_ok ? nc : 0);
	json_number(out, "ratio", q->ratio, check_has_ratio(r));
	json_number(out, "lo", q->lo, check_has_interval(r));
	json_number(out, "hi", q->hi, check_has_interval(r));
	fprintf(out, ", \"spread\": ");
	if (r->have_ratio)
		json_string(out, spread_names[r->rr.spread]);
	else
		fputs("null", out);
	json_number(out, "p", q->p_family, check_has_ratio(r) && q->p_family >= 0);
	fputs(", \"basis\": ", out);
	if (r->have_ratio)
		json_string(out, basis_names[r->basis]);
	else
		fputs("null", out);
	fputs(", \"measured\": ", out);
	json_view(out, &r->rr, r->have_ratio);
	fputs(", \"relative\": ", out);
	json_view(out, &r->rel, r->have_rel);
	json_number(out, "tolerance_pct", 100 * in->opts->tol, 1);
	fputs(", \"note\": ", out);
	json_string(out, r->note);
	fputs(", \"reason\": ", out);
	if (r->v == V_FAIL)
		json_string(out, r->c->reason);
	else
		fputs("null", out);
	fputs(", \"counted_as\": ", out);
	if (r->same_as >= 0) {
		fputs("{\"table\": ", out);
		json_string(out, rows[r->same_as].b->table);
		fputs(", \"column\": ", out);
		json_string(out, rows[r->same_as].b->column);
		fputc('}', out);
	} else {
		fputs("null", out);
	}
	fprintf(out, ", \"measured_again\": %s, \"verdict\": \"%s\"}",
		r->confirmed ? "true" : "false", verdict_names[r->v]);
}

static void report_json(FILE *out, const struct check_report_in *in, const struct check_row *rows,
			size_t n, const struct check_tally *t)
{
	fprintf(out, "{\n  \"osbench_check\": \"%s\",\n  \"baseline\": ", OSBENCH_VERSION);
	json_string(out, in->base->path);
	fputs(",\n  \"current\": ", out);
	json_string(out, in->current);
	fprintf(out, ",\n  \"tolerance_pct\": %g,\n  \"interval_pct\": %d,\n  \"tolerance_only\": %s,"
		     "\n  \"strict\": %s,\n  \"relative\": %s,\n  \"setup_differences\": [",
		100 * in->opts->tol, CHECK_INTERVAL_PCT, in->opts->tolerance_only ? "true" : "false",
		in->opts->strict ? "true" : "false", in->opts->relative ? "true" : "false");
	for (size_t i = 0; i < in->nsetup; i++) {
		fprintf(out, "%s{\"field\": ", i ? ", " : "");
		json_string(out, in->setup[i].field);
		fputs(", \"baseline\": ", out);
		json_string(out, in->setup[i].base);
		fputs(", \"current\": ", out);
		json_string(out, in->setup[i].cur);
		fputc('}', out);
	}
	fputs("],\n  \"figures\": [", out);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ",\n    " : "\n    ", out);
		json_figure(out, in, &rows[i], rows);
	}
	fprintf(out, "%s],\n  \"summary\": {\"figures\": %d", n ? "\n  " : "", t->figures);
	for (int v = 0; v < V_COUNT; v++)
		fprintf(out, ", \"%s\": %d", verdict_names[v], t->n[v]);
	fprintf(out, ", \"not_checked\": %d, \"measured_again\": %d, \"unclear_for_the_move\": %d",
		t->unchecked, t->again, t->by_move);
	json_number(out, "reference_time_ratio", in->reference_move, in->reference_move > 0);
	json_number(out, "typical_time_ratio", in->move->typical, in->move->compared > 0);
	fprintf(out, ", \"moved_alike\": %d, \"machine_wide\": %s", in->move->alike,
		check_machine_wide(in->move) ? "true" : "false");
	json_dearer(out, in->dearer);
	fputs("}\n}\n", out);
}

static int is_failure(const struct check_row *r, int strict)
{
	return r->v == V_SLOWER || r->v == V_FAIL || r->v == V_MISSING ||
	       (strict && r->v == V_UNCLEAR);
}

static const char *tol_text(double tol, char *buf, size_t len)
{
	snprintf(buf, len, "%g", 100 * tol);
	return buf;
}

/* "0.20 us", or "fail" / "-" alone. */
static const char *with_unit(const char *text, const char *unit, char *buf, size_t len)
{
	if (strcmp(text, "fail") == 0 || strcmp(text, "-") == 0)
		return text;
	snprintf(buf, len, "%s %s", text, unit);
	return buf;
}

/* A time in whole milliseconds, as the report shows it: a suite's time is
 * the sum of those its cases show. */
static long long junit_ms(double seconds)
{
	return llround(seconds * 1000);
}

/* Why a case failed or was skipped, for its message. */
static void junit_message(const struct check_row *r, const char *base_u, const char *cur_u,
			  const struct shown_text *st, const char *tol, char *msg, size_t len)
{
	if (r->v == V_FAIL)
		utf8_printf(msg, len, "fail: %s (baseline %s)",
			 r->c->reason[0] ? r->c->reason : "failed", base_u);
	else if (r->v == V_MISSING)
		utf8_printf(msg, len, "missing: no current figure (baseline %s)", base_u);
	else
		utf8_printf(msg, len,
			 "%s: baseline %s, current %s, ratio %s (%d%% interval %s to %s, basis %s), "
			 "tolerance %s%%%s%s",
			 verdict_names[r->v], base_u, cur_u, st->ratio, CHECK_INTERVAL_PCT, st->lo,
			 st->hi, basis_text(r), tol, r->note[0] ? ": " : "", r->note);
}

static void junit_case(FILE *out, const struct check_report_in *in, const struct check_row *r)
{
	char bb[64], cb[64], tb[32], nb[32], msg[1024], bu[80], cu[80];
	const char *base = side_text(r, 0, bb, sizeof bb), *cur = side_text(r, 1, cb, sizeof cb);
	const char *base_u = with_unit(base, r->b->unit, bu, sizeof bu);
	const char *cur_u = with_unit(cur, r->b->unit, cu, sizeof cu);
	struct shown_text st;

	shown_text(r, &st);
	tol_text(in->opts->tol, tb, sizeof tb);
	fputs("    <testcase classname=\"osbench.", out);
	junit_text(out, r->b->table);
	fputs("\" name=\"", out);
	junit_text(out, r->b->column);
	fputc('"', out);
	/* a file that does not say how long its figure took gets no time
	   rather than a claim of none */
	if (r->seconds >= 0)
		junit_time(out, junit_ms(r->seconds));
	fputs(">\n      <properties>\n", out);
	junit_property(out, "baseline", base);
	junit_property(out, "current", cur);
	junit_property(out, "unit", r->b->unit);
	junit_property(out, "ratio", st.ratio);
	junit_property(out, "lo", st.lo);
	junit_property(out, "hi", st.hi);
	junit_property(out, "p", st.p);
	junit_property(out, "basis", basis_text(r));
	junit_property(out, "tolerance_pct", tb);
	junit_property(out, "runs", runs_text(r, nb, sizeof nb));
	junit_property(out, "verdict", verdict_names[r->v]);
	if (r->note[0])
		junit_property(out, "note", r->note);
	fputs("      </properties>\n", out);
	junit_message(r, base_u, cur_u, &st, tb, msg, sizeof msg);
	if (is_failure(r, in->opts->strict)) {
		fprintf(out, "      <failure type=\"%s\" message=\"", verdict_names[r->v]);
		junit_text(out, msg);
		fputs("\"/>\n", out);
	} else if (r->v == V_UNCLEAR) {
		/* a dashboard shows a skipped case for what it is: not a pass */
		fputs("      <skipped message=\"", out);
		junit_text(out, msg);
		fputs("\"/>\n", out);
	}
	/* the same in the one place a CI page shows for a passing case too */
	utf8_printf(msg, sizeof msg, "baseline %s, current %s, ratio %s, %d%% interval %s to %s "
				  "(basis %s), tolerance %s%%, runs %s: %s%s%s",
		 base_u, cur_u, st.ratio, CHECK_INTERVAL_PCT, st.lo, st.hi, basis_text(r), tb, nb,
		 verdict_names[r->v], r->note[0] ? ": " : "", r->note);
	fputs("      <system-out>", out);
	junit_text(out, msg);
	fputs("</system-out>\n    </testcase>\n", out);
}

/* A case the report shows as skipped: unclear, and not a failure. */
static int is_skipped(const struct check_row *r, int strict)
{
	return r->v == V_UNCLEAR && !is_failure(r, strict);
}

/* What differs between the setups, and how much dearer every system
   call looks where the figures' pattern tells it (report/dearer.h), as
   the suite's properties. */
static void junit_suite_properties(FILE *out, const struct check_report_in *in)
{
	char name[64], value[600];
	int dearer = in->dearer && dearer_told(in->dearer);

	if (!in->nsetup && !dearer)
		return;
	fputs("    <properties>\n", out);
	for (size_t i = 0; i < in->nsetup; i++) {
		utf8_printf(name, sizeof name, "differs: %s", in->setup[i].field);
		utf8_printf(value, sizeof value, "%s -> %s", in->setup[i].base, in->setup[i].cur);
		junit_property(out, name, value);
	}
	if (dearer) {
		snprintf(value, sizeof value, "%.6g", 1000 * in->dearer->added_us);
		junit_property(out, "call_dearer_ns", value);
		snprintf(value, sizeof value, "%.6g", 1000 * in->dearer->se_us);
		junit_property(out, "call_dearer_se_ns", value);
	}
	fputs("    </properties>\n", out);
}

/* One suite per table, named by host and table; one testcase per figure,
 * a repeat under a second table left out; a regression (slower, fail,
 * missing; unclear too when strict) is a failure. */
static void report_junit(FILE *out, const struct check_report_in *in,
			 const struct check_row *rows, size_t n, const struct check_tally *t)
{
	int failures = 0;

	for (size_t i = 0; i < n; i++)
		failures += rows[i].same_as < 0 && is_failure(&rows[i], in->opts->strict);
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
	fprintf(out, "<testsuites name=\"osbench check\" tests=\"%d\" failures=\"%d\">\n",
		t->figures, failures);
	for (size_t i = 0; i < n; i++) {
		int tests = 0, fails = 0, skips = 0, seen = 0, timed = 0;
		long long ms = 0;
		if (rows[i].same_as >= 0)
			continue;
		for (size_t k = 0; k < i && !seen; k++)
			seen = rows[k].same_as < 0 && strcmp(rows[k].b->table, rows[i].b->table) == 0;
		if (seen)
			continue;
		for (size_t k = i; k < n; k++)
			if (rows[k].same_as < 0 && strcmp(rows[k].b->table, rows[i].b->table) == 0) {
				tests++;
				fails += is_failure(&rows[k], in->opts->strict);
				skips += is_skipped(&rows[k], in->opts->strict);
				if (rows[k].seconds >= 0) {
					ms += junit_ms(rows[k].seconds);
					timed++;
				}
			}
		fputs("  <testsuite name=\"", out);
		junit_text(out, in->host);
		fputc(' ', out);
		junit_text(out, rows[i].b->table);
		fprintf(out, "\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\"", tests,
			fails, skips);
		if (timed)
			junit_time(out, ms);
		fputs(">\n", out);
		junit_suite_properties(out, in);
		for (size_t k = i; k < n; k++)
			if (rows[k].same_as < 0 && strcmp(rows[k].b->table, rows[i].b->table) == 0)
				junit_case(out, in, &rows[k]);
		fputs("  </testsuite>\n", out);
	}
	fputs("</testsuites>\n", out);
}

void check_report(FILE *out, const char *format, const struct check_report_in *in,
		  const struct check_row *rows, size_t n, const struct check_tally *t)
{
	if (strcmp(format, "json") == 0)
		report_json(out, in, rows, n, t);
	else if (strcmp(format, "junit") == 0)
		report_junit(out, in, rows, n, t);
	else if (strcmp(format, "long") == 0)
		report_long(out, in, rows, n, t);
	else
		report_table(out, in, rows, n, t);
}
