/* slct TCP: select() with a zero timeout over 100 fds, all dups of one
 * connected loopback TCP socket, nfds = highest fd + 1.  No data is ever
 * sent, so nothing is readable and each call is a pure readiness poll. */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>

#include "module.h"

#define SELECT_FDS 100

struct sel {
	int fds[SELECT_FDS];	/* the client socket, then its dups */
	int nfds;		/* how many of fds[] are open */
	int peer;		/* accepted end, kept open so no EOF is readable */
	int maxfd;
	fd_set set;		/* the template; select() overwrites its copy */
};

/* EMFILE is what a sweep at high concurrency hits: say which limit. */
static int fail_fd(struct mod_ctx *ctx, const char *call, int err)
{
	struct rlimit rl;

	if (err == EMFILE && getrlimit(RLIMIT_NOFILE, &rl) == 0)
		return mod_failf(ctx, "%s: %s (RLIMIT_NOFILE is %llu fds)", call,
				 strerror(err), (unsigned long long)rl.rlim_cur);
	return mod_fail(ctx, call, err);
}

static int wait_fd(struct mod_ctx *ctx, int fd, short events, const char *what)
{
	struct pollfd p = { .fd = fd, .events = events };
	int r;

	do
		r = poll(&p, 1, ctx->io_timeout_ms);
	while (r == -1 && errno == EINTR);
	if (r == -1)
		return mod_fail(ctx, "poll", errno);
	if (r == 0)
		return mod_failf(ctx, "%s: timed out after %d ms", what,
				 ctx->io_timeout_ms);
	return 0;
}

static int set_nonblock(struct mod_ctx *ctx, int fd, int on)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl == -1)
		return mod_fail(ctx, "fcntl", errno);
	fl = on ? fl | O_NONBLOCK : fl & ~O_NONBLOCK;
	if (fcntl(fd, F_SETFL, fl) == -1)
		return mod_fail(ctx, "fcntl", errno);
	return 0;
}

static int listen_loopback(struct mod_ctx *ctx, struct sockaddr_in *sa)
{
	socklen_t len = sizeof *sa;
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd == -1)
		return fail_fd(ctx, "socket", errno);
	memset(sa, 0, sizeof *sa);
	sa->sin_family = AF_INET;
	sa->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sa->sin_port = 0;
	if (bind(fd, (struct sockaddr *)sa, sizeof *sa) == -1) {
		mod_fail(ctx, "bind '127.0.0.1'", errno);
	} else if (listen(fd, 1) == -1) {
		mod_fail(ctx, "listen", errno);
	} else if (getsockname(fd, (struct sockaddr *)sa, &len) == -1) {
		mod_fail(ctx, "getsockname", errno);
	} else {
		return fd;
	}
	close(fd);
	return -1;
}

/* Non-blocking connect, so a stuck handshake is bounded by io_timeout_ms. */
static int connect_loopback(struct mod_ctx *ctx, const struct sockaddr_in *sa)
{
	socklen_t len = sizeof(int);
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	int err = 0;

	if (fd == -1)
		return fail_fd(ctx, "socket", errno);
	if (set_nonblock(ctx, fd, 1) == -1)
		goto fail;
	if (connect(fd, (const struct sockaddr *)sa, sizeof *sa) == -1) {
		if (errno != EINPROGRESS) {
			mod_fail(ctx, "connect '127.0.0.1'", errno);
			goto fail;
		}
		if (wait_fd(ctx, fd, POLLOUT, "connect '127.0.0.1'") == -1)
			goto fail;
		if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) == -1) {
			mod_fail(ctx, "getsockopt", errno);
			goto fail;
		}
		if (err) {
			mod_fail(ctx, "connect '127.0.0.1'", err);
			goto fail;
		}
	}
	if (set_nonblock(ctx, fd, 0) == -1)
		goto fail;
	return fd;
fail:
	close(fd);
	return -1;
}

static int accept_bounded(struct mod_ctx *ctx, int lfd)
{
	int fd;

	if (wait_fd(ctx, lfd, POLLIN, "accept") == -1)
		return -1;
	fd = accept(lfd, NULL, NULL);
	if (fd == -1)
		return fail_fd(ctx, "accept", errno);
	return fd;
}

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
 * closes it; the listener is not needed once the pair exists. */
static int sel_connect(struct mod_ctx *ctx, struct sel *s)
{
	struct sockaddr_in sa;
	int lfd = listen_loopback(ctx, &sa);
	int cfd;

	if (lfd == -1)
		return -1;
	cfd = connect_loopback(ctx, &sa);
	if (cfd != -1 && add_fd(ctx, s, cfd) == 0)
		s->peer = accept_bounded(ctx, lfd);
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
			fail_fd(ctx, "dup", errno);
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
	fd_set rd;
	uint64_t i;
	int r;

	for (i = 0; i < n; i++) {
		rd = s->set;
		tv.tv_sec = 0;
		tv.tv_usec = 0;
		r = select(s->maxfd + 1, &rd, NULL, NULL, &tv);
		if (r == -1)
			return mod_fail(ctx, "select", errno);
		/* readable means EOF or an error: the connection is gone */
		if (r != 0)
			return mod_failf(ctx, "select: %d fds readable, "
					 "loopback connection lost", r);
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
	.summary = "select() with zero timeout over 100 dups of a loopback tcp socket",
	.flags = MOD_SWEEP,
	.setup = select_setup,
	.run = select_run,
	.teardown = select_teardown,
};
