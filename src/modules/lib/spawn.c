/* Child processes for the fork, exec and sh modules; see spawn.h.
 *
 * An execve() failure must not pass for a fast exec. The child then writes
 * its errno into a close-on-exec pipe and _exit(127)s. Status 0 can only
 * come from the program, so a success costs no read at all: the pipe, made
 * once in setup, is read only to explain a non-zero status. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "modules/lib/fdio.h"
#include "modules/lib/proc.h"
#include "modules/lib/spawn.h"

/* The program of spawn_setup, in ctx->state. */
struct spawn_prog {
	char *path;                  /* what the child execve()s */
	char *argv[SPAWN_ARGS + 1];  /* its arguments, then NULL */
	pid_t child;    /* forked and not yet reaped, for teardown; else 0 */
	int err[2];     /* errno of a failed execve(), child to parent */
};

/* An empty environment keeps the cost of exec independent of the user's;
   the programs are named by absolute paths, so none needs PATH. */
static char *const empty_env[] = { NULL };

int spawn_failed(struct mod_ctx *ctx, int errfd, const char *path, int status)
{
	int e;

	if (path && errfd >= 0 &&
	    read(errfd, &e, sizeof e) == (ssize_t)sizeof e)
		return mod_failf(ctx, "execve '%s': %s", path, strerror(e));
	if (WIFSIGNALED(status))
		return path ? mod_failf(ctx, "'%s' killed by signal %d", path,
					WTERMSIG(status)) :
			      mod_failf(ctx, "fork: child killed by signal %d",
					WTERMSIG(status));
	status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	return path ? mod_failf(ctx, "'%s' exited with status %d", path, status) :
		      mod_failf(ctx, "fork: child exited with status %d", status);
}

int spawn_helper_ok(struct mod_ctx *ctx)
{
	if (!ctx->helper || !*ctx->helper)
		return mod_failf(ctx, "helper: not found beside the osbench binary");
	if (ctx->helper[0] != '/')
		return mod_failf(ctx, "helper '%s': not an absolute path",
				 ctx->helper);
	if (access(ctx->helper, X_OK) == -1)
		return mod_failf(ctx, "helper '%s': %s", ctx->helper,
				 strerror(errno));
	return 0;
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
	if (fdio_pipe(ctx, err) == -1)
		return -1;
	if (set_fd_flags(err[0], FD_CLOEXEC, O_NONBLOCK) == -1 ||
	    set_fd_flags(err[1], FD_CLOEXEC, 0) == -1)
		return mod_fail(ctx, "fcntl", errno);
	return 0;
}

const char *spawn_token(const struct mod_ctx *ctx)
{
	const char *slash = ctx->tmpdir ? strrchr(ctx->tmpdir, '/') : NULL;

	return slash ? slash + 1 : "osbench";
}

/* The child of spawn_check_answer: out becomes its standard output. */
_Noreturn static void answer_child(const char *path, const char *const argv[], int out)
{
	if (dup2(out, STDOUT_FILENO) < 0)
		_exit(126);
	execve(path, (char *const *)argv, empty_env);
	_exit(127);
}

/* Everything the child wrote, up to len - 1 bytes, NUL-terminated. */
static ssize_t read_answer(int fd, char *buf, size_t len)
{
	size_t got = 0;

	while (got < len - 1) {
		ssize_t r = read(fd, buf + got, len - 1 - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		got += (size_t)r;
	}
	buf[got] = '\0';
	return (ssize_t)got;
}

int spawn_check_answer(struct mod_ctx *ctx, const char *path, const char *const argv[],
		       const char *token)
{
	char want[256], got[256];
	int fds[2], status = 0;
	ssize_t n;
	pid_t pid;

	snprintf(want, sizeof want, "osbench-helper %s %s\n", OSBENCH_VERSION, token);
	if (fdio_pipe(ctx, fds) == -1)
		return -1;
	if (set_fd_flags(fds[0], FD_CLOEXEC, 0) == -1 || set_fd_flags(fds[1], FD_CLOEXEC, 0) == -1) {
		fdio_close_pair(fds);
		return mod_fail(ctx, "fcntl", errno);
	}
	pid = fork();
	if (pid < 0) {
		fdio_close_pair(fds);
		return proc_fork_fail(ctx, errno);
	}
	if (pid == 0)
		answer_child(path, argv, fds[1]);
	fdio_close(&fds[1]);
	n = read_answer(fds[0], got, sizeof got);
	int read_errno = errno;
	fdio_close(&fds[0]);
	if (proc_wait(pid, &status) == -1)
		return mod_fail(ctx, "waitpid", errno);
	if (n < 0)
		return mod_fail(ctx, "read", read_errno);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return spawn_failed(ctx, -1, path, status);
	if (strcmp(got, want) != 0) {
		for (char *c = got; *c; c++)
			if (*c < ' ' || *c > '~')
				*c = ' ';
		return strcmp(path, ctx->helper) == 0
			       ? mod_failf(ctx, "helper '%s' is not osbench's (it answered %.40s%s)",
					   path, n ? got : "nothing", n > 40 ? "..." : "")
			       : mod_failf(ctx, "'%s' did not run the helper '%s' (it answered %.40s%s)",
					   path, ctx->helper, n ? got : "nothing", n > 40 ? "..." : "");
	}
	return 0;
}

static void prog_free(struct spawn_prog *p)
{
	char **a;

	/* A run that stopped between fork() and waitpid() left a child:
	   nothing to report from teardown, the run already failed. */
	proc_reap(&p->child, 1, 0);
	fdio_close_pair(p->err);
	for (a = p->argv; *a; a++)
		free(*a);
	free(p->path);
	free(p);
}

int spawn_setup(struct mod_ctx *ctx, const char *path, const char *const argv[])
{
	struct spawn_prog *p = calloc(1, sizeof *p);
	size_t i;

	if (!p)
		return mod_fail(ctx, "calloc", errno);
	/* Everything spawn_prog_free looks at is valid from here on. */
	p->err[0] = p->err[1] = -1;
	for (i = 0; argv[i]; i++) {
		if (i == SPAWN_ARGS) {
			mod_failf(ctx, "'%s': more than %d arguments", path,
				  SPAWN_ARGS);
			goto fail;
		}
		p->argv[i] = strdup(argv[i]);
		if (!p->argv[i]) {
			mod_fail(ctx, "strdup", errno);
			goto fail;
		}
	}
	p->path = strdup(path);
	if (!p->path) {
		mod_fail(ctx, "strdup", errno);
		goto fail;
	}
	if (make_err_pipe(ctx, p->err) == -1)
		goto fail;
	ctx->state = p;
	return 0;
fail:
	prog_free(p);
	return -1;
}

/* Between fork and exec only async-signal-safe calls: sweeps use threads. */
_Noreturn static void prog_child(const struct spawn_prog *p)
{
	int e;
	ssize_t w;

	execve(p->path, p->argv, empty_env);
	e = errno;
	w = write(p->err[1], &e, sizeof e);
	(void)w;	/* nothing left to tell: status 127 still fails the op */
	_exit(127);
}

int spawn_run(struct mod_ctx *ctx, uint64_t n)
{
	struct spawn_prog *p = ctx->state;
	uint64_t i;
	int status;

	for (i = 0; i < n; i++) {
		p->child = fork();
		if (p->child == -1) {
			p->child = 0;
			return proc_fork_fail(ctx, errno);
		}
		if (p->child == 0)
			prog_child(p);
		if (proc_wait(p->child, &status) == -1)
			return mod_fail(ctx, "waitpid", errno);
		p->child = 0;
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			return spawn_failed(ctx, p->err[0], p->path, status);
	}
	return 0;
}

void spawn_teardown(struct mod_ctx *ctx)
{
	if (!ctx->state)
		return;
	prog_free(ctx->state);
	ctx->state = NULL;
}
