/* Socket names and options for callers with or without a module context
 * (the modules and osbench serve); failures leave the reason in errno. */
#ifndef OSBENCH_SYS_SOCKOPT_H
#define OSBENCH_SYS_SOCKOPT_H

#include <stddef.h>
#include <sys/socket.h>

/* "[v6addr%scope]:port", or a DNS name (at most 253) and a port, fit;
   longer names are only cut short in messages. */
#define PEER_NAMELEN 300

/* Flags for every send(): a dead peer must be an error, not a SIGPIPE.
   Where neither MSG_NOSIGNAL nor SO_NOSIGPIPE (sock_set_nosigpipe)
   exists the command layer must ignore SIGPIPE. */
#ifdef MSG_NOSIGNAL
#define SOCKET_SEND_FLAGS MSG_NOSIGNAL
#else
#define SOCKET_SEND_FLAGS 0
#endif

/* "host:port", or "[host]:port" when host is an IPv6 literal. */
void sock_hostport(char *buf, size_t len, const char *host, const char *port);

/* SO_NOSIGPIPE where sends have no MSG_NOSIGNAL (else nothing to do):
   0, or -1 with errno. */
int sock_set_nosigpipe(int fd);

/* TCP_NODELAY: a 1-byte request or answer must leave at once.  0, or -1
   with errno. */
int sock_set_nodelay(int fd);

#endif
