/* Children that end with their parent (see pid.h). */
#if defined(__linux__)
#define _GNU_SOURCE
#include <sys/prctl.h>
#endif
#include <signal.h>
#include <unistd.h>

#include "sys/pid.h"

int pid_die_with_parent(void)
{
#if defined(PR_SET_PDEATHSIG)
	pid_t parent = getppid();

	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0)
		return 0; /* the other lifelines (end-of-file, getppid) remain */
	/* the parent may have gone between fork() and prctl(); then the
	   signal never comes */
	if (getppid() != parent)
		return -1;
#endif
	return 0;
}
