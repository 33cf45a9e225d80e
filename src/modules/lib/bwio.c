/* One-way streams for the bandwidth modules; see bwio.h. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "modules/lib/bwio.h"
#include "modules/lib/fdio.h"
#include "modules/lib/proc.h"
#include "modules/lib/rr.h"
#include "modules/lib/sock.h"

void bwio_source(int fd)
{
	unsigned char *buf = malloc(BWIO_CHUNK);

	if (!buf)
		proc_child_fail("malloc", ENOMEM);
	if (signal(SIGPIPE, SIG_IGN) == SIG_ERR)
		proc_child_fail("signal SIGPIPE", errno);
	memset(buf, 's', BWIO_CHUNK);
	for (;;) {
		size_t off = 0;
		while (off < BWIO_CHUNK) {
			ssize_t w = write(fd, buf + off, BWIO_CHUNK - off);
			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				_exit(0);
			off += (size_t)w;
		}
	}
}

pid_t bwio_source_fork(struct mod_ctx *ctx, int fd, void *release)
{
	pid_t pid;

	proc_why_prepare();
	pid = fork();
	if (pid < 0)
		return proc_fork_fail(ctx, errno);
	if (pid == 0) {
		proc_child_init(&fd, 1, 1);
		/* Nothing here uses it; freed, it is not reported lost when
		   the writer exits (valgrind checks every process). */
		free(release);
		bwio_source(fd);
	}
	return pid;
}

int bwio_drain(struct mod_ctx *ctx, int fd, void *buf, size_t len, const char *what)
{
	unsigned char *p = buf;
	size_t got = 0;

	while (got < len) {
		ssize_t r = read(fd, p + got, len - got);
		if (r > 0) {
			got += (size_t)r;
		} else if (r == 0) {
			return mod_failf(ctx, "'%s' closed the stream", what);
		} else if (errno == EAGAIN || errno == EWOULDBLOCK) {
			return mod_failf(ctx, "'%s': no data within %d ms", what,
					 ctx->io_timeout_ms);
		} else if (errno != EINTR) {
			return mod_fail(ctx, "read", errno);
		}
	}
	return 0;
}

/* A stream's state: our end, the writer, the buffer an op reads into. */
struct bwio_stream {
	int fd;
	pid_t pid;
	unsigned char *buf;
};

static void stream_free(struct bwio_stream *s)
{
	fdio_close(&s->fd);
	proc_reap(&s->pid, 1, 0);   /* skips a pid <= 0 */
	free(s->buf);
	free(s);
}

int bwio_stream_setup(struct mod_ctx *ctx, int rd, int wr)
{
	struct bwio_stream *s = calloc(1, sizeof *s);

	if (!s) {
		close(rd);
		close(wr);
		return mod_fail(ctx, "calloc", errno);
	}
	s->fd = rd;
	s->pid = bwio_source_fork(ctx, wr, s);
	close(wr);
	if (s->pid < 0) {
		stream_free(s);
		return -1;
	}
	/* after the fork: the writer needs none of it */
	if (!(s->buf = malloc(BWIO_CHUNK))) {
		mod_fail(ctx, "malloc", errno);
		stream_free(s);
		return -1;
	}
	ctx->bytes_per_op = (double)BWIO_CHUNK;
	ctx->state = s;
	return 0;
}

int bwio_stream_run(struct mod_ctx *ctx, uint64_t n)
{
	struct bwio_stream *s = ctx->state;

	for (uint64_t i = 0; i < n; i++)
		if (bwio_drain(ctx, s->fd, s->buf, BWIO_CHUNK, "writer process") < 0)
			return -1;
	return 0;
}

void bwio_stream_teardown(struct mod_ctx *ctx)
{
	struct bwio_stream *s = ctx->state;

	if (!s)
		return;
	/* the writer's next write fails once our end is closed */
	fdio_close(&s->fd);
	proc_reap(&s->pid, 1, ctx->io_timeout_ms);
	stream_free(s);
	ctx->state = NULL;
}
