/* The latency tail, inside the measuring child: after a round's samples,
 * single operations are timed one by one (operations under TAIL_UNIT_NS
 * in the smallest batches the clock resolves), each unit between two
 * clock reads.  They are samples of their own: the figure's samples time
 * long runs of the operation and never pay for these clock reads.  A
 * module's prepare hook readies each unit off the clock, and its time
 * does not count against the tail's budget of half a sample. */
#include "measure/child.h"

/* A unit at least this long is timed alone; the clock's own cost (some
 * 20 ns) is then a few percent of it, and subtracted. */
#define TAIL_UNIT_NS 1000.0
/* Units a round takes at least, time permitting or not. */
#define TAIL_MIN_UNITS 8

static uint64_t iterations_per_unit(double iter_ns)
{
	if (iter_ns >= TAIL_UNIT_NS || iter_ns <= 0)
		return 1;
	return (uint64_t)(TAIL_UNIT_NS / iter_ns) + 1;
}

int tail_sample(const struct job *j, struct mod_ctx *c, struct child_report *r, double timer_cost_ns,
		double iter_ns, double base_ns_per_op)
{
	const struct module *mod = j->s->mod;
	uint64_t b = iterations_per_unit(iter_ns);
	double ops = (double)b * c->ops_per_iter;
	double budget_ns = j->o->target_ms * 1e6 / 2, spent = 0;
	int k = 0;

	while (k < CHILD_MAX_OPS && (k < TAIL_MIN_UNITS || spent < budget_ns)) {
		/* off the clock, as for every sample: files to delete, pages
		   to protect or drop */
		if (mod->prepare && mod->prepare(c, b) < 0)
			return -1;
		double t0 = clock_ns();
		if (mod->run(c, b) < 0)
			return -1;
		double t1 = clock_ns();
		spent += t1 - t0;
		double us = ((t1 - t0 - timer_cost_ns) / ops - base_ns_per_op) / 1000.0;
		r->ops[k++] = us > 0 ? us : 0;
		r->run_ops += ops;
	}
	r->nops = k;
	r->op_batch = (int)(ops < 1e9 ? ops : 1e9);
	return 0;
}
