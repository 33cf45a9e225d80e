/* Files written in full, then unlinked; see datafile.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "modules/lib/datafile.h"

static int write_all(struct mod_ctx *ctx, int fd, const char *path, size_t size,
		     size_t chunk)
{
	unsigned char *buf = malloc(chunk ? chunk : 1);
	size_t done = 0;

	if (!buf)
		return mod_fail(ctx, "malloc", errno);
	/* not zeros: a file system could keep a page of zeros as a hole */
	for (size_t i = 0; i < chunk; i++)
		buf[i] = (unsigned char)(i * 7 + 1);
	while (done < size) {
		size_t len = size - done < chunk ? size - done : chunk;
		ssize_t w = write(fd, buf, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			mod_failf(ctx, "write '%s': %s", path,
				  w < 0 ? strerror(errno) : "no progress");
			free(buf);
			return -1;
		}
		done += (size_t)w;
	}
	free(buf);
	return 0;
}

int datafile_open(struct mod_ctx *ctx, const char *prefix, size_t size, size_t chunk)
{
	int len = snprintf(NULL, 0, "%s/%s.%d", ctx->tmpdir, prefix, ctx->worker);
	char *path;
	int fd, named = 1;

	if (len < 0)
		return mod_fail(ctx, "snprintf", errno);
	if (chunk == 0 || chunk > size)
		chunk = size;
	path = malloc((size_t)len + 1);
	if (!path)
		return mod_fail(ctx, "malloc", errno);
	/* Same format and arguments: cannot fail where the sizing did not. */
	(void)snprintf(path, (size_t)len + 1, "%s/%s.%d", ctx->tmpdir, prefix, ctx->worker);
	/* O_EXCL: a file already there is not ours to measure or remove. */
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd == -1) {
		mod_failf(ctx, "open '%s': %s", path, strerror(errno));
		free(path);
		return -1;
	}
	if (unlink(path) == -1) {
		mod_failf(ctx, "unlink '%s': %s", path, strerror(errno));
		goto fail;
	}
	named = 0;
	if (write_all(ctx, fd, path, size, chunk) < 0)
		goto fail;
	if (lseek(fd, 0, SEEK_SET) == -1) {
		mod_failf(ctx, "lseek '%s': %s", path, strerror(errno));
		goto fail;
	}
	free(path);
	return fd;
fail:
	(void)close(fd);
	/* the first unlink failed: one more try is all that can be done */
	if (named)
		(void)unlink(path);
	free(path);
	return -1;
}
