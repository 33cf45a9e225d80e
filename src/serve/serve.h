/* osbench serve: the peer the tcp, udp and tcpconn modules measure against
 * with --remote HOST[:PORT].
 *
 * One TCP listener and one UDP socket on the same address and port, run
 * by a single-threaded poll() loop over non-blocking sockets:
 *   TCP  every byte received is sent back (read 64 bytes at a time, never
 *        interpreted); a client idle longer than idle_timeout_ms is closed;
 *        beyond max_clients (capped at what the descriptor limit leaves,
 *        less a reserve) a connection is accepted and closed at once, so
 *        the client sees a refusal; should descriptors run out all the
 *        same, a spare one is given up to refuse the client with.
 *        On a client's end-of-file the connection is closed with an RST
 *        (SO_LINGER 0), so that the client keeps no TIME_WAIT and tcpconn
 *        cannot run out of ephemeral ports.
 *   UDP  datagrams of at most 64 bytes are sent back to their sender;
 *        bigger ones are dropped.
 * It never prints: errors come back in err as one line, e.g.
 *   bind '127.0.0.1:7100': Address already in use
 *   'nohost': Name or service not known
 *
 * SIGPIPE: sends use MSG_NOSIGNAL, or SO_NOSIGPIPE where that is missing.
 * On a system with neither, the caller must ignore SIGPIPE (the command
 * layer should do so anyway). */
#ifndef OSBENCH_SERVE_H
#define OSBENCH_SERVE_H

#include <signal.h>
#include <stddef.h>

#define SERVE_DEFAULT_BIND "127.0.0.1"
#define SERVE_DEFAULT_PORT "7100"
#define SERVE_DEFAULT_IDLE_MS 60000
#define SERVE_DEFAULT_MAX_CLIENTS 1024

struct serve_opts {
	const char *bind;     /* address or name; NULL: SERVE_DEFAULT_BIND */
	const char *port;     /* decimal; "0": the kernel picks one;
	                         NULL: SERVE_DEFAULT_PORT */
	int idle_timeout_ms;  /* 0: SERVE_DEFAULT_IDLE_MS; < 0: never */
	int max_clients;      /* <= 0: SERVE_DEFAULT_MAX_CLIENTS; either
	                         way at most the descriptor limit allows */
};

struct server;

/* Resolve o->bind (IPv4 or IPv6 literal, or a name: its first address)
   and bind TCP and UDP there on one port number; with port "0" UDP takes
   the number TCP got. 0, or -1 with the reason in err. */
int serve_open(struct server **out, const struct serve_opts *o, char *err,
	       size_t errlen);

/* "ADDR:PORT" ("[ADDR]:PORT" for IPv6) to print. */
const char *serve_name(const struct server *s);

/* Serve until *stop becomes non-zero (set by the caller's signal
   handler: poll() returns EINTR, and waits never last longer than a
   second, so a signal that lands just before poll() is seen too).
   0 on a clean stop, -1 with the reason in err. */
int serve_loop(struct server *s, volatile sig_atomic_t *stop, char *err,
	       size_t errlen);

/* Close every socket and free s (NULL is fine). */
void serve_close(struct server *s);

#endif
