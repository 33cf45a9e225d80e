/* How much dearer every system call got between a baseline and its
 * check, read from the pattern such a kernel leaves on the figures. */
#ifndef OSBENCH_REPORT_DEARER_H
#define OSBENCH_REPORT_DEARER_H

#include <stddef.h>

#include "report/check_row.h"

/* A kernel that adds a time t to every system call moves a figure whose
 * op makes n calls and cost c by 1 + n t / c, in proportion to n / c; a
 * mood of the machine moves the figures about alike.  So over the
 * figures whose module declares its calls (include/module.h), each
 * figure's move as measured is fitted as common * (1 + n t / c). */
struct dearer {
	int figures;     /* fitted over; 0: too few, or their n / c alike */
	double added_us; /* t, the time added to every call */
	double se_us;    /* its standard error */
	double common;   /* the move left common to all of them, as times */
	double null_us;  /* the baseline's null call, 0 where it has none */
};

/* The fewest figures a fit reads, and how many standard errors from 0 a
 * t must lie to be told (loaded A/A checks of this project's notes
 * reached 3.3, kernels 20 % of a null call dearer 6.9 and more). */
#define DEARER_FIGURES 6
#define DEARER_T 5.0

/* The fit over rows[0..n-1], counted once: 0, or -1 out of memory. */
int dearer_fit(const struct check_row *rows, size_t n, struct dearer *out);
/* Whether a fit tells a dearer (or cheaper) call from a mood. */
int dearer_told(const struct dearer *d);
/* What a call dearer by added_us moves row r by, as times: 1 + n t / c,
 * and 1 where its module declares no calls or r is a rate. */
double dearer_move_of(const struct check_row *r, double added_us);

#endif
