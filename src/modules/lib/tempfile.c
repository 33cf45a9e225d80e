/* The stat and openclose modules' file; see tempfile.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "modules/lib/tempfile.h"

int tempfile_setup(struct mod_ctx *ctx, const char *prefix)
{
	int len = snprintf(NULL, 0, "%s/%s.%d", ctx->tmpdir, prefix, ctx->worker);
	char *path;
	int fd;

	if (len < 0)
		return mod_fail(ctx, "snprintf", errno);
	path = malloc((size_t)len + 1);
	if (!path)
		return mod_fail(ctx, "malloc", errno);
	/* Same format and arguments: cannot fail where the sizing did not. */
	(void)snprintf(path, (size_t)len + 1, "%s/%s.%d", ctx->tmpdir, prefix,
		       ctx->worker);
	/* O_EXCL: a file already there is not ours to measure or remove. */
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd == -1) {
		mod_failf(ctx, "open '%s': %s", path, strerror(errno));
		free(path);
		return -1;
	}
	if (close(fd) == -1) {
		mod_failf(ctx, "close '%s': %s", path, strerror(errno));
		(void)unlink(path);
		free(path);
		return -1;
	}
	ctx->state = path;
	return 0;
}

void tempfile_teardown(struct mod_ctx *ctx)
{
	char *path = ctx->state;

	if (!path)
		return;
	/* Nowhere to report a failure from teardown; the harness removes the
	   whole private directory afterwards anyway. */
	(void)unlink(path);
	free(path);
	ctx->state = NULL;
}
