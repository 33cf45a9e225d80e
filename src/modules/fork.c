/* fork proc: fork(), the child _exit(0)s at once, the parent waitpid()s. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "modules.h"

struct forkst {
	pid_t child;	/* forked and not yet reaped, for teardown; else 0 */
};

static int fork_setup(struct mod_ctx *ctx)
{
	struct forkst *s = malloc(sizeof *s);

	if (!s)
		return mod_fail(ctx, "malloc", errno);
	s->child = 0;
	ctx->state = s;
	return 0;
}

static pid_t wait_child(pid_t pid, int *status)
{
	pid_t r;

	do
		r = waitpid(pid, status, 0);
	while (r == -1 && errno == EINTR);
	return r;
}

static int check_status(struct mod_ctx *ctx, int status)
{
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFSIGNALED(status))
		return mod_failf(ctx, "fork: child killed by signal %d",
				 WTERMSIG(status));
	return mod_failf(ctx, "fork: child exited with status %d",
			 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

static int fork_run(struct mod_ctx *ctx, uint64_t n)
{
	struct forkst *s = ctx->state;
	uint64_t i;
	int status;

	for (i = 0; i < n; i++) {
		s->child = fork();
		if (s->child == -1) {
			s->child = 0;
			return mod_fail(ctx, "fork", errno);
		}
		if (s->child == 0)
			_exit(0);
		if (wait_child(s->child, &status) == -1)
			return mod_fail(ctx, "waitpid", errno);
		s->child = 0;
		if (check_status(ctx, status) == -1)
			return -1;
	}
	return 0;
}

static void fork_teardown(struct mod_ctx *ctx)
{
	struct forkst *s = ctx->state;

	if (!s)
		return;
	if (s->child > 0) {
		kill(s->child, SIGKILL);
		wait_child(s->child, NULL);
	}
	free(s);
	ctx->state = NULL;
}

const struct module module_fork = {
	.name = "fork",
	.summary = "fork(), child _exit(0), parent waitpid()",
	.flags = MOD_CHILDREN | MOD_SWEEP,
	.setup = fork_setup,
	.run = fork_run,
	.teardown = fork_teardown,
};
