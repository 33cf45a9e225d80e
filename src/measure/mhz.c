/* The CPU clock, timed: a chain of dependent adds, one cycle each. */
#include <stdint.h>

#include "measure/mhz.h"
#include "sys/clock.h"

#if defined(__GNUC__)
/* One link of a dependent chain: an add whose result the next add needs.
 * The empty asm keeps the compiler from folding the chain, so each link
 * costs one cycle on every core of the last twenty years. */
#define LINK(x) do { (x) += 1; __asm__ volatile("" : "+r"(x)); } while (0)
#define LINK10(x) do { LINK(x); LINK(x); LINK(x); LINK(x); LINK(x); \
		       LINK(x); LINK(x); LINK(x); LINK(x); LINK(x); } while (0)

static double chain_ns(uint64_t rounds)
{
	uint64_t x = 0;
	double t0 = clock_ns();

	for (uint64_t i = 0; i < rounds; i++) {
		LINK10(x);
		LINK10(x);
		LINK10(x);
		LINK10(x);
		LINK10(x);
	}
	return clock_ns() - t0;
}

/* The fastest of several runs is the one the core ran at full clock. */
double measure_mhz(void)
{
	const uint64_t rounds = 200000; /* 10 M adds: a few ms */
	double best = 0;

	for (int i = 0; i < 7; i++) {
		double ns = chain_ns(rounds);
		if (ns > 0 && (best == 0 || ns < best))
			best = ns;
	}
	return best > 0 ? (double)rounds * 50 / best * 1000.0 : 0;
}
#else
double measure_mhz(void)
{
	return 0;
}
#endif
