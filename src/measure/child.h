/* Inside one measuring child: what the parent asks of it, what it sends
 * back, and the pieces the child is built from.
 *
 *   harness.c   (parent) rounds, random order, stopping, the watchdog
 *   lifecycle.c (child)  placement, setup_shared, the body, teardown_shared,
 *                        the helpers' resource use; the report
 *   latency.c, sweep.c   the two bodies: samples of one figure
 *   worker.c             one worker's setup, measure, teardown
 *
 * Each layer calls only the ones below it. */
#ifndef OSBENCH_CHILD_H
#define OSBENCH_CHILD_H

#include <stdint.h>

#include "sys/clock.h"
#include "harness.h"
#include "module.h"

/* One round of one figure. */
struct job {
	const struct subject *s;
	const struct run_opts *o;
	int calibrate;        /* the first round: find n and base_n */
	uint64_t n, base_n;   /* iterations per sample, from calibration */
	int no_tail;          /* take no single-op times (ab reports none) */
};

/* The most samples one child takes (a round is short by design). */
#define CHILD_MAX_SAMPLES 64
/* The most single-op times one child takes for the tail. */
#define CHILD_MAX_OPS 256

/* What the child writes to the parent, followed by nsamples doubles. */
struct child_report {
	enum status status;
	char reason[256];
	uint64_t n, base_n;   /* as calibrated (or as given) */
	unsigned ops_per_iter;
	int nsamples;
	/* this process's share while sampling, per op */
	double vcsw_per_op, ivcsw_per_op, cpu_pct;
	double wall_us_per_op;
	/* the share of the round this process spent runnable but waiting
	   for its CPU; -1 unknown (and for a sweep, whose workers run
	   without it) */
	double wait_pct;
	/* every op the module's own run() made in this child, timed or not:
	   what its helper processes' resource use is spread over; 0 when the
	   body counted the helpers itself */
	double run_ops;
	/* what one op moves (MOD_BANDWIDTH), as the module's setup said; 0
	   otherwise */
	double bytes_per_op;
	/* the tail: single-op (or batch) times, per op, in microseconds */
	int nops, op_batch;
	double ops[CHILD_MAX_OPS];
};


/* Runs in the forked child: never returns. */
void child_main(int fd, const struct job *j);
/* What child_main does before it reports: one round of j into r and
 * samples[0..r->nsamples-1] (an exec'd child of ab reports them its own
 * way). */
void child_round(const struct job *j, struct child_report *r, double *samples);

/* Write all len bytes to fd, again after EINTR: 0, or -1 when the reader
   is gone or the write failed.  How a child's report leaves it, whether
   the harness's pipe or ab's reply on stdout. */
int child_write_all(int fd, const void *buf, size_t len);

/* The bodies: fill samples[0..] and r; on failure r->status = ST_FAIL
 * with r->reason. */
void latency_body(const struct job *j, struct mod_ctx *base, struct child_report *r,
		  double *samples);
void sweep_body(const struct job *j, struct mod_ctx *base, struct child_report *r,
		double *samples);

/* The tail's units after the samples: as many as half a sample's time
 * allows (at least a few, at most CHILD_MAX_OPS), each minus the clock's
 * cost and the baseline's share (base_ns_per_op), into r->ops.  iter_ns
 * is what one run() iteration took in the samples. */
int tail_sample(const struct job *j, struct mod_ctx *c, struct child_report *r, double timer_cost_ns,
		double iter_ns, double base_ns_per_op);

/* Resource use of this process (RUSAGE_SELF) or of every child it has
 * reaped (RUSAGE_CHILDREN); zeros when getrusage fails.  faults: minor
 * and major page faults together. */
struct usage {
	double cpu_us, vcsw, ivcsw, faults;
	int failed;           /* a getrusage() refused: the sums are unknown */
};
void usage_of(int who, struct usage *u);

/* One worker: setup, then measure(arg, ctx, setup_ok), then teardown
 * when setup succeeded.  measure is called even when setup failed, so a
 * worker can still keep its appointments with the others. */
typedef void (*worker_measure_fn)(void *arg, struct mod_ctx *ctx, int setup_ok);
void worker_lifecycle(const struct module *mod, struct mod_ctx *ctx, worker_measure_fn measure,
		      void *arg);

#endif
