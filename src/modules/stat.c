/* stat: stat() of a file in the private temp dir; each sweep worker has its
 * own file, so workers measure the call, not contention on one inode. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "modules.h"

static char *make_file(struct mod_ctx *ctx, const char *prefix)
{
	int len = snprintf(NULL, 0, "%s/%s.%d", ctx->tmpdir, prefix, ctx->worker);
	char *path;
	int fd;

	if (len < 0) {
		mod_fail(ctx, "snprintf", errno);
		return NULL;
	}
	path = malloc((size_t)len + 1);
	if (!path) {
		mod_fail(ctx, "malloc", errno);
		return NULL;
	}
	snprintf(path, (size_t)len + 1, "%s/%s.%d", ctx->tmpdir, prefix, ctx->worker);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd == -1) {
		mod_failf(ctx, "open '%s': %s", path, strerror(errno));
		free(path);
		return NULL;
	}
	if (close(fd) == -1) {
		mod_failf(ctx, "close '%s': %s", path, strerror(errno));
		unlink(path);
		free(path);
		return NULL;
	}
	return path;
}

static int stat_setup(struct mod_ctx *ctx)
{
	ctx->state = make_file(ctx, "stat");
	return ctx->state ? 0 : -1;
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

static void stat_teardown(struct mod_ctx *ctx)
{
	char *path = ctx->state;

	if (!path)
		return;
	unlink(path);
	free(path);
	ctx->state = NULL;
}

const struct module module_stat = {
	.name = "stat",
	.summary = "stat() of a file in the temp dir",
	.flags = MOD_SWEEP,
	.setup = stat_setup,
	.run = stat_run,
	.teardown = stat_teardown,
};
