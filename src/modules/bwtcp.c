/* TCP (bw): MB/s over a loopback TCP connection from a forked server that
 * writes 64 KB blocks without pause; one op is receiving 64 KB of it.  One
 * way, counted on arrival, with 1 MB socket buffers on both ends, as
 * lmbench bw_tcp asks for (its summary takes the run with 10 MB reads;
 * the kernel's copy per byte is the same).  Loopback only for now: no
 * --remote, so an osbench serve cannot be the source yet. */
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "modules/lib/bwio.h"
#include "module.h"
#include "modules/lib/fdio.h"
#include "modules/lib/proc.h"
#include "modules/lib/rr.h"
#include "modules/lib/sock.h"

#define SOCKBUF (1 << 20)
/* How often a server waiting for its connection checks on its parent. */
#define TICK_MS 100

struct bwtcp {
	int fd;
	struct rr_server server;
	unsigned char *buf;
};

/* Accept the one connection, then send until the client has gone (which
   also happens when the parent dies). */
static void source_serve(int lfd, int ctl, pid_t parent, int timeout_ms)
{
	struct pollfd pfd = { .fd = lfd, .events = POLLIN };
	int size = SOCKBUF, waited = 0, fd, r;

	(void)ctl;	/* none: the connection is the lifeline */
	for (;;) {
		r = poll(&pfd, 1, TICK_MS);
		if (r > 0)
			break;
		if (r < 0 && errno != EINTR)
			proc_child_fail("poll", errno);
		if (r == 0 && (getppid() != parent ||
			       (timeout_ms > 0 && (waited += TICK_MS) >= timeout_ms)))
			_exit(1);
	}
	fd = accept(lfd, NULL, NULL);
	if (fd < 0)
		proc_child_fail("accept", errno);
	close(lfd);
	if (setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, sizeof size) < 0)
		proc_child_fail("setsockopt SO_SNDBUF", errno);
	bwio_source(fd);
}

static void bwtcp_free(struct bwtcp *s, int grace_ms)
{
	fdio_close(&s->fd);
	rr_server_stop(&s->server, grace_ms);
	free(s->buf);
	free(s);
}

/* Receive buffer first: the window scale is agreed in the handshake. */
static int connect_source(struct mod_ctx *ctx, struct bwtcp *s)
{
	int size = SOCKBUF, err;

	s->fd = socket(AF_INET, SOCK_STREAM, 0);
	if (s->fd < 0)
		return mod_fail(ctx, "socket", errno);
	if (setsockopt(s->fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof size) < 0)
		return mod_fail(ctx, "setsockopt SO_RCVBUF", errno);
	err = sock_connect_fd(s->fd, &s->server.peer, fdio_timeout(ctx));
	if (err == ETIMEDOUT)
		return mod_failf(ctx, "connect '%s': no answer within %d ms", s->server.peer.name,
				 ctx->io_timeout_ms);
	if (err)
		return mod_failf(ctx, "connect '%s': %s", s->server.peer.name, strerror(err));
	return sock_rcvtimeo(ctx, s->fd);
}

static int bwtcp_setup(struct mod_ctx *ctx)
{
	struct bwtcp *s = calloc(1, sizeof *s);

	if (!s)
		return mod_fail(ctx, "calloc", errno);
	s->fd = -1;
	s->server.ctl = -1;
	if (rr_server_start(ctx, SOCK_STREAM, 0, source_serve, s, &s->server) < 0 ||
	    connect_source(ctx, s) < 0)
		goto fail;
	/* after the fork: the server needs none of it */
	s->buf = malloc(BWIO_CHUNK);
	if (!s->buf) {
		mod_fail(ctx, "malloc", errno);
		goto fail;
	}
	ctx->bytes_per_op = (double)BWIO_CHUNK;
	ctx->state = s;
	return 0;
fail:
	bwtcp_free(s, 0);
	return -1;
}

static int bwtcp_run(struct mod_ctx *ctx, uint64_t n)
{
	struct bwtcp *s = ctx->state;

	for (uint64_t i = 0; i < n; i++)
		if (bwio_drain(ctx, s->fd, s->buf, BWIO_CHUNK, s->server.peer.name) < 0)
			return -1;
	return 0;
}

static void bwtcp_teardown(struct mod_ctx *ctx)
{
	if (!ctx->state)
		return;
	/* the server's next write fails once the connection is closed */
	bwtcp_free(ctx->state, ctx->io_timeout_ms);
	ctx->state = NULL;
}

const struct module module_bwtcp = {
	.name = "bwtcp",
	.summary = "MB/s over loopback tcp from a process writing 64 KB blocks",
	.flags = MOD_BANDWIDTH,
	.setup = bwtcp_setup,
	.run = bwtcp_run,
	.teardown = bwtcp_teardown,
};
