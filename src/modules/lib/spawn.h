/* Child processes for the proc table: fork, exec and sh.
 *
 * One op of each is fork(), a child that exits (exec and sh: after an
 * execve()), and waitpid(). What is shared lives here: the close-on-exec
 * pipe that tells a failed execve() apart from a fast one, the reason a
 * child did not exit 0, and the whole op of exec and sh (they differ only
 * in the program and its arguments). The wait itself (proc_wait) and
 * killing a child a failed run left (proc_reap) are proc.h's, as for
 * every other helper process. */
#ifndef OSBENCH_SPAWN_H
#define OSBENCH_SPAWN_H

#include <stdint.h>
#include <sys/types.h>

#include "module.h"

/* Why a child did not exit 0, in ctx->err; returns -1. path names the
   program it ran, or is NULL for a bare fork() child. errfd is the read
   end of spawn_setup's errno pipe, or -1: a failed execve() left its
   errno there, and that is the reason worth telling. */
int spawn_failed(struct mod_ctx *ctx, int errfd, const char *path, int status);

/* Check ctx->helper: given, an absolute path (a bare name would be looked
   up in the current directory by execve, or in PATH by the shell), and
   executable. Returns 0, or -1 with "helper 'PATH': reason" in ctx->err. */
int spawn_helper_ok(struct mod_ctx *ctx);

/* Run path with argv (the helper's token its last argument) once, with
   an empty environment, and want exactly the helper's answer for that
   token on its standard output and status 0: the program timed is this
   build's helper, and whatever stands between (a shell) really ran it.
   Returns 0, or -1 with the reason in ctx->err. */
int spawn_check_answer(struct mod_ctx *ctx, const char *path, const char *const argv[],
		       const char *token);

/* The token the helper is asked to echo: the private directory's name,
   new for each run. */
const char *spawn_token(const struct mod_ctx *ctx);

/* Hooks for a module whose op is fork(), execve() of one program in the
   child with an empty environment, and waitpid() wanting status 0 (exec,
   sh). spawn_setup is called from the module's setup with the program's
   path and argv (at most SPAWN_ARGS strings, NULL-terminated; all are
   copied) and keeps them, with the errno pipe, in ctx->state; spawn_run
   and spawn_teardown go straight into the module's descriptor, so the
   timed loop is spawn_run itself. */
#define SPAWN_ARGS 4
int spawn_setup(struct mod_ctx *ctx, const char *path, const char *const argv[]);
int spawn_run(struct mod_ctx *ctx, uint64_t n);
void spawn_teardown(struct mod_ctx *ctx);

#endif
