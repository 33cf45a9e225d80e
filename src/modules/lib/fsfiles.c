/* The fscreate and fsdelete modules' files; see fsfiles.h. */
/* sync() is in the XSI part of POSIX */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "modules/lib/fsfiles.h"

#define NAME_DIGITS 12

static void fsfiles_free(struct fsfiles *f)
{
	free(f->path);
	free(f->data);
	free(f);
}

int fsfiles_setup(struct mod_ctx *ctx, const char *prefix)
{
	int len = snprintf(NULL, 0, "%s/%s.%d/", ctx->tmpdir, prefix, ctx->worker);
	struct fsfiles *f;

	if (len < 0)
		return mod_fail(ctx, "snprintf", errno);
	if (ctx->size_kb < 0)
		return mod_failf(ctx, "size_kb %d: not a file size", ctx->size_kb);
	f = calloc(1, sizeof *f);
	if (!f)
		return mod_fail(ctx, "calloc", errno);
	f->bytes = (size_t)ctx->size_kb * 1024;
	f->dirlen = (size_t)len;
	f->path = malloc((size_t)len + NAME_DIGITS + 1);
	/* malloc(0) may give NULL: always ask for at least a byte */
	f->data = malloc(f->bytes ? f->bytes : 1);
	if (!f->path || !f->data) {
		mod_fail(ctx, "malloc", errno);
		fsfiles_free(f);
		return -1;
	}
	memset(f->data, 'f', f->bytes);
	/* Same format and arguments: cannot fail where the sizing did not. */
	(void)snprintf(f->path, (size_t)len + 1, "%s/%s.%d/", ctx->tmpdir, prefix, ctx->worker);
	f->path[len - 1] = '\0';
	/* a directory already there is not ours to fill or remove */
	if (mkdir(f->path, 0700) == -1) {
		mod_failf(ctx, "mkdir '%s': %s", f->path, strerror(errno));
		fsfiles_free(f);
		return -1;
	}
	f->path[len - 1] = '/';
	/* Each round starts from a file system with nothing pending, off
	   the clock.  What is pending is charged to whoever creates next: an
	   ext4 without a journal will not reuse an inode freed in the last
	   60 s, or 300 s while its inode table block is unwritten, and every
	   create steps over each such inode of its group in turn (the run's
	   own deletes, and whatever ran before).  After a sync the shorter
	   window holds: creates that took 0.9 ms each took 50 us. */
	sync();
	fsfiles_name(f, 0);
	ctx->state = f;
	return 0;
}

/* Fixed-width hex without snprintf: a few nanoseconds inside a timed op. */
void fsfiles_name(struct fsfiles *f, uint64_t i)
{
	static const char hex[] = "0123456789abcdef";
	char *p = f->path + f->dirlen;

	for (int d = NAME_DIGITS - 1; d >= 0; d--) {
		p[d] = hex[i & 0xf];
		i >>= 4;
	}
	p[NAME_DIGITS] = '\0';
}

int fsfiles_create(struct mod_ctx *ctx, struct fsfiles *f, uint64_t i)
{
	ssize_t w;
	int fd;

	fsfiles_name(f, i);
	fd = open(f->path, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd == -1)
		return mod_failf(ctx, "open '%s': %s", f->path, strerror(errno));
	if (i >= f->made)
		f->made = i + 1;
	if (f->bytes > 0 && (w = write(fd, f->data, f->bytes)) != (ssize_t)f->bytes) {
		int err = w < 0 ? errno : EIO;
		(void)close(fd);
		return mod_failf(ctx, "write '%s': %s", f->path,
				 w < 0 ? strerror(err) : "short write");
	}
	if (close(fd) == -1)
		return mod_failf(ctx, "close '%s': %s", f->path, strerror(errno));
	return 0;
}

int fsfiles_remove(struct mod_ctx *ctx, struct fsfiles *f, uint64_t i)
{
	fsfiles_name(f, i);
	if (unlink(f->path) == -1)
		return mod_failf(ctx, "unlink '%s': %s", f->path, strerror(errno));
	return 0;
}

void fsfiles_teardown(struct mod_ctx *ctx)
{
	struct fsfiles *f = ctx->state;

	if (!f)
		return;
	/* Nowhere to report a failure from teardown; the harness removes the
	   whole private directory afterwards anyway. */
	for (uint64_t i = 0; i < f->made; i++) {
		fsfiles_name(f, i);
		(void)unlink(f->path);
	}
	f->path[f->dirlen - 1] = '\0';
	(void)rmdir(f->path);
	fsfiles_free(f);
	ctx->state = NULL;
}
