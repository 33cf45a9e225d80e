/* pipe: a 1-byte round trip between this process and a forked child
 * through two pipes, the child echoing (lmbench lat_pipe, perf bench sched
 * pipe).  The wait for the echo is a plain blocking read, as theirs is: a
 * poll() first would change how the waiting process sleeps and is woken
 * across CPUs, and no subtraction undoes that.  The echo is our own child:
 * if it dies the read sees end-of-file, if it hangs the harness's watchdog
 * ends the measurement. */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "module.h"
#include "modules/lib/fdio.h"
#include "modules/lib/proc.h"

struct pipe_state {
	int to;     /* our end of the pipe to the child */
	int from;   /* our end of the pipe from the child */
	pid_t pid;
};

static int pipe_setup(struct mod_ctx *ctx)
{
	int down[2] = { -1, -1 }, up[2] = { -1, -1 };
	struct pipe_state *s;

	s = malloc(sizeof *s);
	if (!s)
		return mod_fail(ctx, "malloc", errno);
	if (fdio_pipe(ctx, down) < 0 || fdio_pipe(ctx, up) < 0)
		goto fail;
	s->pid = proc_echo_fork(ctx, down[0], up[1], s);
	if (s->pid < 0)
		goto fail;
	close(down[0]);
	close(up[1]);
	s->to = down[1];
	s->from = up[0];
	ctx->state = s;
	return 0;
fail:
	fdio_close_pair(down);
	fdio_close_pair(up);
	free(s);
	return -1;
}

static int pipe_run(struct mod_ctx *ctx, uint64_t n)
{
	struct pipe_state *s = ctx->state;
	uint64_t i;

	for (i = 0; i < n; i++)
		if (fdio_roundtrip(ctx, s->to, s->from, 'p', "echo process") < 0)
			return -1;
	return 0;
}

static void pipe_teardown(struct mod_ctx *ctx)
{
	struct pipe_state *s = ctx->state;

	if (!s)
		return;
	/* The child leaves on end-of-file; kill only a stuck one. */
	fdio_close(&s->to);
	fdio_close(&s->from);
	proc_reap(&s->pid, 1, ctx->io_timeout_ms);
	free(s);
	ctx->state = NULL;
}

const struct module module_pipe = {
	.name = "pipe",
	.summary = "1-byte round trip between two processes through a pair of pipes",
	.flags = MOD_SWEEP | MOD_TAKES_TURNS,
	.calls_per_op = 4,
	.setup = pipe_setup,
	.run = pipe_run,
	.teardown = pipe_teardown,
};
