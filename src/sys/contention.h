/* What takes a CPU away from a measurement, as the system counts it: the
 * time a process waited on a run queue, the time the hypervisor gave the
 * CPU to another guest (steal), the time the cgroup's CPU quota held the
 * run back (throttling), and another osbench measuring on the same CPU.
 * Each reader says when the system does not tell (-1), so that a figure
 * is never called calm for lack of a counter. */
#ifndef OSBENCH_CONTENTION_H
#define OSBENCH_CONTENTION_H

#include <stddef.h>
#include <sys/types.h>

/* Nanoseconds the calling thread has spent runnable but waiting for a
 * CPU since it started (Linux: /proc/thread-self/schedstat); -1 where
 * unknown. */
int contention_wait_ns(double *ns);

/* Steal and all time (in clock ticks) of cpu since boot, or of every
 * CPU together when cpu < 0 (/proc/stat); -1 where unknown. */
int contention_steal(int cpu, double *steal, double *total);

/* Nanoseconds this process's cgroup has been throttled by its CPU quota
 * (cgroup v2 cpu.stat throttled_usec, or v1 cpu.stat throttled_time);
 * -1 where there is no quota counter to read. */
int contention_throttled_ns(double *ns);

/* Another live osbench process (not self, not one of self's descendants,
 * not a zombie) whose CPU affinity includes cpu and fewer CPUs than are
 * online: 1 with "osbench (pid N)" or "osbench (pids N, M)" in who, 0
 * when none, -1 where processes cannot be listed. */
int contention_peer(pid_t self, int cpu, char *who, size_t len);

#endif
