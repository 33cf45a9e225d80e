/* Why a fork() failed (see forkfail.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "sys/forkfail.h"

const char *fork_failure(int err, char *buf, size_t len)
{
	struct rlimit rl;

	if (err != EAGAIN || getrlimit(RLIMIT_NPROC, &rl) < 0)
		snprintf(buf, len, "%s", strerror(err));
	else if (rl.rlim_cur == RLIM_INFINITY)
		snprintf(buf, len, "%s (a pids cgroup's pids.max, or the system's process limit)",
			 strerror(err));
	else
		snprintf(buf, len, "%s (RLIMIT_NPROC is %llu process%s, or a pids cgroup's pids.max)",
			 strerror(err), (unsigned long long)rl.rlim_cur, rl.rlim_cur == 1 ? "" : "es");
	return buf;
}
