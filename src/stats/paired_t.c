/* Student's paired t and Stein's two-stage interval; see paired_t.h. */
#include <math.h>

#include "stats/paired_t.h"
#include "stats/stats.h"
#include "stats/student.h"

/* Whether every difference is the first one: no spread to estimate. */
static int all_equal(const double *d, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (d[i] != d[0])
			return 0;
	return 1;
}

void paired_t_test(const double *d, size_t n, double alpha, struct paired_t *out)
{
	double ss = 0, se, half;

	out->n = n;
	out->mean = n ? stats_mean(d, n) : NAN;
	out->lo = out->hi = NAN;
	out->p = -1;
	if (n < 2)
		return;
	if (all_equal(d, n)) {
		out->mean = out->lo = out->hi = d[0];
		out->p = d[0] == 0 ? 1 : 0;
		return;
	}
	for (size_t i = 0; i < n; i++)
		ss += (d[i] - out->mean) * (d[i] - out->mean);
	se = sqrt(ss / (double)(n - 1) / (double)n);
	half = student_critical(alpha, (double)(n - 1)) * se;
	out->lo = out->mean - half;
	out->hi = out->mean + half;
	out->p = student_two_sided_p(out->mean / se, (double)(n - 1));
}

int paired_stein(const double *d, size_t n, size_t first, double alpha, double *lo, double *hi,
		 double *p)
{
	double mean0 = stats_mean(d, first), mean = stats_mean(d, n), ss = 0, se, half;

	for (size_t i = 0; i < first; i++)
		ss += (d[i] - mean0) * (d[i] - mean0);
	if (!(ss > 0))
		return 0;
	se = sqrt(ss / (double)(first - 1) / (double)n);
	half = student_critical(alpha, (double)(first - 1)) * se;
	*lo = mean - half;
	*hi = mean + half;
	*p = student_two_sided_p(mean / se, (double)(first - 1));
	return 1;
}
