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

/* The fastest of several runs is the one the core ran at full clock.
 * Short runs (2 M adds, about a millisecond) are seldom cut by an
 * interrupt; they go on until the fastest has not improved for a few
 * runs in a row, so a core still raising its clock is timed once it has
 * got there, and one already there costs a few milliseconds, not the
 * twenty a fixed count took at every start. */
#define MHZ_ADDS_PER_RUN 40000 /* times LINK10 x 5: 2 M adds */
#define MHZ_STEADY_RUNS 4      /* without a faster one: done */
#define MHZ_MAX_RUNS 40        /* a clock that never settles: the best so far */
#define MHZ_GAIN 0.998         /* faster means 0.2 % faster at least */

double measure_mhz(void)
{
	double best = 0;
	int since_best = 0;

	for (int i = 0; i < MHZ_MAX_RUNS && since_best < MHZ_STEADY_RUNS; i++) {
		double ns = chain_ns(MHZ_ADDS_PER_RUN);
		if (ns > 0 && (best == 0 || ns < best * MHZ_GAIN)) {
			best = ns;
			since_best = 0;
		} else {
			if (ns > 0 && ns < best)
				best = ns;
			since_best++;
		}
	}
	return best > 0 ? (double)MHZ_ADDS_PER_RUN * 50 / best * 1000.0 : 0;
}
#else
double measure_mhz(void)
{
	return 0;
}
#endif
