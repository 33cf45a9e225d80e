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

struct check_tally {
	int n[V_COUNT];
	int figures, unchecked;
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
void check_count(const struct check_row *rows, size_t n, int unchecked, struct check_tally *t);
/* format: "table", "json" or "junit". */
void check_report(FILE *out, const char *format, const struct rfile *base,
		  const struct check_row *rows, size_t n, const struct check_tally *t,
		  double tol_pct);

#endif
