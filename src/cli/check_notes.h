/* check's notes on the machine's move between the sides (stderr). */
#ifndef OSBENCH_CLI_CHECK_NOTES_H
#define OSBENCH_CLI_CHECK_NOTES_H

#include "report/check.h"
#include "report/check_row.h"
#include "report/dearer.h"

/* Where every figure moved alike, what that may be and how the verdicts
 * took it; where figures are unclear only for the machine's move, what
 * would tell.  reference: the machine reference's move (0: not measured
 * on both sides), which the verdicts read where used->used says so; and
 * where the figures moved in the pattern a dearer system call leaves, by
 * how much each call got dearer (d). */
void check_notes(const struct check_move *m, const struct check_opts *o, double reference,
		 const struct check_reference *used, const struct check_tally *t,
		 const struct dearer *d);

#endif
