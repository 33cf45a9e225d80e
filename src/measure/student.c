/* Student's t through the regularised incomplete beta function, its
 * continued fraction evaluated by the modified Lentz method. */
#include <math.h>

#include "measure/student.h"

#define CF_ITERATIONS 300
#define CF_EPSILON 1e-15
#define CF_TINY 1e-300

/* The continued fraction of I_x(a, b), good where x < (a + 1) / (a + b + 2). */
static double beta_fraction(double a, double b, double x)
{
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	if (fabs(d) < CF_TINY)
		d = CF_TINY;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= CF_ITERATIONS; m++) {
		double m2 = 2.0 * m, num, step;
		/* the even step, then the odd one */
		num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		d = 1 + num * d;
		c = 1 + num / c;
		d = 1 / (fabs(d) < CF_TINY ? CF_TINY : d);
		c = fabs(c) < CF_TINY ? CF_TINY : c;
		h *= d * c;
		num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		d = 1 + num * d;
		c = 1 + num / c;
		d = 1 / (fabs(d) < CF_TINY ? CF_TINY : d);
		c = fabs(c) < CF_TINY ? CF_TINY : c;
		step = d * c;
		h *= step;
		if (fabs(step - 1) < CF_EPSILON)
			break;
	}
	return h;
}

/* The regularised incomplete beta function I_x(a, b), 0 <= x <= 1. */
static double incomplete_beta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	/* the fraction converges fast on one side of the mean; the other
	   side by symmetry, I_x(a, b) = 1 - I_(1-x)(b, a) */
	if (x < (a + 1) / (a + b + 2))
		return front * beta_fraction(a, b, x) / a;
	return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double student_t_cdf(double t, double df)
{
	double tail = 0.5 * incomplete_beta(df / 2, 0.5, df / (df + t * t));

	return t >= 0 ? 1 - tail : tail;
}

double student_t_quantile(double p, double df)
{
	double lo = 0, hi = 1;

	if (p < 0.5)
		return -student_t_quantile(1 - p, df);
	while (student_t_cdf(hi, df) < p && hi < 1e12)
		hi *= 2;
	for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
		double mid = (lo + hi) / 2;
		if (student_t_cdf(mid, df) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}
