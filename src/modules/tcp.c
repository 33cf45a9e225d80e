/* tcp: a 1-byte request/response round trip over a TCP connection, to a
 * forked echo server on loopback or to an osbench serve (--remote). The
 * connection, the server process and the round trips are the rr fixture's
 * (modules/lib/rr.c), shared with udp; what is TCP's own is the server. */
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "module.h"
#include "modules/lib/fdio.h"
#include "modules/lib/proc.h"
#include "modules/lib/rr.h"

/* How often a server waiting for its connection checks on its parent. */
#define TCP_TICK_MS 100

/* Accept the one connection, then echo until the client closes (which
   also happens when the parent dies). One client only, so no lifeline
   and no accept loop (rr_accept_loop is for servers of many): the
   client's end-of-file ends the echo, and before the connection the
   parent is looked at every tick. */
static void tcp_serve(int lfd, int ctl, pid_t parent, int timeout_ms)
{
	int waited = 0, fd, r;

	(void)ctl;	/* none: the parent's end-of-file is the lifeline */
	for (;;) {
		r = fdio_poll(lfd, POLLIN, TCP_TICK_MS, NULL);
		if (r > 0)
			break;
		if (r < 0)
			proc_child_fail("poll", errno);
		if (getppid() != parent ||
		    (timeout_ms > 0 && (waited += TCP_TICK_MS) >= timeout_ms))
			_exit(1);
	}
	fd = accept(lfd, NULL, NULL);
	if (fd < 0)
		proc_child_fail("accept", errno);
	close(lfd);
	if (sock_set_nodelay(fd) < 0)
		proc_child_fail("setsockopt TCP_NODELAY", errno);
	proc_echo_child(fd, fd);
}

static int tcp_setup(struct mod_ctx *ctx)
{
	return rr_setup(ctx, SOCK_STREAM, tcp_serve);
}

const struct module module_tcp = {
	.name = "tcp",
	.summary = "1-byte request/response round trip over tcp (loopback or --remote)",
	.flags = MOD_SWEEP | MOD_REMOTE | MOD_TAKES_TURNS,
	.setup = tcp_setup,
	.run = rr_run,
	.teardown = rr_teardown,
};
