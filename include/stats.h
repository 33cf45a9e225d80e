/* Summary statistics of a set of samples. */
#ifndef OSBENCH_STATS_H
#define OSBENCH_STATS_H

#include <stddef.h>

struct summary {
	double median, min, max;
	double cv_pct; /* standard deviation over mean, in percent */
};

/* Summarise v[0..n-1] (n >= 1); v is reordered. */
void stats_summarise(double *v, size_t n, struct summary *out);

#endif
