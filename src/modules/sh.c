/* sh proc: as exec proc, but the child execs /bin/sh -c '"$0"' with the
 * helper's path as $0, so the shell starts up, parses a fixed command and
 * runs the helper. No caller-supplied string is ever parsed by the shell.
 * A failed execve() of the shell fails the op with its errno; the op
 * itself is modules/lib/spawn.c's, shared with exec. */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "module.h"
#include "modules/lib/spawn.h"

#define SH_PATH "/bin/sh"

static int sh_setup(struct mod_ctx *ctx)
{
	const char *token = spawn_token(ctx);

	if (spawn_helper_ok(ctx) == -1)
		return -1;
	if (access(SH_PATH, X_OK) == -1)
		return mod_failf(ctx, "shell '%s': %s", SH_PATH, strerror(errno));
	/* the helper's answer must come back through the shell: a shell
	   that exits 0 without running it would be timed as sh proc */
	if (spawn_check_answer(ctx, SH_PATH, (const char *const[]){
		"sh", "-c", "\"$0\" \"$1\"", ctx->helper, token, NULL }, token) == -1)
		return -1;
	return spawn_setup(ctx, SH_PATH, (const char *const[]){
		"sh", "-c", "\"$0\"", ctx->helper, NULL });
}

const struct module module_sh = {
	.name = "sh",
	.summary = "fork() and /bin/sh -c running the helper, parent waitpid()",
	.flags = MOD_SWEEP | MOD_DRIFTS | MOD_SPAWNS,
	/* fork() as in module fork; /bin/sh asks who and where it is and
	   goes on without the answers, and the helper still runs */
	.survives = "gettid rt_sigprocmask getcwd getegid geteuid getgid getpid getppid getuid",
	.setup = sh_setup,
	.run = spawn_run,
	.teardown = spawn_teardown,
};
