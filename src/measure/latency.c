/* One round of a latency figure, inside the measuring child: calibration
 * (first round only), a warm-up, then samples of the module's operation
 * interleaved with samples of what is not the operation (the module's
 * baseline, else the bare loop), whose median is subtracted per op.  A
 * module's prepare hook makes each run() sample ready, off the clock; a
 * module whose every op is a page fault (MOD_FAULTS) has its faults
 * counted, and a figure whose ops did not fault is a failure. */
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>

#include "measure/child.h"
#include "stats/overhead.h"
#include "stats/stats.h"
#include "sys/utf8.h"

typedef int (*run_fn)(struct mod_ctx *, uint64_t);

/* No sample needs more ops than this; it also bounds a module so fast that
   the clock cannot see it. */
#define MAX_N (UINT64_C(1) << 40)

/* A MOD_FAULTS figure whose op samples took fewer faults per op than this
   did not time page faults. */
#define MIN_FAULTS_PER_OP 0.5

/* One round's state, passed through the worker's lifecycle. */
struct round {
	const struct job *j;
	struct child_report *r;
	double *samples;
	double timer_cost_ns;
	struct usage used;    /* this process's, summed over the op samples */
	double op_wall_ns;    /* the op samples' time, summed */
	double prep_ns;       /* the last sample's prepare hook took this long */
};

static double measure_timer_cost(void)
{
	double best = 1e9;

	for (int i = 0; i < 1000; i++) {
		double a = clock_ns(), b = clock_ns();
		if (b - a < best)
			best = b - a;
	}
	return best;
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

/* n iterations of fn: nanoseconds in *ns, and this process's resource use
 * around them added to *used when it is not NULL.  The module's own run()
 * is made ready by its prepare hook first, outside the clock and outside
 * *used, and its ops are what the resource use of the module's child
 * processes is spread over. */
static int sample(struct round *rd, run_fn fn, struct mod_ctx *c, uint64_t n, double *ns,
		  struct usage *used)
{
	const struct module *m = rd->j->s->mod;
	int is_run = fn == m->run;
	struct usage a, b;
	double t0, t1;
	int rc;

	rd->prep_ns = 0;
	if (is_run && m->prepare) {
		double p0 = clock_ns();
		if (m->prepare(c, n) < 0)
			return -1;
		rd->prep_ns = clock_ns() - p0;
	}
	if (used)
		usage_of(RUSAGE_SELF, &a);
	t0 = clock_ns();
	rc = fn(c, n);
	t1 = clock_ns();
	if (used) {
		usage_of(RUSAGE_SELF, &b);
		used->cpu_us += b.cpu_us - a.cpu_us;
		used->vcsw += b.vcsw - a.vcsw;
		used->ivcsw += b.ivcsw - a.ivcsw;
		used->faults += b.faults - a.faults;
		used->failed |= a.failed | b.failed;
	}
	if (is_run)
		rd->r->run_ops += (double)n * c->ops_per_iter;
	*ns = t1 - t0 - rd->timer_cost_ns;
	return rc;
}

/* Grow n until one sample lasts the target; the growing doubles as the
 * first part of the warm-up.  One slow sample (a first-touch page fault,
 * a preemption) must not fix n too small, so n follows the fastest
 * per-iteration time seen, and it takes three samples to settle.  A
 * sample's length includes its preparation: where making n ops ready
 * costs far more than the ops (fsdelete creating its files on a file
 * system slow to allocate inodes), the samples are shorter, and the run's
 * budget is not spent preparing. */
static int calibrate(struct round *rd, run_fn fn, struct mod_ctx *c, double target_ns,
		     uint64_t *n_out)
{
	double best = 0;
	uint64_t n = 1;

	for (int tries = 1;; tries++) {
		double t;
		if (sample(rd, fn, c, n, &t, NULL) < 0)
			return -1;
		t += rd->prep_ns;
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

/* One op sample, with this process's resource use around it. */
static int op_sample(struct round *rd, struct mod_ctx *c, uint64_t n, double *ns)
{
	int rc = sample(rd, rd->j->s->mod->run, c, n, ns, &rd->used);

	rd->op_wall_ns += *ns;
	return rc;
}

static void fail_with(struct child_report *r, const char *reason)
{
	r->status = ST_FAIL;
	utf8_printf(r->reason, sizeof r->reason, "%s",
		    reason[0] ? reason : "module failed without a reason");
}

/* One run() iteration's time in the op samples (their median). */
static double iteration_ns(const double *op_ns, int k, uint64_t n)
{
	double sorted[CHILD_MAX_SAMPLES];

	for (int i = 0; i < k; i++)
		sorted[i] = op_ns[i];
	stats_sort(sorted, (size_t)k);
	return stats_quantile(sorted, (size_t)k, 0.5) / (double)n;
}

static void report_usage(struct round *rd, struct mod_ctx *c, int k)
{
	struct child_report *r = rd->r;
	double ops = (double)r->n * c->ops_per_iter * k;
	double wall_us = rd->op_wall_ns / 1000.0;

	r->wall_us_per_op = wall_us / ops;
	if (rd->used.failed || !(wall_us > 0)) {
		r->vcsw_per_op = r->ivcsw_per_op = r->cpu_pct = USAGE_UNKNOWN;
		return;
	}
	r->vcsw_per_op = rd->used.vcsw / ops;
	r->ivcsw_per_op = rd->used.ivcsw / ops;
	r->cpu_pct = 100.0 * rd->used.cpu_us / wall_us;
}

/* A MOD_FAULTS figure stands only if its op samples faulted, about once
 * an op or as often as the module says its op faults: otherwise the
 * module timed touches of pages that were still mapped, not faults. */
static void check_faults(struct round *rd, struct mod_ctx *c, int k)
{
	struct child_report *r = rd->r;
	double per_op = rd->used.faults / ((double)r->n * c->ops_per_iter * k);
	double least = rd->j->s->mod->min_faults_per_op;

	if (per_op < (least > 0 ? least : MIN_FAULTS_PER_OP)) {
		r->status = ST_FAIL;
		utf8_printf(r->reason, sizeof r->reason,
			    "%.2f page faults per op: pages were not dropped", per_op);
	}
}

/* What one op of a bandwidth module moves, as its setup said. */
static int take_bytes(struct round *rd, struct mod_ctx *c)
{
	if (!(rd->j->s->mod->flags & MOD_BANDWIDTH))
		return 0;
	if (!(c->bytes_per_op > 0)) {
		fail_with(rd->r, "bandwidth module set no bytes per op");
		return -1;
	}
	rd->r->bytes_per_op = c->bytes_per_op;
	return 0;
}

static void latency_measure(void *arg, struct mod_ctx *c, int setup_ok)
{
	struct round *rd = arg;
	const struct job *j = rd->j;
	struct child_report *r = rd->r;
	int own_baseline = j->s->mod->baseline != NULL;
	run_fn base_fn = own_baseline ? j->s->mod->baseline : empty_run;
	double op_ns[CHILD_MAX_SAMPLES], base_ns[CHILD_MAX_SAMPLES], warm;
	double target_ns = j->o->target_ms * 1e6;
	int k = j->o->samples, nbase = 0;

	if (!setup_ok) {
		fail_with(r, c->err);
		return;
	}
	if (take_bytes(rd, c) < 0)
		return;
	r->n = j->n;
	r->base_n = j->base_n;
	/* the bare loop is the same few instructions whatever happens: a
	   tenth of a sample pins its cost down as well */
	if (j->calibrate && (calibrate(rd, j->s->mod->run, c, target_ns, &r->n) < 0 ||
			     calibrate(rd, base_fn, c, own_baseline ? target_ns : target_ns / 10,
				       &r->base_n) < 0)) {
		fail_with(r, c->err);
		return;
	}
	if (sample(rd, j->s->mod->run, c, r->n, &warm, NULL) < 0 ||
	    sample(rd, base_fn, c, r->base_n, &warm, NULL) < 0) {
		fail_with(r, c->err);
		return;
	}
	/* interleaved, so that a slow spell of the machine weighs on both;
	   the bare loop costs a fraction of a nanosecond per op and one
	   sample of it per round is plenty */
	for (int i = 0; i < k; i++)
		if (op_sample(rd, c, r->n, &op_ns[i]) < 0 ||
		    ((i == 0 || own_baseline) &&
		     sample(rd, base_fn, c, r->base_n, &base_ns[nbase++], NULL) < 0)) {
			fail_with(r, c->err);
			return;
		}
	r->ops_per_iter = c->ops_per_iter;
	for (int i = 0; c->test_slow_base && i + 1 < nbase; i++)
		base_ns[i] *= 50;
	double base_per_op = overhead_subtract(op_ns, k, (double)r->n * c->ops_per_iter, base_ns,
					       nbase,
					       (double)r->base_n *
						       (own_baseline ? c->ops_per_iter : 1),
					       rd->samples);
	r->nsamples = k;
	report_usage(rd, c, k);
	if (j->s->mod->flags & MOD_FAULTS)
		check_faults(rd, c, k);
	/* a bandwidth is the rate of long transfers: it has no tail */
	if (r->status == ST_OK && !(j->s->mod->flags & MOD_BANDWIDTH) && !j->no_tail &&
	    tail_sample(j, c, r, rd->timer_cost_ns, iteration_ns(op_ns, k, r->n),
			base_per_op) < 0)
		fail_with(r, c->err);
}

void latency_body(const struct job *j, struct mod_ctx *base, struct child_report *r,
		  double *samples)
{
	struct round rd = { .j = j, .r = r, .samples = samples,
			    .timer_cost_ns = measure_timer_cost() };

	worker_lifecycle(j->s->mod, base, latency_measure, &rd);
}
