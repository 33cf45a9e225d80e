/* The statistical verdict of `osbench check` on one figure. */
#include <math.h>

#include "measure/stats.h"
#include "report/verdict.h"

const char *const verdict_names[V_COUNT] = {
	[V_OK] = "ok", [V_SLOWER] = "slower", [V_FASTER] = "faster", [V_FAIL] = "fail",
	[V_MISSING] = "missing",
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
