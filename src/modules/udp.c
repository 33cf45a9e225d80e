/* udp: a 1-byte request/response round trip over UDP, to a forked echo
 * server on loopback or to an osbench serve (--remote). A lost datagram is
 * a failure after io_timeout_ms, never a silent retry. The socket, the
 * server process and the round trips are the rr fixture's
 * (modules/lib/rr.c), shared with tcp; what is UDP's own is the server. */
#include <errno.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "module.h"
#include "modules/lib/proc.h"
#include "modules/lib/rr.h"

#define UDP_MAX 64

/* Echo datagrams until the parent is gone. Nothing tells a datagram
   socket that its peer died, so wake every second and look at getppid()
   instead of polling a pipe: a poll per request would add a system call
   to every round trip. */
static void udp_serve(int fd, int ctl, pid_t parent, int timeout_ms)
{
	struct timeval tv = { .tv_sec = 1, .tv_usec = 0 };
	unsigned char buf[UDP_MAX];
	struct sockaddr_storage from;
	socklen_t len;
	ssize_t r;

	(void)ctl;		/* none: see above */
	(void)timeout_ms;	/* the client's timeout reports a silence */
	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) < 0)
		proc_child_fail("setsockopt SO_RCVTIMEO", errno);
	for (;;) {
		len = sizeof from;
		r = recvfrom(fd, buf, sizeof buf, 0, (struct sockaddr *)&from,
			     &len);
		if (r < 0) {
			if (errno != EAGAIN && errno != EWOULDBLOCK &&
			    errno != EINTR)
				proc_child_fail("recvfrom", errno);
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

static int udp_setup(struct mod_ctx *ctx)
{
	return rr_setup(ctx, SOCK_DGRAM, udp_serve);
}

const struct module module_udp = {
	.name = "udp",
	.summary = "1-byte request/response round trip over udp (loopback or --remote)",
	.flags = MOD_SWEEP | MOD_REMOTE | MOD_TAKES_TURNS,
	.setup = udp_setup,
	.run = rr_run,
	.teardown = rr_teardown,
};
