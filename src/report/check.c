/* check's judgement: each baseline figure paired with its current one,
 * the ratio of its runs and the same with each run's machine factor taken
 * out, the setups that make a figure incomparable, Holm over the family,
 * the verdict by report/rules.c, and the tally.  The report is in
 * check_out.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "modules/registry.h"
#include "stats/stats.h"
#include "report/figtext.h"
#include "report/check.h"
#include "report/runfactor.h"
#include "plan/schema.h"
#include "results/writer.h"
#include "sys/utf8.h"

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

/* Whether any baseline figure is f's. */
static int in_baseline(const struct rfile *base, const struct rfigure *f)
{
	for (size_t k = 0; k < base->nfigs; k++) {
		const struct rfigure *b = &base->figs[k];
		if (is_scale(b) == is_scale(f) &&
		    (is_scale(f) ? strcmp(b->module, f->module) == 0 && strcmp(b->column, f->column) == 0
				 : strcmp(b->table, f->table) == 0 && strcmp(b->column, f->column) == 0))
			return 1;
	}
	return 0;
}

/* A row for each figure with a value that only a current file has. */
static size_t new_rows(const struct rfile *base, const struct rfile *cur, int ncur,
		       struct check_row *rows, size_t n)
{
	for (int i = 0; i < ncur; i++)
		for (size_t k = 0; k < cur[i].nfigs; k++) {
			const struct rfigure *f = &cur[i].figs[k];
			if (f->status != ST_OK || in_baseline(base, f))
				continue;
			rows[n++] = (struct check_row){ .b = f, .c = f, .cur_file = &cur[i],
							.is_new = 1, .v = V_NEW, .same_as = -1,
							.seconds = f->seconds };
		}
	return n;
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
		rows[n] = (struct check_row){ .b = b, .same_as = -1 };
		rows[n].c = check_current_of(b, cur, ncur, &rows[n].cur_file);
		rows[n].seconds = rows[n].c ? rows[n].c->seconds : -1;
		for (size_t i = 0; i < n && rows[n].same_as < 0; i++)
			if (rows[i].same_as < 0 && same_figure(rows[i].b, b))
				rows[n].same_as = (long)i;
		n++;
	}
	return new_rows(base, cur, ncur, rows, n);
}

const struct run_ratio *check_shown(const struct check_row *r)
{
	return r->shows_rel ? &r->rel : &r->rr;
}

int check_has_ratio(const struct check_row *r)
{
	return r->shows_rel ? r->have_rel : r->have_ratio;
}

int check_has_interval(const struct check_row *r)
{
	return check_has_ratio(r) && verdict_has_interval(check_shown(r));
}

/* ---- what makes a figure incomparable ------------------------------------ */

/* Whether this build's module of that name has the trait; 0 for a
   module this build does not know. */
static int module_has(const char *module, unsigned flag)
{
	const struct module *m = registry_module(module);

	return m && (m->flags & flag);
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
		utf8_printf(note, len, "placement %s -> %s", bp, cp);
		return 1;
	}
	/* level N of a sweep of threads is not level N of one of processes */
	if (is_scale(r->b) && base->scale_mode[0] && r->cur_file->scale_mode[0] &&
	    strcmp(base->scale_mode, r->cur_file->scale_mode) != 0) {
		utf8_printf(note, len, "a sweep of %s -> one of %s", base->scale_mode,
			    r->cur_file->scale_mode);
		return 1;
	}
	/* a figure something took the CPU from is not this host's figure,
	   unless its runs' fastest samples (the least touched) are there to
	   judge it by: then the rules hold back the way the distortion goes */
	if ((r->b->distorted[0] || r->c->distorted[0]) && !r->fastest) {
		const char *why = r->b->distorted[0] ? r->b->distorted : r->c->distorted;
		utf8_printf(note, len, "%s distorted: %.*s", r->b->distorted[0] ? "baseline" : "current",
			    utf8_prefix(why, 200), why);
		return 1;
	}
	if (module_has(r->b->module, MOD_TMPDIR) && bfs[0] && cfs[0] && strcmp(bfs, cfs) != 0) {
		utf8_printf(note, len, "tmpdir fs %s -> %s", bfs, cfs);
		return 1;
	}
	if (module_has(r->b->module, MOD_BUFFER) && base->buffer_mb > 0 &&
	    r->cur_file->buffer_mb > 0 && base->buffer_mb != r->cur_file->buffer_mb) {
		utf8_printf(note, len, "buffer %.0f MB -> %.0f MB", base->buffer_mb,
			    r->cur_file->buffer_mb);
		return 1;
	}
	if (module_has(r->b->module, MOD_HUGE_PAGES) && base->huge_pages[0] &&
	    r->cur_file->huge_pages[0] && strcmp(base->huge_pages, r->cur_file->huge_pages) != 0) {
		utf8_printf(note, len, "huge pages %s -> %s", base->huge_pages,
			    r->cur_file->huge_pages);
		return 1;
	}
	/* docs/notes/2026-12-01-file-create.md */
	if (!o->trust_file_create && module_has(r->b->module, MOD_JOURNAL) &&
	    (strstr(bfs, "no journal") || strstr(cfs, "no journal"))) {
		utf8_printf(note, len, "an ext4 without a journal: a create costs what the last "
				       "minute's deletes left (--trust-file-create)");
		return 1;
	}
	return 0;
}

/* ---- judging ------------------------------------------------------------- */

/* Each run's fastest sample of g into out, where f says them for at
   least two runs; 0 where it does not. */
static int fastest_of(const struct rfile *f, const struct rfigure *g, double *out)
{
	const double *v = rfile_run_fastest(f, g);

	if (!v || g->runs < 2 || g->runs > RUNS_MAX || g->nfastest != (size_t)g->runs)
		return 0;
	memcpy(out, v, g->nfastest * sizeof *v);
	return 1;
}

/* What each side's runs are judged by: both sides' fastest samples, or
   both sides' run figures. */
static void series_of(const struct rfile *base, struct check_row *r)
{
	size_t n;
	const double *v;

	r->fastest = fastest_of(base, r->b, r->bser) && fastest_of(r->cur_file, r->c, r->cser);
	if (r->fastest) {
		r->nbser = (size_t)r->b->runs;
		r->ncser = (size_t)r->c->runs;
		return;
	}
	v = rfile_run_values(base, r->b, &n);
	r->nbser = n < RUNS_MAX ? n : RUNS_MAX;
	memcpy(r->bser, v, r->nbser * sizeof *v);
	v = rfile_run_values(r->cur_file, r->c, &n);
	r->ncser = n < RUNS_MAX ? n : RUNS_MAX;
	memcpy(r->cser, v, r->ncser * sizeof *v);
}

static void ratio_of(const struct rfile *base, struct check_row *r)
{
	series_of(base, r);
	verdict_run_ratio(r->bser, r->nbser, r->cser, r->ncser, r->b->rounding + r->c->rounding,
			  &r->rr);
	r->have_ratio = 1;
}

/* Missing, fail, or both sides' ratio and interval (have_ratio). */
static void prepare_one(const struct rfile *base, struct check_row *r)
{
	r->note[0] = '\0';
	r->have_ratio = r->have_rel = r->shows_rel = 0;
	r->basis = BASIS_RUNS;
	if (r->is_new) {
		r->v = V_NEW;
	} else if (!r->c || r->c->status == ST_NA) {
		r->v = V_MISSING;
		/* "-" now: the current side says why it does not apply */
		if (r->c && r->c->reason[0])
			utf8_printf(r->note, sizeof r->note, "- now: %s", r->c->reason);
	} else if (r->c->status == ST_FAIL) {
		r->v = V_FAIL;
		utf8_printf(r->note, sizeof r->note, "%s", r->c->reason);
	} else {
		ratio_of(base, r);
	}
}

/* ---- each figure against the rest of its runs ---------------------------- */

/* A figure whose runs line up with every other's: not a sweep's (a sweep
   is measured in a session of its own), and at least two runs a side. */
static int has_runs(const struct check_row *r, size_t *nb, size_t *nc)
{
	if (!r->have_ratio || is_scale(r->b))
		return 0;
	*nb = r->nbser;
	*nc = r->ncser;
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
static void first_shape(const struct check_row *rows, size_t n, int refs, size_t *nb, size_t *nc)
{
	for (size_t i = 0; i < n; i++)
		if (may_tell(&rows[i], refs) && has_runs(&rows[i], nb, nc))
			return;
	*nb = *nc = 0;
}

/* Whether r tells the machine's move: it may, and its runs line up as
   many as the first's. */
static int tells_move(const struct check_row *r, int refs, size_t nb, size_t nc)
{
	size_t b, c;

	return may_tell(r, refs) && has_runs(r, &b, &c) && b == nb && c == nc;
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

/* The rows whose runs line up: rel, their ratio with the machine's move
   taken out by each figure's own sensitivity to its runs' factors, read
   off the figures that tell the move.  A rate's runs as times. */
static void relative_rows(struct check_row *rows, size_t n, const double *fb, const double *fc,
			  size_t nb, size_t nc, double move_sd)
{
	double bt[RUNS_MAX], ct[RUNS_MAX];

	for (size_t i = 0; i < n; i++) {
		struct check_row *r = &rows[i];
		size_t kb, kc;
		if (!has_runs(r, &kb, &kc) || kb != nb || kc != nc)
			continue;
		int hb = schema_higher_is_better(r->b->unit);
		const double *b = as_times(r->bser, nb, hb, bt);
		const double *c = as_times(r->cser, nc, hb, ct);
		verdict_adjusted_ratio(b, fb, nb, c, fc, nc, r->b->rounding + r->c->rounding, move_sd,
				       &r->rel);
		/* back in the figure's own sense */
		if (hb && r->rel.ratio > 0) {
			double lo = r->rel.lo;
			r->rel.ratio = 1 / r->rel.ratio;
			r->rel.lo = r->rel.hi > 0 ? 1 / r->rel.hi : 0;
			r->rel.hi = lo > 0 ? 1 / lo : 0;
			r->rel.base_mean = 1 / r->rel.base_mean;
			r->rel.cur_mean = 1 / r->rel.cur_mean;
		}
		r->have_rel = 1;
	}
}

/* The machine's move between the sides, from each run's factor: the
   factors' geometric means current over baseline (as times), and the
   widest spread of the factors within one side. */
struct machine_view {
	double move, span;
};

static double log_span(const double *f, size_t n)
{
	double lo = log(f[0]), hi = lo;

	for (size_t i = 1; i < n; i++) {
		lo = log(f[i]) < lo ? log(f[i]) : lo;
		hi = log(f[i]) > hi ? log(f[i]) : hi;
	}
	return hi - lo;
}

static void machine_of(const double *fb, size_t nb, const double *fc, size_t nc,
		       struct machine_view *mv)
{
	double wb = log_span(fb, nb), wc = log_span(fc, nc);

	mv->move = exp(stats_log_mean(fc, nc) - stats_log_mean(fb, nb));
	mv->span = exp(wb > wc ? wb : wc);
}

/* The log of each run's reference as a time, less the centre of both
   sides' (the reference is a rate: MB/s). */
static void reference_logs(const struct rfile *base, const struct rfile *cur, double *lb,
			   double *lc)
{
	double centre = 0;
	int nb = base->reference_runs, nc = cur->reference_runs;

	for (int r = 0; r < nb; r++)
		centre -= log(base->reference[r]) / (nb + nc);
	for (int r = 0; r < nc; r++)
		centre -= log(cur->reference[r]) / (nb + nc);
	for (int r = 0; r < nb; r++)
		lb[r] = -log(base->reference[r]) - centre;
	for (int r = 0; r < nc; r++)
		lc[r] = -log(cur->reference[r]) - centre;
}


/* Whether both sides measured the machine reference in each of their
   runs, alike: the same huge pages mode, whose pages its buffer is in. */
static int reference_lines_up(const struct rfile *base, const struct rfile *cur, size_t nb,
			      size_t nc)
{
	return cur && (size_t)base->reference_runs == nb && (size_t)cur->reference_runs == nc &&
	       strcmp(base->huge_pages, cur->huge_pages) == 0;
}

/* How well the figures' run factors follow the reference's within the
   sides: the correlation of their logs about each side's means. */
static double within_follow(const double *fb, const double *lb, size_t nb, const double *fc,
			    const double *lc, size_t nc)
{
	double mf[2] = { stats_log_mean(fb, nb), stats_log_mean(fc, nc) };
	double ml[2] = { stats_mean(lb, nb), stats_mean(lc, nc) };
	double sxy = 0, sxx = 0, syy = 0;

	for (size_t r = 0; r < nb + nc; r++) {
		int k = r >= nb;
		double x = log(k ? fc[r - nb] : fb[r]) - mf[k], y = (k ? lc[r - nb] : lb[r]) - ml[k];
		sxy += x * y;
		sxx += x * x;
		syy += y * y;
	}
	return sxx > 0 && syy > 0 ? sxy / sqrt(sxx * syy) : NAN;
}

/* The machine's move between the sides with the reference's word on it,
   where the figures followed the reference within the sides
   (ref->follow at least CHECK_REFERENCE_FOLLOW): each side's factors
   keep their shape from run to run (the figures' median tells a run's
   spell best), and with too few figures to tell a factor the reference
   is the factor.  Where the typical figure moved by D beyond the
   reference, the move is either the kernel's (what check is for) or a
   mood of the host's that touches what enters the kernel and not the
   reference's loop: it is taken halfway, and the half returned, as the
   standard deviation it is known to; -1 where the reference is not
   read. */
static double anchor_to_reference(const struct rfile *base, const struct rfile *cur, double *fb,
				  size_t nb, double *fc, size_t nc, int from_figures,
				  struct check_reference *ref)
{
	double lb[RUNS_MAX], lc[RUNS_MAX];

	reference_logs(base, cur, lb, lc);
	ref->used = 1;
	if (!from_figures) {
		for (size_t r = 0; r < nb; r++)
			fb[r] = exp(lb[r]);
		for (size_t r = 0; r < nc; r++)
			fc[r] = exp(lc[r]);
		return 0;
	}
	ref->follow = within_follow(fb, lb, nb, fc, lc, nc);
	if (!(ref->follow >= CHECK_REFERENCE_FOLLOW)) {
		ref->used = 0;
		return -1;
	}
	double beyond_b = stats_log_mean(fb, nb) - stats_mean(lb, nb);
	double beyond_c = stats_log_mean(fc, nc) - stats_mean(lc, nc);
	double shift_b = exp(-beyond_b / 2), shift_c = exp(-beyond_c / 2);
	for (size_t r = 0; r < nb; r++)
		fb[r] *= shift_b;
	for (size_t r = 0; r < nc; r++)
		fc[r] *= shift_c;
	return fabs(beyond_c - beyond_b) / 2;
}

double check_reference_move(const struct rfile *base, const struct rfile *cur)
{
	double lb[RUNS_MAX], lc[RUNS_MAX];

	if (!cur || base->reference_runs < 2 || cur->reference_runs < 2 ||
	    strcmp(base->huge_pages, cur->huge_pages) != 0)
		return 0;
	reference_logs(base, cur, lb, lc);
	return exp(stats_mean(lc, (size_t)cur->reference_runs) -
		   stats_mean(lb, (size_t)base->reference_runs));
}

/* The current file of the rows that tell the move, where they share one. */
static const struct rfile *telling_file(const struct check_row *rows, size_t n, int refs,
					size_t nb, size_t nc)
{
	const struct rfile *cur = NULL;

	for (size_t i = 0; i < n; i++) {
		if (!tells_move(&rows[i], refs, nb, nc))
			continue;
		if (cur && rows[i].cur_file != cur)
			return NULL;
		cur = rows[i].cur_file;
	}
	return cur;
}

/* Each run's factor, and every row's ratio against it (have_rel), where
   the machine reference lines up on both sides or at least
   CHECK_RUN_FIGURES figures tell the move; ref says what was made of the
   reference.  -1 when out of memory. */
static int relative_runs(const struct rfile *base, struct check_row *rows, size_t n,
			 struct machine_view *mv, struct check_reference *ref)
{
	const double **bv = calloc(n ? n : 1, sizeof *bv), **cv = calloc(n ? n : 1, sizeof *cv);
	double *buf = calloc(n ? 2 * n * RUNS_MAX : 1, sizeof *buf);
	double fb[RUNS_MAX], fc[RUNS_MAX];
	size_t nb = 0, nc = 0, ng = 0;
	int refs = 0, rc = -1, anchored;
	double move_sd = 0;

	if (!bv || !cv || !buf)
		goto out;
	for (size_t i = 0; i < n; i++)
		refs |= rows[i].reference;
	first_shape(rows, n, refs, &nb, &nc);
	for (size_t i = 0; i < n && nb; i++) {
		const struct check_row *r = &rows[i];
		if (!tells_move(r, refs, nb, nc))
			continue;
		int hb = schema_higher_is_better(r->b->unit);
		bv[ng] = as_times(r->bser, nb, hb, buf + 2 * ng * RUNS_MAX);
		cv[ng] = as_times(r->cser, nc, hb,
				  buf + (2 * ng + 1) * RUNS_MAX);
		ng++;
	}
	rc = 0;
	anchored = nb && reference_lines_up(base, telling_file(rows, n, refs, nb, nc), nb, nc);
	if (ng < CHECK_RUN_FIGURES && !anchored)
		goto out;
	if (ng >= CHECK_RUN_FIGURES && (rc = run_factors(bv, cv, ng, nb, nc, fb, fc)) < 0)
		goto out;
	if (anchored)
		move_sd = anchor_to_reference(base, telling_file(rows, n, refs, nb, nc), fb, nb, fc,
					      nc, ng >= CHECK_RUN_FIGURES, ref);
	relative_rows(rows, n, fb, fc, nb, nc, move_sd > 0 ? move_sd : 0);
	machine_of(fb, nb, fc, nc, mv);
out:
	free(bv);
	free(cv);
	free(buf);
	return rc;
}

/* One run a side: the ratio's bounds from each side's own interval of
   its median, where both files give one. */
static void within_bounds(const struct check_row *r, double *lo, double *hi)
{
	*lo = *hi = 0;
	if (r->b->runs > 1 || r->c->runs > 1 || !(r->b->ci_lo > 0) || !(r->c->ci_lo > 0) ||
	    !(r->b->ci_hi > 0) || !(r->c->ci_hi > 0))
		return;
	*lo = r->c->ci_lo / r->b->ci_hi;
	*hi = r->c->ci_hi / r->b->ci_lo;
}

/* How many of a file's figures something took the CPU from. */
static int distorted_figures(const struct rfile *f)
{
	int n = 0;

	for (size_t i = 0; i < f->nfigs; i++)
		n += f->figs[i].distorted[0] != '\0';
	return n;
}

/* Why a side cannot be trusted for r: its own distortion (judged by its
   runs' fastest samples), else, for a figure whose processes' waits its
   measuring process does not see, a busy spell the run's other figures
   showed; NULL where neither.  buf holds the words of a busy spell. */
static const char *side_distorted(const struct check_row *r, const struct rfigure *g,
				  const struct rfile *f, char *buf, size_t len)
{
	int busy;

	if (g->distorted[0])
		return r->fastest ? g->distorted : NULL;
	if (!module_has(g->module, MOD_SPAWNS) || (busy = distorted_figures(f)) == 0)
		return NULL;
	utf8_printf(buf, len, "in a busy spell (%d of its run's figures distorted), which the "
			      "processes this one makes wait through unseen", busy);
	return buf;
}

/* A row with a ratio (prepare_one) and its family's p (holm_rows);
   machine: the typical figure's move as times (1: none, or not asked
   for with --relative). */
static void judge_one(const struct rfile *base, struct check_row *r, const struct check_opts *o,
		      double machine, const struct machine_view *mv)
{
	int higher_better = schema_higher_is_better(r->b->unit);
	char why[sizeof r->note], busy_base[160], busy_cur[160], busy[200];
	int nb = distorted_figures(base), nc = distorted_figures(r->cur_file);
	int both_busy = nb >= RULES_BUSY_FIGURES && nc >= RULES_BUSY_FIGURES;
	struct judgement j;
	struct rule_in in = {
		.rr = &r->rr, .rel = r->have_rel && verdict_has_interval(&r->rel) ? &r->rel : NULL,
		.typical = higher_better ? 1 / machine : machine, .tol = o->tol,
		.higher_better = higher_better, .tolerance_only = o->tolerance_only,
		.incomparable = incomparable(base, r, o, why, sizeof why) ? why : NULL,
		.machine_move = higher_better ? 1 / mv->move : mv->move, .mood_span = mv->span,
		/* both runs busy alike (a loaded CI runner): each run's
		   fastest sample and the run factor stand for what the load
		   took, and a figure's own waits hold nothing back */
		.distorted_base = both_busy ? NULL
					    : side_distorted(r, r->b, base, busy_base, sizeof busy_base),
		.distorted_cur = both_busy ? NULL
					   : side_distorted(r, r->c, r->cur_file, busy_cur,
							    sizeof busy_cur),
		.drifts = module_has(r->b->module, MOD_DRIFTS),
		.busy_mismatch = (nb >= RULES_BUSY_FIGURES) != (nc >= RULES_BUSY_FIGURES) ? busy : NULL,
	};

	utf8_printf(busy, sizeof busy, "the %s run went through a busy spell (%d of its figures "
				      "distorted) and the %s did not: take the baseline again in a "
				      "quieter hour", nb >= RULES_BUSY_FIGURES ? "baseline's" : "current",
		    nb >= RULES_BUSY_FIGURES ? nb : nc,
		    nb >= RULES_BUSY_FIGURES ? "current one" : "baseline's");

	within_bounds(r, &in.within_lo, &in.within_hi);
	rules_judge(&in, &j);
	r->v = j.v;
	r->basis = j.basis;
	r->shows_rel = j.shown == &r->rel;
	r->by_move = j.by_move;
	utf8_printf(r->note, sizeof r->note, "%s", j.note);
}

/* The views of r Holm corrects: as measured (0) and relative to its
   runs (1); NULL where r has none. */
static struct run_ratio *tested(struct check_row *r, int rel)
{
	if (rel)
		return r->have_rel ? &r->rel : NULL;
	return r->have_ratio ? &r->rr : NULL;
}

/* The view a row's verdict rests on where its p counts: relative where
   its runs line up with the rest (an interval against them), else as
   measured. */
static int deciding_view(const struct check_row *r)
{
	return r->have_rel && verdict_has_interval(&r->rel);
}

/* Holm over one p-value a figure, counted once (a reference row only
   tells the machine's move, and is not one): that of the view its
   verdict rests on, so that a job's chance of any false slower or faster
   stays near VERDICT_ALPHA.  The other view, where a rule turns to it (a
   machine that moved beyond any mood), is held by Bonferroni over the
   same family; a repeat takes its first row's. */
static int holm_rows(struct check_row *rows, size_t n)
{
	double *p = calloc(n + 1, sizeof *p), *adj = calloc(n + 1, sizeof *adj);
	struct run_ratio **which = calloc(n + 1, sizeof *which);
	size_t k = 0;

	if (!p || !adj || !which) {
		free(p);
		free(adj);
		free(which);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		struct run_ratio *t = tested(&rows[i], deciding_view(&rows[i]));
		for (int rel = 0; rel < 2; rel++)
			if (tested(&rows[i], rel))
				tested(&rows[i], rel)->p_family = -1;
		if (rows[i].same_as < 0 && !rows[i].reference && t && t->p >= 0) {
			p[k] = t->p;
			which[k++] = t;
		}
	}
	stats_holm(p, k, adj);
	for (size_t j = 0; j < k; j++)
		which[j]->p_family = adj[j];
	for (size_t i = 0; i < n; i++) {
		struct run_ratio *other = tested(&rows[i], !deciding_view(&rows[i]));
		if (rows[i].same_as < 0 && !rows[i].reference && other && other->p >= 0)
			other->p_family = other->p * (double)k < 1 ? other->p * (double)k : 1;
	}
	for (size_t i = 0; i < n; i++)
		for (int rel = 0; rel < 2 && rows[i].same_as >= 0; rel++) {
			struct run_ratio *t = tested(&rows[i], rel), *f = tested(&rows[rows[i].same_as], rel);
			if (t && f)
				t->p_family = f->p_family;
		}
	free(p);
	free(adj);
	free(which);
	return 0;
}

double check_judge(const struct rfile *base, struct check_row *rows, size_t n,
		   const struct check_opts *o, struct check_reference *ref)
{
	struct check_reference unused;
	struct check_move move;
	struct machine_view mv = { .move = 1, .span = 1 };
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
	if (!ref)
		ref = &unused;
	*ref = (struct check_reference){ .follow = NAN };
	if (relative_runs(base, rows, n, &mv, ref) < 0 || holm_rows(rows, n) < 0)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (rows[i].have_ratio)
			judge_one(base, &rows[i], o, machine, &mv);
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
		t->basis[rows[i].basis] += rows[i].have_ratio;
		t->again += rows[i].confirmed;
		t->fastest += rows[i].have_ratio && rows[i].fastest;
		t->by_move += rows[i].v == V_UNCLEAR && rows[i].by_move;
	}
	t->unchecked = unchecked;
}

int check_status(const struct check_tally *t, int strict)
{
	return t->n[V_SLOWER] || t->n[V_FAIL] || t->n[V_MISSING] || (strict && t->n[V_UNCLEAR]);
}
