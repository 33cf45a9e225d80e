/* The module contract: what a timing module provides and what it is given.
 *
 * A module performs operations; it never reads the clock and never prints.
 * The harness calls setup, then run(ctx, n) many times, then teardown, and
 * does all timing, statistics and output itself. */
#ifndef OSBENCH_MODULE_H
#define OSBENCH_MODULE_H

#include <stddef.h>
#include <stdint.h>

enum module_flags {
	/* children's rusage needs no flag: the harness always counts every
	   child a measurement reaps */
	MOD_SWEEP = 1u << 1,    /* N copies may run at once (osbench scale) */
	MOD_SCALE = 1u << 2,    /* a scaling module, reported in ops/s */
	MOD_REMOTE = 1u << 3,   /* honours --remote (an osbench serve peer) */
	MOD_POINTS = 1u << 4,   /* takes procs/size parameters (ctx) */
	MOD_THREADS_ONLY = 1u << 5, /* sweeps with threads only, not --procs */
	MOD_BANDWIDTH = 1u << 6, /* an op moves ctx->bytes_per_op bytes: the
	                            figure is reported in MB/s */
	MOD_FAULTS = 1u << 7,   /* every op is a page fault: the harness counts
	                           them and fails a figure whose ops did not
	                           fault */
	MOD_REQUESTS = 1u << 8, /* one op is a request: a sweep times each
	                           (seed 003's client that stalls) */
	MOD_SIZED = 1u << 9,    /* its columns differ by size_kb alone: a param */
	MOD_TAKES_TURNS = 1u << 10, /* its processes pass a token: on one CPU
	                               each waits for the CPU while another
	                               runs, which is the operation, not a
	                               distortion; so what a busy host takes
	                               from them goes unseen, and differs
	                               from one invocation to the next: check
	                               claims a change of theirs only beyond
	                               that drift where both sides' runs were
	                               busy */
	MOD_TMPDIR = 1u << 11,  /* its operation touches a file in the temp
	                           directory: its figure is the file system's */
	MOD_JOURNAL = 1u << 12, /* its cost hangs on a journal (file create):
	                           on an ext4 without one it is what the last
	                           minute's deletes left */
	MOD_HUGE_PAGES = 1u << 13, /* its buffer is anonymous memory, which the
	                              transparent huge pages mode decides the
	                              pages of: its figure is that mode's */
	MOD_DRIFTS = 1u << 14,  /* its figure drifts on its own between
	                           invocations minutes apart (process
	                           creation): more than one invocation's runs
	                           show, so check claims a change only beyond
	                           that drift */
	MOD_SPAWNS = 1u << 16,  /* its operation makes processes that run on its
	                           CPU: their waits for it are not the measuring
	                           process's, so a busy spell shows only in the
	                           run's other figures */
	MOD_BUFFER = 1u << 15,  /* it streams through the memory buffer
	                           (modules/lib/membuf.h): its figure is that
	                           buffer's size's */
	MOD_CALLS_CANCEL = 1u << 17, /* its figure subtracts its own system
	                                calls (a ring less its pipes), so a
	                                dearer call leaves it: calls_per_op 0,
	                                declared */
};

struct mod_ctx {
	/* given by the harness */
	const char *tmpdir;   /* private 0700 directory for this measurement */
	const char *helper;   /* absolute path of the exec helper program */
	const char *remote_host; /* --remote host, or NULL for loopback */
	const char *remote_port; /* --remote port (never NULL with a host) */
	int procs;            /* ctx: processes in the ring */
	int size_kb;          /* ctx: working set each process touches */
	int worker;           /* 0..workers-1 in a sweep; 0 otherwise */
	int workers;          /* copies running at once; 1 outside sweeps */
	int io_timeout_ms;    /* bound for any blocking network wait */
	size_t buffer_bytes;  /* --buffer: the memory modules' buffer; 0: their
	                         own choice (modules/lib/membuf.h) */
	void *shared;         /* set by setup_shared, seen by every worker */

	/* owned by the module */
	void *state;          /* per-worker state made by setup */
	unsigned ops_per_iter; /* one run() iteration holds this many ops;
	                          the harness sets 1 before setup */

	/* set on failure: "call: strerror" or another one-line reason */
	char err[256];

	/* owned by the module: what one op moves, set by setup (MOD_BANDWIDTH) */
	double bytes_per_op;
	/* given by the harness: the test-only fault "MODULE:nodrop" asks a
	   MOD_FAULTS module to leave its pages mapped, so that no op faults */
	int test_nodrop;
	/* given by the harness: the test-only fault "MODULE:slowbase" makes
	   every baseline sample but the last read as if something had taken
	   the CPU from it (the module never sees it) */
	int test_slow_base;
};

struct module {
	const char *name;     /* command-line name, part of the contract */
	const char *summary;  /* one line for `osbench list` */
	unsigned flags;       /* enum module_flags */
	/* MOD_FAULTS: the fewest page faults an op must average for its
	   figure to stand (0: one in two; a module whose op is a page of
	   which the kernel maps several in one fault asks for less) */
	double min_faults_per_op;
	/* the system calls one op makes, where a kernel that adds a time t to
	   every call moves the figure by calls_per_op * t (0: not declared,
	   unless MOD_CALLS_CANCEL): check reads such a kernel from the
	   pattern the figures move in */
	double calls_per_op;
	/* NULL, or the system calls (Linux names, space-separated) that libc
	   makes inside this module's operation or teardown and goes on
	   without when a sandbox refuses them, the figure still honest:
	   `osbench list` shows them, and the bystander test expects each
	   refusal to leave the figure standing */
	const char *survives;
	/* NULL, or a reason why this system cannot run the module */
	const char *(*unsupported)(void);
	/* once per measurement, before any worker (NULL: not needed) */
	int (*setup_shared)(struct mod_ctx *ctx);
	void (*teardown_shared)(struct mod_ctx *ctx);
	/* once per worker (NULL: not needed) */
	int (*setup)(struct mod_ctx *ctx);
	/* exactly n iterations of the operation; 0, or -1 with ctx->err set */
	int (*run)(struct mod_ctx *ctx, uint64_t n);
	/* the part of run() that is not the operation, timed the same way and
	   subtracted per op (NULL: nothing to subtract) */
	int (*baseline)(struct mod_ctx *ctx, uint64_t n);
	void (*teardown)(struct mod_ctx *ctx);
	/* untimed: make ready for exactly n ops of the next run() (NULL: not
	   needed).  Called before every timed run() sample (calibration and
	   warm-up included), never before the baseline, which must stand on
	   its own; latency figures only (a sweep never calls it), so a module
	   with prepare is not MOD_SWEEP.  0, or -1 with ctx->err set */
	int (*prepare)(struct mod_ctx *ctx, uint64_t n);
};

/* Record "call: strerror(errnum)" in ctx->err; returns -1 for chaining. */
int mod_fail(struct mod_ctx *ctx, const char *call, int errnum);
/* Record a free-form reason in ctx->err; returns -1. */
int mod_failf(struct mod_ctx *ctx, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

#endif
