/* 0K / 10K File Create: create a new file in the private temp dir, write
 * size_kb KB to it (0 or 10, the column's parameter) in one write(), and
 * close it; per file (lmbench lat_fs, which creat()s and writes in the
 * same way).  Files go into one directory of this worker's
 * (modules/lib/fsfiles.c), numbered from 0 in each sample.
 *
 * The directory does not grow without bound: the prepare hook removes,
 * off the clock, every file the previous sample made, so each sample
 * creates its n files in an empty directory and the directory never holds
 * more than one sample's files.  lmbench instead spreads a sample's files
 * over a tree of directories of at most 100 each.  The bare loop is the
 * baseline: nothing of the op needs subtracting. */
#include "modules/lib/fsfiles.h"
#include "module.h"

static int fscreate_setup(struct mod_ctx *ctx)
{
	return fsfiles_setup(ctx, "fscreate");
}

static int fscreate_prepare(struct mod_ctx *ctx, uint64_t n)
{
	struct fsfiles *f = ctx->state;

	(void)n;
	for (uint64_t i = 0; i < f->made; i++)
		if (fsfiles_remove(ctx, f, i) < 0)
			return -1;
	f->made = 0;
	return 0;
}

static int fscreate_run(struct mod_ctx *ctx, uint64_t n)
{
	struct fsfiles *f = ctx->state;

	for (uint64_t i = 0; i < n; i++)
		if (fsfiles_create(ctx, f, i) < 0)
			return -1;
	return 0;
}

const struct module module_fscreate = {
	.name = "fscreate",
	.summary = "create, write size_kb KB to and close a new file in the temp dir",
	/* the two columns differ only in size_kb */
	.flags = MOD_SIZED | MOD_TMPDIR | MOD_JOURNAL,
	.setup = fscreate_setup,
	.run = fscreate_run,
	.teardown = fsfiles_teardown,
	.prepare = fscreate_prepare,
};
