/* tcpconn: one op = socket() + connect() + close() to a listening TCP
 * server (lmbench lat_connect): a forked acceptor on loopback, or an
 * osbench serve (--remote).
 *
 * The loopback server is a listening socket with a large backlog that a
 * child drains in an accept loop: the handshake completes in the kernel,
 * so the client never waits for the acceptor and the op is the client's
 * cost of setting a connection up and tearing it down, as in lmbench.
 *
 * TIME_WAIT: whoever closes first holds the connection in TIME_WAIT for
 * 2*MSL; on the client that pins an ephemeral port, and tens of thousands
 * of connections a second would run out of ports within a second or two
 * (macOS, FreeBSD; Linux reuses loopback ones). Without changing the timed
 * op, the acceptor waits for the client's FIN and then closes with
 * SO_LINGER 0: its RST takes the client's socket from FIN_WAIT straight
 * to CLOSED, and nothing is left in TIME_WAIT on either side (osbench
 * serve does the same). Should ports run out anyway, connect fails with
 * EADDRNOTAVAIL and the run fails with that reason. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "module.h"
#include "modules/lib/fdio.h"
#include "modules/lib/proc.h"
#include "modules/lib/rr.h"

/* Wait for the client's FIN, then close (with the inherited linger 0);
   an rr_conn_fn. */
static void finish(int fd, void *arg)
{
	unsigned char buf[64];
	ssize_t r;

	(void)arg;

	for (;;) {
		r = read(fd, buf, sizeof buf);
		if (r > 0)
			continue;
		if (r == 0)
			break;
		if (errno == EINTR)
			continue;
		if (errno != EAGAIN && errno != EWOULDBLOCK)
			break;
		/* BSD's accept() passes the listener's O_NONBLOCK on. */
		if (fdio_poll(fd, POLLIN, -1, NULL) < 0)
			break;
	}
	close(fd);
}

/* The loopback server: accept and finish connections until the lifeline
   (ctl) reads end-of-file. */
static void acceptor(int lfd, int ctl, pid_t parent, int timeout_ms)
{
	struct linger lg = { .l_onoff = 1, .l_linger = 0 };

	(void)parent;		/* the lifeline tells when it is gone */
	(void)timeout_ms;	/* a client waits for a handshake, not for us */
	/* Accepted sockets inherit the linger setting (Linux, BSD). */
	if (setsockopt(lfd, SOL_SOCKET, SO_LINGER, &lg, sizeof lg) < 0)
		proc_child_fail("setsockopt SO_LINGER", errno);
	rr_accept_loop(lfd, ctl, finish, NULL);
}

/* The op. Non-blocking, so the wait for the handshake is bounded: a
   blocking connect() has no portable timeout. */
static int connect_once(struct mod_ctx *ctx, const struct sock_peer *p)
{
	int fd, err;

#ifdef SOCK_NONBLOCK
	fd = socket(p->addr.ss_family, SOCK_STREAM | SOCK_NONBLOCK, 0);
	if (fd < 0)
		return fdio_fail(ctx, "socket", errno);
#else
	fd = socket(p->addr.ss_family, SOCK_STREAM, 0);
	if (fd < 0)
		return fdio_fail(ctx, "socket", errno);
	if (fcntl(fd, F_SETFL, O_NONBLOCK) < 0) {
		err = errno;
		close(fd);
		return mod_fail(ctx, "fcntl", err);
	}
#endif
	err = sock_connect_nb(fd, p, fdio_timeout(ctx));
	if (err) {
		close(fd);
		return sock_fail_connect(ctx, p, err);
	}
	if (close(fd) < 0)
		return mod_fail(ctx, "close", errno);
	return 0;
}

/* Once, at setup: a connection the acceptor takes and closes. The op
   never waits for the acceptor (the kernel completes the handshake), so
   without this a run could be timed with no acceptor at all: one that
   could not start leaves, says why (proc_child_fail), and its end resets
   our connection; its words are read here. */
static int acceptor_answers(struct mod_ctx *ctx, const struct sock_peer *p)
{
	unsigned char byte;
	int fd, r, err = 0;
	ssize_t n;

	fd = sock_connect_plain(ctx, SOCK_STREAM, p);
	if (fd < 0)
		return -1;
	if (shutdown(fd, SHUT_WR) < 0) {
		err = errno;
		close(fd);
		return mod_fail(ctx, "shutdown", err);
	}
	/* end-of-file or the acceptor's reset (linger 0): either is its
	   close; the socket is non-blocking, so a wakeup may read nothing */
	for (;;) {
		r = fdio_poll(fd, POLLIN, fdio_timeout(ctx), NULL);
		if (r == 0) {
			close(fd);
			return mod_failf(ctx, "'%s': the acceptor did not close within %d ms",
					 p->name, ctx->io_timeout_ms);
		}
		if (r < 0) {
			err = errno;
			break;
		}
		n = read(fd, &byte, 1);
		if (n == 0)
			break;
		if (n > 0)
			continue;
		if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
			err = errno == ECONNRESET ? 0 : errno;
			break;
		}
	}
	close(fd);
	if (proc_why_take(ctx->err, sizeof ctx->err))
		return -1;
	return err ? mod_fail(ctx, "read", err) : 0;
}

/* The state is the server: the acceptor, or the --remote serve (pid 0,
   no lifeline). */
static void tcpconn_free(struct mod_ctx *ctx, struct rr_server *sv)
{
	rr_server_stop(sv, ctx->io_timeout_ms);
	free(sv);
	ctx->state = NULL;
}

static int tcpconn_setup(struct mod_ctx *ctx)
{
	struct rr_server *sv;
	int r, fd;

	sv = calloc(1, sizeof *sv);
	if (!sv)
		return mod_fail(ctx, "calloc", errno);
	sv->ctl = -1;
	if (ctx->remote_host) {
		fd = sock_connect_remote(ctx, SOCK_STREAM, &sv->peer);
		if (fd >= 0)
			close(fd);
		r = fd < 0 ? -1 : 0;
	} else {
		r = rr_server_start(ctx, SOCK_STREAM, 1, acceptor, sv, sv);
		if (r == 0)
			r = acceptor_answers(ctx, &sv->peer);
	}
	/* One connection now, so a server that is not there fails setup. */
	if (r < 0 || connect_once(ctx, &sv->peer) < 0) {
		tcpconn_free(ctx, sv);
		return -1;
	}
	ctx->state = sv;
	return 0;
}

static int tcpconn_run(struct mod_ctx *ctx, uint64_t n)
{
	const struct rr_server *sv = ctx->state;
	uint64_t i;

	for (i = 0; i < n; i++)
		if (connect_once(ctx, &sv->peer) < 0)
			return -1;
	return 0;
}

static void tcpconn_teardown(struct mod_ctx *ctx)
{
	if (ctx->state)
		tcpconn_free(ctx, ctx->state);
}

const struct module module_tcpconn = {
	.name = "tcpconn",
	.summary = "socket, connect and close of a tcp connection to a listening server (loopback or --remote)",
	.flags = MOD_SWEEP | MOD_REMOTE | MOD_TAKES_TURNS,
	.setup = tcpconn_setup,
	.run = tcpconn_run,
	.teardown = tcpconn_teardown,
};
