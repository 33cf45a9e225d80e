/* Whether a figure was measured on a CPU it had to itself: per round,
 * what the system says took the CPU away (see sys/contention.h), and per
 * figure, over its rounds, whether enough of them crossed a limit that
 * the figure cannot be trusted as this host's own.  A distorted figure
 * is printed and marked; ab never judges it, and check judges it only by
 * its runs' fastest samples, holding back the way the distortion goes. */
#ifndef OSBENCH_DISTORT_H
#define OSBENCH_DISTORT_H

#include <sys/types.h>

#include "harness.h"

/* A round is spoilt when its measuring process waited for its CPU more
 * than WAIT_LIMIT_PCT of the round, the hypervisor stole more than
 * STEAL_LIMIT_PCT of the CPU, the cgroup was throttled more than
 * THROTTLED_LIMIT_PCT of the round, or another osbench was pinned to the
 * same CPU; a figure is distorted when at least one round in
 * DISTORTED_ROUND_SHARE was. */
#define WAIT_LIMIT_PCT 40.0
#define STEAL_LIMIT_PCT 5.0
#define THROTTLED_LIMIT_PCT 1.0
#define DISTORTED_ROUND_SHARE 4

/* The system's counters at the start of a round, read by the parent. */
struct distort_probe {
	int cpu;              /* the CPU the round is pinned to, -1 free */
	double t0, steal0, total0, throttled0;
	int have_steal, have_throttled;
};

/* What one round lost; -1 where the system does not say. */
struct distort_round {
	double wait_pct, steal_pct, throttled_pct;
	char peer[64];        /* other osbench processes on the CPU, or "" */
	int turns;            /* the figure's processes took turns on its
	                         CPU: its wait is not counted against it */
};

/* A figure's rounds so far. */
struct distort_acc {
	double wait, steal, throttled;
	int nwait, nsteal, nthrottled;
	int spoilt, rounds;
	int spoilt_wait, spoilt_steal, spoilt_throttled; /* rounds past each limit */
	double worst_wait, worst_steal, worst_throttled;
	char peer[64];
};

void distort_begin(struct distort_probe *p, int cpu);
/* The round's parent-side share since distort_begin; wait_pct is the
 * child's own reading (-1 unknown). self: the run's own process, whose
 * descendants are not peers. */
void distort_end(const struct distort_probe *p, double wait_pct, pid_t self,
		 struct distort_round *out);
void distort_add(struct distort_acc *a, const struct distort_round *r);
/* The figure's averages and, when distorted, why. */
void distort_finish(const struct distort_acc *a, struct distortion *out);

#endif
