/* Plain descriptors for the modules and serve; see fdio.h. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "modules/lib/fdio.h"

int fdio_timeout(const struct mod_ctx *ctx)
{
	return ctx->io_timeout_ms > 0 ? ctx->io_timeout_ms : -1;
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

