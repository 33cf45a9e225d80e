/* check's verdict on one figure: beyond the tolerance and significant
 * given both sides' samples, or it is not a change. */
#ifndef OSBENCH_VERDICT_H
#define OSBENCH_VERDICT_H

#include <stddef.h>

enum verdict { V_OK, V_SLOWER, V_FASTER, V_FAIL, V_MISSING, V_UNCLEAR, V_COUNT };

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

/* ---- the run as the unit ------------------------------------------------ */

/* Whose between-run spread an interval rests on. */
enum spread { SPREAD_BOTH, SPREAD_BASE, SPREAD_CURRENT, SPREAD_NONE };

/* One figure's ratio current / baseline, each side the median of its
 * runs' figures, and its 95 % interval from the between-run spread on
 * the log scale: Welch's with both sides' runs; where one side has a
 * single run, the other side's spread stands for both (its runs - 1
 * degrees of freedom); none where neither has two runs.  rounding widens
 * the interval by what the written cells may hide (a fraction). */
struct run_ratio {
	double ratio, lo, hi; /* lo, hi 0 when spread is SPREAD_NONE */
	double p;             /* two-sided Welch p of no change; -1: none */
	double p_family;      /* p with every figure of the check counted
	                         (Holm); -1: this figure alone (p) */
	double df;            /* degrees of freedom; 0: none; inf: no spread */
	double rounding;
	enum spread spread;
};

/* base[0..nb-1] and cur[0..nc-1]: each run's figure, all > 0, nb, nc >= 1. */
void verdict_run_ratio(const double *base, size_t nb, const double *cur, size_t nc,
		       double rounding, struct run_ratio *out);

/* The verdict on r against the band of +-tol (a fraction: 0.1 is 10 %,
 * the band 1/1.1 to 1.1): slower or faster when the interval excludes 1,
 * the ratio is beyond the band even after rounding, and either the whole
 * interval lies beyond the band or the change is significant with every
 * figure of the check counted (p_family, where set, below VERDICT_ALPHA:
 * a job of twenty figures on an unchanged host would otherwise be red
 * whenever one of them strays just past the band); ok when the
 * interval lies within it; unclear otherwise, and always where there is
 * no interval.  tolerance_only judges the ratio alone against the band
 * (two old table files: --no-stats). */
#define VERDICT_ALPHA 0.05
enum verdict verdict_band(const struct run_ratio *r, double tol, int higher_better,
			  int tolerance_only);

/* The verdict on r both as measured and relative to a machine whose
 * typical figure moved by `machine` (a ratio in r's own sense: a rate's
 * is the inverse of the times'): slower, faster or ok only where both
 * views say it, unclear where they differ.  A move of the whole machine
 * between the two sides' runs shifts every figure alike and no spread
 * between runs of one side shows it; a real change that touches every
 * figure alike looks the same, so such a figure is unclear, not ok nor
 * slower.  machine <= 0 or 1: as measured (verdict_band). */
enum verdict verdict_band_machine(const struct run_ratio *r, double machine, double tol,
				  int higher_better, int tolerance_only);

/* A change seen, then measured again: it stands only when the second
 * measurement says the same; anything else is unclear. */
enum verdict verdict_confirmed(enum verdict first, enum verdict again);

#endif
