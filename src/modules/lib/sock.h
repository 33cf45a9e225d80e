/* Sockets for the select, ipc (unix, udp, tcp, tcpconn) and tcprr modules
 * and for osbench serve: naming a peer, a listener on loopback, connecting
 * with a bounded wait (to loopback or to a --remote serve), accepting,
 * the options a client socket gets, and the 1-byte round trip.
 *
 * Every function that takes a ctx records the reason in ctx->err (through
 * mod_fail/mod_failf) and returns -1, so a module can simply pass it up;
 * the sock_set_* ones, for callers without a ctx, leave it in errno.
 *
 * Waits on a peer are bounded by ctx->io_timeout_ms; a value <= 0 means
 * "no bound" (the harness watchdog is then the only limit). */
#ifndef OSBENCH_SOCK_H
#define OSBENCH_SOCK_H

#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>

#include "module.h"
#include "sys/sockopt.h"

/* A peer to connect to; name is HOST:PORT as the user would write it and
   is the subject of every message about this peer. */
struct sock_peer {
	struct sockaddr_storage addr;
	socklen_t len;
	char name[PEER_NAMELEN];
};

/* A socket of type SOCK_STREAM (listening, large backlog) or SOCK_DGRAM
   bound to 127.0.0.1 port 0; p receives the address the kernel chose.
   Returns the fd. Bind before fork so the child inherits a ready socket
   and no port number has to travel between the processes. */
int sock_listen_loopback(struct mod_ctx *ctx, int type, struct sock_peer *p);

/* Accept a connection on the listener lfd (named by p), waiting at most
   ctx->io_timeout_ms for it. Returns the fd. */
int sock_accept(struct mod_ctx *ctx, int lfd, const struct sock_peer *p);

/* Connect fd to p, waiting at most timeout_ms (< 0: forever). Returns 0 or
   an errno value (ETIMEDOUT when the wait ran out); fd stays blocking. */
int sock_connect_fd(int fd, const struct sock_peer *p, int timeout_ms);
/* The same for an fd that is already non-blocking (and is left so). */
int sock_connect_nb(int fd, const struct sock_peer *p, int timeout_ms);

/* The reason a connect to p failed with err (sock_connect_fd's result):
   "'NAME': no answer within N ms" for ETIMEDOUT, else "connect 'NAME':
   strerror". Returns -1. */
int sock_fail_connect(struct mod_ctx *ctx, const struct sock_peer *p, int err);

/* A new blocking socket of type SOCK_STREAM or SOCK_DGRAM connected to p
   (a stream waits at most ctx->io_timeout_ms), with nothing else set on
   it. Returns the fd. */
int sock_connect_plain(struct mod_ctx *ctx, int type, const struct sock_peer *p);

/* sock_connect_plain with what a client of a round trip needs: no
   SIGPIPE, a receive timeout of ctx->io_timeout_ms and, for a stream,
   TCP_NODELAY. Returns the fd. */
int sock_connect(struct mod_ctx *ctx, int type, const struct sock_peer *p);

/* Resolve ctx->remote_host:ctx->remote_port and connect a socket of type
   SOCK_STREAM or SOCK_DGRAM to the first address where an osbench serve
   answers (one byte echoed proves it). p receives that address. Returns
   the fd, set up as sock_connect's. */
int sock_connect_remote(struct mod_ctx *ctx, int type, struct sock_peer *p);

/* Make recv() on fd fail with EAGAIN after ctx->io_timeout_ms. */
int sock_rcvtimeo(struct mod_ctx *ctx, int fd);
/* Where send() has no MSG_NOSIGNAL, ask the socket not to raise SIGPIPE
   (SO_NOSIGPIPE); a no-op elsewhere. */
int sock_nosigpipe(struct mod_ctx *ctx, int fd);

/* Send one byte on a connected socket and receive its echo (recv bounded
   by the fd's receive timeout). Fails on a timeout ("'NAME': no answer
   within N ms"), a closed peer or a wrong byte. One send and one recv
   when nothing interrupts them. */
int sock_roundtrip(struct mod_ctx *ctx, int fd, unsigned char byte,
		   const char *name);

/* n round trips (sock_roundtrip), the bytes *seq, *seq + 1, ...; *seq is
   left at the next one. Each request is a different byte from the one
   before, so a late reply to an earlier one fails instead of counting.
   The timed loop of unix, tcp, udp and tcprr. */
int sock_roundtrips(struct mod_ctx *ctx, int fd, unsigned char *seq,
		    uint64_t n, const char *name);

#endif
