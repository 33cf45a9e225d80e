/* Each run's machine factor: the typical figure's value in that run
 * against its own average over both sides' runs. */
#include <math.h>

#include "report/runfactor.h"
#include "unit.h"

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * fabs(b);
}

/* Every figure c_g times its run's factor exactly: the factors come back
   as they were made, over their geometric mean (8^(1/4)). */
static void factors_recovered(void)
{
	const double fb_true[2] = { 1, 2 }, fc_true[2] = { 1, 4 }, c[3] = { 3, 5, 7 };
	double b[3][2], cc[3][2], fb[2], fc[2], g = pow(8, 0.25);
	const double *bp[3], *cp[3];

	for (int i = 0; i < 3; i++) {
		for (int r = 0; r < 2; r++) {
			b[i][r] = c[i] * fb_true[r];
			cc[i][r] = c[i] * fc_true[r];
		}
		bp[i] = b[i];
		cp[i] = cc[i];
	}
	CHECK("run factors: computed", run_factors(bp, cp, 3, 2, 2, fb, fc) == 0);
	CHECK("run factors: the baseline's runs", near(fb[0], 1 / g) && near(fb[1], 2 / g));
	CHECK("run factors: the current runs", near(fc[0], 1 / g) && near(fc[1], 4 / g));
}

/* One figure of five ten times slower in one run: the median keeps the
   other four's factor, 1 in every run. */
static void one_figure_alone(void)
{
	double b[5][3], c[5][3], fb[3], fc[3];
	const double *bp[5], *cp[5];

	for (int i = 0; i < 5; i++) {
		for (int r = 0; r < 3; r++)
			b[i][r] = c[i][r] = i + 1;
		bp[i] = b[i];
		cp[i] = c[i];
	}
	c[2][0] *= 10;
	CHECK("run factors, one figure moved: computed", run_factors(bp, cp, 5, 3, 3, fb, fc) == 0);
	CHECK("run factors, one figure moved: the others' factor in every run",
	      near(fb[0], 1) && near(fb[1], 1) && near(fb[2], 1) && near(fc[0], 1) &&
		      near(fc[1], 1) && near(fc[2], 1));
}

/* Five figures that moved apart by -0.4, -0.1, 0, 0.1 and 0.2 on the
   log scale, one run a side: each side's residuals are half of those,
   and the median (not the mean, -0.04, nor an upper quantile) is 0. */
static void the_median(void)
{
	const double d[5] = { -0.4, -0.1, 0, 0.1, 0.2 };
	double b[5][1], c[5][1], fb[1], fc[1];
	const double *bp[5], *cp[5];

	for (int i = 0; i < 5; i++) {
		b[i][0] = 1;
		c[i][0] = exp(d[i]);
		bp[i] = b[i];
		cp[i] = c[i];
	}
	CHECK("run factors: the median of the figures",
	      run_factors(bp, cp, 5, 1, 1, fb, fc) == 0 && near(fb[0], 1) && near(fc[0], 1));
}

/* One figure: each run against the figure's geometric mean, (1*4)^(1/2). */
static void one_figure(void)
{
	const double b[1] = { 1 }, c[1] = { 4 };
	const double *bp[1] = { b }, *cp[1] = { c };
	double fb[1], fc[1];

	CHECK("run factors, one figure: against its geometric mean",
	      run_factors(bp, cp, 1, 1, 1, fb, fc) == 0 && near(fb[0], 0.5) && near(fc[0], 2));
}

UNIT_TEST(test_run_factor)
{
	factors_recovered();
	one_figure_alone();
	the_median();
	one_figure();
}
