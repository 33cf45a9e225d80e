/* tcp: a 1-byte request/response round trip over a TCP connection, to a
 * forked echo server on loopback or to an osbench serve (--remote). The
 * connection, the server process and the round trips are src/net.c's
 * (net_rr_*), shared with udp; what is TCP's own is the server. */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "module.h"
#include "modules/lib/net.h"

/* How often a server waiting for its connection checks on its parent. */
#define TCP_TICK_MS 100

/* Accept the one connection, then echo until the client closes (which
   also happens when the parent dies). */
static void tcp_serve(int lfd, int ctl, pid_t parent, int timeout_ms)
{
	struct pollfd pfd = { .fd = lfd, .events = POLLIN };
	int one = 1, waited = 0, fd, r;

	(void)ctl;	/* none: the parent's end-of-file is the lifeline */
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

static int tcp_setup(struct mod_ctx *ctx)
{
	return net_rr_setup(ctx, SOCK_STREAM, tcp_serve);
}

const struct module module_tcp = {
	.name = "tcp",
	.summary = "1-byte request/response round trip over tcp (loopback or --remote)",
	.flags = MOD_SWEEP | MOD_REMOTE,
	.setup = tcp_setup,
	.run = net_rr_run,
	.teardown = net_rr_teardown,
};
