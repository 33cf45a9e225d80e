/* fork proc: fork(), the child _exit(0)s at once, the parent waitpid()s.
 * The child does nothing else, not even free what it inherited: anything
 * more would be timed as part of the op. */
#include <errno.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "module.h"
#include "modules/lib/proc.h"
#include "modules/lib/spawn.h"

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

/* 0 for exit status 0; otherwise the reason goes in ctx->err. The
   success test stays here, inline in the timed loop; only a failure
   calls out. */
static int check_status(struct mod_ctx *ctx, int status)
{
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	return spawn_failed(ctx, -1, NULL, status);
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
			return proc_fork_fail(ctx, errno);
		}
		if (s->child == 0)
			_exit(0);
		if (proc_wait(s->child, &status) == -1)
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
	/* A run that stopped between fork() and waitpid() left a child. */
	proc_reap(&s->child, 1, 0);
	free(s);
	ctx->state = NULL;
}

const struct module module_fork = {
	.name = "fork",
	.summary = "fork(), child _exit(0), parent waitpid()",
	.flags = MOD_SWEEP | MOD_DRIFTS | MOD_SPAWNS,
	/* musl's fork() asks for the child's thread id and blocks signals
	   around the fork, and goes on without either: the child still runs
	   and is reaped */
	.survives = "gettid rt_sigprocmask",
	.setup = fork_setup,
	.run = fork_run,
	.teardown = fork_teardown,
};
