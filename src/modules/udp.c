/* udp: a 1-byte request/response round trip over UDP, to a forked echo
 * child on loopback or to an osbench serve (--remote). A lost datagram is
 * a failure after io_timeout_ms, never a silent retry. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "modules.h"
#include "net.h"

#define UDP_MAX 64

struct udp_state {
	int fd;
	pid_t pid;             /* echo child, 0 with --remote */
	struct net_peer peer;
};

/* Echo datagrams until the parent is gone. Nothing tells a datagram
   socket that its peer died, so wake every second and look at getppid()
   instead of polling a pipe: a poll per request would add a system call
   to every round trip. */
static void udp_child(int fd, pid_t parent)
{
	struct timeval tv = { 1, 0 };
	unsigned char buf[UDP_MAX];
	struct sockaddr_storage from;
	socklen_t len;
	ssize_t r;

	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) < 0)
		_exit(1);
	for (;;) {
		len = sizeof from;
		r = recvfrom(fd, buf, sizeof buf, 0, (struct sockaddr *)&from,
			     &len);
		if (r < 0) {
			if (errno != EAGAIN && errno != EWOULDBLOCK &&
			    errno != EINTR)
				_exit(1);
			if (getppid() != parent)
				_exit(0);
			continue;
		}
		/* A failed echo is a lost datagram: the client's timeout
		   reports it. */
		if (sendto(fd, buf, (size_t)r, 0, (struct sockaddr *)&from,
			   len) < 0)
			continue;
	}
}

static int udp_local(struct mod_ctx *ctx, struct udp_state *s)
{
	pid_t parent = getpid();
	int srv, err;

	srv = net_listen_loopback(ctx, SOCK_DGRAM, &s->peer);
	if (srv < 0)
		return -1;
	s->pid = fork();
	if (s->pid < 0) {
		err = errno;
		s->pid = 0;
		close(srv);
		return mod_fail(ctx, "fork", err);
	}
	if (s->pid == 0) {
		net_child_init(&srv, 1);
		udp_child(srv, parent);
	}
	close(srv);
	s->fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (s->fd < 0)
		return mod_fail(ctx, "socket", errno);
	/* Connected: plain send/recv, and only the echo child's datagrams
	   (or its ICMP errors) come back. */
	if (connect(s->fd, (struct sockaddr *)&s->peer.addr, s->peer.len) < 0)
		return mod_failf(ctx, "connect '%s': %s", s->peer.name,
				 strerror(errno));
	return net_rcvtimeo(ctx, s->fd);
}

static void udp_free(struct mod_ctx *ctx, struct udp_state *s)
{
	net_close(&s->fd);
	/* No end-of-file reaches a datagram echo: kill it at once. */
	net_reap(&s->pid, 1, 0);
	free(s);
	ctx->state = NULL;
}

static int udp_setup(struct mod_ctx *ctx)
{
	struct udp_state *s;
	int r;

	s = calloc(1, sizeof *s);
	if (!s)
		return mod_fail(ctx, "calloc", errno);
	s->fd = -1;
	if (ctx->remote_host) {
		s->fd = net_connect_remote(ctx, SOCK_DGRAM, &s->peer);
		r = s->fd < 0 ? -1 : 0;
	} else {
		r = udp_local(ctx, s);
	}
	if (r < 0) {
		udp_free(ctx, s);
		return -1;
	}
	ctx->state = s;
	return 0;
}

static int udp_run(struct mod_ctx *ctx, uint64_t n)
{
	struct udp_state *s = ctx->state;
	uint64_t i;

	/* A different byte each time, so a late reply to an earlier request
	   is caught instead of being counted. */
	for (i = 0; i < n; i++)
		if (net_roundtrip(ctx, s->fd, (unsigned char)i,
				  s->peer.name) < 0)
			return -1;
	return 0;
}

static void udp_teardown(struct mod_ctx *ctx)
{
	if (ctx->state)
		udp_free(ctx, ctx->state);
}

const struct module module_udp = {
	.name = "udp",
	.summary = "1-byte request/response round trip over udp (loopback or --remote)",
	.flags = MOD_CHILDREN | MOD_SWEEP | MOD_REMOTE,
	.setup = udp_setup,
	.run = udp_run,
	.teardown = udp_teardown,
};
