/* Pipe (bw): MB/s through a pipe from a forked writer that writes 64 KB
 * blocks without pause; one op is reading 64 KB of it (in reads of what
 * is left of the 64 KB), so the figure is the one-way rate lmbench
 * bw_pipe reports, data moved one way and counted on arrival.  The reads
 * block plainly, as the pipe module's do: the writer is our own child, its
 * death is end-of-file and a hang is the watchdog's. */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "modules/lib/bwio.h"
#include "module.h"
#include "modules/lib/fdio.h"
#include "modules/lib/proc.h"
#include "modules/lib/rr.h"
#include "modules/lib/sock.h"

struct bwpipe {
	int fd;                /* the read end */
	pid_t pid;
	unsigned char *buf;
};

static void bwpipe_free(struct bwpipe *s)
{
	fdio_close(&s->fd);
	proc_reap(&s->pid, 1, 0);   /* skips a pid <= 0 */
	free(s->buf);
	free(s);
}

static int bwpipe_setup(struct mod_ctx *ctx)
{
	struct bwpipe *s = calloc(1, sizeof *s);
	int p[2];

	if (!s)
		return mod_fail(ctx, "calloc", errno);
	s->fd = -1;
	if (pipe(p) < 0) {
		mod_fail(ctx, "pipe", errno);
		bwpipe_free(s);
		return -1;
	}
	s->fd = p[0];
	s->pid = bwio_source_fork(ctx, p[1], s);
	close(p[1]);
	if (s->pid < 0) {
		bwpipe_free(s);
		return -1;
	}
	/* after the fork: the writer needs none of it */
	s->buf = malloc(BWIO_CHUNK);
	if (!s->buf) {
		mod_fail(ctx, "malloc", errno);
		bwpipe_free(s);
		return -1;
	}
	ctx->bytes_per_op = (double)BWIO_CHUNK;
	ctx->state = s;
	return 0;
}

static int bwpipe_run(struct mod_ctx *ctx, uint64_t n)
{
	struct bwpipe *s = ctx->state;

	for (uint64_t i = 0; i < n; i++)
		if (bwio_drain(ctx, s->fd, s->buf, BWIO_CHUNK, "writer process") < 0)
			return -1;
	return 0;
}

static void bwpipe_teardown(struct mod_ctx *ctx)
{
	struct bwpipe *s = ctx->state;

	if (!s)
		return;
	/* the writer's next write fails once the read end is closed */
	fdio_close(&s->fd);
	proc_reap(&s->pid, 1, ctx->io_timeout_ms);
	bwpipe_free(s);
	ctx->state = NULL;
}

const struct module module_bwpipe = {
	.name = "bwpipe",
	.summary = "MB/s through a pipe from a process writing 64 KB blocks",
	.flags = MOD_BANDWIDTH,
	.setup = bwpipe_setup,
	.run = bwpipe_run,
	.teardown = bwpipe_teardown,
};
