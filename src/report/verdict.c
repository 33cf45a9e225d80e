/* The statistical verdict of `osbench check` on one figure. */
#include <math.h>

#include "stats/ancova.h"
#include "stats/student.h"
#include "stats/stats.h"
#include "stats/welch.h"
#include "report/verdict.h"

const char *const verdict_names[V_COUNT] = {
	[V_OK] = "ok", [V_SLOWER] = "slower", [V_FASTER] = "faster", [V_FAIL] = "fail",
	[V_MISSING] = "missing", [V_UNCLEAR] = "unclear", [V_NEW] = "new",
};

/* ---- the run as the unit ------------------------------------------------ */

#define INTERVAL_LEVEL 0.975 /* the upper quantile of a two-sided 95 % */


/* Welch's view of whose spread an error rests on, in check's words. */
static enum spread spread_of(enum welch_spread w)
{
	switch (w) {
	case WELCH_BASE: return SPREAD_BASE;
	case WELCH_CURRENT: return SPREAD_CURRENT;
	case WELCH_BOTH: return SPREAD_BOTH;
	default: return SPREAD_NONE;
	}
}

void verdict_run_ratio(const double *base, size_t nb, const double *cur, size_t nc,
		       double rounding, struct run_ratio *out)
{
	double centre, half;
	struct welch w;

	*out = (struct run_ratio){ .p = -1, .p_family = -1, .rounding = rounding };
	welch_log_ratio(base, nb, cur, nc, &w);
	out->base_mean = exp(w.log_base);
	out->cur_mean = exp(w.log_cur);
	/* the ratio the interval is centred on, so that both agree */
	centre = w.log_cur - w.log_base;
	out->ratio = exp(centre);
	out->spread = spread_of(w.spread);
	if (out->spread == SPREAD_NONE)
		return;
	if (w.se < 1e-9) {
		/* runs that agree exactly (to rounding of their logs) say
		   nothing of how far they move */
		out->spread = SPREAD_ZERO;
		return;
	}
	out->df = w.df;
	half = student_t_quantile(INTERVAL_LEVEL, w.df) * w.se;
	out->p = 2 * (1 - student_t_cdf(fabs(centre) / w.se, w.df));
	out->lo = out->ratio * exp(-half) / (1 + rounding);
	out->hi = out->ratio * exp(half) * (1 + rounding);
}

#define ADJUSTED_MAX_RUNS 64

/* centre and se into out's interval and p */
static void interval_of(double centre, double se, double df, struct run_ratio *out)
{
	double half;

	out->ratio = exp(centre);
	if (se < 1e-9) {
		out->spread = SPREAD_ZERO;
		return;
	}
	out->df = df;
	half = student_t_quantile(INTERVAL_LEVEL, df) * se;
	out->p = 2 * (1 - student_t_cdf(fabs(centre) / se, df));
	out->lo = out->ratio * exp(-half) / (1 + out->rounding);
	out->hi = out->ratio * exp(half) * (1 + out->rounding);
}

void verdict_adjusted_ratio(const double *base, const double *fb, size_t nb, const double *cur,
			    const double *fc, size_t nc, double rounding, double move_sd,
			    double across_sd, struct run_ratio *out)
{
	double yb[ADJUSTED_MAX_RUNS], xb[ADJUSTED_MAX_RUNS], yc[ADJUSTED_MAX_RUNS],
		xc[ADJUSTED_MAX_RUNS];
	struct ancova a;

	*out = (struct run_ratio){ .p = -1, .p_family = -1, .rounding = rounding,
				   .spread = SPREAD_NONE };
	out->base_mean = exp(stats_log_mean(base, nb));
	out->cur_mean = exp(stats_log_mean(cur, nc));
	if (nb > ADJUSTED_MAX_RUNS || nc > ADJUSTED_MAX_RUNS)
		return;
	for (size_t i = 0; i < nb; i++) {
		yb[i] = log(base[i]);
		xb[i] = log(fb[i]);
	}
	for (size_t i = 0; i < nc; i++) {
		yc[i] = log(cur[i]);
		xc[i] = log(fc[i]);
	}
	if (ancova_shift(yb, xb, nb, yc, xc, nc, 1.0, VERDICT_SLOPE_PRIOR_SD, across_sd, &a) < 0)
		return;
	out->spread = SPREAD_BOTH;
	out->slope = a.slope;
	out->known_sd = sqrt(a.se_known * a.se_known + a.slope * a.slope * move_sd * move_sd);
	out->across_unit = a.beyond_unit;
	interval_of(a.shift, sqrt(a.se * a.se + a.slope * a.slope * move_sd * move_sd), a.df, out);
	if (verdict_has_interval(out)) {
		double half = student_t_quantile(INTERVAL_LEVEL, out->df) * a.se_runs;
		out->alone_lo = out->ratio * exp(-half) / (1 + rounding);
		out->alone_hi = out->ratio * exp(half) * (1 + rounding);
	}
}

int verdict_has_interval(const struct run_ratio *r)
{
	return r->spread != SPREAD_NONE && r->spread != SPREAD_ZERO;
}

int verdict_within_half(double q, double tol)
{
	double half = sqrt(1 + tol);

	return q <= half && q >= 1 / half;
}

int verdict_interval_in_band(const struct run_ratio *r, double tol)
{
	double up = 1 + tol;

	/* a rate's interval is the inverse of its times', and the band is
	   symmetric on the log scale: either sense tells alike */
	return verdict_has_interval(r) && r->lo >= 1 / up && r->hi <= up;
}

enum verdict verdict_band(const struct run_ratio *r, double tol, int higher_better,
			  int tolerance_only)
{
	/* as times: above 1 is slower whatever the unit */
	double q = higher_better ? 1 / r->ratio : r->ratio;
	double lo = higher_better ? 1 / r->hi : r->lo, hi = higher_better ? 1 / r->lo : r->hi;
	double up = 1 + tol, e = 1 + r->rounding;
	int beyond_slow = q / e > up, beyond_fast = q * e < 1 / up;
	int significant = r->p_family < VERDICT_ALPHA; /* -1, no family: its own */

	if (tolerance_only)
		return beyond_slow ? V_SLOWER : beyond_fast ? V_FASTER : V_OK;
	if (!verdict_has_interval(r))
		return V_UNCLEAR;
	if (lo > 1 && beyond_slow && significant)
		return V_SLOWER;
	if (hi < 1 && beyond_fast && significant)
		return V_FASTER;
	if (verdict_interval_in_band(r, tol) && verdict_within_half(q, tol))
		return V_OK;
	return V_UNCLEAR;
}

enum verdict verdict_band_machine(const struct run_ratio *r, double machine, double tol,
				  int higher_better, int tolerance_only)
{
	enum verdict as_measured = verdict_band(r, tol, higher_better, tolerance_only);
	struct run_ratio relative = *r;

	if (!(machine > 0) || machine == 1 || tolerance_only || !verdict_has_interval(r))
		return as_measured;
	/* its own interval alone: the family's p is the measured ratio's */
	relative.p_family = -1;
	relative.ratio /= machine;
	relative.lo /= machine;
	relative.hi /= machine;
	return verdict_band(&relative, tol, higher_better, 0) == as_measured ? as_measured
									       : V_UNCLEAR;
}

enum verdict verdict_confirmed(enum verdict first, enum verdict again)
{
	return again == first ? first : V_UNCLEAR;
}
