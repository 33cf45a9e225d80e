/* exec proc: fork(), the child execve()s the project's helper, which exits
 * at once; the parent waitpid()s and wants exit status 0.
 *
 * An execve() failure must not pass for a fast exec.  The child then writes
 * its errno into a close-on-exec pipe and _exit(127)s.  Status 0 can only
 * come from the helper, so a success costs no read at all: the pipe, made
 * once in setup, is read only to explain a non-zero status. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "modules.h"

struct execst {
	char *argv[2];	/* the helper, NULL */
	pid_t child;	/* forked and not yet reaped, for teardown; else 0 */
	int err[2];	/* errno of a failed execve(), child to parent */
};

/* An empty environment keeps the cost of exec independent of the user's. */
static char *const empty_env[] = { NULL };

static void exec_free(struct execst *s)
{
	if (s->err[0] != -1)
		close(s->err[0]);
	if (s->err[1] != -1)
		close(s->err[1]);
	free(s->argv[0]);
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

static int exec_setup(struct mod_ctx *ctx)
{
	struct execst *s;

	if (!ctx->helper)
		return mod_failf(ctx, "helper: no path given");
	if (access(ctx->helper, X_OK) == -1)
		return mod_failf(ctx, "helper '%s': %s", ctx->helper,
				 strerror(errno));
	s = malloc(sizeof *s);
	if (!s)
		return mod_fail(ctx, "malloc", errno);
	s->child = 0;
	s->argv[1] = NULL;
	s->argv[0] = strdup(ctx->helper);
	if (!s->argv[0]) {
		mod_fail(ctx, "strdup", errno);
		s->err[0] = s->err[1] = -1;
		exec_free(s);
		return -1;
	}
	if (make_err_pipe(ctx, s->err) == -1) {
		exec_free(s);
		return -1;
	}
	ctx->state = s;
	return 0;
}

/* Between fork and exec only async-signal-safe calls: sweeps use threads. */
_Noreturn static void exec_child(const struct execst *s)
{
	int e;
	ssize_t w;

	execve(s->argv[0], s->argv, empty_env);
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

static int child_failed(struct mod_ctx *ctx, const struct execst *s, int status)
{
	int e;

	if (read(s->err[0], &e, sizeof e) == (ssize_t)sizeof e)
		return mod_failf(ctx, "execve '%s': %s", s->argv[0], strerror(e));
	if (WIFSIGNALED(status))
		return mod_failf(ctx, "'%s' killed by signal %d", s->argv[0],
				 WTERMSIG(status));
	return mod_failf(ctx, "'%s' exited with status %d", s->argv[0],
			 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

static int exec_run(struct mod_ctx *ctx, uint64_t n)
{
	struct execst *s = ctx->state;
	uint64_t i;
	int status;

	for (i = 0; i < n; i++) {
		s->child = fork();
		if (s->child == -1) {
			s->child = 0;
			return mod_fail(ctx, "fork", errno);
		}
		if (s->child == 0)
			exec_child(s);
		if (wait_child(s->child, &status) == -1)
			return mod_fail(ctx, "waitpid", errno);
		s->child = 0;
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			return child_failed(ctx, s, status);
	}
	return 0;
}

static void exec_teardown(struct mod_ctx *ctx)
{
	struct execst *s = ctx->state;

	if (!s)
		return;
	if (s->child > 0) {
		kill(s->child, SIGKILL);
		wait_child(s->child, NULL);
	}
	exec_free(s);
	ctx->state = NULL;
}

const struct module module_exec = {
	.name = "exec",
	.summary = "fork() and execve() of the helper, parent waitpid()",
	.flags = MOD_CHILDREN | MOD_SWEEP,
	.setup = exec_setup,
	.run = exec_run,
	.teardown = exec_teardown,
};
