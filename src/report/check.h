/* check's judgement of a baseline against current figures, and its
 * report. */
#ifndef OSBENCH_REPORT_CHECK_H
#define OSBENCH_REPORT_CHECK_H

#include <stdio.h>

#include "report/verdict.h"
#include "results/resultfile.h"

/* The default tolerance, in percent, and the significance level; README
 * "check" has the A/A and A/B rates that chose them. */
#define CHECK_TOLERANCE_PCT 15.0
#define CHECK_ALPHA 0.05

/* One baseline figure's judgement. */
struct check_row {
	const struct rfigure *b, *c;
	const struct rfile *cur_file;
	double p, p_adj;      /* -1: no statistics */
	enum verdict v;
	int confirmed;        /* measured again in rerun mode */
};

/* A machine-wide move: at least this many figures with a value on both
 * sides, the typical one moved by at least SHIFT_PCT, and at least three
 * in four moved the same way.  A host's other tenants, its clock, or a
 * change that touches every operation moves every figure alike; the
 * verdicts stay each figure's own, the report says so beside them. */
#define CHECK_SHIFT_FIGURES 5
#define CHECK_SHIFT_PCT 5.0

struct check_tally {
	int n[V_COUNT];
	int figures, unchecked;
	/* over the figures with a value on both sides: the median of their
	   ratios as times (a rate's inverted, so above 1 is slower in every
	   unit), 0 when there are none, and how many moved that way */
	int compared, alike;
	double typical;
};

/* The current figure matching a baseline one: same table and column (and
 * for a sweep the same module), in any of the current files; *in says
 * which. */
const struct rfigure *check_current_of(const struct rfigure *b, const struct rfile *cur,
				       int ncur, const struct rfile **in);
/* Rows for every baseline figure with a value; a baseline fail or "-"
 * has nothing to hold the current run to, so it is only counted. */
size_t check_rows(const struct rfile *base, const struct rfile *cur, int ncur,
		  struct check_row *rows, int *unchecked);
/* Judge rows[0..n-1]: p-values first, Holm over those that have one,
 * then each verdict (tol a fraction).  -1 when out of memory. */
int check_judge(const struct rfile *base, struct check_row *rows, size_t n, double tol);
/* The verdicts' tally and the typical move; -1 when out of memory. */
int check_count(const struct check_row *rows, size_t n, int unchecked, struct check_tally *t);
/* Whether t's typical move is machine-wide (see CHECK_SHIFT_*). */
int check_machine_wide(const struct check_tally *t);
/* format: "table", "json" or "junit". */
void check_report(FILE *out, const char *format, const struct rfile *base,
		  const struct check_row *rows, size_t n, const struct check_tally *t,
		  double tol_pct);

#endif
