/* AF UNIX (bw): MB/s over an AF_UNIX stream socket pair from a forked
 * writer that writes 64 KB blocks without pause; one op is receiving 64 KB
 * of it.  One way, counted on arrival, as lmbench bw_unix does (its writer
 * waits to be told how much to send, which changes nothing in the stream
 * itself).  The socket's receive timeout bounds every wait without a poll
 * per read. */
#include <errno.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "modules/lib/bwio.h"
#include "module.h"
#include "modules/lib/fdio.h"
#include "modules/lib/proc.h"
#include "modules/lib/rr.h"
#include "modules/lib/sock.h"

struct bwunix {
	int fd;
	pid_t pid;
	unsigned char *buf;
};

static void bwunix_free(struct bwunix *s)
{
	fdio_close(&s->fd);
	proc_reap(&s->pid, 1, 0);   /* skips a pid <= 0 */
	free(s->buf);
	free(s);
}

static int bwunix_setup(struct mod_ctx *ctx)
{
	struct bwunix *s = calloc(1, sizeof *s);
	int sv[2];

	if (!s)
		return mod_fail(ctx, "calloc", errno);
	s->fd = -1;
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0) {
		mod_fail(ctx, "socketpair", errno);
		bwunix_free(s);
		return -1;
	}
	s->fd = sv[0];
	s->pid = bwio_source_fork(ctx, sv[1], s);
	close(sv[1]);
	if (s->pid < 0 || sock_rcvtimeo(ctx, s->fd) < 0) {
		bwunix_free(s);
		return -1;
	}
	/* after the fork: the writer needs none of it */
	s->buf = malloc(BWIO_CHUNK);
	if (!s->buf) {
		mod_fail(ctx, "malloc", errno);
		bwunix_free(s);
		return -1;
	}
	ctx->bytes_per_op = (double)BWIO_CHUNK;
	ctx->state = s;
	return 0;
}

static int bwunix_run(struct mod_ctx *ctx, uint64_t n)
{
	struct bwunix *s = ctx->state;

	for (uint64_t i = 0; i < n; i++)
		if (bwio_drain(ctx, s->fd, s->buf, BWIO_CHUNK, "writer process") < 0)
			return -1;
	return 0;
}

static void bwunix_teardown(struct mod_ctx *ctx)
{
	struct bwunix *s = ctx->state;

	if (!s)
		return;
	/* the writer's next write fails once our end is closed */
	fdio_close(&s->fd);
	proc_reap(&s->pid, 1, ctx->io_timeout_ms);
	bwunix_free(s);
	ctx->state = NULL;
}

const struct module module_bwunix = {
	.name = "bwunix",
	.summary = "MB/s over an af_unix stream socket pair from a process writing 64 KB blocks",
	.flags = MOD_BANDWIDTH,
	.setup = bwunix_setup,
	.run = bwunix_run,
	.teardown = bwunix_teardown,
};
