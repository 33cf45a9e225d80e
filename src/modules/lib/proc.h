/* Helper processes of the modules: starting one clean (signals, inherited
 * descriptors, CPU placement), the echo process, and waiting for and
 * reaping them, with a bound, however they end. */
#ifndef OSBENCH_PROC_H
#define OSBENCH_PROC_H

#include <errno.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/wait.h>

#include "module.h"
#include "modules/lib/lastwords.h"
#include "sys/pid.h"

/* waitpid() for one child, again after EINTR. Inline: it is in the timed
   loop of fork (and of spawn_run), which must cost what it did. */
static inline pid_t proc_wait(pid_t pid, int *status)
{
	pid_t r;

	do
		r = pid_wait(pid, status, 0);
	while (r == -1 && errno == EINTR);
	return r;
}

/* First thing a forked helper does: default signal dispositions, nothing
   blocked, and every fd closed except 0, 1, 2, keep[0..nkeep-1] and the
   end its last words go to (proc_child_fail), so that end-of-file
   reaches whoever waits for it; then, under --placement spread, onto the
   CPU of peer number peer (1, 2, ...), or proc_child_fail. */
void proc_child_init(const int *keep, int nkeep, int peer);

/* mod_fail for a failed fork(): on EAGAIN the reason also names the
   limits that give it (RLIMIT_NPROC, a pids cgroup), since the error
   itself says only "Resource temporarily unavailable". */
int proc_fork_fail(struct mod_ctx *ctx, int err);

/* Fork helper (peer) number 1. In the child: proc_child_init(keep, nkeep,
   1), free(release) (the caller's state, allocated before the fork and of
   no use to the helper; NULL is allowed), then 0 is returned and the
   caller runs the helper, which must end in _exit. In the parent: the
   pid, or -1 with ctx->err set. */
pid_t proc_fork(struct mod_ctx *ctx, const int *keep, int nkeep,
		void *release);

/* Echo in back to out (fdio_echo), then _exit: 0 after end-of-file, 1
   after an error. The pipe, unix and tcp helpers. */
void proc_echo_child(int in, int out)
#if defined(__GNUC__)
	__attribute__((noreturn))
#endif
	;

/* A helper (proc_fork) that keeps only in and out and runs
   proc_echo_child(in, out). Returns its pid, or -1 with ctx->err set; it
   never returns in the child, so release may hold what the pid is stored
   in. The pipe and unix modules' echo process. */
pid_t proc_echo_fork(struct mod_ctx *ctx, int in, int out, void *release);

/* Reap pids[0..n-1] (entries <= 0 are skipped and reaped ones set to 0):
   wait up to grace_ms for them to exit by themselves, then SIGKILL the
   rest and wait for them. grace_ms 0: kill at once whatever still runs. */
void proc_reap(pid_t *pids, int n, int grace_ms);

#endif
