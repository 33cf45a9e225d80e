/* ab's paired statistics and its verdict. */
#include <math.h>
#include <stdlib.h>

#include "stats/stats.h"
#include "stats/student.h"
#include "report/paired.h"

const char *const ab_verdict_names[AB_COUNT] = {
	[AB_SAME] = "same", [AB_SLOWER] = "slower", [AB_FASTER] = "faster",
	[AB_UNCLEAR] = "unclear", [AB_FAIL] = "fail",
};

static double mean_of(const double *v, size_t n)
{
	double sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += v[i];
	return sum / (double)n;
}

/* Whether every difference is the first one: no spread to estimate. */
static int all_equal(const double *d, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (d[i] != d[0])
			return 0;
	return 1;
}

void paired_t_test(const double *d, size_t n, struct paired_t *out)
{
	double ss = 0, se, half;

	out->n = n;
	out->mean = n ? mean_of(d, n) : NAN;
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
	half = student_critical(PAIRED_ALPHA, (double)(n - 1)) * se;
	out->lo = out->mean - half;
	out->hi = out->mean + half;
	out->p = student_two_sided_p(out->mean / se, (double)(n - 1));
}

/* Stein's interval and p on the first-stage spread: the mean of all n
 * log ratios over the spread of the first `first`, t on first - 1
 * degrees of freedom.  The mean of n normal values is independent of
 * the spread of any of them, and n depended on nothing else, so this
 * is exact whatever n the first stage chose.  0 when the first stage
 * has no spread (the usual interval then stands alone). */
static int stein_part(const double *d, size_t n, size_t first, double *lo, double *hi, double *p)
{
	double mean0 = mean_of(d, first), mean = mean_of(d, n), ss = 0, se, half;

	for (size_t i = 0; i < first; i++)
		ss += (d[i] - mean0) * (d[i] - mean0);
	if (!(ss > 0))
		return 0;
	se = sqrt(ss / (double)(first - 1) / (double)n);
	half = student_critical(PAIRED_ALPHA, (double)(first - 1)) * se;
	*lo = mean - half;
	*hi = mean + half;
	*p = student_two_sided_p(mean / se, (double)(first - 1));
	return 1;
}

int paired_ratio_test(const double *a, const double *b, size_t n, size_t first,
		      struct paired_ratio *out)
{
	double *d = calloc(n ? n : 1, sizeof *d), la = 0, lb = 0, lo, hi, p;
	struct paired_t t;

	if (!d)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (!(a[i] > 0) || !(b[i] > 0)) {
			free(d);
			return -1;
		}
		d[i] = log(b[i] / a[i]);
		la += log(a[i]);
		lb += log(b[i]);
	}
	paired_t_test(d, n, &t);
	if (first >= 2 && first <= n && t.p >= 0 && stein_part(d, n, first, &lo, &hi, &p)) {
		t.lo = lo < t.lo ? lo : t.lo;
		t.hi = hi > t.hi ? hi : t.hi;
		t.p = p > t.p ? p : t.p;
	}
	free(d);
	out->n = n;
	out->first = first >= 2 && first <= n ? first : 0;
	out->a = n ? exp(la / (double)n) : NAN;
	out->b = n ? exp(lb / (double)n) : NAN;
	out->ratio = exp(t.mean);
	out->lo = exp(t.lo);
	out->hi = exp(t.hi);
	out->p = t.p;
	return 0;
}

int paired_holm(const struct paired_ratio *r, size_t n, double *adj)
{
	double *p = calloc(n ? n : 1, sizeof *p), *q = calloc(n ? n : 1, sizeof *q);
	size_t k = 0;

	if (!p || !q) {
		free(p);
		free(q);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		if (r[i].p >= 0)
			p[k++] = r[i].p;
	stats_holm(p, k, q);
	k = 0;
	for (size_t i = 0; i < n; i++)
		adj[i] = r[i].p >= 0 ? q[k++] : -1;
	free(p);
	free(q);
	return 0;
}

enum ab_verdict paired_verdict(const struct paired_ratio *r, double p_adjusted, double tol,
			       int higher_better)
{
	double up = 1 + tol, down = 1 / (1 + tol);
	int significant = p_adjusted >= 0 && p_adjusted < PAIRED_ALPHA;

	if (r->n < 2 || isnan(r->lo) || isnan(r->hi))
		return AB_UNCLEAR;
	if (significant && r->ratio > up)
		return higher_better ? AB_FASTER : AB_SLOWER;
	if (significant && r->ratio < down)
		return higher_better ? AB_SLOWER : AB_FASTER;
	if (r->lo >= down && r->hi <= up)
		return AB_SAME;
	return AB_UNCLEAR;
}
