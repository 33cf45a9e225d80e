/* check's verdict on one figure: beyond the tolerance and significant
 * given both sides' samples, or it is not a change. */
#ifndef OSBENCH_VERDICT_H
#define OSBENCH_VERDICT_H

#include <stddef.h>

enum verdict { V_OK, V_SLOWER, V_FASTER, V_FAIL, V_MISSING, V_COUNT };

extern const char *const verdict_names[V_COUNT];

/* One figure on both sides: medians, and the samples where a side has
 * them (NULL, 0 when it has not: a table-format file). */
struct verdict_in {
	double base, cur;
	int higher_better;    /* ops/s: higher is better; times: lower */
	const double *base_samples, *cur_samples;
	size_t nbase, ncur;
};

/* The chance of a difference this large between the sides if nothing
 * changed: the Mann-Whitney U test when both sides have samples, the
 * sign test of the one side's samples against the other's median when
 * one has, and -1 when neither has (the verdict then rests on the
 * tolerance alone). */
double verdict_p(const struct verdict_in *in);

/* slower or faster when the ratio of the medians is beyond tol (a
 * fraction: 0.1) in that direction and p_adjusted (after correcting for
 * every figure tested at once; -1: no statistics) is below alpha; ok
 * otherwise. */
enum verdict verdict_judge(const struct verdict_in *in, double tol, double p_adjusted,
			   double alpha);

#endif
