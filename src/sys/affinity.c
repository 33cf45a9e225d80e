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
#include "sys/utf8.h"

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

/* The CPUs this process was started on (taskset, a cpuset, a container),
 * recorded at the first call, before anything is pinned: every placement
 * chooses among them, so a run never moves itself off the CPUs it was
 * given. */
#define MAX_CPUS 1024
static int allowed[MAX_CPUS];
static int nallowed;

static void record_allowed(void)
{
#if defined(__linux__)
	cpu_set_t set;

	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof set, &set) == 0)
		for (int c = 0; c < CPU_SETSIZE && c < MAX_CPUS; c++)
			if (CPU_ISSET(c, &set))
				allowed[nallowed++] = c;
#elif defined(__FreeBSD__)
	cpuset_t set;

	CPU_ZERO(&set);
	if (cpuset_getaffinity(CPU_LEVEL_WHICH, CPU_WHICH_PID, -1, sizeof set, &set) == 0)
		for (int c = 0; c < CPU_SETSIZE && c < MAX_CPUS; c++)
			if (CPU_ISSET(c, &set))
				allowed[nallowed++] = c;
#endif
	if (nallowed == 0)
		for (int c = 0; c < affinity_online_cpus() && c < MAX_CPUS; c++)
			allowed[nallowed++] = c;
}

int affinity_allowed_count(void)
{
	if (!nallowed)
		record_allowed();
	return nallowed;
}

int affinity_first_allowed(void)
{
	affinity_allowed_count();
	return allowed[0];
}

int affinity_allowed_cpu(int i)
{
	return i >= 0 && i < affinity_allowed_count() ? allowed[i] : -1;
}

static int allowed_index(int cpu)
{
	for (int i = 0; i < affinity_allowed_count(); i++)
		if (allowed[i] == cpu)
			return i;
	return -1;
}

int affinity_is_allowed(int cpu)
{
	return allowed_index(cpu) >= 0;
}

void affinity_describe_allowed(char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < affinity_allowed_count() && used + 1 < len; i++) {
		int end = i;
		while (end + 1 < nallowed && allowed[end + 1] == allowed[end] + 1)
			end++;
		int n = end > i ? snprintf(buf + used, len - used, "%s%d-%d", used ? "," : "",
					   allowed[i], allowed[end])
				: snprintf(buf + used, len - used, "%s%d", used ? "," : "", allowed[i]);
		if (n < 0)
			break;
		used += (size_t)n;
		i = end;
	}
}

/* Under --placement spread, the CPU the measuring process is on; peers
 * take the allowed CPUs after it.  -1: peers stay where they are. */
static int spread_base = -1;

void affinity_spread_peers(int cpu)
{
	spread_base = cpu;
}

int affinity_place_peer(int index, char *err, size_t errlen)
{
	int at, n;

	if (spread_base < 0)
		return 0;
	at = allowed_index(spread_base);
	if (at < 0)
		at = 0;
	if (affinity_pin(allowed[(at + index) % affinity_allowed_count()], err, errlen) == 0)
		return 0;
	/* the peer's own placement, which the user chose */
	n = (int)strlen(err);
	if ((size_t)n < errlen)
		snprintf(err + n, errlen - (size_t)n, " (--placement spread)");
	return -1;
}

int affinity_pin(int cpu, char *err, size_t errlen)
{
#if defined(__linux__)
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof set, &set) == 0)
		return 0;
	utf8_printf(err, errlen, "sched_setaffinity to cpu %d: %s", cpu, strerror(errno));
	return -1;
#elif defined(__FreeBSD__)
	cpuset_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (cpuset_setaffinity(CPU_LEVEL_WHICH, CPU_WHICH_PID, -1, sizeof set, &set) == 0)
		return 0;
	utf8_printf(err, errlen, "cpuset_setaffinity to cpu %d: %s", cpu, strerror(errno));
	return -1;
#else
	utf8_printf(err, errlen, "pinning to cpu %d: not supported on this system", cpu);
	return -1;
#endif
}
