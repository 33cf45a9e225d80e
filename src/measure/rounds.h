/* What run's and ab's rounds share: the loop over rounds, each in a new
 * random order of the figures still sampling, until each has what it
 * needs or the budget is spent; the order itself; and the growing arrays
 * of samples the rounds gather. */
#ifndef OSBENCH_ROUNDS_H
#define OSBENCH_ROUNDS_H

#include <stddef.h>
#include <stdint.h>

#include "harness.h"

/* The next number of the generator whose state is *state (never 0).
 * Each round's order must differ from the last, not be unguessable:
 * xorshift64* is enough. */
uint64_t order_random(uint64_t *state);

/* v[0..n-1] in a new random order (Fisher-Yates). */
void order_shuffle(size_t *v, size_t n, uint64_t *state);

/* What a loop of rounds does with its n figures, each told by index:
 * whether one is still sampling, one round of it (-1 when interrupted;
 * rng, the round's generator, for an order within the round), whether
 * it has what it needs after a round, and taking it out. */
struct rounds {
	size_t n;
	void *arg;
	int (*active)(void *arg, size_t i);
	int (*step)(void *arg, size_t i, uint64_t *rng);
	int (*done)(void *arg, size_t i);
	void (*retire)(void *arg, size_t i);
	/* the rounds run whatever the budget, and where the budget counts
	   from (clock_ns) */
	int fewest;
	double budget_s, start_ns;
	/* room for n: each figure's last round, in ns, which its next is
	   taken to cost */
	double *took;
	progress_fn progress;
	void *progress_arg;
};

/* Every round: the figures still sampling, in a new order; past the
 * fewest rounds, a figure's round that would end past the budget (it
 * costing what its last did) does not start, and that figure is done,
 * while the others go on as long as their rounds fit.  order has room
 * for n.  -1 when interrupted. */
int rounds_run(const struct rounds *r, size_t *order);

/* Append v[0..k-1] to the growing array *a (*n used, *cap allocated);
 * -1 when out of memory. */
int samples_append(double **a, size_t *n, size_t *cap, const double *v, size_t k);

/* A bandwidth module's samples, microseconds per op, as MB/s: bytes per
 * microsecond are megabytes (10^6 bytes) per second.  -1 for a sample
 * the clock could not see. */
int samples_to_bandwidth(double *v, int n, double bytes_per_op);

#endif
