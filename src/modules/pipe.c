/* pipe: a 1-byte round trip between this process and a forked child
 * through two pipes, the child echoing (lmbench lat_pipe).
 *
 * A pipe has no receive timeout, so each wait for the echo is a poll()
 * bounded by io_timeout_ms, then the read. That poll is not part of the
 * round trip lmbench reports (about 10% of it here), so the baseline is
 * the same poll on a pipe that always holds a byte, and the harness
 * subtracts it. */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <unistd.h>

#include "modules.h"
#include "net.h"

struct pipe_state {
	int to;     /* our end of the pipe to the child */
	int from;   /* our end of the pipe from the child */
	int ready[2]; /* always one byte in it: the baseline's poll */
	pid_t pid;
};

static void close_pair(int p[2])
{
	net_close(&p[0]);
	net_close(&p[1]);
}

static int pipe_setup(struct mod_ctx *ctx)
{
	int down[2] = { -1, -1 }, up[2] = { -1, -1 };
	struct pipe_state *s;

	s = malloc(sizeof *s);
	if (!s)
		return mod_fail(ctx, "malloc", errno);
	s->ready[0] = s->ready[1] = -1;
	if (pipe(down) < 0 || pipe(up) < 0 || pipe(s->ready) < 0) {
		mod_fail(ctx, "pipe", errno);
		goto fail;
	}
	if (net_write_byte(ctx, s->ready[1], 'r') < 0)
		goto fail;
	s->pid = net_echo_fork(ctx, down[0], up[1], s);
	if (s->pid < 0)
		goto fail;
	close(down[0]);
	close(up[1]);
	s->to = down[1];
	s->from = up[0];
	ctx->state = s;
	return 0;
fail:
	close_pair(down);
	close_pair(up);
	close_pair(s->ready);
	free(s);
	return -1;
}

static int pipe_run(struct mod_ctx *ctx, uint64_t n)
{
	struct pipe_state *s = ctx->state;
	unsigned char c;
	uint64_t i;

	for (i = 0; i < n; i++) {
		if (net_write_byte(ctx, s->to, 'p') < 0 ||
		    net_read_byte(ctx, s->from, &c, "echo process") < 0)
			return -1;
	}
	return 0;
}

/* The poll() of run() without the wait, on a pipe that is always ready
   (same timeout argument: it decides whether the kernel reads a clock). */
static int pipe_baseline(struct mod_ctx *ctx, uint64_t n)
{
	struct pipe_state *s = ctx->state;
	struct pollfd pfd = { .fd = s->ready[0], .events = POLLIN };
	uint64_t i;
	int r;

	for (i = 0; i < n; i++) {
		while ((r = poll(&pfd, 1, net_timeout(ctx))) < 0 && errno == EINTR)
			;
		if (r != 1)
			return r < 0 ? mod_fail(ctx, "poll", errno) :
				       mod_failf(ctx, "poll: pipe not ready");
	}
	return 0;
}

static void pipe_teardown(struct mod_ctx *ctx)
{
	struct pipe_state *s = ctx->state;

	if (!s)
		return;
	/* The child leaves on end-of-file; kill only a stuck one. */
	net_close(&s->to);
	net_close(&s->from);
	close_pair(s->ready);
	net_reap(&s->pid, 1, ctx->io_timeout_ms);
	free(s);
	ctx->state = NULL;
}

const struct module module_pipe = {
	.name = "pipe",
	.summary = "1-byte round trip between two processes through a pair of pipes",
	.flags = MOD_CHILDREN | MOD_SWEEP,
	.setup = pipe_setup,
	.run = pipe_run,
	.baseline = pipe_baseline,
	.teardown = pipe_teardown,
};
