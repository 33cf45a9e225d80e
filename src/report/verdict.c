/* The statistical verdict of `osbench check` on one figure. */
#include <math.h>

#include <float.h>
#include <stdlib.h>

#include "stats/stats.h"
#include "stats/student.h"
#include "report/verdict.h"

const char *const verdict_names[V_COUNT] = {
	[V_OK] = "ok", [V_SLOWER] = "slower", [V_FASTER] = "faster", [V_FAIL] = "fail",
	[V_MISSING] = "missing", [V_UNCLEAR] = "unclear",
};

/* Two-sided sign test: of n samples, k on one side of the value (ties
 * dropped); P(as lopsided) under binomial(n, 1/2). */
static double sign_test(const double *v, size_t n, double value)
{
	size_t above = 0, below = 0, m, k;
	double tail = 0, term;

	for (size_t i = 0; i < n; i++) {
		above += v[i] > value;
		below += v[i] < value;
	}
	m = above + below;
	k = above < below ? above : below;
	if (m == 0)
		return 1;
	/* P(B <= k) for B ~ binomial(m, 1/2), term by term in logarithms */
	for (size_t i = 0; i <= k; i++) {
		term = lgamma((double)m + 1) - lgamma((double)i + 1) - lgamma((double)(m - i) + 1) -
		       (double)m * log(2.0);
		tail += exp(term);
	}
	return 2 * tail < 1 ? 2 * tail : 1;
}

double verdict_p(const struct verdict_in *in)
{
	double u;

	if (in->nbase && in->ncur)
		return stats_mann_whitney(in->base_samples, in->nbase, in->cur_samples, in->ncur,
					  &u);
	if (in->ncur)
		return sign_test(in->cur_samples, in->ncur, in->base);
	if (in->nbase)
		return sign_test(in->base_samples, in->nbase, in->cur);
	return -1;
}

enum verdict verdict_judge(const struct verdict_in *in, double tol, double p_adjusted,
			   double alpha)
{
	int significant = p_adjusted < 0 || p_adjusted < alpha;
	int worse, better;

	if (in->cur > in->base * (1 + tol)) {
		worse = !in->higher_better;
		better = in->higher_better;
	} else if (in->cur < in->base / (1 + tol)) {
		worse = in->higher_better;
		better = !in->higher_better;
	} else {
		return V_OK;
	}
	if (!significant)
		return V_OK;
	return worse ? V_SLOWER : better ? V_FASTER : V_OK;
}

/* ---- the run as the unit ------------------------------------------------ */

#define INTERVAL_LEVEL 0.975 /* the upper quantile of a two-sided 95 % */

static double median_of(const double *v, size_t n)
{
	double *sorted = malloc(n * sizeof *sorted), m;

	if (!sorted) {
		/* the middle of the unsorted values: only under memory
		   exhaustion, and still a value of the figure */
		return v[n / 2];
	}
	for (size_t i = 0; i < n; i++)
		sorted[i] = v[i];
	stats_sort(sorted, n);
	m = stats_quantile(sorted, n, 0.5);
	free(sorted);
	return m;
}

/* The sample variance of log(v[i]); 0 for one value. */
static double log_variance(const double *v, size_t n)
{
	double mean = 0, ss = 0;

	if (n < 2)
		return 0;
	for (size_t i = 0; i < n; i++)
		mean += log(v[i]) / (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (log(v[i]) - mean) * (log(v[i]) - mean);
	return ss / (double)(n - 1);
}

/* The standard error of the log ratio and its degrees of freedom. */
static enum spread log_error(const double *base, size_t nb, const double *cur, size_t nc,
			     double *se, double *df)
{
	double vb = log_variance(base, nb), vc = log_variance(cur, nc);
	double nbd = (double)nb, ncd = (double)nc;

	*se = *df = 0;
	if (nb < 2 && nc < 2)
		return SPREAD_NONE;
	if (nb < 2 || nc < 2) {
		double v = nb < 2 ? vc : vb;
		*se = sqrt(v * (1 / nbd + 1 / ncd));
		*df = (nb < 2 ? ncd : nbd) - 1;
		return nb < 2 ? SPREAD_CURRENT : SPREAD_BASE;
	}
	/* Welch: each side's own variance; Satterthwaite's degrees of freedom */
	double eb = vb / nbd, ec = vc / ncd;
	*se = sqrt(eb + ec);
	*df = eb + ec > 0 ? (eb + ec) * (eb + ec) / (eb * eb / (nbd - 1) + ec * ec / (ncd - 1))
			  : nbd + ncd - 2;
	return SPREAD_BOTH;
}

void verdict_run_ratio(const double *base, size_t nb, const double *cur, size_t nc,
		       double rounding, struct run_ratio *out)
{
	double centre, se, df, half;

	*out = (struct run_ratio){ .p = -1, .p_family = -1, .rounding = rounding };
	out->ratio = median_of(cur, nc) / median_of(base, nb);
	out->spread = log_error(base, nb, cur, nc, &se, &df);
	if (out->spread == SPREAD_NONE)
		return;
	centre = log(out->ratio);
	if (se == 0) {
		/* runs that agree exactly: the interval is the ratio itself */
		out->df = INFINITY;
		out->p = centre == 0 ? 1 : 0;
		half = 0;
	} else {
		out->df = df;
		half = student_t_quantile(INTERVAL_LEVEL, df) * se;
		out->p = 2 * (1 - student_t_cdf(fabs(centre) / se, df));
	}
	out->lo = out->ratio * exp(-half) / (1 + rounding);
	out->hi = out->ratio * exp(half) * (1 + rounding);
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
	/* the whole interval beyond the band: a change past the tolerance
	   even at the interval's near end, which an unchanged figure all but
	   never shows, so the family's p need not hold it back */
	int clear_slow = lo > up, clear_fast = hi < 1 / up;

	if (tolerance_only)
		return beyond_slow ? V_SLOWER : beyond_fast ? V_FASTER : V_OK;
	if (r->spread == SPREAD_NONE)
		return V_UNCLEAR;
	if (lo > 1 && beyond_slow && (significant || clear_slow))
		return V_SLOWER;
	if (hi < 1 && beyond_fast && (significant || clear_fast))
		return V_FASTER;
	if (lo >= 1 / up && hi <= up)
		return V_OK;
	return V_UNCLEAR;
}

enum verdict verdict_band_machine(const struct run_ratio *r, double machine, double tol,
				  int higher_better, int tolerance_only)
{
	enum verdict as_measured = verdict_band(r, tol, higher_better, tolerance_only);
	struct run_ratio relative = *r;

	if (!(machine > 0) || machine == 1 || tolerance_only || r->spread == SPREAD_NONE)
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
