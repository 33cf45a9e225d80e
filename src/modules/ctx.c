/* ctx: context switch cost (lmbench lat_ctx). ctx->procs processes, the
 * caller among them, pass a one-byte token round a ring of pipes; each,
 * on receiving it, reads its own private ctx->size_kb KB working set and
 * passes it on. One op is one hop; the baseline is the same pipe and
 * working-set work done by a single process, so what remains is the
 * switch (and the cache refill it forces). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "module.h"
#include "modules/lib/fdio.h"
#include "modules/lib/proc.h"
#include "sys/compat.h"

#define LINE 64   /* touch one byte per cache line */

struct ctx_state {
	int procs;
	pid_t *pids;            /* [0] unused: process 0 is the caller */
	int to;                 /* pipe to process 1 */
	int from;               /* pipe from process procs-1 */
	int base[2];            /* the baseline's pipe to itself */
	unsigned char *ws;
	size_t len;
	volatile unsigned long sink;
};

/* Never inlined: the ring and the baseline must run one copy of this
   loop, or each copy's alignment, which moves with any change anywhere
   in the binary, runs at its own speed and stays in their difference. */
static NOINLINE void touch_set(const unsigned char *ws, size_t len, volatile unsigned long *sink)
{
	unsigned long sum = 0;
	size_t i;

	for (i = 0; i < len; i += LINE)
		sum += ws[i];
	*sink += sum;
}

/* Written, not just allocated: untouched pages would all map the one
   shared zero page and never miss in the cache. */
static unsigned char *workset(size_t len, int fill)
{
	unsigned char *ws;

	if (!len)
		return NULL;
	ws = malloc(len);
	if (ws)
		memset(ws, fill, len);
	return ws;
}

/* Process i of the ring. Leaves on end-of-file, which cascades round the
   ring once the caller closes its end or dies. */
static void ring_child(int in, int out, size_t len, int i)
{
	int keep[2] = { in, out };
	volatile unsigned long sink = 0;
	unsigned char *ws, tok;
	int r;

	proc_child_init(keep, 2, i);
	/* Allocated here, after the fork, so the set is this process's. */
	ws = workset(len, i + 1);
	if (len && !ws)
		proc_child_fail("malloc", ENOMEM);
	while ((r = fdio_get(in, &tok)) != 0) {
		if (r < 0)
			proc_child_fail("read", errno);
		touch_set(ws, len, &sink);
		if (fdio_put(out, tok) < 0)
			proc_child_fail("write", errno);
	}
	free(ws);
	_exit(0);
}

static void close_ring(int (*ring)[2], int procs)
{
	int i;

	for (i = 0; i < procs; i++)
		fdio_close_pair(ring[i]);
}

static void ctx_free(struct mod_ctx *ctx, struct ctx_state *s, int grace_ms)
{
	fdio_close(&s->to);
	fdio_close(&s->from);
	fdio_close_pair(s->base);
	if (s->pids)
		proc_reap(s->pids, s->procs, grace_ms);
	free(s->pids);
	free(s->ws);
	free(s);
	ctx->state = NULL;
}

/* Pipe i carries the token from process i to process i+1 (mod procs). */
static int make_ring(struct mod_ctx *ctx, struct ctx_state *s)
{
	int (*ring)[2];
	int i, failed = 0;

	ring = malloc((size_t)s->procs * sizeof *ring);
	if (!ring)
		return mod_fail(ctx, "malloc", errno);
	for (i = 0; i < s->procs; i++)
		ring[i][0] = ring[i][1] = -1;
	for (i = 0; i < s->procs && !failed; i++)
		failed = fdio_pipe(ctx, ring[i]) < 0;
	proc_why_prepare();
	for (i = 1; i < s->procs && !failed; i++) {
		s->pids[i] = fork();
		if (s->pids[i] < 0) {
			proc_fork_fail(ctx, errno);
			failed = 1;
			s->pids[i] = 0;
		} else if (s->pids[i] == 0) {
			int in = ring[i - 1][0], out = ring[i][1];
			size_t len = s->len;

			/* The caller's bookkeeping, of no use here: freed, it
			   is not reported lost when this process exits
			   (valgrind checks every process). */
			free(ring);
			free(s->pids);
			free(s->ws);
			free(s);
			ring_child(in, out, len, i);
		}
	}
	if (!failed) {
		s->to = ring[0][1];
		s->from = ring[s->procs - 1][0];
		ring[0][1] = ring[s->procs - 1][0] = -1;
	}
	close_ring(ring, s->procs);
	free(ring);
	return failed ? -1 : 0;
}

static int ctx_setup(struct mod_ctx *ctx)
{
	struct ctx_state *s;
	unsigned char tok;

	if (ctx->procs < 2)
		return mod_failf(ctx, "ctx: %d processes: at least 2 needed",
				 ctx->procs);
	if (ctx->size_kb < 0)
		return mod_failf(ctx, "ctx: working set %d KB: negative",
				 ctx->size_kb);
	s = calloc(1, sizeof *s);
	if (!s)
		return mod_fail(ctx, "calloc", errno);
	s->to = s->from = s->base[0] = s->base[1] = -1;
	s->procs = ctx->procs;
	s->len = (size_t)ctx->size_kb * 1024;
	s->pids = calloc((size_t)s->procs, sizeof *s->pids);
	if (!s->pids) {
		mod_fail(ctx, "calloc", errno);
		goto fail;
	}
	if (make_ring(ctx, s) < 0)
		goto fail;
	s->ws = workset(s->len, 1);
	if (s->len && !s->ws) {
		mod_fail(ctx, "malloc", errno);
		goto fail;
	}
	if (fdio_pipe(ctx, s->base) < 0)
		goto fail;
	/* One lap now: every process is up, and a broken ring fails here. */
	if (fdio_write_byte(ctx, s->to, 't') < 0 ||
	    fdio_read_byte(ctx, s->from, &tok, "ring process") < 0)
		goto fail;
	ctx->state = s;
	ctx->ops_per_iter = (unsigned)s->procs;
	return 0;
fail:
	ctx_free(ctx, s, 0);
	return -1;
}

/* n laps: procs hops each. */
static int ctx_run(struct mod_ctx *ctx, uint64_t n)
{
	struct ctx_state *s = ctx->state;
	uint64_t i;

	for (i = 0; i < n; i++) {
		if (fdio_roundtrip(ctx, s->to, s->from, 't', "ring process") < 0)
			return -1;
		touch_set(s->ws, s->len, &s->sink);
	}
	return 0;
}

/* The lap's work without the switches: procs times write a byte, read
   it back and touch the set.  Reads block, as the ring's do (a poll()
   would change how a waiting process sleeps and is woken); the ring is
   our own children, so a dead one gives end-of-file and a stuck one is
   ended by the harness's watchdog. */
static int ctx_baseline(struct mod_ctx *ctx, uint64_t n)
{
	struct ctx_state *s = ctx->state;
	unsigned char tok;
	uint64_t i;
	int j, r;

	for (i = 0; i < n; i++) {
		for (j = 0; j < s->procs; j++) {
			if (fdio_write_byte(ctx, s->base[1], 't') < 0)
				return -1;
			r = fdio_get(s->base[0], &tok);
			if (r != 1)
				return mod_fail(ctx, "read", r < 0 ? errno : EIO);
			touch_set(s->ws, s->len, &s->sink);
		}
	}
	return 0;
}

static void ctx_teardown(struct mod_ctx *ctx)
{
	/* Closing our ends tears the ring down; SIGKILL only stragglers. */
	if (ctx->state)
		ctx_free(ctx, ctx->state, ctx->io_timeout_ms);
}

const struct module module_ctx = {
	.name = "ctx",
	.summary = "context switch: a token passed round a ring of processes, each touching its own working set",
	.flags = MOD_POINTS | MOD_TAKES_TURNS | MOD_CALLS_CANCEL,
	/* teardown reaps the ring with a wait4(WNOHANG) over every process
	   and a 1 ms sleep until all are gone, as often as a loaded machine
	   is slow to end it: refused, it kills the ring at once */
	.survives = "wait4 nanosleep clock_nanosleep",
	.setup = ctx_setup,
	.run = ctx_run,
	.baseline = ctx_baseline,
	.teardown = ctx_teardown,
};
