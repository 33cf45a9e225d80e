/* Socket, pipe and helper-process plumbing for the ctx, ipc and tcprr
 * modules; see include/net.h. */
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sys/affinity.h"
#include "modules/lib/net.h"

/* A forked helper keeps at most this many descriptors of its own. */
#define KEEP_MAX 8
/* Without a descriptor listing, close this many at most (a limit of
   millions would make every helper spin for a long time). */
#define CLOSE_SCAN_MAX 65536
#define ECHO_BUF 64

int net_timeout(const struct mod_ctx *ctx)
{
	return ctx->io_timeout_ms > 0 ? ctx->io_timeout_ms : -1;
}

void net_hostport(char *buf, size_t len, const char *host, const char *port)
{
	if (strchr(host, ':'))
		snprintf(buf, len, "[%s]:%s", host, port);
	else
		snprintf(buf, len, "%s:%s", host, port);
}

static int fail_peer(struct mod_ctx *ctx, const char *call, const char *name,
		     int err)
{
	return mod_failf(ctx, "%s '%s': %s", call, name, strerror(err));
}

static int fail_silent(struct mod_ctx *ctx, const char *name)
{
	return mod_failf(ctx, "'%s': no answer within %d ms", name,
			 ctx->io_timeout_ms);
}

void net_close(int *fd)
{
	if (*fd >= 0) {
		close(*fd);
		*fd = -1;
	}
}

/* Where neither MSG_NOSIGNAL nor SO_NOSIGPIPE exists the command layer
   must ignore SIGPIPE, or a dead peer kills the measurement. */
#ifdef MSG_NOSIGNAL
#define SEND_FLAGS MSG_NOSIGNAL
#else
#define SEND_FLAGS 0
#endif

int net_nosigpipe(struct mod_ctx *ctx, int fd)
{
#if !defined(MSG_NOSIGNAL) && defined(SO_NOSIGPIPE)
	int one = 1;

	if (setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one) < 0)
		return mod_fail(ctx, "setsockopt SO_NOSIGPIPE", errno);
#else
	(void)ctx;
	(void)fd;
#endif
	return 0;
}

int net_rcvtimeo(struct mod_ctx *ctx, int fd)
{
	struct timeval tv;

	if (ctx->io_timeout_ms <= 0)
		return 0;
	tv.tv_sec = ctx->io_timeout_ms / 1000;
	tv.tv_usec = (ctx->io_timeout_ms % 1000) * 1000;
	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) < 0)
		return mod_fail(ctx, "setsockopt SO_RCVTIMEO", errno);
	return 0;
}

int net_nodelay(struct mod_ctx *ctx, int fd)
{
	int one = 1;

	if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) < 0)
		return mod_fail(ctx, "setsockopt TCP_NODELAY", errno);
	return 0;
}

int net_listen_loopback(struct mod_ctx *ctx, int type, struct net_peer *p)
{
	struct sockaddr_in *sin = (struct sockaddr_in *)&p->addr;
	char port[16];
	int fd;

	memset(p, 0, sizeof *p);
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sin->sin_port = 0;
	p->len = sizeof *sin;
	fd = socket(AF_INET, type, 0);
	if (fd < 0)
		return mod_fail(ctx, "socket", errno);
	if (bind(fd, (struct sockaddr *)sin, p->len) < 0) {
		mod_fail(ctx, "bind '127.0.0.1:0'", errno);
		goto fail;
	}
	if (getsockname(fd, (struct sockaddr *)&p->addr, &p->len) < 0) {
		mod_fail(ctx, "getsockname", errno);
		goto fail;
	}
	snprintf(port, sizeof port, "%u", (unsigned)ntohs(sin->sin_port));
	net_hostport(p->name, sizeof p->name, "127.0.0.1", port);
	/* The kernel clamps the backlog to its maximum (somaxconn); a
	   large one lets tcpconn's client run ahead of its acceptor. */
	if (type == SOCK_STREAM && listen(fd, 4096) < 0) {
		fail_peer(ctx, "listen", p->name, errno);
		goto fail;
	}
	return fd;
fail:
	close(fd);
	return -1;
}

/* A connect in progress: wait for it, and ask for its error only when
   poll says something went wrong (saves a call per connection). */
static int wait_connected(int fd, int timeout_ms)
{
	struct pollfd pfd = { .fd = fd, .events = POLLOUT };
	socklen_t len = sizeof(int);
	int r, err = 0;

	do
		r = poll(&pfd, 1, timeout_ms);
	while (r < 0 && errno == EINTR);
	if (r < 0)
		return errno;
	if (r == 0)
		return ETIMEDOUT;
	if ((pfd.revents & POLLOUT) &&
	    !(pfd.revents & (POLLERR | POLLHUP | POLLNVAL)))
		return 0;
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0)
		return errno;
	return err ? err : ECONNRESET;
}

int net_connect_nb(int fd, const struct net_peer *p, int timeout_ms)
{
	/* An interrupted connect goes on in the background, like one in
	   progress: both are finished by waiting for writability. */
	if (connect(fd, (const struct sockaddr *)&p->addr, p->len) == 0)
		return 0;
	if (errno == EINPROGRESS || errno == EINTR)
		return wait_connected(fd, timeout_ms);
	return errno;
}

int net_connect_fd(int fd, const struct net_peer *p, int timeout_ms)
{
	int flags, err;

	flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0)
		return errno;
	err = net_connect_nb(fd, p, timeout_ms);
	if (fcntl(fd, F_SETFL, flags) < 0 && !err)
		err = errno;
	return err;
}

static int connect_fail(struct mod_ctx *ctx, const struct net_peer *p, int err)
{
	if (err == ETIMEDOUT)
		return fail_silent(ctx, p->name);
	return fail_peer(ctx, "connect", p->name, err);
}

/* Options every connected client socket gets. */
static int client_opts(struct mod_ctx *ctx, int fd, int type)
{
	if (type == SOCK_STREAM && net_nodelay(ctx, fd) < 0)
		return -1;
	if (net_rcvtimeo(ctx, fd) < 0 || net_nosigpipe(ctx, fd) < 0)
		return -1;
	return 0;
}

/* A socket of type connected to p, with the client options; what a
   connection needs whoever answers at p. Returns the fd, or -1 with
   ctx->err set. */
static int connect_type(struct mod_ctx *ctx, int type, const struct net_peer *p)
{
	int fd, err;

	fd = socket(p->addr.ss_family, type, 0);
	if (fd < 0)
		return mod_fail(ctx, "socket", errno);
	/* A datagram connect only sets the peer: it cannot wait. */
	if (type == SOCK_STREAM)
		err = net_connect_fd(fd, p, net_timeout(ctx));
	else if (connect(fd, (const struct sockaddr *)&p->addr, p->len) < 0)
		err = errno;
	else
		err = 0;
	if (err) {
		connect_fail(ctx, p, err);
		goto fail;
	}
	if (client_opts(ctx, fd, type) < 0)
		goto fail;
	return fd;
fail:
	close(fd);
	return -1;
}

int net_connect_stream(struct mod_ctx *ctx, const struct net_peer *p)
{
	return connect_type(ctx, SOCK_STREAM, p);
}

/* One resolved address: a connected socket, or -1 with ctx->err set. */
static int try_remote(struct mod_ctx *ctx, int type, const struct net_peer *p)
{
	int fd = connect_type(ctx, type, p);

	if (fd < 0)
		return -1;
	/* A datagram socket connects without asking anyone, and a stream
	   may reach something that is not a serve: one echoed byte proves
	   a serve is there. */
	if (net_roundtrip(ctx, fd, 'o', p->name) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

int net_connect_remote(struct mod_ctx *ctx, int type, struct net_peer *p)
{
	struct addrinfo hints, *res, *ai;
	int rc, fd = -1;

	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = type;
	rc = getaddrinfo(ctx->remote_host, ctx->remote_port, &hints, &res);
	if (rc != 0)
		return mod_failf(ctx, "'%s': %s", ctx->remote_host,
				 rc == EAI_SYSTEM ? strerror(errno) :
				 gai_strerror(rc));
	memset(p, 0, sizeof *p);
	net_hostport(p->name, sizeof p->name, ctx->remote_host,
		     ctx->remote_port);
	ctx->err[0] = '\0';
	/* A name may resolve to ::1 and 127.0.0.1 while the serve listens
	   on one of them only: take the first that answers. */
	for (ai = res; ai && fd < 0; ai = ai->ai_next) {
		if (ai->ai_addrlen > sizeof p->addr)
			continue;
		memcpy(&p->addr, ai->ai_addr, ai->ai_addrlen);
		p->len = ai->ai_addrlen;
		fd = try_remote(ctx, type, p);
	}
	freeaddrinfo(res);
	if (fd >= 0)
		ctx->err[0] = '\0';
	else if (!ctx->err[0])
		mod_failf(ctx, "'%s': no usable address", p->name);
	return fd;
}

int net_roundtrip(struct mod_ctx *ctx, int fd, unsigned char byte,
		  const char *name)
{
	unsigned char c;
	ssize_t r;

	while ((r = send(fd, &byte, 1, SEND_FLAGS)) != 1)
		if (r >= 0 || errno != EINTR)
			return fail_peer(ctx, "send", name, r < 0 ? errno : EIO);
	while ((r = recv(fd, &c, 1, 0)) != 1) {
		if (r == 0)
			return mod_failf(ctx, "'%s': connection closed by peer",
					 name);
		if (errno == EINTR)
			continue;
		if (errno == EAGAIN || errno == EWOULDBLOCK)
			return fail_silent(ctx, name);
		return fail_peer(ctx, "recv", name, errno);
	}
	if (c != byte)
		return mod_failf(ctx, "'%s': echoed byte %u, sent %u", name,
				 (unsigned)c, (unsigned)byte);
	return 0;
}

int net_write_byte(struct mod_ctx *ctx, int fd, unsigned char byte)
{
	ssize_t r;

	while ((r = write(fd, &byte, 1)) != 1)
		if (r >= 0 || errno != EINTR)
			return mod_fail(ctx, "write", r < 0 ? errno : EIO);
	return 0;
}

int net_read_byte(struct mod_ctx *ctx, int fd, unsigned char *byte,
		  const char *what)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	int n;

	while ((n = poll(&pfd, 1, net_timeout(ctx))) != 1) {
		if (n == 0)
			return mod_failf(ctx, "%s: no answer within %d ms",
					 what, ctx->io_timeout_ms);
		if (errno != EINTR)
			return mod_fail(ctx, "poll", errno);
	}
	return net_read_byte_blocking(ctx, fd, byte, what);
}

int net_read_byte_blocking(struct mod_ctx *ctx, int fd, unsigned char *byte,
			   const char *what)
{
	ssize_t r;

	while ((r = read(fd, byte, 1)) != 1) {
		if (r == 0)
			return mod_failf(ctx, "%s exited", what);
		if (errno != EINTR)
			return mod_fail(ctx, "read", errno);
	}
	return 0;
}

static int kept(const int *keep, int nkeep, int fd)
{
	int i;

	for (i = 0; i < nkeep; i++)
		if (keep[i] == fd)
			return i;
	return -1;
}

/* Close what /dev/fd lists. Returns 0 when the listing was trustworthy
   (it showed every descriptor we keep; FreeBSD without fdescfs shows
   only 0-2), -1 when the caller must fall back to a scan. */
static int close_listed(const int *keep, int nkeep)
{
	int batch[256], seen[KEEP_MAX];
	struct dirent *e;
	int i, n, more, dfd, fd, k;
	DIR *d;

	do {
		d = opendir("/dev/fd");
		if (!d)
			return -1;
		dfd = dirfd(d);
		n = more = 0;
		memset(seen, 0, sizeof seen);
		while ((e = readdir(d))) {
			char *end;
			long v = strtol(e->d_name, &end, 10);

			if (end == e->d_name || *end || v < 3 || v == dfd)
				continue;
			fd = (int)v;
			k = kept(keep, nkeep, fd);
			if (k >= 0)
				seen[k] = 1;
			else if (n < (int)(sizeof batch / sizeof batch[0]))
				batch[n++] = fd;
			else
				more = 1;
		}
		closedir(d);
		for (i = 0; i < n; i++)
			close(batch[i]);
		for (i = 0; i < nkeep; i++)
			if (keep[i] > 2 && !seen[kept(keep, nkeep, keep[i])])
				return -1;
	} while (more);
	return nkeep > 0 ? 0 : -1;
}

static void close_scan(const int *keep, int nkeep)
{
	long max = sysconf(_SC_OPEN_MAX);
	int fd;

	if (max < 0 || max > CLOSE_SCAN_MAX)
		max = CLOSE_SCAN_MAX;
	for (fd = 3; fd < max; fd++)
		if (kept(keep, nkeep, fd) < 0)
			close(fd);
}

void net_child_init(const int *keep, int nkeep, int peer)
{
	/* The harness may have handlers (cleanup on SIGTERM, a watchdog
	   alarm) that must never run in a helper. */
	static const int sigs[] = {
		SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGALRM, SIGUSR1, SIGUSR2,
		SIGPIPE, SIGCHLD,
	};
	struct sigaction sa;
	sigset_t none;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, NULL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (nkeep > KEEP_MAX)
		nkeep = KEEP_MAX;
	if (close_listed(keep, nkeep) < 0)
		close_scan(keep, nkeep);
	/* a peer that cannot go where --placement says would time the
	   wrong thing: it leaves, and the module fails on its absence */
	if (affinity_place_peer(peer) < 0)
		_exit(1);
}

pid_t net_echo_fork(struct mod_ctx *ctx, int in, int out, void *release)
{
	pid_t pid = fork();

	if (pid < 0)
		return mod_fail(ctx, "fork", errno);
	if (pid == 0) {
		int keep[2] = { in, out };

		net_child_init(keep, 2, 1);
		/* Nothing here uses it; freed, it is not reported lost when
		   the helper exits (valgrind checks every process). */
		free(release);
		net_echo_child(in, out);
	}
	return pid;
}

void net_echo_child(int in, int out)
{
	unsigned char buf[ECHO_BUF];
	ssize_t r, w, off;

	for (;;) {
		r = read(in, buf, sizeof buf);
		if (r == 0)
			_exit(0);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			_exit(1);
		}
		for (off = 0; off < r; off += w) {
			w = write(out, buf + off, (size_t)(r - off));
			if (w < 0 && errno == EINTR)
				w = 0;
			else if (w <= 0)
				_exit(1);
		}
	}
}

/* Reap what has exited; returns how many are still running. */
static int reap_some(pid_t *pids, int n)
{
	int i, st, left = 0;
	pid_t r;

	for (i = 0; i < n; i++) {
		if (pids[i] <= 0)
			continue;
		r = waitpid(pids[i], &st, WNOHANG);
		if (r == pids[i] || (r < 0 && errno == ECHILD))
			pids[i] = 0;
		else
			left++;
	}
	return left;
}

void net_reap(pid_t *pids, int n, int grace_ms)
{
	const struct timespec ms = { 0, 1000000 };
	int i, st, waited;

	/* Counting sleeps rather than reading the clock: modules never
	   read it, and the bound only needs to be roughly right. */
	for (waited = 0; reap_some(pids, n) > 0; waited++) {
		if (waited >= grace_ms) {
			for (i = 0; i < n; i++)
				if (pids[i] > 0)
					kill(pids[i], SIGKILL);
			for (i = 0; i < n; i++) {
				if (pids[i] <= 0)
					continue;
				while (waitpid(pids[i], &st, 0) < 0 &&
				       errno == EINTR)
					;
				pids[i] = 0;
			}
			return;
		}
		nanosleep(&ms, NULL);
	}
}

int net_server_start(struct mod_ctx *ctx, int type, int lifeline,
		     net_serve_fn serve, void *release, struct net_server *sv)
{
	pid_t parent = getpid();
	int fd, ctl[2] = { -1, -1 }, err;
	pid_t pid;

	sv->pid = 0;
	sv->ctl = -1;
	fd = net_listen_loopback(ctx, type, &sv->peer);
	if (fd < 0)
		return -1;
	if (lifeline && pipe(ctl) < 0) {
		err = errno;
		close(fd);
		return mod_fail(ctx, "pipe", err);
	}
	pid = fork();
	if (pid < 0) {
		err = errno;
		close(fd);
		net_close(&ctl[0]);
		net_close(&ctl[1]);
		return mod_fail(ctx, "fork", err);
	}
	if (pid == 0) {
		int keep[2] = { fd, ctl[0] };
		int timeout_ms = ctx->io_timeout_ms;

		net_child_init(keep, lifeline ? 2 : 1, 1);
		/* Nothing here uses it (sv may live in it: not touched from
		   here on); freed, it is not reported lost when the server
		   exits (valgrind checks every process). */
		free(release);
		serve(fd, ctl[0], parent, timeout_ms);
		_exit(1);	/* serve never returns; if it did, it failed */
	}
	/* The server's ends now; a failed close leaves nothing to undo. */
	close(fd);
	net_close(&ctl[0]);
	sv->ctl = ctl[1];
	sv->pid = pid;
	return 0;
}

void net_server_stop(struct net_server *sv, int grace_ms)
{
	net_close(&sv->ctl);
	net_reap(&sv->pid, 1, grace_ms);
}

/* The state of net_rr_setup, in ctx->state. */
struct net_rr {
	int fd;                   /* connected to server.peer */
	int type;                 /* SOCK_STREAM or SOCK_DGRAM */
	struct net_server server; /* pid 0 with --remote */
};

/* grace: how long a stream server may take to see end-of-file and leave;
   no end-of-file reaches a datagram server, which is killed at once. */
static void rr_free(struct net_rr *r, int grace_ms)
{
	net_close(&r->fd);
	net_server_stop(&r->server, r->type == SOCK_DGRAM ? 0 : grace_ms);
	free(r);
}

int net_rr_setup(struct mod_ctx *ctx, int type, net_serve_fn serve)
{
	struct net_rr *r = calloc(1, sizeof *r);

	if (!r)
		return mod_fail(ctx, "calloc", errno);
	r->fd = -1;
	r->type = type;
	r->server.ctl = -1;
	if (ctx->remote_host)
		r->fd = net_connect_remote(ctx, type, &r->server.peer);
	else if (net_server_start(ctx, type, 0, serve, r, &r->server) == 0)
		r->fd = connect_type(ctx, type, &r->server.peer);
	if (r->fd < 0) {
		rr_free(r, 0);
		return -1;
	}
	ctx->state = r;
	return 0;
}

int net_rr_run(struct mod_ctx *ctx, uint64_t n)
{
	struct net_rr *r = ctx->state;
	uint64_t i;

	for (i = 0; i < n; i++)
		if (net_roundtrip(ctx, r->fd, (unsigned char)i,
				  r->server.peer.name) < 0)
			return -1;
	return 0;
}

void net_rr_teardown(struct mod_ctx *ctx)
{
	if (!ctx->state)
		return;
	rr_free(ctx->state, ctx->io_timeout_ms);
	ctx->state = NULL;
}
