/* slct TCP: select() with a zero timeout over 100 fds, all dups of one
 * connected loopback TCP socket, nfds = highest fd + 1, asking which are
 * writable, as lmbench lat_select tcp asks: each call polls every fd and
 * marks it ready (nothing is ever sent, so the send buffer has room), and
 * a call that does not find all 100 writable fails the figure. */
#include <errno.h>
#include <stdlib.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>

#include "module.h"
#include "modules/lib/fdio.h"
#include "modules/lib/sock.h"

#define SELECT_FDS 100

struct sel {
	int fds[SELECT_FDS];	/* the client socket, then its dups */
	int nfds;		/* how many of fds[] are open */
	int peer;		/* accepted end, kept open so no EOF is readable */
	int maxfd;
	fd_set set;		/* the template; select() overwrites its copy */
};

static int add_fd(struct mod_ctx *ctx, struct sel *s, int fd)
{
	s->fds[s->nfds++] = fd;
	if (fd >= FD_SETSIZE)
		return mod_failf(ctx, "select: fd %d is not below FD_SETSIZE (%d)",
				 fd, FD_SETSIZE);
	FD_SET(fd, &s->set);
	if (fd > s->maxfd)
		s->maxfd = fd;
	return 0;
}

static void sel_free(struct sel *s)
{
	int i;

	for (i = 0; i < s->nfds; i++)
		close(s->fds[i]);
	if (s->peer != -1)
		close(s->peer);
	free(s);
}

/* The client goes in fds[0] even if a later step fails, so sel_free
 * closes it; the listener is not needed once the pair exists. Both ends
 * are the socket fixture's: nothing is ever sent, so the client needs
 * none of a round trip's options. */
static int sel_connect(struct mod_ctx *ctx, struct sel *s)
{
	struct sock_peer p;
	int lfd = sock_listen_loopback(ctx, SOCK_STREAM, &p);
	int cfd;

	if (lfd == -1)
		return -1;
	cfd = sock_connect_plain(ctx, SOCK_STREAM, &p);
	if (cfd != -1 && add_fd(ctx, s, cfd) == 0)
		s->peer = sock_accept(ctx, lfd, &p);
	close(lfd);
	return s->peer == -1 ? -1 : 0;
}

static int select_setup(struct mod_ctx *ctx)
{
	struct sel *s = malloc(sizeof *s);
	int fd;

	if (!s)
		return mod_fail(ctx, "malloc", errno);
	s->nfds = 0;
	s->peer = -1;
	s->maxfd = -1;
	FD_ZERO(&s->set);
	if (sel_connect(ctx, s) == -1)
		goto fail;
	while (s->nfds < SELECT_FDS) {
		fd = dup(s->fds[0]);
		if (fd == -1) {
			fdio_fail(ctx, "dup", errno);
			goto fail;
		}
		if (add_fd(ctx, s, fd) == -1)
			goto fail;
	}
	ctx->state = s;
	return 0;
fail:
	sel_free(s);
	return -1;
}

static int select_run(struct mod_ctx *ctx, uint64_t n)
{
	struct sel *s = ctx->state;
	struct timeval tv;
	fd_set wr;
	uint64_t i;
	int r;

	for (i = 0; i < n; i++) {
		wr = s->set;
		tv.tv_sec = 0;
		tv.tv_usec = 0;
		r = select(s->maxfd + 1, NULL, &wr, NULL, &tv);
		if (r == -1)
			return mod_fail(ctx, "select", errno);
		if (r != SELECT_FDS)
			return mod_failf(ctx, "select: %d of %d fds writable, "
					 "loopback connection lost", r, SELECT_FDS);
	}
	return 0;
}

static void select_teardown(struct mod_ctx *ctx)
{
	if (!ctx->state)
		return;
	sel_free(ctx->state);
	ctx->state = NULL;
}

const struct module module_select = {
	.name = "select",
	.summary = "select() for writing, zero timeout, over 100 dups of a loopback tcp socket",
	.flags = MOD_SWEEP,
	.calls_per_op = 1,
	.setup = select_setup,
	.run = select_run,
	.teardown = select_teardown,
};
