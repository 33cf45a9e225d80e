/* Server processes and the request/response module skeleton; see rr.h. */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "modules/lib/fdio.h"
#include "modules/lib/proc.h"
#include "modules/lib/rr.h"

/* How long rr_accept_loop rests when descriptors or memory run out. */
#define ACCEPT_REST_MS 10

int rr_server_start(struct mod_ctx *ctx, int type, int lifeline,
		    rr_serve_fn serve, void *release, struct rr_server *sv)
{
	pid_t parent = pid_self();
	int timeout_ms = ctx->io_timeout_ms;
	int fd, ctl[2] = { -1, -1 }, keep[2];
	pid_t pid;

	sv->pid = 0;
	sv->ctl = -1;
	if (parent == -1)
		return mod_fail(ctx, "getpid", errno);
	fd = sock_listen_loopback(ctx, type, &sv->peer);
	if (fd < 0)
		return -1;
	if (lifeline && fdio_pipe(ctx, ctl) < 0) {
		close(fd);
		return -1;
	}
	keep[0] = fd;
	keep[1] = ctl[0];
	/* sv may live in release: not touched in the child from here on */
	pid = proc_fork(ctx, keep, lifeline ? 2 : 1, release);
	if (pid == 0) {
		serve(fd, ctl[0], parent, timeout_ms);
		_exit(1);	/* serve never returns; if it did, it failed */
	}
	/* The server's ends now (or nothing's, if the fork failed). */
	close(fd);
	fdio_close(&ctl[0]);
	if (pid < 0) {
		fdio_close(&ctl[1]);
		return -1;
	}
	sv->ctl = ctl[1];
	sv->pid = pid;
	return 0;
}

void rr_server_stop(struct rr_server *sv, int grace_ms)
{
	fdio_close(&sv->ctl);
	proc_reap(&sv->pid, 1, grace_ms);
}

/* Out of descriptors or memory for a moment. */
static int accept_later(int err)
{
	return err == EMFILE || err == ENFILE || err == ENOBUFS ||
	       err == ENOMEM;
}

void rr_accept_loop(int lfd, int ctl, rr_conn_fn conn, void *arg)
{
	struct pollfd pfd[2] = {
		{ .fd = lfd, .events = POLLIN },
		{ .fd = ctl, .events = POLLIN },
	};
	int fd;

	/* Every connection waiting is taken at each wakeup, until accept
	   says there is none left. */
	if (fdio_nonblock(lfd, 1) < 0)
		proc_child_fail("fcntl O_NONBLOCK", errno);
	for (;;) {
		if (poll(pfd, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			proc_child_fail("poll", errno);
		}
		/* End-of-file (or an error) on the lifeline: the parent
		   closed it or died. */
		if (pfd[1].revents)
			_exit(0);
		while ((fd = accept(lfd, NULL, NULL)) >= 0 ||
		       errno == EINTR || errno == ECONNABORTED)
			if (fd >= 0)
				conn(fd, arg);
		if (accept_later(errno)) {
			if (fdio_poll(ctl, POLLIN, ACCEPT_REST_MS, NULL) < 0)
				proc_child_fail("poll", errno);
		} else if (errno != EAGAIN && errno != EWOULDBLOCK) {
			proc_child_fail("accept", errno);
		}
	}
}

/* The state of rr_setup, in ctx->state. */
struct rr_state {
	int fd;                  /* connected to server.peer */
	int type;                /* SOCK_STREAM or SOCK_DGRAM */
	unsigned char seq;       /* the next request's byte */
	struct rr_server server; /* pid 0 with --remote */
};

/* grace: how long a stream server may take to see end-of-file and leave;
   no end-of-file reaches a datagram server, which is killed at once. */
static void rr_free(struct rr_state *r, int grace_ms)
{
	fdio_close(&r->fd);
	rr_server_stop(&r->server, r->type == SOCK_DGRAM ? 0 : grace_ms);
	free(r);
}

int rr_setup(struct mod_ctx *ctx, int type, rr_serve_fn serve)
{
	struct rr_state *r = calloc(1, sizeof *r);

	if (!r)
		return mod_fail(ctx, "calloc", errno);
	r->fd = -1;
	r->type = type;
	r->server.ctl = -1;
	if (ctx->remote_host)
		r->fd = sock_connect_remote(ctx, type, &r->server.peer);
	else if (rr_server_start(ctx, type, 0, serve, r, &r->server) == 0)
		r->fd = sock_connect(ctx, type, &r->server.peer);
	if (r->fd < 0) {
		rr_free(r, 0);
		return -1;
	}
	ctx->state = r;
	return 0;
}

int rr_run(struct mod_ctx *ctx, uint64_t n)
{
	struct rr_state *r = ctx->state;

	return sock_roundtrips(ctx, r->fd, &r->seq, n, r->server.peer.name);
}

void rr_teardown(struct mod_ctx *ctx)
{
	if (!ctx->state)
		return;
	rr_free(ctx->state, ctx->io_timeout_ms);
	ctx->state = NULL;
}
