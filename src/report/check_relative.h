#ifndef OSBENCH_REPORT_CHECK_RELATIVE_H
#define OSBENCH_REPORT_CHECK_RELATIVE_H

#include "report/check_row.h"

/* The machine's move between the sides (current over baseline, as
 * times), the widest its runs moved within a side, and how well the
 * figures' sensitivity to the move beyond that is known (a standard
 * deviation: VERDICT_SLOPE_PRIOR_SD where their moves say nothing
 * better). */
struct check_machine {
	double move, span, across_sd;
};

/* Each run's factor, and every row's ratio against it (have_rel), where
 * the machine reference lines up on both sides or at least
 * CHECK_RUN_FIGURES figures tell the move; ref says what was made of the
 * reference.  added_us: the time every system call was told to have got
 * dearer (report/dearer.h; 0: none), which the factors are read without,
 * so that each figure's ratio against them keeps what it did to the
 * figure.  -1 when out of memory. */
int check_relative_runs(const struct rfile *base, struct check_row *rows, size_t n,
			double added_us, struct check_machine *mv, struct check_reference *ref);

/* The machine reference's move, current over baseline as a time (above 1:
 * the machine slower), where both files give it in two or more runs with
 * the same huge pages mode; else 0. */
double check_reference_move(const struct rfile *base, const struct rfile *cur);

#endif
