/* Each run's machine factor: how much slower than usual the whole machine
 * ran during that run, read off every figure the run measured.  A shared
 * host's spell moves every figure of a run, each by its own sensitivity
 * to it (check sets each figure's runs against their factors, with a
 * slope of its own: stats/ancova.h), so a figure that moved beyond the
 * rest of its runs shows through a machine that moved from run to run. */
#ifndef OSBENCH_REPORT_RUNFACTOR_H
#define OSBENCH_REPORT_RUNFACTOR_H

#include <stddef.h>

/* base[g][0..nb-1] and cur[g][0..nc-1]: figure g's runs on each side as
 * times (a rate inverted), all > 0, g < ng, ng >= 1.  Each run's factor
 * into fb[0..nb-1] and fc[0..nc-1]: the median over the figures of the
 * run's value against the figure's geometric mean over both sides' runs,
 * so that a factor of 1.2 is a run in which the typical figure took 20 %
 * longer than its own average.  -1 when out of memory. */
int run_factors(const double *const *base, const double *const *cur, size_t ng, size_t nb,
		size_t nc, double *fb, double *fc);

#endif
