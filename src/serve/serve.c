/* osbench serve: a TCP and UDP echo peer for --remote; see serve.h. */
#include <errno.h>
#include <fcntl.h>
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "sys/clock.h"
#include "serve/serve.h"
#include "sys/fd.h"
#include "sys/sockopt.h"
#include "sys/utf8.h"

#define ECHO_MAX 64     /* bytes per read, and the largest datagram */
#define TICK_MS 1000    /* longest poll() wait */
#define PAUSE_MS 100    /* accept() rests this long after EMFILE */
#define BATCH 64        /* accepts or datagrams per wakeup */
#define PORT_TRIES 16   /* port "0": UDP may find TCP's number taken */
/* Descriptors kept out of the client cap: stdio, the two sockets, the
 * spare, a signal pipe, and what the C library may open (resolver). */
#define FD_RESERVE 16

/* One source address may hold at most half of the clients, and a
 * client idle this long gives its place up to a new one when there is no
 * other: so idle connections, renewed now and then, cannot lock every
 * other client out. */
#define PER_SOURCE_SHARE 2
#define EVICT_IDLE_MS 1000

struct client {
	int fd;                    /* -1: closed, slot freed by compact() */
	int64_t last;              /* last request, ms */
	unsigned char src[16];     /* the source address (no port) */
	unsigned char srclen;
	unsigned char buf[ECHO_MAX];
	size_t off, len;           /* buf[off..len) not yet sent back */
};

struct server {
	int tfd, ufd;
	int port;
	int idle_ms;               /* < 0: never */
	int max;
	int n;                     /* clients[0..n) in use */
	int64_t paused_until;
	int spare;                 /* held so a refusal never lacks an fd */
	struct client *cl;
	struct pollfd *pfd;        /* [0] tcp, [1] udp, [2 + i] client i */
	char name[PEER_NAMELEN];
};

/* The one clock (sys/clock.c), in the milliseconds idle timeouts and
   pauses are counted in; a clock that failed reads 0, which only makes
   the idle check generous. */
static int64_t now_ms(void)
{
	return (int64_t)(clock_ns() / 1e6);
}

static int valid_port(const char *p)
{
	long v = 0;
	const char *c;

	if (!*p || strlen(p) > 5)
		return 0;
	for (c = p; *c; c++) {
		if (*c < '0' || *c > '9')
			return 0;
		v = v * 10 + (*c - '0');
	}
	return v <= 65535;
}

static void set_port(struct sockaddr_storage *ss, int port)
{
	if (ss->ss_family == AF_INET6)
		((struct sockaddr_in6 *)ss)->sin6_port = htons((uint16_t)port);
	else
		((struct sockaddr_in *)ss)->sin_port = htons((uint16_t)port);
}

static int get_port(const struct sockaddr_storage *ss)
{
	if (ss->ss_family == AF_INET6)
		return ntohs(((const struct sockaddr_in6 *)ss)->sin6_port);
	return ntohs(((const struct sockaddr_in *)ss)->sin_port);
}

static void close_pair(struct server *s)
{
	fdio_close(&s->tfd);
	fdio_close(&s->ufd);
}

/* The TCP listener: 0, or -1 with err set. */
static int open_tcp(struct server *s, const struct addrinfo *ai,
		    struct sockaddr_storage *ss, const char *subject,
		    char *err, size_t errlen)
{
	/* RST on close: see serve.h (the client keeps no TIME_WAIT).
	   Accepted sockets inherit it. */
	struct linger lg = { .l_onoff = 1, .l_linger = 0 };
	socklen_t len = sizeof *ss;
	int one = 1;

	s->tfd = socket(ai->ai_family, SOCK_STREAM, 0);
	if (s->tfd < 0) {
		utf8_printf(err, errlen, "socket: %s", strerror(errno));
		return -1;
	}
	/* A restarted serve must not wait out its old connections. */
	if (setsockopt(s->tfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0 ||
	    setsockopt(s->tfd, SOL_SOCKET, SO_LINGER, &lg, sizeof lg) < 0) {
		utf8_printf(err, errlen, "setsockopt: %s", strerror(errno));
		return -1;
	}
	if (bind(s->tfd, ai->ai_addr, ai->ai_addrlen) < 0) {
		utf8_printf(err, errlen, "bind '%s': %s", subject, strerror(errno));
		return -1;
	}
	if (listen(s->tfd, 1024) < 0 ||
	    getsockname(s->tfd, (struct sockaddr *)ss, &len) < 0 ||
	    fdio_nonblock(s->tfd, 1) < 0) {
		utf8_printf(err, errlen, "listen '%s': %s", subject,
			    strerror(errno));
		return -1;
	}
	return 0;
}

/* Both sockets on one port: 0, 1 when UDP found a kernel-picked number
   taken (try again), -1 with err set. */
static int open_pair(struct server *s, const struct addrinfo *ai,
		     const char *host, const char *port, char *err,
		     size_t errlen)
{
	struct sockaddr_storage ss;
	char subject[PEER_NAMELEN], num[8];

	sock_hostport(subject, sizeof subject, host, port);
	if (ai->ai_addrlen > sizeof ss) {
		utf8_printf(err, errlen, "'%s': address too long", subject);
		return -1;
	}
	if (open_tcp(s, ai, &ss, subject, err, errlen) < 0)
		return -1;
	s->port = get_port(&ss);
	snprintf(num, sizeof num, "%d", s->port);
	sock_hostport(subject, sizeof subject, host, num);
	s->ufd = socket(ai->ai_family, SOCK_DGRAM, 0);
	if (s->ufd < 0) {
		utf8_printf(err, errlen, "socket: %s", strerror(errno));
		return -1;
	}
	memcpy(&ss, ai->ai_addr, ai->ai_addrlen);
	set_port(&ss, s->port);
	if (bind(s->ufd, (struct sockaddr *)&ss, ai->ai_addrlen) < 0) {
		int e = errno;

		if (e == EADDRINUSE && strcmp(port, "0") == 0)
			return 1;
		utf8_printf(err, errlen, "bind udp '%s': %s", subject, strerror(e));
		return -1;
	}
	if (fdio_nonblock(s->ufd, 1) < 0) {
		utf8_printf(err, errlen, "fcntl: %s", strerror(errno));
		return -1;
	}
	return 0;
}

static void make_name(struct server *s, const struct addrinfo *ai)
{
	char host[INET6_ADDRSTRLEN + 16], num[8];

	if (getnameinfo(ai->ai_addr, ai->ai_addrlen, host, sizeof host, NULL,
			0, NI_NUMERICHOST) != 0)
		snprintf(host, sizeof host, "?");
	snprintf(num, sizeof num, "%d", s->port);
	sock_hostport(s->name, sizeof s->name, host, num);
}

/* At most what the descriptor limit leaves for clients: beyond it a
   client would wait in the listen queue for an accept that cannot come,
   answered by nothing. */
static int fd_cap(int want)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0 || rl.rlim_cur == RLIM_INFINITY)
		return want;
	if (rl.rlim_cur <= (rlim_t)FD_RESERVE + 1)
		return 1;
	if (rl.rlim_cur - FD_RESERVE < (rlim_t)want)
		return (int)(rl.rlim_cur - FD_RESERVE);
	return want;
}

static struct server *server_new(const struct serve_opts *o)
{
	struct server *s = calloc(1, sizeof *s);

	if (!s)
		return NULL;
	s->tfd = s->ufd = -1;
	s->idle_ms = o && o->idle_timeout_ms ? o->idle_timeout_ms :
		     SERVE_DEFAULT_IDLE_MS;
	s->max = fd_cap(o && o->max_clients > 0 ? o->max_clients :
			SERVE_DEFAULT_MAX_CLIENTS);
	s->spare = open("/dev/null", O_RDONLY | O_CLOEXEC);
	s->cl = calloc((size_t)s->max, sizeof *s->cl);
	s->pfd = calloc((size_t)s->max + 2, sizeof *s->pfd);
	if (!s->cl || !s->pfd) {
		free(s->cl);
		free(s->pfd);
		free(s);
		return NULL;
	}
	return s;
}

int serve_open(struct server **out, const struct serve_opts *o, char *err,
	       size_t errlen)
{
	const char *host = o && o->bind ? o->bind : SERVE_DEFAULT_BIND;
	const char *port = o && o->port ? o->port : SERVE_DEFAULT_PORT;
	struct addrinfo hints, *res;
	struct server *s;
	int rc, tries;

	*out = NULL;
	if (!valid_port(port)) {
		utf8_printf(err, errlen, "'%s': not a port number", port);
		return -1;
	}
	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
	rc = getaddrinfo(host, port, &hints, &res);
	if (rc != 0) {
		utf8_printf(err, errlen, "'%s': %s", host,
			    rc == EAI_SYSTEM ? strerror(errno) : gai_strerror(rc));
		return -1;
	}
	s = server_new(o);
	if (!s) {
		utf8_printf(err, errlen, "calloc: %s", strerror(errno));
		freeaddrinfo(res);
		return -1;
	}
	for (tries = 0; tries < PORT_TRIES; tries++) {
		rc = open_pair(s, res, host, port, err, errlen);
		if (rc != 1)
			break;
		close_pair(s);
	}
	if (rc == 1)
		utf8_printf(err, errlen, "bind udp '%s': %s", host,
			    strerror(EADDRINUSE));
	if (rc == 0)
		make_name(s, res);
	freeaddrinfo(res);
	if (rc != 0) {
		serve_close(s);
		return -1;
	}
	*out = s;
	return 0;
}

const char *serve_name(const struct server *s)
{
	return s->name;
}

static void drop(struct client *c)
{
	fdio_close(&c->fd);
}

/* Send back what is pending: 0 (all sent, or the rest waits for
   POLLOUT) or -1 (the client is gone). */
static int flush(struct client *c)
{
	ssize_t w;

	while (c->off < c->len) {
		w = send(c->fd, c->buf + c->off, c->len - c->off,
			 SOCKET_SEND_FLAGS);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK)
				return 0;
			return -1;
		}
		c->off += (size_t)w;
	}
	c->off = c->len = 0;
	return 0;
}

static void client_io(struct client *c, short rev, int64_t now)
{
	ssize_t r;

	if (rev & POLLNVAL) {
		drop(c);
		return;
	}
	/* While an echo is pending nothing more is read: a client that
	   does not read its answers stalls only itself. */
	if (c->len > c->off) {
		if ((rev & (POLLOUT | POLLERR | POLLHUP)) && flush(c) < 0)
			drop(c);
		return;
	}
	if (!(rev & (POLLIN | POLLERR | POLLHUP)))
		return;
	r = recv(c->fd, c->buf, sizeof c->buf, 0);
	if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK ||
		      errno == EINTR))
		return;
	if (r <= 0) {
		drop(c);
		return;
	}
	c->off = 0;
	c->len = (size_t)r;
	c->last = now;
	if (flush(c) < 0)
		drop(c);
}

static void serve_udp(struct server *s)
{
	unsigned char buf[ECHO_MAX + 1];
	struct sockaddr_storage from;
	socklen_t len;
	ssize_t r;
	int i;

	for (i = 0; i < BATCH; i++) {
		len = sizeof from;
		r = recvfrom(s->ufd, buf, sizeof buf, 0,
			     (struct sockaddr *)&from, &len);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return;
		}
		if (r > ECHO_MAX)
			continue;
		/* A failed echo is a lost datagram: the client's timeout
		   reports it. */
		if (sendto(s->ufd, buf, (size_t)r, 0, (struct sockaddr *)&from,
			   len) < 0)
			continue;
	}
}

/* Non-blocking (BSD accept passes the listener's flag on, Linux does
   not), no Nagle delay on the echo, no SIGPIPE. */
static int client_opts(int fd)
{
	if (fdio_nonblock(fd, 1) < 0 || sock_set_nodelay(fd) < 0 ||
	    sock_set_nosigpipe(fd) < 0)
		return -1;
	return 0;
}

/* Out of descriptors all the same: give the spare up for a moment to
   accept the waiting client and close it, so it sees a refusal rather
   than silence.  0 when one was refused, -1 when that was not possible. */
static int refuse_one(struct server *s)
{
	int fd;

	if (s->spare < 0)
		return -1;
	close(s->spare);
	fd = accept(s->tfd, NULL, NULL);
	if (fd >= 0)
		close(fd);
	s->spare = open("/dev/null", O_RDONLY | O_CLOEXEC);
	return fd >= 0 ? 0 : -1;
}

/* The address part of a peer's sockaddr; an IPv4-mapped IPv6 address
   counts as the IPv4 one. */
static unsigned char source_of(const struct sockaddr_storage *ss, unsigned char key[16])
{
	if (ss->ss_family == AF_INET) {
		memcpy(key, &((const struct sockaddr_in *)ss)->sin_addr, 4);
		return 4;
	}
	if (ss->ss_family == AF_INET6) {
		const unsigned char *a = ((const struct sockaddr_in6 *)ss)->sin6_addr.s6_addr;
		static const unsigned char mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };
		if (memcmp(a, mapped, sizeof mapped) == 0) {
			memcpy(key, a + 12, 4);
			return 4;
		}
		memcpy(key, a, 16);
		return 16;
	}
	return 0;
}

static int same_source(const struct client *c, const unsigned char *key, unsigned char len)
{
	return c->fd >= 0 && c->srclen == len && memcmp(c->src, key, len) == 0;
}

/* The client idle longest (from key's source when key is given), if it
   has been idle EVICT_IDLE_MS at least; else NULL. */
static struct client *longest_idle(struct server *s, const unsigned char *key,
				   unsigned char len, int64_t now)
{
	struct client *best = NULL;

	for (int i = 0; i < s->n; i++) {
		struct client *c = &s->cl[i];
		if (c->fd < 0 || (key && !same_source(c, key, len)))
			continue;
		if (!best || c->last < best->last)
			best = c;
	}
	return best && now - best->last >= EVICT_IDLE_MS ? best : NULL;
}

/* A client that has already hung up (its end-of-file not yet read): a
   burst of short connections fills the places faster than the loop reads
   their ends.  From key's source when key is given; NULL: none. */
static struct client *hung_up(struct server *s, const unsigned char *key, unsigned char len)
{
	for (int i = 0; i < s->n; i++) {
		struct client *c = &s->cl[i];
		char b;
		if (c->fd < 0 || (key && !same_source(c, key, len)) || c->len > c->off)
			continue;
		if (recv(c->fd, &b, 1, MSG_PEEK | MSG_DONTWAIT) == 0)
			return c;
	}
	return NULL;
}

/* Where a new client from key goes: a free slot, or the place of one
   that hung up or has been idle long enough to give way; NULL: refused. */
static struct client *slot_for(struct server *s, const unsigned char *key,
			       unsigned char len, int64_t now)
{
	int from = 0, cap = s->max / PER_SOURCE_SHARE;
	struct client *c = NULL;

	for (int i = 0; i < s->n; i++)
		from += same_source(&s->cl[i], key, len);
	if (cap < 1)
		cap = 1;
	if (from < cap && s->n < s->max)
		return &s->cl[s->n++];
	if (from >= cap)
		c = longest_idle(s, key, len, now);
	else
		c = longest_idle(s, NULL, 0, now);
	if (!c)
		c = hung_up(s, from >= cap ? key : NULL, len);
	if (c)
		drop(c);
	return c;
}

static void accept_clients(struct server *s, int64_t now)
{
	struct client *c;
	int i, fd;

	for (i = 0; i < BATCH; i++) {
		struct sockaddr_storage peer;
		socklen_t plen = sizeof peer;
		unsigned char key[16], klen;

		memset(&peer, 0, sizeof peer);
		fd = accept(s->tfd, (struct sockaddr *)&peer, &plen);
		if (fd < 0) {
			if (errno == EINTR || errno == ECONNABORTED)
				continue;
			if ((errno == EMFILE || errno == ENFILE) && refuse_one(s) == 0)
				continue;
			if (errno == EMFILE || errno == ENFILE ||
			    errno == ENOBUFS || errno == ENOMEM)
				s->paused_until = now + PAUSE_MS;
			return;
		}
		/* Full, or unusable: refused by closing at once. */
		klen = source_of(&peer, key);
		if (client_opts(fd) < 0 || !(c = slot_for(s, key, klen, now))) {
			close(fd);
			continue;
		}
		c->fd = fd;
		memcpy(c->src, key, klen);
		c->srclen = klen;
		c->last = now;
		c->off = c->len = 0;
	}
}

static void expire(struct server *s, int64_t now)
{
	int i;

	if (s->idle_ms < 0)
		return;
	for (i = 0; i < s->n; i++)
		if (s->cl[i].fd >= 0 && now - s->cl[i].last >= s->idle_ms)
			drop(&s->cl[i]);
}

static void compact(struct server *s)
{
	int i = 0;

	while (i < s->n) {
		if (s->cl[i].fd < 0)
			s->cl[i] = s->cl[--s->n];
		else
			i++;
	}
}

/* Until the next idle expiry or pause end, at most TICK_MS. */
static int next_wait(const struct server *s, int64_t now)
{
	int64_t t = TICK_MS, d;
	int i;

	if (s->paused_until > now && s->paused_until - now < t)
		t = s->paused_until - now;
	for (i = 0; s->idle_ms >= 0 && i < s->n; i++) {
		d = s->cl[i].last + s->idle_ms - now;
		if (d < t)
			t = d < 0 ? 0 : d;
	}
	return (int)t;
}

static int fill_pollfds(struct server *s, int64_t now)
{
	int i;

	s->pfd[0].fd = s->tfd;
	s->pfd[0].events = now >= s->paused_until ? POLLIN : 0;
	s->pfd[1].fd = s->ufd;
	s->pfd[1].events = POLLIN;
	for (i = 0; i < s->n; i++) {
		s->pfd[2 + i].fd = s->cl[i].fd;
		s->pfd[2 + i].events =
			s->cl[i].len > s->cl[i].off ? POLLOUT : POLLIN;
		s->pfd[2 + i].revents = 0;
	}
	s->pfd[0].revents = s->pfd[1].revents = 0;
	return 2 + s->n;
}

int serve_loop(struct server *s, volatile sig_atomic_t *stop, char *err,
	       size_t errlen)
{
	int64_t now;
	int i, n, r;

	while (!*stop) {
		now = now_ms();
		n = fill_pollfds(s, now);
		r = poll(s->pfd, (nfds_t)n, next_wait(s, now));
		if (r < 0) {
			if (errno == EINTR)
				continue;
			utf8_printf(err, errlen, "poll: %s", strerror(errno));
			return -1;
		}
		now = now_ms();
		for (i = 2; r > 0 && i < n; i++)
			if (s->pfd[i].revents)
				client_io(&s->cl[i - 2], s->pfd[i].revents, now);
		compact(s);
		if (s->pfd[1].revents)
			serve_udp(s);
		if (s->pfd[0].revents)
			accept_clients(s, now);
		expire(s, now);
		compact(s);
	}
	return 0;
}

void serve_close(struct server *s)
{
	int i;

	if (!s)
		return;
	for (i = 0; i < s->n; i++)
		fdio_close(&s->cl[i].fd);
	fdio_close(&s->spare);
	close_pair(s);
	free(s->cl);
	free(s->pfd);
	free(s);
}
