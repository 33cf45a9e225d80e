/* check's view of each figure against the rest of its runs: each run's
 * machine factor, read off the figures that tell the machine's move (and
 * the machine reference where it lines up), and every row's ratio with
 * that move taken out by its own sensitivity to it (docs/method.md). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plan/schema.h"
#include "report/check_relative.h"
#include "report/dearer.h"
#include "report/figtext.h"
#include "report/runfactor.h"
#include "stats/chisq.h"
#include "stats/stats.h"

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

/* 1 / x where x is an interval's bound, 0 (none) where it is not. */
static double inverse_bound(double x)
{
	return x > 0 ? 1 / x : 0;
}

/* A rate's ratio, judged as times, back in the figure's own sense: every
   ratio and bound inverted, each interval's ends swapped. */
static void as_rate(struct run_ratio *r)
{
	double lo = r->lo, alone_lo = r->alone_lo;

	if (!(r->ratio > 0))
		return;
	r->ratio = 1 / r->ratio;
	r->lo = inverse_bound(r->hi);
	r->hi = inverse_bound(lo);
	r->alone_lo = inverse_bound(r->alone_hi);
	r->alone_hi = inverse_bound(alone_lo);
	r->base_mean = 1 / r->base_mean;
	r->cur_mean = 1 / r->cur_mean;
}

/* The rows whose runs line up: rel, their ratio with the machine's move
   taken out by each figure's own sensitivity to its runs' factors, read
   off the figures that tell the move.  A rate's runs as times. */
static void relative_rows(struct check_row *rows, size_t n, const double *fb, const double *fc,
			  size_t nb, size_t nc, double move_sd, double across_sd, int tight)
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
		struct run_ratio *out = tight ? &r->rel_tight : &r->rel;
		verdict_adjusted_ratio(b, fb, nb, c, fc, nc, r->b->rounding + r->c->rounding, move_sd,
				       across_sd, out);
		if (hb)
			as_rate(out);
		*(tight ? &r->have_tight : &r->have_rel) = 1;
	}
}

/* ---- how far the figures follow a move beyond the runs' own ------------- */

/* The median of v[0..k-1] (k >= 1), which it sorts. */
static double sorted_median(double *v, size_t k)
{
	stats_sort(v, k);
	return stats_quantile(v, k, 0.5);
}

/* A figure whose squared move against what it may vary by lies beyond
   this quantile of a chi-square of one degree is taken for one that
   changed: it tells nothing of how the others follow the move. */
#define SPREAD_OUTLIER_P 0.999
/* Passes of trimming the changed figures and bounding the spread anew. */
#define SPREAD_PASSES 4

/* Each figure's squared log ratio against what it may vary by, were the
   spread of the sensitivities to the move sqrt(tau2): a chi-square of
   one degree where tau2 is that spread. */
static double z2_of(const double *d, const double *known, const double *unit, size_t i,
		    double tau2)
{
	return d[i] * d[i] / (known[i] * known[i] + unit[i] * tau2);
}

/* The sum of z2 over the figures kept. */
static double kept_z2(const double *d, const double *known, const double *unit,
		      const char *keep, size_t k, double tau2)
{
	double sum = 0;

	for (size_t i = 0; i < k; i++)
		if (keep[i])
			sum += z2_of(d, known, unit, i, tau2);
	return sum;
}

/* The largest tau2, at most hi, at which the kept figures' moves are
   still as large as 95 % of jobs would show: their sum of z2 at least the
   5 % quantile of a chi-square on their count.  An upper 95 % bound. */
static double spread_bound(const double *d, const double *known, const double *unit,
			   const char *keep, size_t k, size_t kept, double hi)
{
	double floor = chisq_quantile(0.05, (double)kept), lo = 0;

	if (kept_z2(d, known, unit, keep, k, hi) >= floor)
		return hi;
	for (int it = 0; it < 60; it++) {
		double mid = (lo + hi) / 2;
		if (kept_z2(d, known, unit, keep, k, mid) >= floor)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

/* Keep the figures whose move is within SPREAD_OUTLIER_P at tau2; how
   many are kept. */
static size_t keep_within(const double *d, const double *known, const double *unit,
			  char *keep, size_t k, double tau2)
{
	double limit = chisq_quantile(SPREAD_OUTLIER_P, 1);
	size_t kept = 0;

	for (size_t i = 0; i < k; i++)
		kept += keep[i] = z2_of(d, known, unit, i, tau2) <= limit;
	return kept;
}

/* Whether the share of the move beyond the runs' spread, at the prior's
   sensitivity spread, is what most widens the figures' intervals: only
   then do their moves tell how they follow it (a move within the runs'
   spread leaves their scatter to the runs and to what each figure does
   between invocations on its own). */
static int move_dominates(const double *known, const double *unit, size_t k, double *buf)
{
	double m_known;

	for (size_t i = 0; i < k; i++)
		buf[i] = known[i] * known[i];
	m_known = sorted_median(buf, k);
	for (size_t i = 0; i < k; i++)
		buf[i] = unit[i] * VERDICT_SLOPE_PRIOR_SD * VERDICT_SLOPE_PRIOR_SD;
	return sorted_median(buf, k) > m_known;
}

/* The fewest figures that tell the move whose spread is a bound worth
   taking: with 8 (a second look's references) the bound would widen
   every interval more than the prior does. */
#define SPREAD_FIGURES 15

/* The widest spread of sensitivities a job may show: twice the prior's. */
#define ACROSS_MAX (2 * VERDICT_SLOPE_PRIOR_SD)

/* How well the figures' sensitivity to the machine's move beyond the
   runs' own spread is known, read off how far the figures that tell the
   move moved from it: the largest spread of sensitivities that their
   moves leave likely (an upper 95 % bound from the sum of their squared
   moves against what each may vary by), at most ACROSS_MAX; a dearer
   call's move (added_us) is not theirs to follow.  A figure
   whose move is beyond what that spread makes likely changed, and is
   left out, the bound taken again, so that a few changed figures do not
   widen everyone.  The prior's where fewer than SPREAD_FIGURES figures
   tell the move or the move is not what most widens their intervals;
   -1 when out of memory. */
static double across_spread(const struct check_row *rows, size_t n, int refs, size_t nb,
			    size_t nc, double added_us)
{
	double *d = calloc(4 * (n ? n : 1), sizeof *d), prior = VERDICT_SLOPE_PRIOR_SD;
	double *known = d + n, *unit = d + 2 * n, *buf = d + 3 * n, tau2 = prior * prior;
	char *keep = calloc(n ? n : 1, 1);
	size_t k = 0, kept;

	if (!d || !keep) {
		free(d);
		free(keep);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const struct check_row *r = &rows[i];
		if (!tells_move(r, refs, nb, nc) || !r->have_rel || !verdict_has_interval(&r->rel) ||
		    !(r->rel.across_unit > 0) || !(r->rel.known_sd > 0))
			continue;
		d[k] = log(r->rel.ratio / dearer_move_of(r, added_us));
		known[k] = r->rel.known_sd;
		unit[k++] = r->rel.across_unit;
	}
	if (k < SPREAD_FIGURES || !move_dominates(known, unit, k, buf)) {
		free(d);
		free(keep);
		return prior;
	}
	for (int pass = 0; pass < SPREAD_PASSES; pass++) {
		if ((kept = keep_within(d, known, unit, keep, k, tau2)) < SPREAD_FIGURES) {
			tau2 = prior * prior;
			break;
		}
		tau2 = spread_bound(d, known, unit, keep, k, kept, ACROSS_MAX * ACROSS_MAX);
	}
	free(d);
	free(keep);
	return sqrt(tau2);
}

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
		       struct check_machine *mv)
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

/* A row's runs as they tell the machine's move, as times, into buf (room
   for 2 * RUNS_MAX): the current side's without what a call dearer by
   added_us did to the figure (none where 0), which is the kernel's and
   not the machine's. */
static void telling_series(const struct check_row *r, size_t nb, size_t nc, double added_us,
			   double *buf, const double **b, const double **c)
{
	int hb = schema_higher_is_better(r->b->unit);
	double dearer = dearer_move_of(r, added_us);

	*b = as_times(r->bser, nb, hb, buf);
	*c = as_times(r->cser, nc, hb, buf + RUNS_MAX);
	if (dearer == 1)
		return;
	for (size_t i = 0; i < nc; i++)
		buf[RUNS_MAX + i] = (*c)[i] / dearer;
	*c = buf + RUNS_MAX;
}

/* Each run's factor, and every row's ratio against it (have_rel), where
   the machine reference lines up on both sides or at least
   CHECK_RUN_FIGURES figures tell the move; ref says what was made of the
   reference; added_us as check_relative.h says.  -1 when out of
   memory. */
int check_relative_runs(const struct rfile *base, struct check_row *rows, size_t n,
			double added_us, struct check_machine *mv, struct check_reference *ref)
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
		telling_series(r, nb, nc, added_us, buf + 2 * ng * RUNS_MAX, &bv[ng], &cv[ng]);
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
	if (move_sd < 0)
		move_sd = 0;
	relative_rows(rows, n, fb, fc, nb, nc, move_sd, VERDICT_SLOPE_PRIOR_SD, 0);
	/* the figures' own word on how they follow the move: wider than the
	   prior, it widens every interval; narrower, it may find a figure
	   ok, and a change still needs the prior's interval */
	if ((mv->across_sd = across_spread(rows, n, refs, nb, nc, added_us)) < 0) {
		rc = -1;
		goto out;
	}
	if (mv->across_sd > VERDICT_SLOPE_PRIOR_SD)
		relative_rows(rows, n, fb, fc, nb, nc, move_sd, mv->across_sd, 0);
	else if (mv->across_sd < VERDICT_SLOPE_PRIOR_SD)
		relative_rows(rows, n, fb, fc, nb, nc, move_sd, mv->across_sd, 1);
	machine_of(fb, nb, fc, nc, mv);
out:
	free(bv);
	free(cv);
	free(buf);
	return rc;
}
