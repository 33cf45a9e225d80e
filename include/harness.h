/* The measuring harness: calibration, repetitions, statistics, rusage,
 * isolation of each measurement in a child process with a watchdog. */
#ifndef OSBENCH_HARNESS_H
#define OSBENCH_HARNESS_H

#include <stdint.h>

#include "module.h"

struct run_opts {
	int reps;            /* samples per measurement */
	double target_ms;    /* length of one sample (a sweep's window) */
	int cpu;             /* pin measurements to this CPU; -1: no pinning */
	int timeout_s;       /* watchdog for one measurement */
	int io_timeout_ms;   /* bound for a network wait inside a module */
	const char *tmpdir;  /* the run's private directory */
	const char *helper;  /* the exec helper program */
	const char *remote_host, *remote_port; /* --remote, or NULL */
};

enum status { ST_OK, ST_FAIL, ST_NA };

/* The CV above which a figure is flagged as scattered. */
#define NOISY_CV_PCT 20.0

struct measurement {
	enum status status;
	char reason[256];     /* why fail or - */
	uint64_t n;           /* ops in one sample */
	int reps;
	double median, min, max; /* per op: microseconds (latency) or ops/s (sweep) */
	double cv_pct;
	double vcsw_per_op, ivcsw_per_op;
	double cpu_pct;       /* user+sys over wall, 100 = one CPU busy */
	int noisy;            /* cv_pct above NOISY_CV_PCT */
};

/* What is measured: a module and its parameters. */
struct subject {
	const struct module *mod;
	int procs, size_kb;   /* ctx points; 0 otherwise */
	int level;            /* sweep: copies at once; 0 for a latency run */
	int use_procs;        /* sweep with processes instead of threads */
};

/* Measure one subject in an isolated child.  The outcome (including a
 * failure, crash or hang of the module) is in *out; returns -1 only when
 * the run was interrupted by SIGINT/SIGTERM. */
int harness_measure(const struct subject *s, const struct run_opts *o,
		    struct measurement *out);

/* Inside the measuring child: latency and sweep measurement proper. */
void harness_latency(const struct subject *s, const struct run_opts *o,
		     struct measurement *out);
void harness_sweep(const struct subject *s, const struct run_opts *o,
		   struct measurement *out);

/* Monotonic clock in nanoseconds. */
double clock_ns(void);

/* Fill a module context from the options. */
void harness_ctx_init(struct mod_ctx *c, const struct subject *s,
		      const struct run_opts *o);

#endif
