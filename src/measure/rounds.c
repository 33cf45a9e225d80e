/* The random order of a round (see order.h). */
#include "measure/order.h"

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
