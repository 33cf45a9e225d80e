/* Plain descriptors for the modules and serve; see fdio.h. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "modules/lib/fdio.h"

/* What an echo reads at once: requests are one byte, serve's up to 64. */
#define ECHO_BUF 64

int fdio_timeout(const struct mod_ctx *ctx)
{
	return ctx->io_timeout_ms > 0 ? ctx->io_timeout_ms : -1;
}

int fdio_poll(int fd, short events, int timeout_ms, short *revents)
{
	struct pollfd pfd = { .fd = fd, .events = events };
	int r;

	do
		r = poll(&pfd, 1, timeout_ms);
	while (r < 0 && errno == EINTR);
	if (revents)
		*revents = r > 0 ? pfd.revents : 0;
	return r;
}

int fdio_fail(struct mod_ctx *ctx, const char *call, int err)
{
	struct rlimit rl;

	if (err == EMFILE && getrlimit(RLIMIT_NOFILE, &rl) == 0)
		return mod_failf(ctx, "%s: %s (RLIMIT_NOFILE is %llu fds)", call,
				 strerror(err), (unsigned long long)rl.rlim_cur);
	return mod_fail(ctx, call, err);
}

int fdio_pipe(struct mod_ctx *ctx, int p[2])
{
	if (pipe(p) == 0)
		return 0;
	p[0] = p[1] = -1;
	return fdio_fail(ctx, "pipe", errno);
}

void fdio_close(int *fd)
{
	if (*fd >= 0) {
		close(*fd);
		*fd = -1;
	}
}

void fdio_close_pair(int p[2])
{
	fdio_close(&p[0]);
	fdio_close(&p[1]);
}

int fdio_nonblock(int fd, int on)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0)
		return -1;
	fl = on ? fl | O_NONBLOCK : fl & ~O_NONBLOCK;
	return fcntl(fd, F_SETFL, fl) < 0 ? -1 : 0;
}

int fdio_put(int fd, unsigned char byte)
{
	ssize_t r;

	while ((r = write(fd, &byte, 1)) != 1) {
		if (r >= 0) {
			errno = EIO;
			return -1;
		}
		if (errno != EINTR)
			return -1;
	}
	return 0;
}

int fdio_get(int fd, unsigned char *byte)
{
	ssize_t r;

	while ((r = read(fd, byte, 1)) < 0)
		if (errno != EINTR)
			return -1;
	return (int)r;
}

int fdio_write_byte(struct mod_ctx *ctx, int fd, unsigned char byte)
{
	if (fdio_put(fd, byte) < 0)
		return mod_fail(ctx, "write", errno);
	return 0;
}

int fdio_read_byte(struct mod_ctx *ctx, int fd, unsigned char *byte,
		   const char *what)
{
	int n = fdio_poll(fd, POLLIN, fdio_timeout(ctx), NULL);

	if (n == 0)
		return mod_failf(ctx, "%s: no answer within %d ms", what,
				 ctx->io_timeout_ms);
	if (n < 0)
		return mod_fail(ctx, "poll", errno);
	return fdio_read_byte_blocking(ctx, fd, byte, what);
}

int fdio_read_byte_blocking(struct mod_ctx *ctx, int fd, unsigned char *byte,
			    const char *what)
{
	int r = fdio_get(fd, byte);

	if (r == 1)
		return 0;
	if (r == 0)
		return mod_failf(ctx, "%s exited", what);
	return mod_fail(ctx, "read", errno);
}

int fdio_roundtrip(struct mod_ctx *ctx, int to, int from, unsigned char byte,
		   const char *what)
{
	unsigned char c;

	if (fdio_write_byte(ctx, to, byte) < 0)
		return -1;
	return fdio_read_byte_blocking(ctx, from, &c, what);
}

int fdio_echo(int in, int out)
{
	unsigned char buf[ECHO_BUF];
	ssize_t r, w, off;

	for (;;) {
		r = read(in, buf, sizeof buf);
		if (r == 0)
			return 0;
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		for (off = 0; off < r; off += w) {
			w = write(out, buf + off, (size_t)(r - off));
			if (w < 0 && errno == EINTR)
				w = 0;
			else if (w <= 0)
				return -1;
		}
	}
}
