/* The analysis of covariance with a common slope; see ancova.h. */
#include <math.h>

#include "stats/ancova.h"

struct moments {
	double mx, my, sxx, sxy, syy;
	double n;
};

static void moments_of(const double *y, const double *x, size_t n, struct moments *m)
{
	*m = (struct moments){ .n = (double)n };
	for (size_t i = 0; i < n; i++) {
		m->mx += x[i] / m->n;
		m->my += y[i] / m->n;
	}
	for (size_t i = 0; i < n; i++) {
		double dx = x[i] - m->mx, dy = y[i] - m->my;
		m->sxx += dx * dx;
		m->sxy += dx * dy;
		m->syy += dy * dy;
	}
}

/* A side's residual sum of squares about the common slope. */
static double residual_ss(const struct moments *m, double slope)
{
	double rss = m->syy - 2 * slope * m->sxy + slope * slope * m->sxx;

	return rss > 0 ? rss : 0;
}

/* Lag-1 products and squares of a side's residuals about the common
   slope, in the order the runs were taken, added into num and den. */
static void lag_one(const double *y, const double *x, size_t n, const struct moments *m,
		    double slope, double *num, double *den)
{
	double prev = 0;

	for (size_t i = 0; i < n; i++) {
		double e = (y[i] - m->my) - slope * (x[i] - m->mx);
		if (i > 0)
			*num += prev * e;
		*den += e * e;
		prev = e;
	}
}

/* How much a side's mean varies beyond what independent runs would give
   when what is left of each run drifts from one run to the next (an
   AR(1) reading of the residuals, pooled over both sides): (1 + r) / (1
   - r) for a positive lag-1 correlation r, bounded. */
#define DRIFT_MAX_R 0.8

static double drift_inflation(const double *yb, const double *xb, size_t nb,
			      const struct moments *b, const double *yc, const double *xc,
			      size_t nc, const struct moments *c, double slope)
{
	double num = 0, den = 0, r;

	lag_one(yb, xb, nb, b, slope, &num, &den);
	lag_one(yc, xc, nc, c, slope, &num, &den);
	r = den > 0 ? num / den : 0;
	r = r < 0 ? 0 : r > DRIFT_MAX_R ? DRIFT_MAX_R : r;
	return (1 + r) / (1 - r);
}

/* How far the slope read within the sides is stretched to the move
   between them: 0 for a move well inside how far the covariate moved
   from run to run within a side, towards 1 for one far beyond it.  A
   slope read off short spells that touched a figure's runs only in part
   says little of how the figure follows a mood that held the whole of
   the other side (such a slope comes out small: the covariate is then a
   poor measure of what each figure met), so beyond the sides' own
   spread the sensitivity is known only to the prior's spread. */
static double beyond_share(double dx, double sxx, double n)
{
	double within = n > 2 ? sxx / (n - 2) : 0; /* the covariate's variance within a side */
	double reach = 4 * within;                /* two standard deviations, squared */
	double d2 = dx * dx;

	/* a half at two standard deviations, 1/17 at one, 0.84 at three */
	return d2 > 0 ? d2 * d2 / (d2 * d2 + reach * reach) : 0;
}

/* Satterthwaite's degrees of freedom of a sum of variance terms. */
static double satterthwaite(const double *term, const double *df, int n)
{
	double sum = 0, denom = 0;

	for (int i = 0; i < n; i++) {
		sum += term[i];
		if (df[i] > 0)
			denom += term[i] * term[i] / df[i];
	}
	return denom > 0 ? sum * sum / denom : 0;
}

int ancova_shift(const double *yb, const double *xb, size_t nb, const double *yc,
		 const double *xc, size_t nc, double prior_slope, double prior_sd,
		 double across_sd, struct ancova *out)
{
	struct moments b, c;

	if (nb < 2 || nc < 2 || !(prior_sd > 0) || !(across_sd >= 0))
		return -1;
	moments_of(yb, xb, nb, &b);
	moments_of(yc, xc, nc, &c);
	double sxx = b.sxx + c.sxx, sxy = b.sxy + c.sxy, syy = b.syy + c.syy;
	/* the spread about a free slope sets how much the prior weighs */
	double free_rss = sxx > 0 ? syy - sxy * sxy / sxx : syy;
	double s2 = (free_rss > 0 ? free_rss : 0) / (b.n + c.n - 3 > 0 ? b.n + c.n - 3 : 1);
	double k = s2 / (prior_sd * prior_sd);
	double slope = sxx + k > 0 ? (sxy + k * prior_slope) / (sxx + k) : prior_slope;
	double vb = residual_ss(&b, slope) / (b.n - 1), vc = residual_ss(&c, slope) / (c.n - 1);
	double dx = c.mx - b.mx;
	double var_slope = sxx + k > 0 ? (vb * b.sxx + vc * c.sxx + k * s2) / ((sxx + k) * (sxx + k))
				       : prior_sd * prior_sd;
	double drift = drift_inflation(yb, xb, nb, &b, yc, xc, nc, &c, slope);
	double beyond = beyond_share(dx, sxx, b.n + c.n);
	/* the move's share beyond the sides' own spread is taken at the
	   prior's sensitivity, and known to across_sd */
	double across = slope + beyond * (prior_slope - slope);
	double term[4] = { drift * vb / b.n, drift * vc / c.n, dx * dx * var_slope,
			   dx * dx * across_sd * across_sd * beyond };
	double dfs[4] = { (b.n - 1) / drift, (c.n - 1) / drift, b.n + c.n - 2, b.n + c.n - 2 };
	double df = satterthwaite(term, dfs, 4) - 1;

	out->slope = across;
	out->shift = (c.my - b.my) - across * dx;
	out->se = sqrt(term[0] + term[1] + term[2] + term[3]);
	out->se_runs = sqrt(term[0] + term[1]);
	out->se_known = sqrt(term[0] + term[1] + term[2]);
	out->beyond_unit = dx * dx * beyond;
	out->df = df >= 1 ? df : 1;
	return 0;
}
