/* ab's judgement of each figure and its report: table, long, json or
 * JUnit XML. */
#ifndef OSBENCH_REPORT_AB_H
#define OSBENCH_REPORT_AB_H

#include <stdio.h>

#include "measure/abrounds.h"
#include "report/paired.h"
#include "results/writer.h"

struct ab_row {
	const struct record *rec;  /* table, column, module, params, unit */
	const struct ab_figure *f;
	struct paired_ratio r;     /* r.n 0: no pairs to compare */
	double value[2];           /* A's and B's cells: r.a and r.b when there
	                              are pairs; NAN or 0: none to print */
	double p_adj;              /* -1: none */
	enum ab_verdict v;
	char why[256];             /* why there is no ratio or verdict, or "" */
	int distorted;             /* a side's rounds lost their CPU: why says */
};

struct ab_tally {
	int n[AB_COUNT];
	int figures;
};

/* What the report says besides the rows. */
struct ab_context {
	const struct host_info *host;
	const struct ab_side *sides; /* [2] */
	double tol_pct;
};

/* rows[i] for figure f[i] under rec[i]: the paired ratio, Holm over the
 * figures' p, the verdicts and their tally.  -1 when out of memory. */
int ab_judge(const struct record *rec, const struct ab_figure *f, struct ab_row *rows,
	     size_t n, double tol, struct ab_tally *t);
/* format: table, long, json or junit. */
void ab_report(FILE *out, const char *format, const struct ab_context *c,
	       const struct ab_row *rows, size_t n, const struct ab_tally *t);

#endif
