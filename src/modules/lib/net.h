/* Sockets, pipes and helper processes shared by the ctx, ipc (pipe, unix,
 * udp, tcp, tcpconn) and tcprr modules.
 *
 * Every function that can fail records the reason in ctx->err (through
 * mod_fail/mod_failf) and returns -1, so a module can simply pass it up.
 *
 * Waits on a peer are bounded by ctx->io_timeout_ms; a value <= 0 means
 * "no bound" (the harness watchdog is then the only limit). */
#ifndef OSBENCH_NET_H
#define OSBENCH_NET_H

#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>

#include "module.h"

/* "[v6addr%scope]:port", or a DNS name (at most 253) and a port, fit;
   longer names are only cut short in messages. */
#define NET_NAMELEN 300

/* A peer to connect to; name is HOST:PORT as the user would write it and
   is the subject of every message about this peer. */
struct net_peer {
	struct sockaddr_storage addr;
	socklen_t len;
	char name[NET_NAMELEN];
};

/* ctx->io_timeout_ms as a poll() timeout: -1 when unbounded. */
int net_timeout(const struct mod_ctx *ctx);

/* "host:port", or "[host]:port" when host is an IPv6 literal. */
void net_hostport(char *buf, size_t len, const char *host, const char *port);

/* A socket of type SOCK_STREAM (listening, large backlog) or SOCK_DGRAM
   bound to 127.0.0.1 port 0; p receives the address the kernel chose.
   Returns the fd. Bind before fork so the child inherits a ready socket
   and no port number has to travel between the processes. */
int net_listen_loopback(struct mod_ctx *ctx, int type, struct net_peer *p);

/* Connect fd to p, waiting at most timeout_ms (< 0: forever). Returns 0 or
   an errno value (ETIMEDOUT when the wait ran out); fd stays blocking. */
int net_connect_fd(int fd, const struct net_peer *p, int timeout_ms);
/* The same for an fd that is already non-blocking (and is left so). */
int net_connect_nb(int fd, const struct net_peer *p, int timeout_ms);

/* A new TCP socket connected to p, with TCP_NODELAY and a receive timeout
   of ctx->io_timeout_ms. Returns the fd. */
int net_connect_stream(struct mod_ctx *ctx, const struct net_peer *p);

/* Resolve ctx->remote_host:ctx->remote_port and connect a socket of type
   SOCK_STREAM or SOCK_DGRAM to the first address where an osbench serve
   answers (one byte echoed proves it). p receives that address. Returns
   the fd, set up as net_connect_stream's. */
int net_connect_remote(struct mod_ctx *ctx, int type, struct net_peer *p);

/* Make recv() on fd fail with EAGAIN after ctx->io_timeout_ms. */
int net_rcvtimeo(struct mod_ctx *ctx, int fd);
/* TCP_NODELAY: a 1-byte request must leave at once. */
int net_nodelay(struct mod_ctx *ctx, int fd);
/* Where send() has no MSG_NOSIGNAL, ask the socket not to raise SIGPIPE
   (SO_NOSIGPIPE); a no-op elsewhere. */
int net_nosigpipe(struct mod_ctx *ctx, int fd);

/* Send one byte on a connected socket and receive its echo (recv bounded
   by the fd's receive timeout). Fails on a timeout ("'NAME': no answer
   within N ms"), a closed peer or a wrong byte. */
int net_roundtrip(struct mod_ctx *ctx, int fd, unsigned char byte,
		  const char *name);

/* One byte through a pipe (or any fd). net_read_byte polls first, so it
   waits at most ctx->io_timeout_ms; what names the peer in messages. */
int net_write_byte(struct mod_ctx *ctx, int fd, unsigned char byte);
int net_read_byte(struct mod_ctx *ctx, int fd, unsigned char *byte,
		  const char *what);
/* The same read without the poll, for a peer that is our own child: the
   op then is exactly the blocking read lmbench and perf time (a poll
   changes how a waiting process sleeps and is woken across CPUs); a dead
   child gives end-of-file, and a stuck one is ended by the harness's
   watchdog. */
int net_read_byte_blocking(struct mod_ctx *ctx, int fd, unsigned char *byte,
			   const char *what);

/* First thing a forked helper does: default signal dispositions, nothing
   blocked, and every fd closed except 0, 1, 2 and keep[0..nkeep-1], so
   that end-of-file reaches whoever waits for it; then, under --placement
   spread, onto the CPU of peer number peer (1, 2, ...). */
void net_child_init(const int *keep, int nkeep, int peer);

/* Echo what arrives on in back to out until end-of-file or an error,
   then _exit. For the pipe, unix and tcp helpers. */
void net_echo_child(int in, int out)
#if defined(__GNUC__)
	__attribute__((noreturn))
#endif
	;

/* Fork a helper that keeps only in and out (net_child_init), frees
   release (the caller's state, allocated before the fork and of no use
   to the helper; NULL is allowed) and runs net_echo_child(in, out).
   Returns its pid, or -1 with ctx->err set; it never returns in the
   child, so release may hold what the pid is stored in. The pipe and
   unix modules' echo process. */
pid_t net_echo_fork(struct mod_ctx *ctx, int in, int out, void *release);

/* A server process on loopback, as the udp, tcp, tcpconn and tcprr
   modules run one (or, with --remote, the serve they talk to: pid 0). */
struct net_server {
	struct net_peer peer; /* where it listens */
	pid_t pid;            /* the process; 0 when there is none */
	int ctl;              /* our end of its lifeline pipe, or -1 */
};

/* What runs in a server process; it never returns. fd is the socket,
   bound (and listening, for SOCK_STREAM); ctl the read end of the
   lifeline, which reads end-of-file once the parent closes it or dies,
   or -1 when none was asked for; parent the process that started it;
   timeout_ms the measurement's ctx->io_timeout_ms. */
typedef void (*net_serve_fn)(int fd, int ctl, pid_t parent, int timeout_ms);

/* Bind a socket of type to loopback (net_listen_loopback), make a
   lifeline pipe if lifeline is set, and fork a process that keeps only
   those (net_child_init), frees release (the caller's state, allocated
   before the fork and of no use to the server; NULL is allowed) and runs
   serve. Bound before the fork, so a client's connect cannot race the
   server and no port number travels between the processes. Fills sv;
   returns 0, or -1 with ctx->err set and nothing left open or running. */
int net_server_start(struct mod_ctx *ctx, int type, int lifeline,
		     net_serve_fn serve, void *release, struct net_server *sv);

/* Close the lifeline, then reap the server (net_reap with grace_ms). */
void net_server_stop(struct net_server *sv, int grace_ms);

/* Hooks for a module whose op is a 1-byte request/response round trip
   over a socket of one type (tcp, udp): to a server process that
   net_server_start runs with serve on loopback, or to the --remote serve.
   net_rr_setup is called from the module's setup and keeps the connected
   socket and the server in ctx->state; net_rr_run and net_rr_teardown go
   straight into the module's descriptor. Each request is a different
   byte, so a late reply to an earlier one fails instead of counting. */
int net_rr_setup(struct mod_ctx *ctx, int type, net_serve_fn serve);
int net_rr_run(struct mod_ctx *ctx, uint64_t n);
void net_rr_teardown(struct mod_ctx *ctx);

/* Reap pids[0..n-1] (entries <= 0 are skipped and reaped ones set to 0):
   wait up to grace_ms for them to exit by themselves, then SIGKILL the
   rest and wait for them. */
void net_reap(pid_t *pids, int n, int grace_ms);

/* close(*fd) if it is open, then mark it closed (-1). */
void net_close(int *fd);

#endif
