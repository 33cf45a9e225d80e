/* When ab's figure has rounds enough: a two-stage rule, whose first
 * stage fixes the number of rounds, so that stopping does not pick
 * rounds that happen to agree (docs/method.md, "ab: when a figure
 * stops"). */
#ifndef OSBENCH_ABSTOP_H
#define OSBENCH_ABSTOP_H

#include <stddef.h>

/* ab's stopping rule, two-stage (Stein, "A two-sample test for a linear
 * hypothesis whose power is independent of the variance", Ann. Math.
 * Statist. 16(3), 1945): the first `first` rounds fix how many rounds
 * the figure needs, N = (t s k / precision)^2 within [first, most],
 * where s is the first stage's spread of log ratios, t Student's 97.5 %
 * quantile on first - 1 degrees of freedom and k = sqrt((first - 1) /
 * chi2(1 - AB_SPREAD_BOUND, first - 1)) turns s into the upper end of its
 * one-sided AB_SPREAD_BOUND interval.  Later rounds never move N, so
 * a lucky small spread among them cannot end a figure; the upper bound
 * keeps a lucky small first stage from choosing too few.  The quantiles
 * are taken once, in ab_stop_plan_init. */
#define AB_SPREAD_BOUND 0.90

/* ab's first stage, in rounds: enough that its spread chooses a count
 * near the one the figure needs (t k is 3.3 on 10 rounds, 5.4 on 5,
 * whose counts would be 2.6 times as many). */
#define AB_FIRST_STAGE 10
struct ab_stop_plan {
	size_t first, most;
	double precision; /* the half-width on the log scale: 0.01 */
	double factor;    /* t * k */
};
void ab_stop_plan_init(struct ab_stop_plan *plan, size_t first, double precision, size_t most);

/* Whether n rounds (n >= plan->first) are all the figure needs. */
int ab_stop_enough(const struct ab_stop_plan *plan, const double *a, const double *b, size_t n);

#endif
