/* What run would measure for a command line's names, for ab to measure
 * the same figures on two sides. */
#ifndef OSBENCH_RUNPLAN_H
#define OSBENCH_RUNPLAN_H

#include <stddef.h>

#include "cli/session.h"

/* scale's levels when none are given (seed 000's), and the only ones
 * check measures again from a baseline: a file must not choose how many
 * threads or processes this host starts. */
#define SCALE_DEFAULT_LEVELS 1, 2, 5, 10, 20, 35, 50

/* Every figure the names ask for, once (ctx 2p/0K is in two tables), in
 * the order run prints them, each record under the first table it is in:
 * *subj and *rec point to n of them (static storage, until the next
 * call).  -1 after saying why (an unknown name). */
int run_plan_figures(const struct args *a, const struct session *s,
		     const struct subject **subj, struct record **rec, size_t *n);

#endif
