/* open clos: open(O_RDONLY) + close() of a file in the private temp dir;
 * each sweep worker has its own file (src/modules/lib/tempfile.c). */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "module.h"
#include "modules/lib/tempfile.h"

static int openclose_setup(struct mod_ctx *ctx)
{
	return tempfile_setup(ctx, "openclose");
}

static int openclose_run(struct mod_ctx *ctx, uint64_t n)
{
	const char *path = ctx->state;
	uint64_t i;
	int fd;

	for (i = 0; i < n; i++) {
		fd = open(path, O_RDONLY);
		if (fd == -1)
			return mod_failf(ctx, "open '%s': %s", path, strerror(errno));
		if (close(fd) == -1)
			return mod_failf(ctx, "close '%s': %s", path, strerror(errno));
	}
	return 0;
}

const struct module module_openclose = {
	.name = "openclose",
	.summary = "open() and close() of a file in the temp dir",
	.flags = MOD_SWEEP | MOD_TMPDIR,
	.calls_per_op = 2,
	.setup = openclose_setup,
	.run = openclose_run,
	.teardown = tempfile_teardown,
};
