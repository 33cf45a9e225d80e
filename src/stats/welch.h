/* Two samples of positive values compared on the log scale: the log of
 * the ratio of their geometric means, its standard error and degrees of
 * freedom from Welch's two variances (check's interval between runs). */
#ifndef OSBENCH_STATS_WELCH_H
#define OSBENCH_STATS_WELCH_H

#include <stddef.h>

/* Whose spread the error rests on. */
enum welch_spread {
	WELCH_NONE,    /* neither side has two values */
	WELCH_BASE,    /* one current value: the baseline's spread stands for both */
	WELCH_CURRENT, /* one baseline value: the current spread stands for both */
	WELCH_BOTH,    /* Welch: each side's own, Satterthwaite's degrees of freedom */
};

struct welch {
	double log_base, log_cur; /* the mean of each side's logs */
	double se, df;            /* of log_cur - log_base; 0, 0 with no spread */
	enum welch_spread spread;
};

/* base[0..nb-1] against cur[0..nc-1], every value > 0, nb and nc >= 1. */
void welch_log_ratio(const double *base, size_t nb, const double *cur, size_t nc,
		     struct welch *out);

#endif
