/* The CPU clock, timed two ways that must agree: two chains of dependent
 * instructions of different kinds whose latencies every core of the
 * architecture shares and none folds.  On x86-64: adds of two registers
 * (one cycle each) and multiplies (three cycles each on every x86-64 core
 * since 2006).  Elsewhere (arm64): adds of a constant and adds of two
 * registers, one cycle each.  Adds of a constant are not timed on x86-64:
 * Intel's cores since Golden Cove fold a chain of them in the renamer,
 * several a cycle (on such a Xeon a chain of them read 17.6 GHz where the
 * multiplies read 3.0).  A core that runs a chain faster than its known
 * latency, or a virtual machine whose clock source or steal distorts a
 * short timing, makes the two disagree, and then the clock is not told
 * rather than told wrong. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/mhz.h"
#include "sys/clock.h"
#include "sys/utf8.h"

#if defined(__GNUC__)
/* The links of the chains, each needing the last one's result: an add
 * of a constant; an add of k, which is 1 but which the compiler may not
 * know, so an add of two registers (a core that folds adds of a constant
 * has nothing to fold there, and every core adds two registers in one
 * cycle); a multiply by k, 3. */
#define ADD_CONST(x, k) ((x) += 1)
#define ADD_REG(x, k) ((x) += (k))
#define MUL_REG(x, k) ((x) *= (k))
/* The empty asm keeps the compiler from folding the chain. */
#define LINK(op, x, k) do { op(x, k); __asm__ volatile("" : "+r"(x)); } while (0)
#define LINK10(op, x, k) do { LINK(op, x, k); LINK(op, x, k); LINK(op, x, k); LINK(op, x, k); \
			      LINK(op, x, k); LINK(op, x, k); LINK(op, x, k); LINK(op, x, k); \
			      LINK(op, x, k); LINK(op, x, k); } while (0)

/* name(rounds): the ns that rounds x 50 links of op take, k hidden from
   the compiler (not a constant it may use). */
#define TIMED_CHAIN(name, op, x0, k0)                                          \
	static double name(uint64_t rounds)                                    \
	{                                                                      \
		uint64_t x = (x0), k = (k0);                                   \
		double t0;                                                     \
                                                                               \
		__asm__ volatile("" : "+r"(k));                                \
		t0 = clock_ns();                                               \
		for (uint64_t i = 0; i < rounds; i++) {                        \
			LINK10(op, x, k);                                      \
			LINK10(op, x, k);                                      \
			LINK10(op, x, k);                                      \
			LINK10(op, x, k);                                      \
			LINK10(op, x, k);                                      \
		}                                                              \
		return clock_ns() - t0;                                        \
	}

TIMED_CHAIN(add_chain_ns, ADD_CONST, 0, 1)
TIMED_CHAIN(reg_chain_ns, ADD_REG, 0, 1)
#if defined(__x86_64__)
/* imul's latency is 3 cycles on Intel since Core 2 and on AMD since K8,
 * and no core folds it. */
#define MUL_CYCLES 3
TIMED_CHAIN(mul_chain_ns, MUL_REG, 1, 3)
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

/* The two chains of this architecture.  The tests' faults "mhz:regadds"
 * and "mhz:regadds-disagree" take the pair of other architectures (arm64)
 * on x86-64 too. */
struct chain {
	double (*ns)(uint64_t rounds);
	int cycles;
	const char *name;
};

struct chain_pair {
	struct chain one, two;
};

static struct chain_pair chain_pair(void)
{
	const char *fault = getenv("OSBENCH_TEST_FAULT");
	const struct chain reg_adds = { .ns = reg_chain_ns, .cycles = 1, .name = "register adds" };

#if defined(__x86_64__)
	if (!fault || strncmp(fault, "mhz:regadds", 11) != 0)
		return (struct chain_pair){
			.one = reg_adds,
			.two = { .ns = mul_chain_ns, .cycles = MUL_CYCLES, .name = "multiplies" },
		};
#endif
	(void)fault;
	return (struct chain_pair){
		.one = { .ns = add_chain_ns, .cycles = 1, .name = "constant adds" },
		.two = reg_adds,
	};
}

/* A busy host can slow one chain's every run of a reading (a neighbour
   that shares the core for a second): the reading is taken again, up to
   MHZ_TRIES times, before the chains are said to disagree. */
#define MHZ_TRIES 3

/* One reading of both chains: 0 where they agree, -1 with why. */
static int read_both(const struct chain_pair *pair, struct mhz_reading *out)
{
	double one = mhz_of(fastest_ns(pair->one.ns), pair->one.cycles);
	double two = mhz_of(fastest_ns(pair->two.ns), pair->two.cycles);
	const char *fault = getenv("OSBENCH_TEST_FAULT");

	/* the tests' stand-in for a core that runs a chain faster than its
	   known latency (OSBENCH_TEST_FAULT=mhz:disagree, mhz:regadds-disagree) */
	if (fault && strncmp(fault, "mhz:", 4) == 0 && strstr(fault, "disagree"))
		two *= 2;
	double hi = one > two ? one : two, lo = one > two ? two : one;

	if (!(lo > 0) || hi > lo * (1 + MHZ_AGREE)) {
		*out = (struct mhz_reading){ .mhz = 0 };
		utf8_printf(out->why, sizeof out->why,
			    "the timed chains disagree: %s %.0f MHz, %s %.0f MHz", pair->one.name,
			    one, pair->two.name, two);
		return -1;
	}
	*out = (struct mhz_reading){ .mhz = (one + two) / 2 };
	return 0;
}

void measure_mhz(struct mhz_reading *out)
{
	struct chain_pair pair = chain_pair();

	for (int i = 0; i < MHZ_TRIES; i++)
		if (read_both(&pair, out) == 0)
			return;
}
#else
void measure_mhz(struct mhz_reading *out)
{
	*out = (struct mhz_reading){ .mhz = 0 };
}
#endif
