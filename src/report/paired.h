/* ab's statistics and verdict on one figure: round i of A paired with
 * round i of B, the log of each round's ratio B/A, Student's paired t
 * interval and test on those logs (docs/method.md, "ab: paired rounds"), and the
 * verdict against the tolerance. */
#ifndef OSBENCH_PAIRED_H
#define OSBENCH_PAIRED_H

#include <stddef.h>

#include "stats/paired_t.h"

/* The confidence of the interval, and the significance level slower and
 * faster need after Holm's correction over the figures. */
#define PAIRED_ALPHA 0.05

/* The default tolerance of ab, in percent. */
#define AB_TOLERANCE_PCT 3.0

/* Student's paired t (stats/paired_t.h) on the rounds' ratios b[i]/a[i] (every value positive), on
 * the log scale; ratio, lo and hi back on the ratio scale (the geometric
 * mean of the ratios and its interval).  a and b are the geometric means
 * of a[] and b[], so that ratio is b / a: the cells a row prints beside
 * its ratio.  -1 when a value is not positive.
 *
 * first: 0 when n was fixed before the rounds, else the rounds of the
 * first stage that chose n (report/abstop.h).  Then the interval is the
 * hull of Stein's, whose spread is the first stage's alone (t on first
 * - 1 degrees of freedom, exact whatever n that spread chose), and the
 * usual one on all n rounds; p is the larger of the two. */
struct paired_ratio {
	size_t n, first;
	double a, b;
	double ratio, lo, hi, p;
};
int paired_ratio_test(const double *a, const double *b, size_t n, size_t first,
		      struct paired_ratio *out);


/* Holm's correction over the figures that have a p (r[i].p >= 0):
 * adj[i] is figure i's adjusted p, -1 where it has none.  -1 when out of
 * memory. */
int paired_holm(const struct paired_ratio *r, size_t n, double *adj);

enum ab_verdict { AB_SAME, AB_SLOWER, AB_FASTER, AB_UNCLEAR, AB_FAIL, AB_COUNT };
extern const char *const ab_verdict_names[AB_COUNT];

/* slower or faster when p_adjusted (Holm over the figures) is below
 * PAIRED_ALPHA and the ratio is beyond tol (a fraction: 0.03) in that
 * direction; same when the whole interval lies within [1/(1+tol),
 * 1+tol]; unclear otherwise.  higher_better (MB/s, ops/s) turns slower
 * and faster round. */
enum ab_verdict paired_verdict(const struct paired_ratio *r, double p_adjusted, double tol,
			       int higher_better);

#endif
