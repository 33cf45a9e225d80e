/* The rounds loop run and ab share: past the fewest rounds, a figure's
 * round that would end past the budget, costing what its last did, does
 * not start, and the figures whose rounds still fit go on. */
#include "measure/rounds.h"
#include "sys/clock.h"
#include "unit.h"

struct spin_figures {
	double spin_ns[2]; /* how long each figure's round lasts */
	int steps[2];      /* rounds each figure took */
	int retired[2];
};

static int spin_active(void *arg, size_t i)
{
	return !((struct spin_figures *)arg)->retired[i];
}

/* a round of figure i: its spin_ns of the clock going by */
static int spin_step(void *arg, size_t i, uint64_t *rng)
{
	struct spin_figures *f = arg;
	double end = clock_ns() + f->spin_ns[i];

	(void)rng;
	while (clock_ns() < end)
		;
	f->steps[i]++;
	return 0;
}

static int never_done(void *arg, size_t i)
{
	(void)arg;
	(void)i;
	return 0;
}

static void retire(void *arg, size_t i)
{
	((struct spin_figures *)arg)->retired[i] = 1;
}

UNIT_TEST(test_rounds)
{
	/* a 30 ms figure and a 5 ms one in a 50 ms budget: after the first
	   round (35 ms at least), the dear one's second would end past the
	   budget; the cheap one's may still fit */
	struct spin_figures f = { .spin_ns = { 30e6, 5e6 } };
	size_t order[2];
	double took[2] = { 0, 0 };
	struct rounds r = { .n = 2, .arg = &f, .active = spin_active, .step = spin_step,
			    .done = never_done, .retire = retire, .fewest = 1,
			    .budget_s = 0.05, .start_ns = clock_ns(), .took = took };

	CHECK("rounds: the loop ends by its budget", rounds_run(&r, order) == 0);
	CHECK("rounds: a round that would end past the budget is not started",
	      f.steps[0] == 1);
	CHECK("rounds: each figure's round is timed for the next",
	      took[0] >= 30e6 && took[1] >= 5e6);

	/* a 60 ms figure and a 2 ms one in 100 ms: the dear one is done after
	   its first round, and the cheap one goes on in what is left */
	struct spin_figures g = { .spin_ns = { 60e6, 2e6 } };
	double took2[2] = { 0, 0 };
	r.arg = &g;
	r.took = took2;
	r.budget_s = 0.1;
	r.start_ns = clock_ns();
	CHECK("rounds: the loop ends by its budget, one figure done before the other",
	      rounds_run(&r, order) == 0);
	CHECK("rounds: a cheap figure goes on while its rounds fit",
	      g.steps[0] == 1 && g.steps[1] >= 4);
}
