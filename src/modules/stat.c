/* stat: stat() of a file in the private temp dir; each sweep worker has its
 * own file (src/modules/lib/tempfile.c), so workers measure the call, not contention
 * on one inode. */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "module.h"
#include "modules/lib/tempfile.h"

static int stat_setup(struct mod_ctx *ctx)
{
	return tempfile_setup(ctx, "stat");
}

static int stat_run(struct mod_ctx *ctx, uint64_t n)
{
	const char *path = ctx->state;
	struct stat st;
	uint64_t i;

	for (i = 0; i < n; i++)
		if (stat(path, &st) == -1)
			return mod_failf(ctx, "stat '%s': %s", path, strerror(errno));
	return 0;
}

const struct module module_stat = {
	.name = "stat",
	.summary = "stat() of a file in the temp dir",
	.flags = MOD_SWEEP | MOD_TMPDIR,
	.calls_per_op = 1,
	.setup = stat_setup,
	.run = stat_run,
	.teardown = tempfile_teardown,
};
