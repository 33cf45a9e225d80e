/* null I/O: 1-byte read from /dev/zero and 1-byte write to /dev/null,
 * alternating, so the figure is the mean of the two. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "module.h"

struct nullio {
	int zero;
	int null;
	unsigned parity;	/* carried across runs so odd n stay balanced */
};

/* A sandbox may put a regular file or a pipe where the devices should be:
 * then the figure would time a file system or a pipe under the device's
 * name.  Both must be character devices, and /dev/zero must read zeros. */
static int check_devices(struct mod_ctx *ctx, int zero, int null)
{
	struct stat z, nl;
	char c = 1;

	if (fstat(zero, &z) == -1 || fstat(null, &nl) == -1)
		return mod_fail(ctx, "fstat", errno);
	if (!S_ISCHR(z.st_mode))
		return mod_failf(ctx, "'/dev/zero' is not a character device");
	if (!S_ISCHR(nl.st_mode))
		return mod_failf(ctx, "'/dev/null' is not a character device");
	if (z.st_rdev == nl.st_rdev)
		return mod_failf(ctx, "'/dev/zero' and '/dev/null' are the same device");
	if (read(zero, &c, 1) != 1 || c != 0)
		return mod_failf(ctx, "'/dev/zero' did not read a zero byte");
	return 0;
}

static int nullio_setup(struct mod_ctx *ctx)
{
	struct nullio *s = malloc(sizeof *s);

	if (!s)
		return mod_fail(ctx, "malloc", errno);
	s->parity = 0;
	s->zero = open("/dev/zero", O_RDONLY);
	if (s->zero == -1) {
		mod_fail(ctx, "open '/dev/zero'", errno);
		free(s);
		return -1;
	}
	s->null = open("/dev/null", O_WRONLY);
	if (s->null == -1) {
		mod_fail(ctx, "open '/dev/null'", errno);
		close(s->zero);
		free(s);
		return -1;
	}
	if (check_devices(ctx, s->zero, s->null) == -1) {
		close(s->zero);
		close(s->null);
		free(s);
		return -1;
	}
	ctx->state = s;
	return 0;
}

static int short_io(struct mod_ctx *ctx, const char *call, ssize_t r)
{
	if (r == -1)
		return mod_fail(ctx, call, errno);
	return mod_failf(ctx, "%s: returned %zd, not 1", call, r);
}

static int nullio_run(struct mod_ctx *ctx, uint64_t n)
{
	struct nullio *s = ctx->state;
	char c = 0;
	ssize_t r;
	uint64_t i;

	for (i = 0; i < n; i++) {
		s->parity ^= 1;
		if (s->parity) {
			r = read(s->zero, &c, 1);
			if (r != 1)
				return short_io(ctx, "read '/dev/zero'", r);
		} else {
			r = write(s->null, &c, 1);
			if (r != 1)
				return short_io(ctx, "write '/dev/null'", r);
		}
	}
	return 0;
}

static void nullio_teardown(struct mod_ctx *ctx)
{
	struct nullio *s = ctx->state;

	if (!s)
		return;
	close(s->zero);
	close(s->null);
	free(s);
	ctx->state = NULL;
}

const struct module module_nullio = {
	.name = "nullio",
	.summary = "1-byte read from /dev/zero and write to /dev/null, mean of both",
	.flags = MOD_SWEEP,
	.calls_per_op = 1,
	.setup = nullio_setup,
	.run = nullio_run,
	.teardown = nullio_teardown,
};
