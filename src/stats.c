/* Median, extremes and coefficient of variation of a sample set. */
#include <math.h>
#include <stdlib.h>

#include "stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double mean_of(const double *v, size_t n)
{
	double sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += v[i];
	return sum / (double)n;
}

/* Sample standard deviation over the mean; 0 for one sample. */
static double cv_of(const double *v, size_t n)
{
	double mean = mean_of(v, n), ss = 0;

	if (n < 2 || mean == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	return 100.0 * sqrt(ss / (double)(n - 1)) / fabs(mean);
}

void stats_summarise(double *v, size_t n, struct summary *out)
{
	qsort(v, n, sizeof *v, cmp_double);
	out->min = v[0];
	out->max = v[n - 1];
	out->median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	out->cv_pct = cv_of(v, n);
}
