/* Student's paired t on differences, and Stein's two-stage interval:
 * the statistics under ab's rounds (report/paired.c). */
#ifndef OSBENCH_STATS_PAIRED_T_H
#define OSBENCH_STATS_PAIRED_T_H

#include <stddef.h>

/* Student's paired t on differences d[0..n-1] at a two-sided level
 * alpha: their mean, its 1 - alpha interval and the two-sided p of "the
 * mean is 0".  With fewer than two differences there is no interval
 * (lo, hi NAN) and no p (-1); when all differences are equal the
 * interval is that one value and p is 1 when it is 0, else 0. */
struct paired_t {
	size_t n;
	double mean, lo, hi, p;
};
void paired_t_test(const double *d, size_t n, double alpha, struct paired_t *out);

/* Stein's interval and p on the first stage's spread: the mean of all n
 * differences over the spread of the first `first` (2 <= first <= n), t
 * on first - 1 degrees of freedom.  The mean of n normal values is
 * independent of the spread of any of them, and n depended on nothing
 * else, so this is exact whatever n the first stage chose.  0 when the
 * first stage has no spread (the usual interval then stands alone). */
int paired_stein(const double *d, size_t n, size_t first, double alpha, double *lo, double *hi,
		 double *p);

#endif
