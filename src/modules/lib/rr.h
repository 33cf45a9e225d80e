/* Server processes on loopback, as the udp, tcp, tcpconn and tcprr modules
 * run one, and the whole request/response module of tcp and udp: a
 * connected socket to that server (or to the --remote serve) and its
 * 1-byte round trips. */
#ifndef OSBENCH_RR_H
#define OSBENCH_RR_H

#include <stdint.h>
#include <sys/types.h>

#include "module.h"
#include "modules/lib/sock.h"

/* A server process on loopback (or, with --remote, the serve the module
   talks to: pid 0). */
struct rr_server {
	struct sock_peer peer; /* where it listens */
	pid_t pid;             /* the process; 0 when there is none */
	int ctl;               /* our end of its lifeline pipe, or -1 */
};

/* What runs in a server process; it never returns. fd is the socket,
   bound (and listening, for SOCK_STREAM); ctl the read end of the
   lifeline, which reads end-of-file once the parent closes it or dies,
   or -1 when none was asked for; parent the process that started it;
   timeout_ms the measurement's ctx->io_timeout_ms. */
typedef void (*rr_serve_fn)(int fd, int ctl, pid_t parent, int timeout_ms);

/* Bind a socket of type to loopback (sock_listen_loopback), make a
   lifeline pipe if lifeline is set, and fork a process (proc_fork) that
   keeps only those, frees release (the caller's state, allocated before
   the fork and of no use to the server; NULL is allowed) and runs serve.
   Bound before the fork, so a client's connect cannot race the server
   and no port number travels between the processes. Fills sv; returns
   0, or -1 with ctx->err set and nothing left open or running. */
int rr_server_start(struct mod_ctx *ctx, int type, int lifeline,
		    rr_serve_fn serve, void *release, struct rr_server *sv);

/* Close the lifeline, then reap the server (proc_reap with grace_ms). */
void rr_server_stop(struct rr_server *sv, int grace_ms);

/* The loop of a server with a lifeline that takes many connections
   (tcpconn's acceptor, tcprr's thread-per-connection server): make the
   listener lfd non-blocking, then hand every connection accepted to
   conn(fd, arg), which owns fd from then on, until ctl reads
   end-of-file (_exit(0)). Out of descriptors or memory for a moment, it
   rests instead of spinning on a listener that stays readable; any other
   failure is _exit(1). */
typedef void (*rr_conn_fn)(int fd, void *arg);
void rr_accept_loop(int lfd, int ctl, rr_conn_fn conn, void *arg)
#if defined(__GNUC__)
	__attribute__((noreturn))
#endif
	;

/* Hooks for a module whose op is a 1-byte request/response round trip
   over a socket of one type (tcp, udp): to a server process that
   rr_server_start runs with serve on loopback, or to the --remote serve.
   rr_setup is called from the module's setup and keeps the connected
   socket and the server in ctx->state; rr_run and rr_teardown go
   straight into the module's descriptor (rr_run is sock_roundtrips). */
int rr_setup(struct mod_ctx *ctx, int type, rr_serve_fn serve);
int rr_run(struct mod_ctx *ctx, uint64_t n);
void rr_teardown(struct mod_ctx *ctx);

#endif
