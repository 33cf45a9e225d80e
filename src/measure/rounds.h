/* The random order of a round: which figure goes first, and in ab which
 * side.  Each round's order must differ from the last, not be
 * unguessable: xorshift64* is enough. */
#ifndef OSBENCH_ORDER_H
#define OSBENCH_ORDER_H

#include <stddef.h>
#include <stdint.h>

/* The next number of the generator whose state is *state (never 0). */
uint64_t order_random(uint64_t *state);

/* v[0..n-1] in a new random order (Fisher-Yates). */
void order_shuffle(size_t *v, size_t n, uint64_t *state);

#endif
