/* tcprr: N client connections, one per worker thread, each doing 1-byte
 * request/response round trips against one loopback server process
 * (seed 003's `ab -c N`). The server gives each accepted connection its
 * own thread, as MySQL's one-thread-per-connection and Apache's worker
 * models do, so the scaling measured is the kernel's and the scheduler's
 * with N busy server threads, not an event loop's.
 *
 * Its parts are the fixtures tcp and tcpconn use too: the server
 * process and its accept loop (rr_server_start, rr_accept_loop, as
 * tcpconn's acceptor), the echo of each connection (fdio_echo, as tcp's
 * echo process) and the client's connection and round trips (sock_connect,
 * sock_roundtrips, as tcp's and udp's). What differs from tcp, for a
 * reason: tcp's server is one process echoing the one connection it
 * accepts, which its end-of-file ends; this one serves N at once, so it
 * has a lifeline, accepts in a loop and echoes each connection on a thread
 * of its own, and one server is shared by every worker (setup_shared).
 *
 * Thread safety: setup/run/teardown touch only their own ctx->state and
 * read the shared server address, written once by setup_shared before any
 * worker starts; there is no static mutable state. */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "module.h"
#include "modules/lib/fdio.h"
#include "modules/lib/proc.h"
#include "modules/lib/rr.h"

#define MAX_CONNS 4096          /* more are accepted and closed at once */
#define STACK_SIZE (256 * 1024) /* an echo loop needs little */

struct tcprr_state {
	int fd;
	unsigned char seq;
};

/* The server process. Its state lives on its main thread's stack. */
struct server {
	pthread_mutex_t lock;
	int conns;
	int max;    /* MAX_CONNS, or fewer if descriptors are scarcer */
	pthread_attr_t attr;
};

struct conn {
	struct server *sv;
	int fd;
};

static void *serve_conn(void *arg)
{
	struct conn *c = arg;
	struct server *sv = c->sv;
	int fd = c->fd;

	free(c);
	/* Whether the client left or failed, the connection is over. */
	(void)fdio_echo(fd, fd);
	close(fd);
	pthread_mutex_lock(&sv->lock);
	sv->conns--;
	pthread_mutex_unlock(&sv->lock);
	return NULL;
}

static int server_full(struct server *sv)
{
	int full;

	pthread_mutex_lock(&sv->lock);
	full = sv->conns >= sv->max;
	if (!full)
		sv->conns++;
	pthread_mutex_unlock(&sv->lock);
	return full;
}

/* An rr_conn_fn: the connection's own thread, or a close at once. */
static void start_conn(int fd, void *arg)
{
	struct server *sv = arg;
	struct conn *c;
	pthread_t t;
	int err;

	if (server_full(sv)) {
		close(fd);
		return;
	}
	/* BSD's accept() passes the listener's O_NONBLOCK on; the echo
	   thread blocks. */
	c = malloc(sizeof *c);
	if (!c) {
		proc_child_say("malloc", ENOMEM);
		goto drop;
	}
	if (fdio_nonblock(fd, 0) < 0) {
		proc_child_say("fcntl", errno);
		goto drop;
	}
	if (sock_set_nodelay(fd) < 0) {
		proc_child_say("setsockopt TCP_NODELAY", errno);
		goto drop;
	}
	c->sv = sv;
	c->fd = fd;
	err = pthread_create(&t, &sv->attr, serve_conn, c);
	if (err == 0)
		return;
	proc_child_say("pthread_create", err);
drop:
	/* The client sees the connection close and reports it, with the
	   reason said above. */
	free(c);
	close(fd);
	pthread_mutex_lock(&sv->lock);
	sv->conns--;
	pthread_mutex_unlock(&sv->lock);
}

/* Raise our descriptor limit as far as allowed and keep the connection
   cap under it, so the cap, not accept()'s EMFILE, decides. */
static int conn_limit(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return 256;
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < MAX_CONNS + 64 &&
	    rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		if (rl.rlim_cur > MAX_CONNS + 64)
			rl.rlim_cur = MAX_CONNS + 64;
		if (setrlimit(RLIMIT_NOFILE, &rl) < 0 &&
		    getrlimit(RLIMIT_NOFILE, &rl) < 0)
			return 256;
	}
	if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= MAX_CONNS + 64)
		return MAX_CONNS;
	return rl.rlim_cur > 80 ? (int)rl.rlim_cur - 64 : 16;
}

/* The server process: accept connections until the lifeline (ctl) reads
   end-of-file. */
static void server_main(int lfd, int ctl, pid_t parent, int timeout_ms)
{
	struct sigaction sa;
	struct server sv;
	size_t stack = STACK_SIZE;
	int err;

	(void)parent;		/* the lifeline tells when it is gone */
	(void)timeout_ms;	/* each client bounds its own waits */
	/* A client gone mid-echo must cost one thread, not the server. */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_IGN;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGPIPE, &sa, NULL) < 0)
		proc_child_fail("sigaction SIGPIPE", errno);
	if ((err = pthread_mutex_init(&sv.lock, NULL)) != 0)
		proc_child_fail("pthread_mutex_init", err);
	if ((err = pthread_attr_init(&sv.attr)) != 0 ||
	    (err = pthread_attr_setdetachstate(&sv.attr, PTHREAD_CREATE_DETACHED)) != 0)
		proc_child_fail("pthread_attr", err);
#ifdef PTHREAD_STACK_MIN
	if (stack < PTHREAD_STACK_MIN)
		stack = PTHREAD_STACK_MIN;
#endif
	/* Not fatal: the default stack only costs address space. */
	(void)pthread_attr_setstacksize(&sv.attr, stack);
	sv.conns = 0;
	sv.max = conn_limit();
	rr_accept_loop(lfd, ctl, start_conn, &sv);
}

/* ctx->shared is the server process (struct rr_server). */
static int tcprr_setup_shared(struct mod_ctx *ctx)
{
	struct rr_server *sv;

	sv = calloc(1, sizeof *sv);
	if (!sv)
		return mod_fail(ctx, "calloc", errno);
	/* Bound before the fork: workers connect without any race. */
	if (rr_server_start(ctx, SOCK_STREAM, 1, server_main, sv, sv) < 0) {
		free(sv);
		return -1;
	}
	ctx->shared = sv;
	return 0;
}

static void tcprr_teardown_shared(struct mod_ctx *ctx)
{
	if (!ctx->shared)
		return;
	rr_server_stop(ctx->shared, ctx->io_timeout_ms);
	free(ctx->shared);
	ctx->shared = NULL;
}

static int tcprr_setup(struct mod_ctx *ctx)
{
	const struct rr_server *sh = ctx->shared;
	struct tcprr_state *s;

	if (!sh)
		return mod_failf(ctx, "tcprr: no server (setup_shared not run)");
	s = malloc(sizeof *s);
	if (!s)
		return mod_fail(ctx, "malloc", errno);
	s->seq = 0;
	s->fd = sock_connect(ctx, SOCK_STREAM, &sh->peer);
	/* One round trip: a server thread now serves this connection (or
	   the server refused it, and setup says so). */
	if (s->fd < 0 || sock_roundtrip(ctx, s->fd, 'r', sh->peer.name) < 0) {
		if (s->fd >= 0)
			close(s->fd);
		free(s);
		return -1;
	}
	ctx->state = s;
	return 0;
}

static int tcprr_run(struct mod_ctx *ctx, uint64_t n)
{
	const struct rr_server *sh = ctx->shared;
	struct tcprr_state *s = ctx->state;

	return sock_roundtrips(ctx, s->fd, &s->seq, n, sh->peer.name);
}

static void tcprr_teardown(struct mod_ctx *ctx)
{
	struct tcprr_state *s = ctx->state;

	if (!s)
		return;
	fdio_close(&s->fd);
	free(s);
	ctx->state = NULL;
}

const struct module module_tcprr = {
	.name = "tcprr",
	.summary = "1-byte request/response round trips, one loopback tcp connection per worker, thread-per-connection server",
	.flags = MOD_SCALE | MOD_SWEEP | MOD_THREADS_ONLY | MOD_REQUESTS,
	.setup_shared = tcprr_setup_shared,
	.teardown_shared = tcprr_teardown_shared,
	.setup = tcprr_setup,
	.run = tcprr_run,
	.teardown = tcprr_teardown,
};
