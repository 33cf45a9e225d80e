/* sh proc: as exec proc, but the child execs /bin/sh -c '"$0"' with the
 * helper's path as $0, so the shell starts up, parses a fixed command and
 * runs the helper.  No caller-supplied string is ever parsed by the shell.
 *
 * As in exec.c, a failed execve() of the shell writes its errno into a
 * close-on-exec pipe made once in setup, read only after a non-zero status. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "modules.h"

#define SH_PATH "/bin/sh"

struct shst {
	char *argv[5];	/* sh -c '"$0"' HELPER NULL */
	pid_t child;	/* forked and not yet reaped, for teardown; else 0 */
	int err[2];	/* errno of a failed execve(), child to parent */
};

/* execve() takes non-const strings; these are never written. */
static char sh_arg0[] = "sh";
static char sh_opt[] = "-c";
static char sh_cmd[] = "\"$0\"";

/* An empty environment keeps the cost of exec independent of the user's;
 * "$0" is an absolute path, so the shell needs no PATH. */
static char *const empty_env[] = { NULL };

static void sh_free(struct shst *s)
{
	if (s->err[0] != -1)
		close(s->err[0]);
	if (s->err[1] != -1)
		close(s->err[1]);
	free(s->argv[3]);
	free(s);
}

static int set_fd_flags(int fd, int fdflags, int flflags)
{
	int fl = fcntl(fd, F_GETFD);

	if (fl == -1 || fcntl(fd, F_SETFD, fl | fdflags) == -1)
		return -1;
	fl = fcntl(fd, F_GETFL);
	if (fl == -1 || fcntl(fd, F_SETFL, fl | flflags) == -1)
		return -1;
	return 0;
}

/* Non-blocking read end: after a non-zero status the parent only looks. */
static int make_err_pipe(struct mod_ctx *ctx, int err[2])
{
	if (pipe(err) == -1) {
		err[0] = err[1] = -1;
		return mod_fail(ctx, "pipe", errno);
	}
	if (set_fd_flags(err[0], FD_CLOEXEC, O_NONBLOCK) == -1 ||
	    set_fd_flags(err[1], FD_CLOEXEC, 0) == -1)
		return mod_fail(ctx, "fcntl", errno);
	return 0;
}

static int sh_setup(struct mod_ctx *ctx)
{
	struct shst *s;

	if (!ctx->helper)
		return mod_failf(ctx, "helper: no path given");
	/* a bare name in "$0" would send the shell searching PATH */
	if (ctx->helper[0] != '/')
		return mod_failf(ctx, "helper '%s': not an absolute path",
				 ctx->helper);
	if (access(ctx->helper, X_OK) == -1)
		return mod_failf(ctx, "helper '%s': %s", ctx->helper,
				 strerror(errno));
	if (access(SH_PATH, X_OK) == -1)
		return mod_failf(ctx, "shell '%s': %s", SH_PATH, strerror(errno));
	s = malloc(sizeof *s);
	if (!s)
		return mod_fail(ctx, "malloc", errno);
	s->child = 0;
	s->argv[0] = sh_arg0;
	s->argv[1] = sh_opt;
	s->argv[2] = sh_cmd;
	s->argv[4] = NULL;
	s->argv[3] = strdup(ctx->helper);
	if (!s->argv[3]) {
		mod_fail(ctx, "strdup", errno);
		s->err[0] = s->err[1] = -1;
		sh_free(s);
		return -1;
	}
	if (make_err_pipe(ctx, s->err) == -1) {
		sh_free(s);
		return -1;
	}
	ctx->state = s;
	return 0;
}

/* Between fork and exec only async-signal-safe calls: sweeps use threads. */
_Noreturn static void sh_child(const struct shst *s)
{
	int e;
	ssize_t w;

	execve(SH_PATH, s->argv, empty_env);
	e = errno;
	w = write(s->err[1], &e, sizeof e);
	(void)w;	/* nothing left to tell: status 127 still fails the op */
	_exit(127);
}

static pid_t wait_child(pid_t pid, int *status)
{
	pid_t r;

	do
		r = waitpid(pid, status, 0);
	while (r == -1 && errno == EINTR);
	return r;
}

static int child_failed(struct mod_ctx *ctx, const struct shst *s, int status)
{
	int e;

	if (read(s->err[0], &e, sizeof e) == (ssize_t)sizeof e)
		return mod_failf(ctx, "execve '%s': %s", SH_PATH, strerror(e));
	if (WIFSIGNALED(status))
		return mod_failf(ctx, "'%s' killed by signal %d", SH_PATH,
				 WTERMSIG(status));
	return mod_failf(ctx, "'%s' exited with status %d", SH_PATH,
			 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

static int sh_run(struct mod_ctx *ctx, uint64_t n)
{
	struct shst *s = ctx->state;
	uint64_t i;
	int status;

	for (i = 0; i < n; i++) {
		s->child = fork();
		if (s->child == -1) {
			s->child = 0;
			return mod_fail(ctx, "fork", errno);
		}
		if (s->child == 0)
			sh_child(s);
		if (wait_child(s->child, &status) == -1)
			return mod_fail(ctx, "waitpid", errno);
		s->child = 0;
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			return child_failed(ctx, s, status);
	}
	return 0;
}

static void sh_teardown(struct mod_ctx *ctx)
{
	struct shst *s = ctx->state;

	if (!s)
		return;
	if (s->child > 0) {
		kill(s->child, SIGKILL);
		wait_child(s->child, NULL);
	}
	sh_free(s);
	ctx->state = NULL;
}

const struct module module_sh = {
	.name = "sh",
	.summary = "fork() and /bin/sh -c running the helper, parent waitpid()",
	.flags = MOD_CHILDREN | MOD_SWEEP,
	.setup = sh_setup,
	.run = sh_run,
	.teardown = sh_teardown,
};
