/* unix: a 1-byte round trip between this process and a forked child over
 * an AF_UNIX stream socketpair, the child echoing (lmbench lat_unix). */
#include <errno.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "module.h"
#include "modules/lib/fdio.h"
#include "modules/lib/proc.h"
#include "modules/lib/sock.h"

struct unix_state {
	int fd;
	pid_t pid;
	unsigned char seq;	/* the next request's byte */
};

static int unix_setup(struct mod_ctx *ctx)
{
	struct unix_state *s;
	int sv[2];

	s = malloc(sizeof *s);
	if (!s)
		return mod_fail(ctx, "malloc", errno);
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0) {
		fdio_fail(ctx, "socketpair", errno);
		free(s);
		return -1;
	}
	s->seq = 0;
	s->pid = proc_echo_fork(ctx, sv[1], sv[1], s);
	close(sv[1]);
	s->fd = sv[0];
	/* The receive timeout bounds every wait without a poll per op. */
	if (s->pid < 0 || sock_rcvtimeo(ctx, s->fd) < 0 ||
	    sock_nosigpipe(ctx, s->fd) < 0) {
		close(s->fd);
		proc_reap(&s->pid, 1, 0);	/* skips a pid < 0 */
		free(s);
		return -1;
	}
	ctx->state = s;
	return 0;
}

static int unix_run(struct mod_ctx *ctx, uint64_t n)
{
	struct unix_state *s = ctx->state;

	return sock_roundtrips(ctx, s->fd, &s->seq, n, "echo process");
}

static void unix_teardown(struct mod_ctx *ctx)
{
	struct unix_state *s = ctx->state;

	if (!s)
		return;
	fdio_close(&s->fd);
	proc_reap(&s->pid, 1, ctx->io_timeout_ms);
	free(s);
	ctx->state = NULL;
}

const struct module module_unix = {
	.name = "unix",
	.summary = "1-byte round trip between two processes over an af_unix stream socket pair",
	.flags = MOD_SWEEP | MOD_TAKES_TURNS,
	.calls_per_op = 4,
	.setup = unix_setup,
	.run = unix_run,
	.teardown = unix_teardown,
};
