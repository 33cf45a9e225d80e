/* One-way streams for the bwpipe, bwunix and bwtcp modules: a writer
 * process writes blocks of BWIO_CHUNK bytes as fast as the channel takes
 * them, and the measuring process reads and counts them, as lmbench's
 * bw_pipe, bw_unix and bw_tcp do. */
#ifndef OSBENCH_BWIO_H
#define OSBENCH_BWIO_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "module.h"

/* What one write of the source and one op of the reader move: lmbench's
   XFERSIZE. */
#define BWIO_CHUNK ((size_t)64 << 10)

/* Write BWIO_CHUNK-byte blocks to fd until a write fails (the reader has
   gone), then _exit.  SIGPIPE is ignored first, so that the end is a
   failed write, not a signal. */
void bwio_source(int fd)
#if defined(__GNUC__)
	__attribute__((noreturn))
#endif
	;

/* Fork a writer process that keeps only fd (proc_child_init), frees
   release (the caller's state, of no use to the writer; NULL is allowed)
   and runs bwio_source(fd).  Returns its pid, or -1 with ctx->err set. */
pid_t bwio_source_fork(struct mod_ctx *ctx, int fd, void *release);

/* Read exactly len bytes from fd into buf, in reads of what is left.  End
   of file fails ("'WHAT' closed the stream"), as does a receive timeout
   ("'WHAT': no data within N ms"). */
int bwio_drain(struct mod_ctx *ctx, int fd, void *buf, size_t len, const char *what);

/* A stream from a forked writer process over a pipe or a socket pair:
 * the whole of the bwpipe and bwunix modules but for how the channel is
 * made.  bwio_stream_setup takes the channel's two ends (rd ours, wr the
 * writer's; both are closed on failure), forks the writer, and keeps the
 * stream in ctx->state with bytes_per_op set; bwio_stream_run and
 * bwio_stream_teardown go straight into the module's descriptor. */
int bwio_stream_setup(struct mod_ctx *ctx, int rd, int wr);
int bwio_stream_run(struct mod_ctx *ctx, uint64_t n);
void bwio_stream_teardown(struct mod_ctx *ctx);

#endif
