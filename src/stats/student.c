/* Student's t distribution through the regularised incomplete beta
 * function: P(|T| >= t) = I_x(df/2, 1/2) with x = df / (df + t^2).  The
 * incomplete beta is evaluated by its continued fraction (modified
 * Lentz), on the side of x where the fraction converges fast. */
#include <float.h>
#include <math.h>

#include "stats/student.h"

#define FRACTION_TERMS 300
#define TINY 1e-300

/* One step of the modified Lentz recurrence with coefficient aa. */
static void lentz_step(double aa, double *c, double *d, double *h)
{
	*d = 1 + aa * *d;
	if (fabs(*d) < TINY)
		*d = TINY;
	*c = 1 + aa / *c;
	if (fabs(*c) < TINY)
		*c = TINY;
	*d = 1 / *d;
	*h *= *d * *c;
}

/* The continued fraction of I_x(a, b), without its prefactor. */
static double beta_fraction(double a, double b, double x)
{
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	if (fabs(d) < TINY)
		d = TINY;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= FRACTION_TERMS; m++) {
		double before = h;
		lentz_step(m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)), &c, &d, &h);
		lentz_step(-(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)), &c, &d, &h);
		if (fabs(h - before) <= DBL_EPSILON * fabs(h))
			break;
	}
	return h;
}

/* The regularised incomplete beta function I_x(a, b). */
static double incomplete_beta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_fraction(a, b, x) / a;
	return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double student_two_sided_p(double t, double df)
{
	if (isinf(t))
		return 0;
	if (isnan(t))
		return 1;
	return incomplete_beta(df / 2, 0.5, df / (df + t * t));
}

double student_critical(double alpha, double df)
{
	double lo = 0, hi = 1;

	while (student_two_sided_p(hi, df) > alpha && hi < 1e12)
		hi *= 2;
	for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
		double mid = (lo + hi) / 2;
		if (student_two_sided_p(mid, df) > alpha)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

double student_t_cdf(double t, double df)
{
	double tail = 0.5 * student_two_sided_p(t, df);

	return t >= 0 ? 1 - tail : tail;
}

double student_t_quantile(double p, double df)
{
	if (p < 0.5)
		return -student_t_quantile(1 - p, df);
	if (p == 0.5)
		return 0;
	return student_critical(2 * (1 - p), df);
}
