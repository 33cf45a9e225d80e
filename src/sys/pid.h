/* The only way this program signals or waits for a process.
 *
 * kill(), killpg() and waitpid() read 0, -1 and negative ids as "my group",
 * "every process I may signal" and "that group"; and getpid() or fork()
 * under a sandbox that denies them return -1.  A pid that came from such a
 * call and reached kill() unchecked once signalled every process on the
 * machine.  So every id is proved to name one process (or one group of
 * ours) where it is used: anything else fails with ESRCH, and the caller
 * reports the call as failed.  Inline: some are in timed loops, where the
 * extra branch is one predictable compare. */
#ifndef OSBENCH_SYS_PID_H
#define OSBENCH_SYS_PID_H

#include <errno.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* kill(pid, sig) for one process: pid > 0, or -1 with ESRCH. */
static inline int pid_signal(pid_t pid, int sig)
{
	if (pid <= 0) {
		errno = ESRCH;
		return -1;
	}
	return kill(pid, sig);
}

/* kill(-pgid, sig) for the group a child of ours leads: pgid > 1 (group 1
   is init's), or -1 with ESRCH. */
static inline int pid_signal_group(pid_t pgid, int sig)
{
	if (pgid <= 1) {
		errno = ESRCH;
		return -1;
	}
	return kill(-pgid, sig);
}

/* waitpid(pid, status, flags) for one child: pid > 0 (0 and -1 would reap
   any child, another's included), or -1 with ECHILD. */
static inline pid_t pid_wait(pid_t pid, int *status, int flags)
{
	if (pid <= 0) {
		errno = ECHILD;
		return -1;
	}
	return waitpid(pid, status, flags);
}

/* getpid(), or -1 with errno set when the call failed (a sandbox's
   filter): never a value pid_signal() would refuse passed off as ours. */
static inline pid_t pid_self(void)
{
	pid_t pid;

	errno = 0;
	pid = getpid();
	if (pid <= 0) {
		if (errno == 0)
			errno = EPERM;
		return -1;
	}
	return pid;
}

/* getppid() checked likewise. */
static inline pid_t pid_parent(void)
{
	pid_t pid;

	errno = 0;
	pid = getppid();
	if (pid < 0 || (pid == 0 && errno)) {
		if (errno == 0)
			errno = EPERM;
		return -1;
	}
	return pid;
}

/* In a child just forked: be killed when the parent ends, even by
   SIGKILL, so that nothing of ours outlives a run (Linux; elsewhere the
   children's end-of-file and parent checks remain).  -1 when the parent
   is already gone: the child should _exit at once. */
int pid_die_with_parent(void);

#endif
