/* One-way streams for the bandwidth modules; see include/bwio.h. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bwio.h"
#include "net.h"

void bwio_source(int fd)
{
	unsigned char *buf = malloc(BWIO_CHUNK);

	if (!buf || signal(SIGPIPE, SIG_IGN) == SIG_ERR)
		_exit(1);
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
	pid_t pid = fork();

	if (pid < 0)
		return mod_fail(ctx, "fork", errno);
	if (pid == 0) {
		net_child_init(&fd, 1, 1);
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
