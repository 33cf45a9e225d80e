/* Sockets for the modules and serve; see sock.h. */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "modules/lib/fdio.h"
#include "modules/lib/sock.h"

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

int sock_nosigpipe(struct mod_ctx *ctx, int fd)
{
	if (sock_set_nosigpipe(fd) < 0)
		return mod_fail(ctx, "setsockopt SO_NOSIGPIPE", errno);
	return 0;
}

int sock_rcvtimeo(struct mod_ctx *ctx, int fd)
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

int sock_listen_loopback(struct mod_ctx *ctx, int type, struct sock_peer *p)
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
		return fdio_fail(ctx, "socket", errno);
	if (bind(fd, (struct sockaddr *)sin, p->len) < 0) {
		mod_fail(ctx, "bind '127.0.0.1:0'", errno);
		goto fail;
	}
	if (getsockname(fd, (struct sockaddr *)&p->addr, &p->len) < 0) {
		mod_fail(ctx, "getsockname", errno);
		goto fail;
	}
	snprintf(port, sizeof port, "%u", (unsigned)ntohs(sin->sin_port));
	sock_hostport(p->name, sizeof p->name, "127.0.0.1", port);
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

int sock_accept(struct mod_ctx *ctx, int lfd, const struct sock_peer *p)
{
	int r = fdio_poll(lfd, POLLIN, fdio_timeout(ctx), NULL);

	if (r == 0)
		return fail_silent(ctx, p->name);
	if (r < 0)
		return mod_fail(ctx, "poll", errno);
	r = accept(lfd, NULL, NULL);
	if (r < 0)
		return fdio_fail(ctx, "accept", errno);
	return r;
}

/* A connect in progress: wait for it, and ask for its error only when
   poll says something went wrong (saves a call per connection). */
static int wait_connected(int fd, int timeout_ms)
{
	socklen_t len = sizeof(int);
	short rev;
	int r, err = 0;

	r = fdio_poll(fd, POLLOUT, timeout_ms, &rev);
	if (r < 0)
		return errno;
	if (r == 0)
		return ETIMEDOUT;
	if ((rev & POLLOUT) && !(rev & (POLLERR | POLLHUP | POLLNVAL)))
		return 0;
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0)
		return errno;
	return err ? err : ECONNRESET;
}

int sock_connect_nb(int fd, const struct sock_peer *p, int timeout_ms)
{
	/* An interrupted connect goes on in the background, like one in
	   progress: both are finished by waiting for writability. */
	if (connect(fd, (const struct sockaddr *)&p->addr, p->len) == 0)
		return 0;
	if (errno == EINPROGRESS || errno == EINTR)
		return wait_connected(fd, timeout_ms);
	return errno;
}

int sock_connect_fd(int fd, const struct sock_peer *p, int timeout_ms)
{
	int flags, err;

	flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0)
		return errno;
	err = sock_connect_nb(fd, p, timeout_ms);
	if (fcntl(fd, F_SETFL, flags) < 0 && !err)
		err = errno;
	return err;
}

static int is_loopback(const struct sock_peer *p)
{
	if (p->addr.ss_family == AF_INET) {
		struct sockaddr_in a;

		memcpy(&a, &p->addr, sizeof a);
		return (ntohl(a.sin_addr.s_addr) >> 24) == 127;
	}
	if (p->addr.ss_family == AF_INET6) {
		struct sockaddr_in6 a;

		memcpy(&a, &p->addr, sizeof a);
		return IN6_IS_ADDR_LOOPBACK(&a.sin6_addr);
	}
	return 0;
}

int sock_fail_connect(struct mod_ctx *ctx, const struct sock_peer *p, int err)
{
	if (err == ETIMEDOUT)
		return fail_silent(ctx, p->name);
	/* a network namespace is made with its loopback down (unshare -n,
	   some containers): nothing in the error says so */
	if (err == ENETUNREACH && is_loopback(p))
		return mod_failf(ctx, "connect '%s': %s (the loopback interface is down)",
				 p->name, strerror(err));
	return fail_peer(ctx, "connect", p->name, err);
}

int sock_connect_plain(struct mod_ctx *ctx, int type, const struct sock_peer *p)
{
	int fd, err;

	fd = socket(p->addr.ss_family, type, 0);
	if (fd < 0)
		return fdio_fail(ctx, "socket", errno);
	/* A datagram connect only sets the peer: it cannot wait. */
	if (type == SOCK_STREAM)
		err = sock_connect_fd(fd, p, fdio_timeout(ctx));
	else if (connect(fd, (const struct sockaddr *)&p->addr, p->len) < 0)
		err = errno;
	else
		err = 0;
	if (!err)
		return fd;
	close(fd);
	return sock_fail_connect(ctx, p, err);
}

int sock_connect(struct mod_ctx *ctx, int type, const struct sock_peer *p)
{
	int fd = sock_connect_plain(ctx, type, p);

	if (fd < 0)
		return -1;
	if (type == SOCK_STREAM && sock_set_nodelay(fd) < 0) {
		mod_fail(ctx, "setsockopt TCP_NODELAY", errno);
		goto fail;
	}
	if (sock_rcvtimeo(ctx, fd) < 0 || sock_nosigpipe(ctx, fd) < 0)
		goto fail;
	return fd;
fail:
	close(fd);
	return -1;
}

/* One resolved address: a connected socket, or -1 with ctx->err set. */
static int try_remote(struct mod_ctx *ctx, int type, const struct sock_peer *p)
{
	int fd = sock_connect(ctx, type, p);

	if (fd < 0)
		return -1;
	/* A datagram socket connects without asking anyone, and a stream
	   may reach something that is not a serve: one echoed byte proves
	   a serve is there. */
	if (sock_roundtrip(ctx, fd, 'o', p->name) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

int sock_connect_remote(struct mod_ctx *ctx, int type, struct sock_peer *p)
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
	sock_hostport(p->name, sizeof p->name, ctx->remote_host,
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

int sock_roundtrip(struct mod_ctx *ctx, int fd, unsigned char byte,
		   const char *name)
{
	unsigned char c;
	ssize_t r;

	while ((r = send(fd, &byte, 1, SOCKET_SEND_FLAGS)) != 1)
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

int sock_roundtrips(struct mod_ctx *ctx, int fd, unsigned char *seq,
		    uint64_t n, const char *name)
{
	unsigned char b = *seq;
	uint64_t i;
	int r = 0;

	for (i = 0; i < n && r == 0; i++)
		r = sock_roundtrip(ctx, fd, b++, name);
	*seq = b;
	return r;
}
