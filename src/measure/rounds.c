/* The rounds run and ab share (see rounds.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "measure/rounds.h"
#include "sys/clock.h"

uint64_t order_random(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * UINT64_C(2685821657736338717);
}

void order_shuffle(size_t *v, size_t n, uint64_t *state)
{
	for (size_t i = n; i > 1; i--) {
		size_t k = (size_t)(order_random(state) % i);
		size_t t = v[i - 1];
		v[i - 1] = v[k];
		v[k] = t;
	}
}

/* The figures still sampling into order[], shuffled; how many. */
static size_t round_order(const struct rounds *r, size_t *order, uint64_t *rng)
{
	size_t k = 0;

	for (size_t i = 0; i < r->n; i++)
		if (r->active(r->arg, i))
			order[k++] = i;
	order_shuffle(order, k, rng);
	return k;
}

/* After a round: each figure that has what it needs taken out; how many
   go on. */
static size_t retire_done(const struct rounds *r)
{
	size_t left = 0;

	for (size_t i = 0; i < r->n; i++) {
		if (r->active(r->arg, i) && r->done(r->arg, i))
			r->retire(r->arg, i);
		left += r->active(r->arg, i) != 0;
	}
	return left;
}

/* Past the fewest rounds, a figure whose next round would end past the
   budget (costing what its last did) is done; the cheaper ones go on
   while theirs fit, so that the budget's last seconds go to the figures
   that can still use them. */
int rounds_run(const struct rounds *r, size_t *order)
{
	uint64_t rng = (uint64_t)clock_ns() ^ ((uint64_t)getpid() << 32) ^ 0x9e3779b97f4a7c15u;
	double budget_ns = r->budget_s * 1e9;

	for (int round = 1;; round++) {
		size_t k = round_order(r, order, &rng), left;
		for (size_t j = 0; j < k; j++) {
			double t0 = clock_ns();
			if (round > r->fewest && t0 - r->start_ns + r->took[order[j]] > budget_ns) {
				r->retire(r->arg, order[j]);
				continue;
			}
			if (r->step(r->arg, order[j], &rng) < 0)
				return -1;
			r->took[order[j]] = clock_ns() - t0;
		}
		left = retire_done(r);
		if (r->progress)
			r->progress(r->progress_arg, round, left);
		if (left == 0)
			return 0;
	}
}

int samples_append(double **a, size_t *n, size_t *cap, const double *v, size_t k)
{
	if (k == 0)
		return 0; /* nothing to copy, and *a may still be NULL */
	if (*n + k > *cap) {
		size_t c = (*cap ? *cap * 2 : 64) + k;
		double *p = realloc(*a, c * sizeof *p);
		if (!p)
			return -1;
		*a = p;
		*cap = c;
	}
	memcpy(*a + *n, v, k * sizeof *v);
	*n += k;
	return 0;
}

int samples_to_bandwidth(double *v, int n, double bytes_per_op)
{
	for (int i = 0; i < n; i++) {
		if (!(v[i] > 0))
			return -1;
		v[i] = bytes_per_op / v[i];
		if (!isfinite(v[i]))
			return -1;
	}
	return 0;
}
