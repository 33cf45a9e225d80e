/* CPU pinning: the only part of osbench that needs a non-POSIX interface,
 * so it lives alone with its feature macro. */
#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#elif defined(__FreeBSD__)
#include <sys/param.h>
#include <sys/cpuset.h>
#endif
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sys/affinity.h"

/* Counted once, before anything is pinned: some libcs (musl) count only
 * the CPUs the process may run on, which a pinned child would see as 1. */
int affinity_online_cpus(void)
{
	static int online;

	if (!online) {
		long n = sysconf(_SC_NPROCESSORS_ONLN);
		online = n > 0 ? (int)n : 1;
	}
	return online;
}

/* Under --placement spread, the CPU the measuring process is on; peers
 * take the CPUs after it.  -1: peers stay where they are. */
static int spread_base = -1;

void affinity_spread_peers(int cpu)
{
	spread_base = cpu;
}

int affinity_place_peer(int index)
{
	char ignored[128];

	if (spread_base < 0)
		return 0;
	return affinity_pin((spread_base + index) % affinity_online_cpus(), ignored,
			    sizeof ignored);
}

int affinity_pin(int cpu, char *err, size_t errlen)
{
#if defined(__linux__)
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof set, &set) == 0)
		return 0;
	snprintf(err, errlen, "sched_setaffinity to cpu %d: %s", cpu, strerror(errno));
	return -1;
#elif defined(__FreeBSD__)
	cpuset_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (cpuset_setaffinity(CPU_LEVEL_WHICH, CPU_WHICH_PID, -1, sizeof set, &set) == 0)
		return 0;
	snprintf(err, errlen, "cpuset_setaffinity to cpu %d: %s", cpu, strerror(errno));
	return -1;
#else
	snprintf(err, errlen, "pinning to cpu %d: not supported on this system", cpu);
	return -1;
#endif
}
