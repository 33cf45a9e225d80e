/* exec proc: fork(), the child execve()s the project's helper, which exits
 * at once; the parent waitpid()s and wants exit status 0. A failed
 * execve() fails the op with its errno; see modules/lib/spawn.c, which
 * holds the op itself, shared with sh.  Setup first asks the helper for
 * its answer, so that what is timed is this build's helper. */
#include "module.h"
#include "modules/lib/spawn.h"

static int exec_setup(struct mod_ctx *ctx)
{
	const char *token = spawn_token(ctx);

	if (spawn_helper_ok(ctx) == -1 ||
	    spawn_check_answer(ctx, ctx->helper, (const char *const[]){ ctx->helper, token, NULL },
			       token) == -1)
		return -1;
	/* argv[0] is the helper's own path, as a shell would pass it. */
	return spawn_setup(ctx, ctx->helper,
			   (const char *const[]){ ctx->helper, NULL });
}

const struct module module_exec = {
	.name = "exec",
	.summary = "fork() and execve() of the helper, parent waitpid()",
	.flags = MOD_SWEEP | MOD_DRIFTS | MOD_SPAWNS,
	/* musl's fork() asks for the child's thread id and blocks signals
	   around the fork, and goes on without either: the child still runs
	   and is reaped */
	.survives = "gettid rt_sigprocmask",
	.setup = exec_setup,
	.run = spawn_run,
	.teardown = spawn_teardown,
};
