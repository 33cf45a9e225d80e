/* tcp: a 1-byte request/response round trip over a TCP connection, to a
 * forked echo child on loopback or to an osbench serve (--remote). */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "modules.h"
#include "net.h"

/* How often a child waiting for its connection checks on its parent. */
#define TCP_TICK_MS 100

struct tcp_state {
	int fd;
	pid_t pid;             /* echo child, 0 with --remote */
	struct net_peer peer;
};

/* Accept the one connection, then echo until the client closes (which
   also happens when the parent dies). */
static void tcp_child(int lfd, pid_t parent, int timeout_ms)
{
	struct pollfd pfd = { .fd = lfd, .events = POLLIN };
	int one = 1, waited = 0, fd, r;

	for (;;) {
		r = poll(&pfd, 1, TCP_TICK_MS);
		if (r > 0)
			break;
		if (r < 0 && errno != EINTR)
			_exit(1);
		if (r == 0 && (getppid() != parent ||
			       (timeout_ms > 0 &&
				(waited += TCP_TICK_MS) >= timeout_ms)))
			_exit(1);
	}
	fd = accept(lfd, NULL, NULL);
	if (fd < 0)
		_exit(1);
	close(lfd);
	if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) < 0)
		_exit(1);
	net_echo_child(fd, fd);
}

static int tcp_local(struct mod_ctx *ctx, struct tcp_state *s)
{
	pid_t parent = getpid();
	int lfd, err;

	/* Listening before the fork: the client's connect cannot race the
	   child, and the port needs no passing around. */
	lfd = net_listen_loopback(ctx, SOCK_STREAM, &s->peer);
	if (lfd < 0)
		return -1;
	s->pid = fork();
	if (s->pid < 0) {
		err = errno;
		s->pid = 0;
		close(lfd);
		return mod_fail(ctx, "fork", err);
	}
	if (s->pid == 0) {
		net_child_init(&lfd, 1);
		tcp_child(lfd, parent, ctx->io_timeout_ms);
	}
	close(lfd);
	s->fd = net_connect_stream(ctx, &s->peer);
	return s->fd < 0 ? -1 : 0;
}

/* grace: how long the child may take to see end-of-file and leave. */
static void tcp_free(struct mod_ctx *ctx, struct tcp_state *s, int grace_ms)
{
	net_close(&s->fd);
	net_reap(&s->pid, 1, grace_ms);
	free(s);
	ctx->state = NULL;
}

static int tcp_setup(struct mod_ctx *ctx)
{
	struct tcp_state *s;
	int r;

	s = calloc(1, sizeof *s);
	if (!s)
		return mod_fail(ctx, "calloc", errno);
	s->fd = -1;
	if (ctx->remote_host) {
		s->fd = net_connect_remote(ctx, SOCK_STREAM, &s->peer);
		r = s->fd < 0 ? -1 : 0;
	} else {
		r = tcp_local(ctx, s);
	}
	if (r < 0) {
		tcp_free(ctx, s, 0);
		return -1;
	}
	ctx->state = s;
	return 0;
}

static int tcp_run(struct mod_ctx *ctx, uint64_t n)
{
	struct tcp_state *s = ctx->state;
	uint64_t i;

	for (i = 0; i < n; i++)
		if (net_roundtrip(ctx, s->fd, (unsigned char)i,
				  s->peer.name) < 0)
			return -1;
	return 0;
}

static void tcp_teardown(struct mod_ctx *ctx)
{
	if (ctx->state)
		tcp_free(ctx, ctx->state, ctx->io_timeout_ms);
}

const struct module module_tcp = {
	.name = "tcp",
	.summary = "1-byte request/response round trip over tcp (loopback or --remote)",
	.flags = MOD_CHILDREN | MOD_SWEEP | MOD_REMOTE,
	.setup = tcp_setup,
	.run = tcp_run,
	.teardown = tcp_teardown,
};
