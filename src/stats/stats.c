/* Statistics of sample sets: median, extremes, CV, the median's
 * distribution-free confidence interval and Holm's multiple-testing
 * correction. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void stats_sort(double *v, size_t n)
{
	qsort(v, n, sizeof *v, cmp_double);
}

double stats_mean(const double *v, size_t n)
{
	double sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += v[i];
	return sum / (double)n;
}

double stats_log_mean(const double *v, size_t n)
{
	double sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += log(v[i]);
	return sum / (double)n;
}

/* Sample standard deviation over the mean; 0 for one sample. */
static double cv_of(const double *v, size_t n)
{
	double mean = stats_mean(v, n), ss = 0;

	if (n < 2 || mean == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	return 100.0 * sqrt(ss / (double)(n - 1)) / fabs(mean);
}

void stats_summarise(double *v, size_t n, struct summary *out)
{
	stats_sort(v, n);
	out->min = v[0];
	out->max = v[n - 1];
	out->median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	out->cv_pct = cv_of(v, n);
}

/* P(B = i) for B ~ binomial(n, q), through logarithms so that large n
 * neither overflows nor underflows before it matters. */
static double binomial(size_t n, size_t i, double q)
{
	return exp(lgamma((double)n + 1) - lgamma((double)i + 1) - lgamma((double)(n - i) + 1) +
		   (double)i * log(q) + (double)(n - i) * log1p(-q));
}

double stats_quantile(const double *sorted, size_t n, double q)
{
	double h = (double)(n - 1) * q;
	size_t k = (size_t)h;

	if (k + 1 >= n)
		return sorted[n - 1];
	return sorted[k] + (h - (double)k) * (sorted[k + 1] - sorted[k]);
}

double stats_median_of(const double *v, size_t n, double *scratch)
{
	memcpy(scratch, v, n * sizeof *v);
	stats_sort(scratch, n);
	return stats_quantile(scratch, n, 0.5);
}

double stats_quantile_ci(const double *sorted, size_t n, double q, double *lo, double *hi)
{
	double cdf = 0, at_lo = -1, at_hi = -1, first = 0, last = 0;
	size_t l = 1, u = n; /* ranks from 1 */

	/* B, the number of samples below the true q-quantile, is binomial(n,
	   q); x_(k) lies below it when B >= k.  The lower bound is the
	   highest rank k with P(B <= k-1) <= 2.5 %, the upper the lowest
	   with P(B <= k-1) >= 97.5 %; the coverage is P(l <= B <= u-1) */
	for (size_t k = 1; k <= n; k++) {
		cdf += binomial(n, k - 1, q); /* P(B <= k-1) */
		if (k == 1)
			first = cdf;
		if (cdf <= 0.025) {
			l = k;
			at_lo = cdf;
		}
		if (at_hi < 0 && cdf >= 0.975) {
			u = k;
			at_hi = cdf;
		}
		last = cdf;
	}
	if (at_lo < 0)
		at_lo = first;
	if (at_hi < 0)
		at_hi = last;
	*lo = sorted[l - 1];
	*hi = sorted[u - 1];
	return at_hi - at_lo;
}

double stats_median_ci(const double *sorted, size_t n, double *lo, double *hi)
{
	return stats_quantile_ci(sorted, n, 0.5, lo, hi);
}

/* ---- Holm --------------------------------------------------------------- */

static const double *holm_p;

static int cmp_by_p(const void *x, const void *y)
{
	return cmp_double(&holm_p[*(const size_t *)x], &holm_p[*(const size_t *)y]);
}

void stats_holm(const double *p, size_t n, double *adj)
{
	size_t *order = malloc(n * sizeof *order);
	double running = 0;

	if (!order) {
		/* Bonferroni is never less strict than Holm */
		for (size_t i = 0; i < n; i++)
			adj[i] = p[i] * (double)n < 1 ? p[i] * (double)n : 1;
		return;
	}
	for (size_t i = 0; i < n; i++)
		order[i] = i;
	holm_p = p;
	qsort(order, n, sizeof *order, cmp_by_p);
	for (size_t k = 0; k < n; k++) {
		double v = p[order[k]] * (double)(n - k);
		if (v > 1)
			v = 1;
		if (v > running)
			running = v;
		adj[order[k]] = running;
	}
	free(order);
}
