/* Plain descriptors as the modules use them, with no socket call: making
 * a pipe, bounded waits for a byte, and failures that name the
 * descriptor limit; the helpers without a ctx are sys/fd.h's.
 *
 * The functions that take a ctx record the reason in ctx->err (through
 * mod_fail/mod_failf) and return -1; the others leave it in errno, for
 * callers that have no ctx (helper processes, server threads, serve). */
#ifndef OSBENCH_FDIO_H
#define OSBENCH_FDIO_H

#include "module.h"
#include "sys/fd.h"

/* ctx->io_timeout_ms as a poll() timeout: -1 when unbounded (<= 0). */
int fdio_timeout(const struct mod_ctx *ctx);

/* mod_fail for a call that makes a descriptor: on EMFILE the reason also
   says the limit ("... (RLIMIT_NOFILE is N fds)"), since that is what a
   sweep at high concurrency runs into. */
int fdio_fail(struct mod_ctx *ctx, const char *call, int err);

/* pipe(), failing as fdio_fail("pipe"); on failure p is { -1, -1 }. */
int fdio_pipe(struct mod_ctx *ctx, int p[2]);

/* The same with the reason in ctx->err. fdio_read_byte polls first, so
   it waits at most ctx->io_timeout_ms; what names the peer in messages
   ("WHAT: no answer within N ms", "WHAT exited"). */
int fdio_write_byte(struct mod_ctx *ctx, int fd, unsigned char byte);
int fdio_read_byte(struct mod_ctx *ctx, int fd, unsigned char *byte,
		   const char *what);
/* The same read without the poll, for a peer that is our own child: the
   op then is exactly the blocking read lmbench and perf time (a poll
   changes how a waiting process sleeps and is woken across CPUs); a dead
   child gives end-of-file, and a stuck one is ended by the harness's
   watchdog. */
int fdio_read_byte_blocking(struct mod_ctx *ctx, int fd, unsigned char *byte,
			    const char *what);

/* One byte to our own child(ren) on to and the answer back on from, read
   as fdio_read_byte_blocking does: one write and one read. The op of pipe
   and of a ctx lap. */
int fdio_roundtrip(struct mod_ctx *ctx, int to, int from, unsigned char byte,
		   const char *what);

#endif
