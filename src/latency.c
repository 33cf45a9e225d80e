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

/* No sample needs more ops than this; it also bounds a module so fast that
   the clock cannot see it. */
#define MAX_N (UINT64_C(1) << 40)

struct usage {
	double wall_ns, cpu_us, vcsw, ivcsw;
};

static double timer_cost_ns;
/* Iterations of the module's own run() in this measurement, timed or not:
 * what its children's resource use is spread over. */
static run_fn counted_fn;
static uint64_t run_iters;

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

	if (fn == counted_fn)
		run_iters += n;

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

/* Resource use of this process (who = RUSAGE_SELF) or of every child it
 * has reaped so far (RUSAGE_CHILDREN). */
static void usage_now(int who, struct usage *u)
{
	struct rusage r;

	memset(u, 0, sizeof *u);
	u->wall_ns = clock_ns();
	if (getrusage(who, &r) < 0)
		return;
	u->cpu_us = (double)(r.ru_utime.tv_sec + r.ru_stime.tv_sec) * 1e6 +
		    (double)(r.ru_utime.tv_usec + r.ru_stime.tv_usec);
	u->vcsw = (double)r.ru_nvcsw;
	u->ivcsw = (double)r.ru_nivcsw;
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

/* Calibrate, warm up and sample fn; summary in microseconds per op, and
 * this process's own resource use over the samples. */
static int measure_fn(run_fn fn, struct mod_ctx *c, const struct run_opts *o,
		      uint64_t *n_out, struct summary *sum, struct usage *before,
		      struct usage *after)
{
	double *us = calloc((size_t)o->reps, sizeof *us);
	uint64_t n;
	double warm;
	int rc = -1;

	if (!us)
		return -1;
	if (calibrate(fn, c, o->target_ms * 1e6, &n) == 0 &&
	    sample(fn, c, n, &warm) == 0) {
		usage_now(RUSAGE_SELF, before);
		rc = take_samples(fn, c, n, o->reps, us);
		usage_now(RUSAGE_SELF, after);
	}
	if (rc == 0) {
		*n_out = n;
		stats_summarise(us, (size_t)o->reps, sum);
	}
	free(us);
	return rc;
}

/* This process's share; returns the wall time per op of the samples. */
static double fill_usage(struct measurement *m, const struct usage *a,
			 const struct usage *b, double ops)
{
	double wall_us = (b->wall_ns - a->wall_ns) / 1000.0;

	m->vcsw_per_op = (b->vcsw - a->vcsw) / ops;
	m->ivcsw_per_op = (b->ivcsw - a->ivcsw) / ops;
	m->cpu_pct = wall_us > 0 ? 100.0 * (b->cpu_us - a->cpu_us) / wall_us : 0;
	return wall_us / ops;
}

/* The children's share.  A module's helper processes (echo servers, the
 * ctx ring) are reaped only at teardown and forked children of fork/exec
 * as they go, so RUSAGE_CHILDREN is read around the whole measurement and
 * spread over every run() iteration it made; helpers sit blocked during
 * baselines, which therefore add nothing. */
static void add_children(struct measurement *m, const struct usage *a,
			 const struct usage *b, double ops, double wall_us_per_op)
{
	double cpu_per_op = (b->cpu_us - a->cpu_us) / ops;

	m->vcsw_per_op += (b->vcsw - a->vcsw) / ops;
	m->ivcsw_per_op += (b->ivcsw - a->ivcsw) / ops;
	if (wall_us_per_op > 0)
		m->cpu_pct += 100.0 * cpu_per_op / wall_us_per_op;
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
			   const struct run_opts *o, struct measurement *m,
			   double *wall_us_per_op)
{
	struct summary op, base;
	struct usage a, b, ignored_a, ignored_b;
	struct mod_ctx empty = *c;
	uint64_t n, base_n;

	if (measure_fn(mod->run, c, o, &n, &op, &a, &b) < 0) {
		fail_with(m, c->err);
		return;
	}
	*wall_us_per_op = fill_usage(m, &a, &b, (double)n * c->ops_per_iter * o->reps);
	empty.ops_per_iter = 1;
	if (mod->baseline ? measure_fn(mod->baseline, c, o, &base_n, &base, &ignored_a, &ignored_b)
			  : measure_fn(empty_run, &empty, o, &base_n, &base, &ignored_a, &ignored_b)) {
		fail_with(m, mod->baseline ? c->err : "timing the empty loop failed");
		return;
	}
	m->n = n * c->ops_per_iter;
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
	struct usage kids0, kids1;
	double wall_us_per_op = 0;

	harness_ctx_init(&c, s, o);
	measure_timer_cost();
	counted_fn = mod->run;
	run_iters = 0;
	usage_now(RUSAGE_CHILDREN, &kids0);
	if (mod->setup_shared && mod->setup_shared(&c) < 0) {
		fail_with(m, c.err);
		return;
	}
	if (!mod->setup || mod->setup(&c) == 0) {
		measure_module(mod, &c, o, m, &wall_us_per_op);
		if (mod->teardown)
			mod->teardown(&c);
	} else {
		fail_with(m, c.err);
	}
	if (mod->teardown_shared)
		mod->teardown_shared(&c);
	usage_now(RUSAGE_CHILDREN, &kids1);
	if (m->status == ST_OK && run_iters > 0)
		add_children(m, &kids0, &kids1, (double)run_iters * c.ops_per_iter,
			     wall_us_per_op);
}
