/* Chi-square quantiles through the regularised lower incomplete gamma
 * function, P(X <= x) = P(df/2, x/2): its series below a + 1, its
 * continued fraction (modified Lentz) above, where each converges
 * fast; the quantile by bisection on that. */
#include <float.h>
#include <math.h>

#include "stats/chisq.h"

#define GAMMA_TERMS 500
#define TINY 1e-300

/* P(a, x) by its series: x^a e^-x / Gamma(a + 1) * sum x^k / (a+1)...(a+k). */
static double gamma_series(double a, double x)
{
	double term = 1 / a, sum = term;

	for (int k = 1; k <= GAMMA_TERMS; k++) {
		term *= x / (a + k);
		sum += term;
		if (fabs(term) <= DBL_EPSILON * fabs(sum))
			break;
	}
	return sum * exp(-x + a * log(x) - lgamma(a));
}

/* Q(a, x) = 1 - P(a, x) by its continued fraction. */
static double gamma_fraction(double a, double x)
{
	double b = x + 1 - a, c = 1 / TINY, d = 1 / b, h = d;

	for (int i = 1; i <= GAMMA_TERMS; i++) {
		double an = -i * (i - a), step;
		b += 2;
		d = an * d + b;
		if (fabs(d) < TINY)
			d = TINY;
		c = b + an / c;
		if (fabs(c) < TINY)
			c = TINY;
		d = 1 / d;
		step = d * c;
		h *= step;
		if (fabs(step - 1) <= DBL_EPSILON)
			break;
	}
	return exp(-x + a * log(x) - lgamma(a)) * h;
}

static double chisq_cdf(double x, double df)
{
	double a = df / 2, h = x / 2;

	if (h <= 0)
		return 0;
	return h < a + 1 ? gamma_series(a, h) : 1 - gamma_fraction(a, h);
}

double chisq_quantile(double p, double df)
{
	double lo = 0, hi = df > 1 ? df : 1;

	if (!(p > 0 && p < 1 && df > 0))
		return NAN;
	while (chisq_cdf(hi, df) < p && hi < 1e12)
		hi *= 2;
	for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
		double mid = (lo + hi) / 2;
		if (chisq_cdf(mid, df) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}
