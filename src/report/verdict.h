/* check's verdict on one figure: the ratio of its runs between the two
 * sides, its interval, and the band of the tolerance. */
#ifndef OSBENCH_VERDICT_H
#define OSBENCH_VERDICT_H

#include <stddef.h>

/* new: a figure only the current side has, named and never a failure */
enum verdict { V_OK, V_SLOWER, V_FASTER, V_FAIL, V_MISSING, V_UNCLEAR, V_NEW, V_COUNT };

extern const char *const verdict_names[V_COUNT];

/* Whose between-run spread an interval rests on; SPREAD_ZERO: runs that
 * agree exactly, which is no evidence of certainty (a crafted or
 * rounded file), so no interval either. */
enum spread { SPREAD_BOTH, SPREAD_BASE, SPREAD_CURRENT, SPREAD_NONE, SPREAD_ZERO };

/* One figure's ratio current / baseline, each side the geometric mean of
 * its runs' figures (base_mean, cur_mean: so ratio is cur_mean /
 * base_mean exactly), and its 95 % interval from the between-run spread
 * on the log scale: Welch's with both sides' runs; where one side has a
 * single run, the other side's spread stands for both (its runs - 1
 * degrees of freedom); none where neither has two runs.  rounding widens
 * the interval by what the written cells may hide (a fraction). */
struct run_ratio {
	double ratio, lo, hi; /* lo, hi 0 where there is no interval */
	double base_mean, cur_mean;
	double p;             /* two-sided Welch p of no change; -1: none */
	double p_family;      /* p with every figure of the check counted
	                         (Holm); -1: this figure alone (p) */
	double df;            /* degrees of freedom; 0: none */
	double rounding;
	double slope;         /* relative: how far the figure follows its
	                         runs' machine factor (1: alike); 0 as
	                         measured */
	double alone_lo, alone_hi; /* relative: the interval from the runs'
	                              own spread alone, as if the figure's
	                              following of the machine's move between
	                              the sides were known; 0 as measured */
	double known_sd;      /* relative: the standard error of the log
	                         ratio without what the machine's move beyond
	                         the sides' spread leaves unknown */
	double across_unit;   /* relative: that share of the move, squared:
	                         times the variance of a figure's sensitivity
	                         to it, what it adds to known_sd^2 */
	enum spread spread;
};

/* base[0..nb-1] and cur[0..nc-1]: each run's figure, all > 0, nb, nc >= 1. */
void verdict_run_ratio(const double *base, size_t nb, const double *cur, size_t nc,
		       double rounding, struct run_ratio *out);

/* How well a figure's sensitivity to its runs' machine factor is known
 * before its runs say: about 1, the typical figure's, give or take this
 * (this host's figures were seen between 0.5 and 1.8; docs/method.md). */
#define VERDICT_SLOPE_PRIOR_SD 0.5

/* The same with each run's machine factor taken out: base[i] and cur[i]
 * as times, fb[i] and fc[i] their runs' factors (all > 0, nb, nc >= 2).
 * The figure's sensitivity to the factor (the slope) is read off how it
 * followed the factor from run to run within each side, drawn toward 1,
 * the typical figure's; the interval widens by what the slope leaves
 * unknown times how far the machine moved between the sides, and by the
 * slope times move_sd, how well that move itself is known (a log's
 * standard deviation; 0: exactly).  The share of the move beyond what
 * the factors did within the sides is taken at a sensitivity of 1,
 * known to across_sd (VERDICT_SLOPE_PRIOR_SD where nothing better is
 * known).  ratio is the move that is left; base_mean, cur_mean as
 * measured. */
void verdict_adjusted_ratio(const double *base, const double *fb, size_t nb, const double *cur,
			    const double *fc, size_t nc, double rounding, double move_sd,
			    double across_sd, struct run_ratio *out);

/* Whether r has an interval at all. */
int verdict_has_interval(const struct run_ratio *r);

/* The verdict on r against the band of +-tol (a fraction: 0.1 is 10 %,
 * the band 1/1.1 to 1.1): slower or faster when the interval excludes 1,
 * the ratio is beyond the band even after rounding, and the change is
 * significant with every figure of the check counted (p_family, where
 * set, below VERDICT_ALPHA: a job of twenty figures on an unchanged host
 * would otherwise be red whenever one of them strays just past the
 * band); ok when the interval lies within it and the ratio within half
 * of it (verdict_within_half: a change at the tolerance, seen, is never
 * ok); unclear otherwise, and
 * always where there is no interval.  The family's p is what holds the
 * chance of any false slower in a job near VERDICT_ALPHA at every
 * tolerance, 0 included.  tolerance_only judges the ratio alone against
 * the band (two old table files: --no-stats). */
#define VERDICT_ALPHA 0.05
/* Whether q (as times) lies within half of the band of +-tol on the log
 * scale: 1/sqrt(1 + tol) to sqrt(1 + tol), x1.049 at 10 %. */
int verdict_within_half(double q, double tol);
/* Whether r has an interval and it lies within the band of +-tol. */
int verdict_interval_in_band(const struct run_ratio *r, double tol);
enum verdict verdict_band(const struct run_ratio *r, double tol, int higher_better,
			  int tolerance_only);

/* The verdict on r both as measured and relative to a machine whose
 * typical figure moved by `machine` (a ratio in r's own sense: a rate's
 * is the inverse of the times'): slower, faster or ok only where both
 * views say it, unclear where they differ.  machine <= 0 or 1: as
 * measured (verdict_band).  --relative's rule. */
enum verdict verdict_band_machine(const struct run_ratio *r, double machine, double tol,
				  int higher_better, int tolerance_only);

/* A change seen, then measured again: it stands only when the second
 * measurement says the same; anything else is unclear. */
enum verdict verdict_confirmed(enum verdict first, enum verdict again);

#endif
