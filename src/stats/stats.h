/* Statistics of sample sets: summaries, the distribution-free confidence
 * interval of the median and Holm's correction for testing many figures
 * at once. */
#ifndef OSBENCH_STATS_H
#define OSBENCH_STATS_H

#include <stddef.h>

struct summary {
	double median, min, max;
	double cv_pct; /* standard deviation over mean, in percent */
};

/* Summarise v[0..n-1] (n >= 1); v is reordered (sorted). */
void stats_summarise(double *v, size_t n, struct summary *out);

/* Sort v[0..n-1] ascending. */
void stats_sort(double *v, size_t n);

/* The q-quantile (0 <= q <= 1) of sorted[0..n-1], n >= 1, interpolated
 * between the order statistics around it. */
double stats_quantile(const double *sorted, size_t n, double q);
/* The median of v[0..n-1], n >= 1, leaving v as it is: sorted in
 * scratch, which has room for n. */
double stats_median_of(const double *v, size_t n, double *scratch);
/* The arithmetic mean of v[0..n-1], n >= 1. */
double stats_mean(const double *v, size_t n);
/* The mean of log(v[i]) (all > 0, n >= 1): the log of the geometric mean. */
double stats_log_mean(const double *v, size_t n);

/* The 95 % confidence interval of the q-quantile of sorted[0..n-1] from
 * order statistics alone: the number of samples below it is binomial(n,
 * q), whose 2.5 % tails give the ranks of the bounds.  Returns the
 * coverage the interval really has (more than 95 % when the ranks allow;
 * less when too few samples for any rank). */
double stats_quantile_ci(const double *sorted, size_t n, double q, double *lo, double *hi);

/* The 95 % confidence interval of the median of sorted[0..n-1], from
 * order statistics alone (no assumption about the distribution): the
 * j-th smallest and the j-th largest sample, j the largest rank whose
 * binomial(n, 1/2) tail stays within 2.5 %.  Below 6 samples no such rank
 * exists and the interval is [min, max].  Returns the coverage the
 * interval really has (0.969 for 6 samples, 0.979 for 10, ...). */
double stats_median_ci(const double *sorted, size_t n, double *lo, double *hi);

/* Holm's step-down correction: adj[i] is p[i] adjusted for n tests at
 * once, so that "adj[i] < alpha" keeps the chance of any false alarm
 * among the n below alpha. */
void stats_holm(const double *p, size_t n, double *adj);

#endif
