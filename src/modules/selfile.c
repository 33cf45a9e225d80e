/* 100fd selct: select() with a zero timeout over 100 fds of one regular
 * file in the private temp dir (the file's descriptor and 99 dups),
 * nfds = highest fd + 1, as the select module does for a TCP socket.  A
 * regular file is always ready, so every call reports all 100 readable.
 *
 * lmbench `lat_select -n 100 file` asks about writability and passes
 * nfds = 100, so the few fds at or above 100 in its set are not looked at;
 * the cost per fd is the same. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <unistd.h>

#include "modules/lib/datafile.h"
#include "module.h"

#define SELECT_FDS 100

struct selfile {
	int fds[SELECT_FDS];   /* the file, then its dups */
	int nfds;              /* how many of fds[] are open */
	int maxfd;
	fd_set set;            /* the template; select() overwrites its copy */
};

static void selfile_free(struct selfile *s)
{
	for (int i = 0; i < s->nfds; i++)
		(void)close(s->fds[i]);
	free(s);
}

/* EMFILE is what a sweep at high concurrency hits: say which limit. */
static int fail_fd(struct mod_ctx *ctx, const char *call, int err)
{
	struct rlimit rl;

	if (err == EMFILE && getrlimit(RLIMIT_NOFILE, &rl) == 0)
		return mod_failf(ctx, "%s: %s (RLIMIT_NOFILE is %llu fds)", call, strerror(err),
				 (unsigned long long)rl.rlim_cur);
	return mod_fail(ctx, call, err);
}

static int add_fd(struct mod_ctx *ctx, struct selfile *s, int fd)
{
	s->fds[s->nfds++] = fd;
	if (fd >= FD_SETSIZE)
		return mod_failf(ctx, "select: fd %d is not below FD_SETSIZE (%d)", fd, FD_SETSIZE);
	FD_SET(fd, &s->set);
	if (fd > s->maxfd)
		s->maxfd = fd;
	return 0;
}

static int selfile_setup(struct mod_ctx *ctx)
{
	struct selfile *s = malloc(sizeof *s);
	int fd;

	if (!s)
		return mod_fail(ctx, "malloc", errno);
	s->nfds = 0;
	s->maxfd = -1;
	FD_ZERO(&s->set);
	fd = datafile_open(ctx, "selfile", 0, 0);
	if (fd < 0 || add_fd(ctx, s, fd) < 0)
		goto fail;
	while (s->nfds < SELECT_FDS) {
		fd = dup(s->fds[0]);
		if (fd == -1) {
			fail_fd(ctx, "dup", errno);
			goto fail;
		}
		if (add_fd(ctx, s, fd) < 0)
			goto fail;
	}
	ctx->state = s;
	return 0;
fail:
	selfile_free(s);
	return -1;
}

static int selfile_run(struct mod_ctx *ctx, uint64_t n)
{
	struct selfile *s = ctx->state;
	struct timeval tv;
	fd_set rd;

	for (uint64_t i = 0; i < n; i++) {
		rd = s->set;
		tv.tv_sec = 0;
		tv.tv_usec = 0;
		int r = select(s->maxfd + 1, &rd, NULL, NULL, &tv);
		if (r == -1)
			return mod_fail(ctx, "select", errno);
		if (r != SELECT_FDS)
			return mod_failf(ctx, "select: %d of %d fds of a regular file ready",
					 r, SELECT_FDS);
	}
	return 0;
}

static void selfile_teardown(struct mod_ctx *ctx)
{
	if (!ctx->state)
		return;
	selfile_free(ctx->state);
	ctx->state = NULL;
}

const struct module module_selfile = {
	.name = "selfile",
	.summary = "select() with zero timeout over 100 dups of a regular file's descriptor",
	.flags = MOD_SWEEP | MOD_TMPDIR,
	.setup = selfile_setup,
	.run = selfile_run,
	.teardown = selfile_teardown,
};
