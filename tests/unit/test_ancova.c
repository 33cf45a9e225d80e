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
	CHECK("ancova exact: computed", ancova_shift(yb, xb, 4, yc, xc, 4, 1, 0.5, 0.5, &a) == 0);
	/* the move between the sides, 0.2, against the covariate's spread
	   within them (variance 0.1 / 6): the slope is stretched a little
	   beyond where it was read, so that share of the move is taken at
	   the prior's 1 and known there to the prior's 0.5 */
	double d2 = 0.04, reach = 4 * 0.1 / 6, share = d2 * d2 / (d2 * d2 + reach * reach);
	double across = 1.5 + share * (1 - 1.5);
	CHECK("ancova exact: the slope, drawn toward the prior by the stretch",
	      fabs(a.slope - across) < 1e-9);
	CHECK("ancova exact: the shift at equal covariates, by that slope",
	      fabs(a.shift - (0.1 + 1.5 * 0.2 - across * 0.2)) < 1e-9);
	CHECK("ancova exact: no spread left but the slope's stretch to the move",
	      fabs(a.se - sqrt(d2 * 0.25 * share)) < 1e-9);
	for (int i = 0; i < 4; i++) {
		xc[i] = xb[i] + 0.02;
		yc[i] = 2.1 + 1.5 * xc[i];
	}
	CHECK("ancova exact, a move well inside the sides' own: computed",
	      ancova_shift(yb, xb, 4, yc, xc, 4, 1, 0.5, 0.5, &a) == 0);
	CHECK("ancova exact, a move well inside the sides' own: the slope and shift as fitted",
	      fabs(a.slope - 1.5) < 1e-4 && fabs(a.shift - 0.1) < 1e-6);
	CHECK("ancova exact, a move well inside the sides' own: (almost) no spread left",
	      a.se < 1e-4);
	CHECK("ancova one run a side: refused", ancova_shift(yb, xb, 1, yc, xc, 4, 1, 0.5, 0.5, &a) < 0);
}

/* The covariate still within each side but 0.2 apart: the slope is the
   prior's, and the shift's error holds what the prior leaves unknown. */
static void covariate_still(void)
{
	double xb[] = { 0, 0, 0, 0 }, xc[] = { 0.2, 0.2, 0.2, 0.2 };
	double yb[] = { 1.00, 1.01, 0.99, 1.00 }, yc[] = { 1.30, 1.31, 1.29, 1.30 };
	struct ancova a;

	CHECK("ancova still covariate: computed", ancova_shift(yb, xb, 4, yc, xc, 4, 1, 0.5, 0.5, &a) == 0);
	CHECK("ancova still covariate: the prior's slope", fabs(a.slope - 1) < 1e-9);
	CHECK("ancova still covariate: shift 0.3 - 0.2", fabs(a.shift - 0.1) < 1e-9);
	CHECK("ancova still covariate: an error of at least 0.2 x the prior's 0.5",
	      a.se >= 0.2 * 0.5 * 0.99);
}

/* How often the 95 % interval holds the true shift, in sides of 20 and
   12 runs whose covariate moves within them (sd 0.08) and by `between`
   from one side to the other.  Within the sides a figure follows the
   covariate by `attenuation` of its sensitivity (short spells that
   touched its runs only in part), across them by all of it. */
static double coverage_of(double between, double attenuation, uint64_t seed)
{
	const int trials = 3000;
	int held = 0;

	for (int t = 0; t < trials; t++) {
		double xb[20], yb[20], xc[12], yc[12], slope = 0.5 + 1.3 * uniform(&seed);
		double within = attenuation * slope;
		struct ancova a;
		for (int i = 0; i < 20; i++) {
			xb[i] = 0.08 * gauss(&seed);
			yb[i] = within * xb[i] + 0.03 * gauss(&seed);
		}
		for (int i = 0; i < 12; i++) {
			double spell = 0.08 * gauss(&seed);
			xc[i] = between + spell;
			yc[i] = 0.05 + slope * between + within * spell + 0.05 * gauss(&seed);
		}
		if (ancova_shift(yb, xb, 20, yc, xc, 12, 1, 0.5, 0.5, &a) < 0)
			continue;
		held += fabs(a.shift - 0.05) <= student_t_quantile(0.975, a.df) * a.se;
	}
	return (double)held / trials;
}

static void coverage(void)
{
	char name[128];
	double rate = coverage_of(0.04, 1, 0x9e3779b97f4a7c15ULL);

	snprintf(name, sizeof name, "ancova coverage of the 95%% interval, a move within the "
				    "sides' own: %.1f%% of 3000", 100 * rate);
	CHECK(name, rate >= 0.93 && rate <= 0.97);
	rate = coverage_of(0.25, 0.3, 0x2545f4914f6cdd1dULL);
	snprintf(name, sizeof name, "ancova coverage, a move 3 sd beyond the sides' own that the "
				    "runs follow only in part within them: %.1f%% of 3000", 100 * rate);
	CHECK(name, rate >= 0.93);
}

UNIT_TEST(test_ancova)
{
	exact_cases();
	covariate_still();
	coverage();
}
