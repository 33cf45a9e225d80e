/* Two groups' difference in mean with a covariate taken out: the
 * analysis of covariance with one slope common to both groups.  check
 * uses it for a figure's runs on two sides, the covariate being each
 * run's machine factor: a figure moves with the machine by a sensitivity
 * of its own (a fork by more than the typical figure, a null call by
 * less), and the slope is that sensitivity, read off how the figure
 * followed the machine from run to run within each side. */
#ifndef OSBENCH_ANCOVA_H
#define OSBENCH_ANCOVA_H

#include <stddef.h>

struct ancova {
	double shift; /* mean of yc minus mean of yb, at equal covariates */
	double se;    /* its standard error */
	double se_runs; /* the part of it the runs' own spread makes, without
	                   what the slope leaves unknown of the move between
	                   the sides */
	double df;    /* degrees of freedom of se (at least 1) */
	double se_known; /* se without what the share of the move beyond
	                    the sides' spread leaves unknown */
	double beyond_unit; /* that share's squared size: times a
	                       sensitivity's variance, what it adds to se^2 */
	double slope; /* the sensitivity the shift was taken out by: the
	                 common within-side slope of y on x, drawn toward
	                 the prior where the move between the sides goes
	                 beyond the covariate's spread within them */
};

/* yb[i], xb[i] (i < nb) on one side, yc, xc (nc) on the other, nb and
 * nc >= 2.  The slope is drawn toward prior_slope as if by prior
 * observations that know it to a standard deviation of prior_sd (> 0),
 * so that a side whose covariate hardly moved cannot make it up; its
 * uncertainty widens se by as much as the covariate moved between the
 * sides.  Each side keeps its own residual variance (Welch), widened
 * where what is left of the runs drifts from one run to the next (a
 * positive lag-1 correlation in the order the runs were taken: a mood of
 * the machine's that the covariate does not hold).  Where the covariate
 * moved between the sides well beyond its spread within them, the slope
 * read within says little of how y follows such a move (short spells
 * within a side touch a figure's runs in part, a mood between them all
 * of it): that share of the move is taken at prior_slope, known to
 * across_sd (prior_sd where nothing better is known).  -1 when nb or nc
 * is below 2. */
int ancova_shift(const double *yb, const double *xb, size_t nb, const double *yc,
		 const double *xc, size_t nc, double prior_slope, double prior_sd,
		 double across_sd, struct ancova *out);

#endif
