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
#include "report/check_relative.h"
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
	r->have_ratio = r->have_rel = r->have_tight = r->shows_rel = 0;
	r->leaning = V_UNCLEAR;
	r->wide = 0;
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

/* The ratio of the sides' median runs, as the row's ratio is taken;
   0 where a side has none. */
static double median_ratio_of(const struct check_row *r)
{
	double scratch[RUNS_MAX];

	if (r->nbser == 0 || r->ncser == 0)
		return 0;
	return stats_median_of(r->cser, r->ncser, scratch) /
	       stats_median_of(r->bser, r->nbser, scratch);
}

/* A row with a ratio (prepare_one) and its family's p (holm_rows);
   machine: the typical figure's move as times (1: none, or not asked
   for with --relative). */
static void judge_one(const struct rfile *base, struct check_row *r, const struct check_opts *o,
		      double machine, const struct check_machine *mv)
{
	int higher_better = schema_higher_is_better(r->b->unit);
	char why[sizeof r->note], busy_base[160], busy_cur[160], busy[200];
	int nb = distorted_figures(base), nc = distorted_figures(r->cur_file);
	int both_busy = nb >= RULES_BUSY_FIGURES && nc >= RULES_BUSY_FIGURES;
	struct judgement j;
	struct rule_in in = {
		.rr = &r->rr, .rel = r->have_rel && verdict_has_interval(&r->rel) ? &r->rel : NULL,
		.rel_tight = r->have_tight && verdict_has_interval(&r->rel_tight) ? &r->rel_tight : NULL,
		.across_sd = mv->across_sd,
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
		.drifts = module_has(r->b->module, MOD_DRIFTS)		  ? RULES_DRIFTS_ALWAYS
			  : both_busy && module_has(r->b->module, MOD_TAKES_TURNS) ? RULES_DRIFTS_BUSY
										    : 0,
		.busy_mismatch = (nb >= RULES_BUSY_FIGURES) != (nc >= RULES_BUSY_FIGURES) ? busy : NULL,
		.median_ratio = r->have_ratio ? median_ratio_of(r) : 0,
		.reference_move = check_reference_move(base, r->cur_file),
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
	/* a figure the job's own spread of sensitivities found ok shows
	   that view: the interval that decided */
	if (j.shown == &r->rel_tight)
		r->rel = r->rel_tight;
	r->shows_rel = j.shown == &r->rel || j.shown == &r->rel_tight;
	r->by_move = j.by_move;
	r->leaning = j.v == V_UNCLEAR ? j.leaning : V_UNCLEAR;
	r->wide = j.wide;
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

/* Whether a row's p is one of the family Holm corrects: a figure
   counted once, neither a reference (it only tells the machine's move)
   nor a first look's change measured again to confirm it (that look
   counted it). */
static int in_family(const struct check_row *r)
{
	return r->same_as < 0 && !r->reference && !r->claimed;
}

/* Holm over one p-value a figure of the family: that of the view its
   verdict rests on, so that a job's chance of any false slower or faster
   stays near VERDICT_ALPHA.  The other view, where a rule turns to it (a
   machine that moved beyond any mood), is held by Bonferroni over the
   same family; a claimed row's views are its own; a repeat takes its
   first row's. */
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
				tested(&rows[i], rel)->p_family =
					rows[i].claimed ? tested(&rows[i], rel)->p : -1;
		if (in_family(&rows[i]) && t && t->p >= 0) {
			p[k] = t->p;
			which[k++] = t;
		}
	}
	stats_holm(p, k, adj);
	for (size_t j = 0; j < k; j++)
		which[j]->p_family = adj[j];
	for (size_t i = 0; i < n; i++) {
		struct run_ratio *other = tested(&rows[i], !deciding_view(&rows[i]));
		if (in_family(&rows[i]) && other && other->p >= 0)
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
		   const struct check_opts *o, struct check_reference *ref, struct dearer *fit)
{
	struct check_reference unused;
	struct check_move move;
	struct check_machine mv = { .move = 1, .span = 1, .across_sd = VERDICT_SLOPE_PRIOR_SD };
	struct dearer dearer;
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
	if (o->dearer)
		dearer = *o->dearer;
	else if (dearer_fit(rows, n, &dearer) < 0)
		return -1;
	if (fit)
		*fit = dearer;
	if (!ref)
		ref = &unused;
	*ref = (struct check_reference){ .follow = NAN };
	if (check_relative_runs(base, rows, n, dearer_told(&dearer) ? dearer.added_us : 0, &mv,
				ref) < 0 ||
	    holm_rows(rows, n) < 0)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (rows[i].have_ratio)
			judge_one(base, &rows[i], o, machine, &mv);
	return machine;
}

enum verdict check_claim_of(const struct check_row *r)
{
	if (r->v == V_SLOWER || r->v == V_FASTER)
		return r->v;
	if (r->v == V_UNCLEAR && (r->leaning == V_SLOWER || r->leaning == V_FASTER))
		return r->leaning;
	return V_UNCLEAR;
}

enum verdict check_stands(const struct check_row *first, enum verdict again)
{
	if (check_claim_of(first) != V_UNCLEAR)
		return verdict_confirmed(check_claim_of(first), again);
	return first->v == V_UNCLEAR && first->wide ? again : first->v;
}

/* ---- a second look's references ----------------------------------------- */

/* Whether row i may stand for the machine in a second look: a figure
   counted once, not a sweep's, compared, not itself a change; with
   ok_only, one the first look found ok, since a figure that moved with
   the change (a system call's, under a kernel that makes every call
   dearer) would take the change for the machine's move. */
static int may_refer(const struct check_row *r, int ok_only)
{
	return r->same_as < 0 && r->have_rel && r->v != V_SLOWER && r->v != V_FASTER &&
	       (!ok_only || r->v == V_OK);
}

static int taken(const size_t *idx, size_t from, size_t to, size_t i)
{
	for (size_t j = from; j < to; j++)
		if (idx[j] == i)
			return 1;
	return 0;
}

size_t check_references(const struct check_row *rows, size_t n, size_t *idx, size_t k)
{
	size_t first = k;

	for (int ok_only = 1; ok_only >= 0; ok_only--)
		while (k - first < CHECK_REFERENCES) {
			long best = -1;
			for (size_t i = 0; i < n; i++) {
				if (taken(idx, 0, k, i) || !may_refer(&rows[i], ok_only))
					continue;
				if (best < 0 ||
				    (rows[i].seconds >= 0 &&
				     (rows[best].seconds < 0 || rows[i].seconds < rows[best].seconds)))
					best = (long)i;
			}
			if (best < 0)
				break;
			idx[k++] = (size_t)best;
		}
	return k;
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
