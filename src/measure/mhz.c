/* The CPU clock, timed two ways that must agree: a chain of dependent
 * adds (one cycle each) and, on x86-64, a chain of dependent multiplies
 * (three cycles each on every x86-64 core since 2006).  A core that
 * folds or eliminates adds, or a virtual machine whose clock source or
 * steal distorts a short timing, makes the two disagree, and then the
 * clock is not told rather than told wrong. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/mhz.h"
#include "sys/clock.h"
#include "sys/utf8.h"

#if defined(__GNUC__)
/* One link of a dependent chain: an add whose result the next add needs.
 * The empty asm keeps the compiler from folding the chain. */
#define LINK(x) do { (x) += 1; __asm__ volatile("" : "+r"(x)); } while (0)
#define LINK10(x) do { LINK(x); LINK(x); LINK(x); LINK(x); LINK(x); \
		       LINK(x); LINK(x); LINK(x); LINK(x); LINK(x); } while (0)

static double add_chain_ns(uint64_t rounds)
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

#if defined(__x86_64__)
/* A multiply whose result the next one needs: imul's latency is 3 cycles
 * on Intel since Core 2 and on AMD since K8, and no core folds it. */
#define MUL_CYCLES 3
#define MLINK(x, k) do { (x) *= (k); __asm__ volatile("" : "+r"(x)); } while (0)
#define MLINK10(x, k) do { MLINK(x, k); MLINK(x, k); MLINK(x, k); MLINK(x, k); MLINK(x, k); \
			   MLINK(x, k); MLINK(x, k); MLINK(x, k); MLINK(x, k); MLINK(x, k); } while (0)

static double mul_chain_ns(uint64_t rounds)
{
	uint64_t x = 1, k = 3;
	double t0;

	__asm__ volatile("" : "+r"(k)); /* not a constant the compiler may use */
	t0 = clock_ns();
	for (uint64_t i = 0; i < rounds; i++) {
		MLINK10(x, k);
		MLINK10(x, k);
		MLINK10(x, k);
		MLINK10(x, k);
		MLINK10(x, k);
	}
	return clock_ns() - t0;
}
#endif

/* The fastest of several runs is the one the core ran at full clock.
 * Short runs (2 M links) are seldom cut by an interrupt; they go on until
 * the fastest has not improved for a few runs in a row, so a core still
 * raising its clock is timed once it has got there. */
#define MHZ_LINKS_PER_RUN 40000 /* times LINK10 x 5: 2 M links */
#define MHZ_STEADY_RUNS 4       /* without a faster one: done */
#define MHZ_MAX_RUNS 40         /* a clock that never settles: the best so far */
#define MHZ_GAIN 0.998          /* faster means 0.2 % faster at least */
/* The two chains agree when within this share of each other. */
#define MHZ_AGREE 0.05

static double fastest_ns(double (*chain)(uint64_t))
{
	double best = 0;
	int since_best = 0;

	for (int i = 0; i < MHZ_MAX_RUNS && since_best < MHZ_STEADY_RUNS; i++) {
		double ns = chain(MHZ_LINKS_PER_RUN);
		if (ns > 0 && (best == 0 || ns < best * MHZ_GAIN)) {
			best = ns;
			since_best = 0;
		} else {
			if (ns > 0 && ns < best)
				best = ns;
			since_best++;
		}
	}
	return best;
}

static double mhz_of(double ns, int cycles_per_link)
{
	return ns > 0 ? (double)MHZ_LINKS_PER_RUN * 50 * cycles_per_link / ns * 1000.0 : 0;
}

#if defined(__x86_64__)
/* A busy host can slow one chain's every run of a reading (a neighbour
   that shares the core for a second): the reading is taken again, up to
   MHZ_TRIES times, before the chains are said to disagree. */
#define MHZ_TRIES 3

/* One reading of both chains: 0 where they agree, -1 with why. */
static int read_both(struct mhz_reading *out)
{
	double adds = mhz_of(fastest_ns(add_chain_ns), 1);
	double muls = mhz_of(fastest_ns(mul_chain_ns), MUL_CYCLES);
	const char *fault = getenv("OSBENCH_TEST_FAULT");

	/* the tests' stand-in for a core that runs a chain faster than its
	   known latency (OSBENCH_TEST_FAULT=mhz:disagree) */
	if (fault && strcmp(fault, "mhz:disagree") == 0)
		muls *= 2;
	double hi = adds > muls ? adds : muls, lo = adds > muls ? muls : adds;

	if (!(lo > 0) || hi > lo * (1 + MHZ_AGREE)) {
		*out = (struct mhz_reading){ .mhz = 0 };
		utf8_printf(out->why, sizeof out->why,
			    "the timed chains disagree: adds %.0f MHz, multiplies %.0f MHz", adds,
			    muls);
		return -1;
	}
	*out = (struct mhz_reading){ .mhz = (adds + muls) / 2 };
	return 0;
}

void measure_mhz(struct mhz_reading *out)
{
	for (int i = 0; i < MHZ_TRIES; i++)
		if (read_both(out) == 0)
			return;
}
#else
void measure_mhz(struct mhz_reading *out)
{
	*out = (struct mhz_reading){ .mhz = mhz_of(fastest_ns(add_chain_ns), 1) };
}
#endif
#else
void measure_mhz(struct mhz_reading *out)
{
	*out = (struct mhz_reading){ .mhz = 0 };
}
#endif
