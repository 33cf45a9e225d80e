/* The measuring harness as the command layer sees it: what to measure,
 * how, and what comes back.  Figures are taken in rounds: every figure
 * gets a short set of samples per round, each round in a new random
 * order and in a new isolated child process, until each figure's 95 %
 * confidence interval of the median is within the precision target or
 * the time budget is spent. */
#ifndef OSBENCH_HARNESS_H
#define OSBENCH_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include "module.h"
#include "status.h"

/* Where the processes of a measurement run (lmbench's LMBENCH_SCHED). */
enum placement {
	PLACE_FREE,   /* wherever the scheduler puts them */
	PLACE_SAME,   /* all on one CPU */
	PLACE_SPREAD, /* the measuring process on one CPU, each peer on the next */
};

const char *placement_name(enum placement p);
/* "free", "same" or "spread"; -1 for anything else. */
int placement_parse(const char *text, enum placement *out);

struct run_opts {
	double target_ms;     /* length of one sample (a sweep's window) */
	int samples;          /* samples per figure per round */
	uint64_t fixed_n;     /* iterations per sample as given (--ops); 0:
	                         calibrated to last target_ms */
	int min_rounds;       /* rounds before a figure may stop early */
	int max_rounds;       /* rounds at most */
	double precision_pct; /* stop a figure once its CI half-width is
	                         within this share of its median; 0: never */
	double budget_s;      /* no round starts after this long */
	enum placement placement;
	int cpu;              /* the CPU same and spread start from */
	int timeout_s;        /* watchdog for one child */
	int io_timeout_ms;    /* bound for a network wait inside a module */
	const char *tmpdir;   /* the run's private directory */
	const char *helper;   /* the exec helper program */
	const char *remote_host, *remote_port; /* --remote, or NULL */
	size_t buffer_bytes;  /* --buffer; 0: the memory modules' own choice */
	const char *self;     /* this binary, exec'd afresh for every round;
	                         NULL: the round runs in a forked copy */
};


/* Where the table's figure sits among the samples: the median, which a
 * shared machine's noise moves least from run to run whichever way it
 * goes (docs/method.md, "The estimator and its interval"). */
#define FIGURE_QUANTILE 0.5

/* A resource-use figure (cpu %, context switches per op) whose
 * getrusage() was refused: written as "-" (null in json), never as 0. */
#define USAGE_UNKNOWN (-1.0)

/* The CV above which a figure is flagged as scattered. */
#define NOISY_CV_PCT 20.0

/* The latency tail: single operations (or, below TAIL_UNIT_NS, the
 * smallest batches the clock resolves) timed one by one in samples of
 * their own, apart from the samples the figure comes from. */
#define TAIL_CDF_POINTS 101   /* the time at each percentile 0..100 */
#define TAIL_STALL_FACTOR 10  /* a stall: slower than 10 x the median op */
struct tail {
	int nops;             /* units timed over all rounds; 0: no tail */
	int batch;            /* ops in one timed unit (1: single ops) */
	double p50, p99, p999, max; /* per op, in the figure's unit */
	int stalls;           /* units slower than TAIL_STALL_FACTOR x p50 */
	double cdf[TAIL_CDF_POINTS];
};

/* What took the CPU away from a figure, the means over its rounds (-1
 * where the system does not say; see src/measure/distort.h). */
struct distortion {
	double wait_pct;      /* its measuring process runnable, waiting */
	double steal_pct;     /* its CPU given to another guest */
	double throttled_pct; /* its cgroup held back by a CPU quota */
	int spoilt_rounds;    /* rounds past one of the limits */
	char reason[192];     /* why the figure is distorted; "" if not */
};

struct measurement {
	enum status status;
	char reason[256];     /* why fail or - */
	uint64_t n;           /* ops in one sample */
	int reps;             /* samples taken, over all rounds */
	int rounds;           /* children the samples came from */
	/* per op: microseconds (latency), MB/s (bandwidth) or ops/s
	   (sweep).  value is the figure the tables print, the samples'
	   FIGURE_QUANTILE; ci_lo and ci_hi bound it (95 %) */
	double value, median, min, max, ci_lo, ci_hi;
	double cv_pct;
	double vcsw_per_op, ivcsw_per_op;
	double cpu_pct;       /* user+sys over wall, 100 = one CPU busy */
	                      /* all three USAGE_UNKNOWN where a getrusage()
	                         behind them was refused */
	int noisy;            /* cv_pct above NOISY_CV_PCT */
	struct distortion distortion;
	/* wall seconds spent measuring it: its rounds, each from its child's
	   fork to its reaping, failed ones too (a sweep level's windows run
	   inside them); with --runs, every run's */
	double seconds;
	enum placement placement;
	double *samples;      /* every sample, in the order taken; owned */
	struct tail tail;
};

/* What is measured: a module and its parameters. */
struct subject {
	const struct module *mod;
	int procs, size_kb;   /* ctx points; 0 otherwise */
	int level;            /* sweep: copies at once; 0 for a latency run */
	int use_procs;        /* sweep with processes instead of threads */
};

/* Called after each round with the round's number (from 1) and how many
 * figures are still sampling. */
typedef void (*progress_fn)(void *arg, int round, size_t left);

/* Measure subjects[0..n-1] into out[0..n-1] (each freed later with
 * measurement_release).  A failure, crash or hang of a module is in its
 * measurement; returns -1 only when the run was interrupted by a
 * signal. */
int harness_measure_all(const struct subject *subjects, struct measurement *out, size_t n,
			const struct run_opts *o, progress_fn progress, void *arg);
void measurement_release(struct measurement *m);

#endif
