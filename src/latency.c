/* One latency measurement, inside the measuring child: calibration,
 * warm-up, repetitions, overhead subtraction and rusage per op. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>

#include "harness.h"
#include "stats.h"

typedef int (*run_fn)(struct mod_ctx *, uint64_t);

#define MAX_REPS 1000
/* No sample needs more ops than this; it also bounds a module so fast that
   the clock cannot see it. */
#define MAX_N (UINT64_C(1) << 40)

struct usage {
	double wall_ns, cpu_us, vcsw, ivcsw;
};

static double timer_cost_ns;

static void measure_timer_cost(void)
{
	double best = 1e9;

	for (int i = 0; i < 1000; i++) {
		double a = clock_ns(), b = clock_ns();
		if (b - a < best)
			best = b - a;
	}
	timer_cost_ns = best;
}

/* What a module's loop costs when the operation is nothing. */
static int empty_run(struct mod_ctx *c, uint64_t n)
{
	volatile uint64_t sink = 0;

	(void)c;
	for (uint64_t i = 0; i < n; i++)
		sink = i;
	(void)sink;
	return 0;
}

static int sample(run_fn fn, struct mod_ctx *c, uint64_t n, double *ns)
{
	double t0 = clock_ns();
	int rc = fn(c, n);
	double t1 = clock_ns();

	*ns = t1 - t0 - timer_cost_ns;
	return rc;
}

/* Grow n until one sample lasts the target; the growing doubles as the
 * first part of the warm-up.  One slow sample (a first-touch page fault,
 * a preemption) must not fix n too small, so n follows the fastest
 * per-iteration time seen, and it takes three samples to settle. */
static int calibrate(run_fn fn, struct mod_ctx *c, double target_ns, uint64_t *n_out)
{
	uint64_t n = 1;
	double best = 0;

	for (int tries = 1;; tries++) {
		double t;
		if (sample(fn, c, n, &t) < 0)
			return -1;
		if (t > 0 && (best == 0 || t / (double)n < best))
			best = t / (double)n;
		if ((t >= target_ns && tries >= 3) || n >= MAX_N)
			break;
		double want = best > 0 ? target_ns / best * 1.05 : (double)n * 10;
		double lo = t >= target_ns ? (double)n : (double)n * 1.2 + 1;
		double hi = (double)n * 10;
		want = want < lo ? lo : want > hi ? hi : want;
		n = want < (double)MAX_N ? (uint64_t)want : MAX_N;
	}
	*n_out = n;
	return 0;
}

static void usage_now(int children, struct usage *u)
{
	struct rusage self, kids;

	memset(u, 0, sizeof *u);
	u->wall_ns = clock_ns();
	if (getrusage(RUSAGE_SELF, &self) < 0)
		return;
	if (!children || getrusage(RUSAGE_CHILDREN, &kids) < 0)
		memset(&kids, 0, sizeof kids);
	u->cpu_us = (double)(self.ru_utime.tv_sec + self.ru_stime.tv_sec +
			     kids.ru_utime.tv_sec + kids.ru_stime.tv_sec) * 1e6 +
		    (double)(self.ru_utime.tv_usec + self.ru_stime.tv_usec +
			     kids.ru_utime.tv_usec + kids.ru_stime.tv_usec);
	u->vcsw = (double)(self.ru_nvcsw + kids.ru_nvcsw);
	u->ivcsw = (double)(self.ru_nivcsw + kids.ru_nivcsw);
}

/* reps samples of n iterations, as microseconds per op. */
static int take_samples(run_fn fn, struct mod_ctx *c, uint64_t n, int reps, double *us)
{
	double ops = (double)n * c->ops_per_iter;

	for (int i = 0; i < reps; i++) {
		double ns;
		if (sample(fn, c, n, &ns) < 0)
			return -1;
		us[i] = ns / ops / 1000.0;
	}
	return 0;
}

/* Calibrate, warm up and sample fn; summary in microseconds per op. */
static int measure_fn(run_fn fn, int children, struct mod_ctx *c,
		      const struct run_opts *o, struct measurement *m, struct summary *sum,
		      struct usage *before, struct usage *after)
{
	double *us = calloc((size_t)o->reps, sizeof *us);
	uint64_t n;
	double warm;
	int rc = -1;

	if (!us)
		return -1;
	if (calibrate(fn, c, o->target_ms * 1e6, &n) == 0 &&
	    sample(fn, c, n, &warm) == 0) {
		usage_now(children, before);
		rc = take_samples(fn, c, n, o->reps, us);
		usage_now(children, after);
	}
	if (rc == 0) {
		m->n = n * c->ops_per_iter;
		stats_summarise(us, (size_t)o->reps, sum);
	}
	free(us);
	return rc;
}

static void fill_usage(struct measurement *m, const struct usage *a,
		       const struct usage *b, double ops)
{
	double wall_us = (b->wall_ns - a->wall_ns) / 1000.0;

	m->vcsw_per_op = (b->vcsw - a->vcsw) / ops;
	m->ivcsw_per_op = (b->ivcsw - a->ivcsw) / ops;
	m->cpu_pct = wall_us > 0 ? 100.0 * (b->cpu_us - a->cpu_us) / wall_us : 0;
}

static void fail_with(struct measurement *m, const char *reason)
{
	m->status = ST_FAIL;
	snprintf(m->reason, sizeof m->reason, "%s",
		 reason[0] ? reason : "module failed without a reason");
}

/* The module's operation minus what is not the operation: its own
 * baseline when it has one, else the bare loop. */
static void measure_module(const struct module *mod, struct mod_ctx *c,
			   const struct run_opts *o, struct measurement *m)
{
	struct summary op, base;
	struct usage a, b, ignored_a, ignored_b;
	struct mod_ctx empty = *c;
	int children = (mod->flags & MOD_CHILDREN) != 0;

	if (measure_fn(mod->run, children, c, o, m, &op, &a, &b) < 0)
		{
		fail_with(m, c->err);
		return;
	}
	uint64_t n = m->n;
	fill_usage(m, &a, &b, (double)n * o->reps);
	if (mod->baseline) {
		if (measure_fn(mod->baseline, 0, c, o, m, &base, &ignored_a, &ignored_b) < 0)
			{
		fail_with(m, c->err);
		return;
	}
	} else {
		empty.ops_per_iter = 1;
		if (measure_fn(empty_run, 0, &empty, o, m, &base, &ignored_a, &ignored_b) < 0)
			{
			fail_with(m, "timing the empty loop failed");
			return;
		}
	}
	m->n = n;
	m->reps = o->reps;
	m->median = op.median - base.median;
	/* the fastest sample may fall below the subtracted overhead; it is
	   then "no more than zero", never a negative time */
	m->min = op.min > base.median ? op.min - base.median : 0;
	m->max = op.max - base.median;
	m->cv_pct = op.cv_pct;
	m->noisy = op.cv_pct > NOISY_CV_PCT;
	if (m->median <= 0)
		fail_with(m, "below the resolution of the overhead subtraction");
}

void harness_latency(const struct subject *s, const struct run_opts *o,
		     struct measurement *m)
{
	const struct module *mod = s->mod;
	struct mod_ctx c;

	harness_ctx_init(&c, s, o);
	measure_timer_cost();
	if (mod->setup_shared && mod->setup_shared(&c) < 0)
		{
		fail_with(m, c.err);
		return;
	}
	if (!mod->setup || mod->setup(&c) == 0) {
		measure_module(mod, &c, o, m);
		if (mod->teardown)
			mod->teardown(&c);
	} else {
		fail_with(m, c.err);
	}
	if (mod->teardown_shared)
		mod->teardown_shared(&c);
}
