/* 0K / 10K File Delete: unlink() of a file of size_kb KB (0 or 10, the
 * column's parameter) in the private temp dir; per file (lmbench lat_fs).
 *
 * The files to delete are made off the clock: the prepare hook creates
 * exactly the n files the next sample removes (numbered 0..n-1, in this
 * worker's own directory, modules/lib/fsfiles.c), and the sample unlinks them in
 * the order they were made, as lmbench does, so the directory is empty
 * between samples.  The bare loop is the baseline: nothing of the op
 * needs subtracting. */
#include "modules/lib/fsfiles.h"
#include "module.h"

static int fsdelete_setup(struct mod_ctx *ctx)
{
	return fsfiles_setup(ctx, "fsdelete");
}

static int fsdelete_prepare(struct mod_ctx *ctx, uint64_t n)
{
	struct fsfiles *f = ctx->state;

	for (uint64_t i = 0; i < n; i++)
		if (fsfiles_create(ctx, f, i) < 0)
			return -1;
	return 0;
}

static int fsdelete_run(struct mod_ctx *ctx, uint64_t n)
{
	struct fsfiles *f = ctx->state;

	for (uint64_t i = 0; i < n; i++)
		if (fsfiles_remove(ctx, f, i) < 0)
			return -1;
	f->made = 0;
	return 0;
}

const struct module module_fsdelete = {
	.name = "fsdelete",
	.summary = "unlink a file of size_kb KB in the temp dir",
	/* the two columns differ only in size_kb */
	.flags = MOD_SIZED | MOD_TMPDIR,
	.setup = fsdelete_setup,
	.run = fsdelete_run,
	.teardown = fsfiles_teardown,
	.prepare = fsdelete_prepare,
};
