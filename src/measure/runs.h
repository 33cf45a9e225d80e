/* --runs N: N independent runs of one figure made into one measurement,
 * the run as the unit of replication (check's interval is between runs). */
#ifndef OSBENCH_RUNS_H
#define OSBENCH_RUNS_H

#include "harness.h"

/* Merge run[0..nruns-1] (nruns >= 1) of one figure into *out and each
 * run's figure into values[0..nruns-1].  The figure is the median of the
 * runs' figures; the samples, rounds, reps and seconds are all the runs'
 * together; a run that failed makes the whole figure fail with its reason
 * (and every run's seconds).  The runs' samples are released (out owns
 * its own).  -1 when out of memory (out is then a fail saying so). */
#define RUNS_MERGE_MAX 64

int runs_merge(struct measurement *run, int nruns, struct measurement *out, double *values);

/* m's fastest sample (the smallest, a rate's largest) above the overhead
 * subtraction's floor of 0: the one whatever else ran touched least; its
 * value where it has no such sample. */
double runs_fastest(const struct measurement *m, int higher_better);

#endif
