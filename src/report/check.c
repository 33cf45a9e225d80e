/* check's judgement and report: each baseline figure against its current
 * one with the run as the unit (the ratio of the runs' medians and its
 * interval from the between-run spread, judged against the tolerance
 * band), the setups that make a figure incomparable, printed as a table,
 * json or JUnit XML. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats.h"
#include "report/figtext.h"
#include "report/junit.h"
#include "report/check.h"
#include "report/runfactor.h"
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

/* One measurement under two tables: ctx's 2p/0K ctxsw is in ctx and ipc. */
static int same_figure(const struct rfigure *a, const struct rfigure *b)
{
	return a->module[0] && !is_scale(a) && strcmp(a->module, b->module) == 0 &&
	       strcmp(a->column, b->column) == 0 && strcmp(a->params, b->params) == 0 &&
	       strcmp(a->table, b->table) != 0;
}

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
		rows[n] = (struct check_row){ .b = b, .same_as = -1, .p_adj = -1 };
		rows[n].c = check_current_of(b, cur, ncur, &rows[n].cur_file);
		rows[n].seconds = rows[n].c ? rows[n].c->seconds : -1;
		for (size_t i = 0; i < n && rows[n].same_as < 0; i++)
			if (rows[i].same_as < 0 && same_figure(rows[i].b, b))
				rows[n].same_as = (long)i;
		n++;
	}
	return n;
}

/* ---- what makes a figure incomparable ------------------------------------ */

/* Modules whose operation touches the temp directory's file system. */
static int uses_tmpdir(const char *module)
{
	static const char *const fs_modules[] = {
		"fscreate", "fsdelete", "stat", "openclose", "mmap", "pagefault", "selfile",
		"bwfile", "bwmmap",
	};

	for (size_t i = 0; i < sizeof fs_modules / sizeof fs_modules[0]; i++)
		if (strcmp(module, fs_modules[i]) == 0)
			return 1;
	return 0;
}

static const char *placement_of(const struct rfigure *g, const struct rfile *f)
{
	return g->placement[0] ? g->placement : f->placement;
}

/* The reason the two sides of r cannot be held to each other, into
 * note; 0 when they can. */
static int incomparable(const struct rfile *base, const struct check_row *r,
			const struct check_opts *o, char *note, size_t len)
{
	const char *bp = placement_of(r->b, base), *cp = placement_of(r->c, r->cur_file);
	const char *bfs = base->tmpdir_fs, *cfs = r->cur_file->tmpdir_fs;

	if (bp[0] && cp[0] && strcmp(bp, cp) != 0) {
		snprintf(note, len, "placement %s -> %s", bp, cp);
		return 1;
	}
	/* a figure something took the CPU from is not this host's figure */
	if (r->b->distorted[0] || r->c->distorted[0]) {
		snprintf(note, len, "%s distorted: %.200s", r->b->distorted[0] ? "baseline" : "current",
			 r->b->distorted[0] ? r->b->distorted : r->c->distorted);
		return 1;
	}
	if (uses_tmpdir(r->b->module) && bfs[0] && cfs[0] && strcmp(bfs, cfs) != 0) {
		snprintf(note, len, "tmpdir fs %s -> %s", bfs, cfs);
		return 1;
	}
	/* docs/notes/2026-12-01-file-create.md */
	if (!o->trust_file_create && strcmp(r->b->module, "fscreate") == 0 &&
	    (strstr(bfs, "no journal") || strstr(cfs, "no journal"))) {
		snprintf(note, len, "an ext4 without a journal: a create costs what the last "
				    "minute's deletes left (--trust-file-create)");
		return 1;
	}
	return 0;
}

static const char *spread_note(enum spread s)
{
	switch (s) {
	case SPREAD_BASE: return "one current run: the baseline's spread stands for both";
	case SPREAD_CURRENT: return "one baseline run: the current spread stands for both";
	case SPREAD_NONE: return "one run a side: no interval (--runs 3)";
	default: return "";
	}
}

/* ---- judging ------------------------------------------------------------- */

static void ratio_of(const struct rfile *base, struct check_row *r)
{
	size_t nb, nc;
	const double *bv = rfile_run_values(base, r->b, &nb);
	const double *cv = rfile_run_values(r->cur_file, r->c, &nc);

	verdict_run_ratio(bv, nb, cv, nc, r->b->rounding + r->c->rounding, &r->rr);
	r->have_ratio = 1;
}

/* Missing, fail, or both sides' ratio and interval (have_ratio). */
static void prepare_one(const struct rfile *base, struct check_row *r)
{
	r->note[0] = '\0';
	r->have_ratio = r->have_rel = 0;
	if (!r->c || r->c->status == ST_NA) {
		r->v = V_MISSING;
	} else if (r->c->status == ST_FAIL) {
		r->v = V_FAIL;
		snprintf(r->note, sizeof r->note, "%s", r->c->reason);
	} else {
		ratio_of(base, r);
	}
}

/* ---- each figure against the rest of its runs ---------------------------- */

/* A figure whose runs line up with every other's: not a sweep's (a sweep
   is measured in a session of its own), and at least two runs a side. */
static int has_runs(const struct rfile *base, const struct check_row *r, size_t *nb, size_t *nc)
{
	if (!r->have_ratio || is_scale(r->b))
		return 0;
	rfile_run_values(base, r->b, nb);
	rfile_run_values(r->cur_file, r->c, nc);
	return *nb >= 2 && *nc >= 2 && *nb <= RUNS_MAX && *nc <= RUNS_MAX;
}

/* Whether r may tell the machine's move: a figure counted once, and a
   reference row where there are any. */
static int may_tell(const struct check_row *r, int refs)
{
	return r->same_as < 0 && (!refs || r->reference);
}

/* How many runs each side has in the first row that may tell the
   machine's move; 0, 0 where no row has runs that line up. */
static void first_shape(const struct rfile *base, const struct check_row *rows, size_t n,
			int refs, size_t *nb, size_t *nc)
{
	for (size_t i = 0; i < n; i++)
		if (may_tell(&rows[i], refs) && has_runs(base, &rows[i], nb, nc))
			return;
	*nb = *nc = 0;
}

/* Whether r tells the machine's move: it may, and its runs line up as
   many as the first's. */
static int tells_move(const struct rfile *base, const struct check_row *r, int refs, size_t nb,
		      size_t nc)
{
	size_t b, c;

	return may_tell(r, refs) && has_runs(base, r, &b, &c) && b == nb && c == nc;
}

/* A side's run values as times, each divided by its run's factor; a
   rate's inverted, divided, inverted back. */
static void take_out(const double *v, size_t n, const double *factor, int higher_better,
		     double *out)
{
	for (size_t i = 0; i < n; i++)
		out[i] = higher_better ? v[i] * factor[i] : v[i] / factor[i];
}

/* As times: a rate's run values inverted into buf. */
static const double *as_times(const double *v, size_t n, int higher_better, double *buf)
{
	if (!higher_better)
		return v;
	for (size_t i = 0; i < n; i++)
		buf[i] = 1 / v[i];
	return buf;
}

/* The rows whose runs line up: rel, their ratio with each run divided
   by its run's factor, read off the figures that tell the move. */
static void relative_rows(const struct rfile *base, struct check_row *rows, size_t n,
			  const double *fb, const double *fc, size_t nb, size_t nc)
{
	double b[RUNS_MAX], c[RUNS_MAX];

	for (size_t i = 0; i < n; i++) {
		struct check_row *r = &rows[i];
		size_t kb, kc;
		if (!has_runs(base, r, &kb, &kc) || kb != nb || kc != nc)
			continue;
		int hb = schema_higher_is_better(r->b->unit);
		take_out(rfile_run_values(base, r->b, &kb), nb, fb, hb, b);
		take_out(rfile_run_values(r->cur_file, r->c, &kc), nc, fc, hb, c);
		verdict_run_ratio(b, nb, c, nc, r->b->rounding + r->c->rounding, &r->rel);
		r->have_rel = 1;
	}
}

/* Each run's factor, and every row's ratio against it (have_rel), where
   at least CHECK_RUN_FIGURES figures tell the move; -1 when out of
   memory. */
static int relative_runs(const struct rfile *base, struct check_row *rows, size_t n)
{
	const double **bv = calloc(n ? n : 1, sizeof *bv), **cv = calloc(n ? n : 1, sizeof *cv);
	double *buf = calloc(n ? 2 * n * RUNS_MAX : 1, sizeof *buf);
	double fb[RUNS_MAX], fc[RUNS_MAX];
	size_t nb = 0, nc = 0, ng = 0;
	int refs = 0, rc = -1;

	if (!bv || !cv || !buf)
		goto out;
	for (size_t i = 0; i < n; i++)
		refs |= rows[i].reference;
	first_shape(base, rows, n, refs, &nb, &nc);
	for (size_t i = 0; i < n && nb; i++) {
		const struct check_row *r = &rows[i];
		size_t k;
		if (!tells_move(base, r, refs, nb, nc))
			continue;
		int hb = schema_higher_is_better(r->b->unit);
		bv[ng] = as_times(rfile_run_values(base, r->b, &k), nb, hb, buf + 2 * ng * RUNS_MAX);
		cv[ng] = as_times(rfile_run_values(r->cur_file, r->c, &k), nc, hb,
				  buf + (2 * ng + 1) * RUNS_MAX);
		ng++;
	}
	rc = 0;
	if (ng < CHECK_RUN_FIGURES)
		goto out;
	if ((rc = run_factors(bv, cv, ng, nb, nc, fb, fc)) == 0)
		relative_rows(base, rows, n, fb, fc, nb, nc);
out:
	free(bv);
	free(cv);
	free(buf);
	return rc;
}

/* A figure that would be slower or faster on its own interval: one of
   many figures strays that far now and then on an unchanged host. */
static int stray(const struct check_row *r, double tol, int higher_better)
{
	struct run_ratio alone = r->rr;
	enum verdict v;

	alone.p_family = -1;
	v = verdict_band(&alone, tol, higher_better, 0);
	return v == V_SLOWER || v == V_FASTER;
}

/* slower or faster where r moved beyond the rest of its runs: so with
   each run divided by its run's factor, and beyond the band the same way
   as measured; else unclear. */
static enum verdict beyond_its_runs(const struct check_row *r, const struct check_opts *o,
				    int higher_better)
{
	enum verdict v;

	if (!r->have_rel || o->tolerance_only)
		return V_UNCLEAR;
	v = verdict_band(&r->rel, o->tol, higher_better, 0);
	if ((v == V_SLOWER || v == V_FASTER) && verdict_band(&r->rr, o->tol, higher_better, 1) == v)
		return v;
	return V_UNCLEAR;
}

/* The note of a row judged as it stands: why a change did not stand, or
   whose spread the interval rests on. */
static void judge_note(struct check_row *r, const struct check_opts *o, enum verdict as_measured,
		       enum verdict beyond, double machine, double own, int higher_better)
{
	if (beyond != V_UNCLEAR && r->v == beyond && as_measured == V_UNCLEAR)
		snprintf(r->note, sizeof r->note,
			 "beyond the rest of its runs: %.3f (%.3f-%.3f) with each run taken "
			 "against its run's typical figure; as measured the interval also holds "
			 "the whole machine's moves from run to run",
			 r->rel.ratio, r->rel.lo, r->rel.hi);
	else if (as_measured == V_UNCLEAR && !o->tolerance_only && stray(r, o->tol, higher_better))
		snprintf(r->note, sizeof r->note,
			 "beyond the tolerance and its own interval excludes 1, but not "
			 "significant with every figure counted (p %.2g, Holm)", r->p_adj);
	else if (r->v != as_measured)
		snprintf(r->note, sizeof r->note,
			 "moved with the machine: %s as measured, but the typical figure moved "
			 "%.3f, and relative to it this one is %.3f (%.3f-%.3f)",
			 verdict_names[as_measured], machine, r->rr.ratio / own, r->rr.lo / own,
			 r->rr.hi / own);
	else if (r->v == V_UNCLEAR && r->have_rel)
		snprintf(r->note, sizeof r->note,
			 "each run against its run's typical figure: %.3f (%.3f-%.3f)",
			 r->rel.ratio, r->rel.lo, r->rel.hi);
	else if (!o->tolerance_only)
		snprintf(r->note, sizeof r->note, "%s", spread_note(r->rr.spread));
}

/* A row with a ratio (prepare_one) and its p_adj (holm_rows); machine:
   the typical figure's move as times (1: none known). */
static void judge_one(const struct rfile *base, struct check_row *r, const struct check_opts *o,
		      double machine)
{
	int higher_better = schema_higher_is_better(r->b->unit);
	double own = higher_better ? 1 / machine : machine;
	enum verdict as_measured, beyond;

	r->rr.p_family = r->p_adj;
	as_measured = verdict_band(&r->rr, o->tol, higher_better, o->tolerance_only);
	r->v = verdict_band_machine(&r->rr, own, o->tol, higher_better, o->tolerance_only);
	beyond = beyond_its_runs(r, o, higher_better);
	if (r->v == V_UNCLEAR && as_measured == V_UNCLEAR && beyond != V_UNCLEAR)
		r->v = beyond;
	if (incomparable(base, r, o, r->note, sizeof r->note)) {
		r->v = V_UNCLEAR;
		return;
	}
	judge_note(r, o, as_measured, beyond, machine, own, higher_better);
}

/* The ratio of r Holm corrects: as measured, or relative to its runs;
   NULL where r has none. */
static struct run_ratio *tested(struct check_row *r, int rel)
{
	if (rel)
		return r->have_rel ? &r->rel : NULL;
	return r->have_ratio ? &r->rr : NULL;
}

/* Holm over the p-values of the figures counted once (a reference row
   only tells the machine's move, and is not one), as measured (into
   p_adj) or relative to their runs (rel.p_family); a repeat takes its
   first row's. */
static int holm_rows(struct check_row *rows, size_t n, int rel)
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
		struct run_ratio *t = tested(&rows[i], rel);
		if (!rel)
			rows[i].p_adj = -1;
		if (rows[i].same_as < 0 && !rows[i].reference && t && t->p >= 0) {
			p[k] = t->p;
			which[k++] = i;
		}
	}
	stats_holm(p, k, adj);
	for (size_t j = 0; j < k; j++) {
		if (rel)
			rows[which[j]].rel.p_family = adj[j];
		else
			rows[which[j]].p_adj = adj[j];
	}
	for (size_t i = 0; i < n; i++) {
		struct run_ratio *t = tested(&rows[i], rel);
		if (rows[i].same_as < 0)
			continue;
		if (!rel)
			rows[i].p_adj = rows[rows[i].same_as].p_adj;
		else if (t)
			t->p_family = rows[rows[i].same_as].rel.p_family;
	}
	free(p);
	free(adj);
	free(which);
	return 0;
}

double check_judge(const struct rfile *base, struct check_row *rows, size_t n,
		   const struct check_opts *o)
{
	struct check_move move;
	double machine = o->machine;

	for (size_t i = 0; i < n; i++)
		prepare_one(base, &rows[i]);
	if (!o->relative) {
		machine = 1;
	} else if (!(machine > 0)) {
		if (check_move_of(rows, n, &move) < 0)
			return -1;
		machine = move.compared >= CHECK_SHIFT_FIGURES && move.typical > 0 ? move.typical : 1;
	}
	if (relative_runs(base, rows, n) < 0 || holm_rows(rows, n, 0) < 0 || holm_rows(rows, n, 1) < 0)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (rows[i].have_ratio)
			judge_one(base, &rows[i], o, machine);
	return machine;
}

/* ---- the tally and the machine-wide move --------------------------------- */

/* current / baseline as times: a rate's ratio inverted, so that above 1
   is slower whatever the unit; 0 where either side has no value */
static double time_ratio(const struct check_row *r)
{
	if (!r->have_ratio || r->rr.ratio <= 0)
		return 0;
	return schema_higher_is_better(r->b->unit) ? 1 / r->rr.ratio : r->rr.ratio;
}

int check_move_of(const struct check_row *rows, size_t n, struct check_move *m)
{
	double *ratio = malloc((n ? n : 1) * sizeof *ratio);
	size_t k = 0;

	memset(m, 0, sizeof *m);
	if (!ratio)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (rows[i].same_as < 0 && (ratio[k] = time_ratio(&rows[i])) > 0)
			k++;
	m->compared = (int)k;
	if (k) {
		stats_sort(ratio, k);
		m->typical = stats_quantile(ratio, k, 0.5);
		/* a typical figure that did not move has no way to move alike */
		for (size_t i = 0; i < k && m->typical != 1; i++)
			m->alike += m->typical > 1 ? ratio[i] > 1 : ratio[i] < 1;
	}
	free(ratio);
	return 0;
}

int check_machine_wide(const struct check_move *m)
{
	return m->compared >= CHECK_SHIFT_FIGURES &&
	       100.0 * fabs(m->typical - 1.0) >= CHECK_SHIFT_PCT && 4 * m->alike >= 3 * m->compared;
}

void check_count(const struct check_row *rows, size_t n, int unchecked, struct check_tally *t)
{
	memset(t, 0, sizeof *t);
	for (size_t i = 0; i < n; i++) {
		if (rows[i].same_as >= 0)
			continue;
		t->n[rows[i].v]++;
		t->figures++;
		t->again += rows[i].confirmed;
	}
	t->unchecked = unchecked;
}

int check_status(const struct check_tally *t, int strict)
{
	return t->n[V_SLOWER] || t->n[V_FAIL] || t->n[V_MISSING] || (strict && t->n[V_UNCLEAR]);
}

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

/* "3:3": the runs behind each side's figure. */
static const char *runs_text(const struct check_row *r, char *buf, size_t len)
{
	int nb = r->b->runs ? r->b->runs : 1;
	int nc = r->c && r->c->status == ST_OK ? (r->c->runs ? r->c->runs : 1) : 0;

	if (!nc)
		snprintf(buf, len, "%d:-", nb);
	else
		snprintf(buf, len, "%d:%d", nb, nc);
	return buf;
}

static int has_interval(const struct check_row *r)
{
	return r->have_ratio && r->rr.spread != SPREAD_NONE;
}

/* A figure's name in the summary: "syscall/null call". */
static void list_unclear(FILE *out, const struct check_row *rows, size_t n)
{
	int first = 1;

	for (size_t i = 0; i < n; i++) {
		if (rows[i].same_as >= 0 || rows[i].v != V_UNCLEAR)
			continue;
		fprintf(out, "%s%s/%s", first ? "check: unclear: " : ", ", rows[i].b->table,
			rows[i].b->column);
		first = 0;
	}
	if (!first)
		fputs("\n", out);
}

static void report_table(FILE *out, const struct check_report_in *in,
			 const struct check_row *rows, size_t n, const struct check_tally *t)
{
	char bb[64], cb[64], rb[32], lb[32], hb[32], pb[32], nb[32];

	for (size_t i = 0; i < in->nsetup; i++)
		fprintf(out, "# differs: %s: %s -> %s\n", in->setup[i].field, in->setup[i].base,
			in->setup[i].cur);
	fputs("table\tcolumn\tbaseline\tcurrent\tratio\tlo\thi\tp\truns\tnote\tverdict\n", out);
	for (size_t i = 0; i < n; i++) {
		const struct check_row *r = &rows[i];
		char note[sizeof r->note + 80];
		if (r->same_as >= 0)
			snprintf(note, sizeof note, "counted once, as %s/%s", rows[r->same_as].b->table,
				 rows[r->same_as].b->column);
		else
			snprintf(note, sizeof note, "%s", r->note[0] ? r->note : "-");
		fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r->b->table,
			r->b->column, figure_text(r->b, bb, sizeof bb), figure_text(r->c, cb, sizeof cb),
			num_text(r->rr.ratio, r->have_ratio, 3, rb, sizeof rb),
			num_text(r->rr.lo, has_interval(r), 3, lb, sizeof lb),
			num_text(r->rr.hi, has_interval(r), 3, hb, sizeof hb),
			num_text(r->p_adj, r->p_adj >= 0, 0, pb, sizeof pb),
			runs_text(r, nb, sizeof nb), note, verdict_names[r->v]);
	}
	check_summary(out, in, rows, n, t);
}

void check_summary(FILE *out, const struct check_report_in *in, const struct check_row *rows,
		   size_t n, const struct check_tally *t)
{
	fprintf(out, "check: %d figures: %d ok, %d slower, %d faster, %d unclear, %d fail, "
		     "%d missing (tolerance %g%%, ",
		t->figures, t->n[V_OK], t->n[V_SLOWER], t->n[V_FASTER], t->n[V_UNCLEAR],
		t->n[V_FAIL], t->n[V_MISSING], 100 * in->opts->tol);
	if (in->opts->tolerance_only)
		fputs("the tolerance alone", out);
	else
		fprintf(out, "%d%% intervals between runs", CHECK_INTERVAL_PCT);
	if (t->again)
		fprintf(out, "; %d measured again", t->again);
	fputc(')', out);
	if (t->unchecked)
		fprintf(out, "; %d not checked (fail or - in the baseline)", t->unchecked);
	fputc('\n', out);
	list_unclear(out, rows, n);
}

static const char *const spread_names[] = {
	[SPREAD_BOTH] = "both", [SPREAD_BASE] = "baseline", [SPREAD_CURRENT] = "current",
	[SPREAD_NONE] = "none",
};

/* A side's run values, comma-separated: "-" when it has none. */
static void long_runs(FILE *out, const struct rfile *f, const struct rfigure *g)
{
	size_t n = 0;
	const double *v = g && f && g->status == ST_OK ? rfile_run_values(f, g, &n) : NULL;

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

/* One row per figure at full precision, every side's runs: the table's
 * columns and more, for scripts. */
static void report_long(FILE *out, const struct check_report_in *in, const struct check_row *rows,
			size_t n, const struct check_tally *t)
{
	char nb[32];

	for (size_t i = 0; i < in->nsetup; i++)
		fprintf(out, "# differs: %s: %s -> %s\n", in->setup[i].field, in->setup[i].base,
			in->setup[i].cur);
	fputs("table\tcolumn\tmodule\tunit\tbaseline\tcurrent\tratio\tlo\thi\tp\truns\t"
	      "baseline_runs_us\tcurrent_runs_us\tspread\ttolerance_pct\trel_ratio\trel_lo\trel_hi\t"
	      "counted_as\tnote\tverdict\n",
	      out);
	for (size_t i = 0; i < n; i++) {
		const struct check_row *r = &rows[i];
		int cur_ok = r->c && r->c->status == ST_OK;
		fprintf(out, "%s\t%s\t%s\t%s", r->b->table, r->b->column,
			r->b->module[0] ? r->b->module : "-", r->b->unit);
		long_number(out, r->b->value, 1);
		if (cur_ok)
			long_number(out, r->c->value, 1);
		else
			fprintf(out, "\t%s", r->c && r->c->status == ST_FAIL ? "fail" : "-");
		long_number(out, r->rr.ratio, r->have_ratio);
		long_number(out, r->rr.lo, has_interval(r));
		long_number(out, r->rr.hi, has_interval(r));
		long_number(out, r->p_adj, r->p_adj >= 0);
		fprintf(out, "\t%s", runs_text(r, nb, sizeof nb));
		long_runs(out, in->base, r->b);
		long_runs(out, r->cur_file, r->c);
		fprintf(out, "\t%s\t%g", r->have_ratio ? spread_names[r->rr.spread] : "-",
			100 * in->opts->tol);
		long_number(out, r->rel.ratio, r->have_rel);
		long_number(out, r->rel.lo, r->have_rel && r->rel.spread != SPREAD_NONE);
		long_number(out, r->rel.hi, r->have_rel && r->rel.spread != SPREAD_NONE);
		fputc('\t', out);
		if (r->same_as >= 0)
			fprintf(out, "%s/%s", rows[r->same_as].b->table, rows[r->same_as].b->column);
		else
			fputc('-', out);
		fprintf(out, "\t%s\t%s\n", r->note[0] ? r->note : "-", verdict_names[r->v]);
	}
	fprintf(out, "# check: %d figures: %d ok, %d slower, %d faster, %d unclear, %d fail, "
		     "%d missing\n",
		t->figures, t->n[V_OK], t->n[V_SLOWER], t->n[V_FASTER], t->n[V_UNCLEAR],
		t->n[V_FAIL], t->n[V_MISSING]);
}

static void json_number(FILE *out, const char *key, double v, int ok)
{
	fprintf(out, ", \"%s\": ", key);
	if (ok)
		fprintf(out, "%.6g", v);
	else
		fputs("null", out);
}

static void json_runs(FILE *out, const char *key, const struct rfile *f, const struct rfigure *g)
{
	size_t n = 0;
	const double *v = g && f ? rfile_run_values(f, g, &n) : NULL;

	fprintf(out, ", \"%s\": [", key);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%.6g", i ? "," : "", v[i]);
	fputc(']', out);
}

static void json_figure(FILE *out, const struct check_report_in *in, const struct check_row *r,
			const struct check_row *rows)
{
	int cur_ok = r->c && r->c->status == ST_OK;

	fputs("{\"table\": ", out);
	json_string(out, r->b->table);
	fputs(", \"column\": ", out);
	json_string(out, r->b->column);
	fputs(", \"module\": ", out);
	json_string(out, r->b->module);
	fputs(", \"unit\": ", out);
	json_string(out, r->b->unit);
	json_number(out, "baseline", r->b->value, 1);
	json_number(out, "current", cur_ok ? r->c->value : 0, cur_ok);
	json_runs(out, "baseline_runs_us", in->base, r->b);
	json_runs(out, "current_runs_us", r->cur_file, cur_ok ? r->c : NULL);
	json_number(out, "ratio", r->rr.ratio, r->have_ratio);
	json_number(out, "lo", r->rr.lo, has_interval(r));
	json_number(out, "hi", r->rr.hi, has_interval(r));
	fprintf(out, ", \"spread\": ");
	if (r->have_ratio)
		json_string(out, spread_names[r->rr.spread]);
	else
		fputs("null", out);
	json_number(out, "p", r->p_adj, r->p_adj >= 0);
	fputs(", \"relative\": ", out);
	if (r->have_rel)
		fprintf(out, "{\"ratio\": %.6g, \"lo\": %.6g, \"hi\": %.6g}", r->rel.ratio,
			r->rel.lo, r->rel.hi);
	else
		fputs("null", out);
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
	fprintf(out, ", \"not_checked\": %d, \"measured_again\": %d", t->unchecked, t->again);
	json_number(out, "typical_time_ratio", in->move->typical, in->move->compared > 0);
	fprintf(out, ", \"moved_alike\": %d, \"machine_wide\": %s}\n}\n", in->move->alike,
		check_machine_wide(in->move) ? "true" : "false");
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

static void junit_case(FILE *out, const struct check_report_in *in, const struct check_row *r)
{
	char bb[64], cb[64], rb[32], lb[32], hb[32], tb[32], nb[32], msg[1024], bu[80], cu[80];
	const char *base = figure_text(r->b, bb, sizeof bb), *cur = figure_text(r->c, cb, sizeof cb);
	const char *ratio = num_text(r->rr.ratio, r->have_ratio, 3, rb, sizeof rb);
	const char *lo = num_text(r->rr.lo, has_interval(r), 3, lb, sizeof lb);
	const char *hi = num_text(r->rr.hi, has_interval(r), 3, hb, sizeof hb);
	const char *base_u = with_unit(base, r->b->unit, bu, sizeof bu);
	const char *cur_u = with_unit(cur, r->b->unit, cu, sizeof cu);

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
	junit_property(out, "ratio", ratio);
	junit_property(out, "lo", lo);
	junit_property(out, "hi", hi);
	junit_property(out, "tolerance_pct", tol_text(in->opts->tol, tb, sizeof tb));
	junit_property(out, "runs", runs_text(r, nb, sizeof nb));
	junit_property(out, "verdict", verdict_names[r->v]);
	if (r->note[0])
		junit_property(out, "note", r->note);
	fputs("      </properties>\n", out);
	if (is_failure(r, in->opts->strict)) {
		if (r->v == V_FAIL)
			snprintf(msg, sizeof msg, "fail: %s (baseline %s)",
				 r->c->reason[0] ? r->c->reason : "failed", base_u);
		else if (r->v == V_MISSING)
			snprintf(msg, sizeof msg, "missing: no current figure (baseline %s)", base_u);
		else
			snprintf(msg, sizeof msg,
				 "%s: baseline %s, current %s, ratio %s (%d%% interval %s to %s), "
				 "tolerance %s%%%s%s",
				 verdict_names[r->v], base_u, cur_u, ratio,
				 CHECK_INTERVAL_PCT, lo, hi, tb, r->note[0] ? ": " : "", r->note);
		fprintf(out, "      <failure type=\"%s\" message=\"", verdict_names[r->v]);
		junit_text(out, msg);
		fputs("\"/>\n", out);
	}
	/* the same in the one place a CI page shows for a passing case too */
	snprintf(msg, sizeof msg, "baseline %s, current %s, ratio %s, %d%% interval %s to %s, "
				  "tolerance %s%%, runs %s: %s%s%s",
		 base_u, cur_u, ratio, CHECK_INTERVAL_PCT, lo, hi, tb, nb,
		 verdict_names[r->v], r->note[0] ? ": " : "", r->note);
	fputs("      <system-out>", out);
	junit_text(out, msg);
	fputs("</system-out>\n    </testcase>\n", out);
}

/* What differs between the setups, as the suite's properties. */
static void junit_setup(FILE *out, const struct check_report_in *in)
{
	char name[64], value[600];

	if (!in->nsetup)
		return;
	fputs("    <properties>\n", out);
	for (size_t i = 0; i < in->nsetup; i++) {
		snprintf(name, sizeof name, "differs: %s", in->setup[i].field);
		snprintf(value, sizeof value, "%s -> %s", in->setup[i].base, in->setup[i].cur);
		junit_property(out, name, value);
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
	fprintf(out, "<testsuites name=\"osbench check\" tests=\"%d\" failures=\"%d\">\n", t->figures,
		failures);
	for (size_t i = 0; i < n; i++) {
		int tests = 0, fails = 0, seen = 0, timed = 0;
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
				if (rows[k].seconds >= 0) {
					ms += junit_ms(rows[k].seconds);
					timed++;
				}
			}
		fputs("  <testsuite name=\"", out);
		junit_text(out, in->host);
		fputc(' ', out);
		junit_text(out, rows[i].b->table);
		fprintf(out, "\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"0\"", tests,
			fails);
		if (timed)
			junit_time(out, ms);
		fputs(">\n", out);
		junit_setup(out, in);
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
