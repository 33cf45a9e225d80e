/* The common-slope analysis of covariance (stats/ancova.c): exact cases,
 * a covariate that did not move within the sides, and the coverage of
 * the interval it gives in a seeded simulation. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "stats/ancova.h"
#include "stats/student.h"
#include "unit.h"

static double uniform(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return ((double)(*s >> 11) + 0.5) / 9007199254740992.0;
}

static double gauss(uint64_t *s)
{
	return sqrt(-2 * log(uniform(s))) * cos(6.283185307179586 * uniform(s));
}

static void exact_cases(void)
{
	double xb[] = { 0, 0.1, 0.2, 0.3 }, xc[] = { 0.2, 0.3, 0.4, 0.5 }, yb[4], yc[4];
	struct ancova a;

	for (int i = 0; i < 4; i++) {
		yb[i] = 2 + 1.5 * xb[i];
		yc[i] = 2.1 + 1.5 * xc[i];
	}
	CHECK("ancova exact: computed", ancova_shift(yb, xb, 4, yc, xc, 4, 1, 0.5, &a) == 0);
	CHECK("ancova exact: the slope", fabs(a.slope - 1.5) < 1e-9);
	CHECK("ancova exact: the shift at equal covariates", fabs(a.shift - 0.1) < 1e-9);
	CHECK("ancova exact: no spread left", a.se < 1e-6);
	CHECK("ancova one run a side: refused", ancova_shift(yb, xb, 1, yc, xc, 4, 1, 0.5, &a) < 0);
}

/* The covariate still within each side but 0.2 apart: the slope is the
   prior's, and the shift's error holds what the prior leaves unknown. */
static void covariate_still(void)
{
	double xb[] = { 0, 0, 0, 0 }, xc[] = { 0.2, 0.2, 0.2, 0.2 };
	double yb[] = { 1.00, 1.01, 0.99, 1.00 }, yc[] = { 1.30, 1.31, 1.29, 1.30 };
	struct ancova a;

	CHECK("ancova still covariate: computed", ancova_shift(yb, xb, 4, yc, xc, 4, 1, 0.5, &a) == 0);
	CHECK("ancova still covariate: the prior's slope", fabs(a.slope - 1) < 1e-9);
	CHECK("ancova still covariate: shift 0.3 - 0.2", fabs(a.shift - 0.1) < 1e-9);
	CHECK("ancova still covariate: an error of at least 0.2 x the prior's 0.5",
	      a.se >= 0.2 * 0.5 * 0.99);
}

/* How often the 95 % interval holds the true shift, sides of 20 and 12
   runs whose covariate moves within them and 0.25 between them. */
static void coverage(void)
{
	const int trials = 3000;
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	int held = 0;

	for (int t = 0; t < trials; t++) {
		double xb[20], yb[20], xc[12], yc[12], slope = 0.5 + 1.3 * uniform(&seed);
		struct ancova a;
		for (int i = 0; i < 20; i++) {
			xb[i] = 0.08 * gauss(&seed);
			yb[i] = slope * xb[i] + 0.03 * gauss(&seed);
		}
		for (int i = 0; i < 12; i++) {
			xc[i] = 0.25 + 0.08 * gauss(&seed);
			yc[i] = 0.05 + slope * xc[i] + 0.05 * gauss(&seed);
		}
		if (ancova_shift(yb, xb, 20, yc, xc, 12, 1, 0.5, &a) < 0)
			continue;
		held += fabs(a.shift - 0.05) <= student_t_quantile(0.975, a.df) * a.se;
	}
	double rate = (double)held / trials;
	char name[96];
	snprintf(name, sizeof name, "ancova coverage of the 95%% interval: %.1f%% of %d", 100 * rate,
		 trials);
	CHECK(name, rate >= 0.93 && rate <= 0.97);
}

UNIT_TEST(test_ancova)
{
	exact_cases();
	covariate_still();
	coverage();
}
