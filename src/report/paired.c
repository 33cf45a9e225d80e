/* ab's paired statistics and its verdict. */
#include <math.h>
#include <stdlib.h>

#include "stats/paired_t.h"
#include "stats/stats.h"
#include "report/paired.h"

const char *const ab_verdict_names[AB_COUNT] = {
	[AB_SAME] = "same", [AB_SLOWER] = "slower", [AB_FASTER] = "faster",
	[AB_UNCLEAR] = "unclear", [AB_FAIL] = "fail",
};

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
	paired_t_test(d, n, PAIRED_ALPHA, &t);
	if (first >= 2 && first <= n && t.p >= 0 &&
	    paired_stein(d, n, first, PAIRED_ALPHA, &lo, &hi, &p)) {
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
