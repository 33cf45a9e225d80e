/* Pinning measurements to CPUs (--cpu, --placement). */
#ifndef OSBENCH_AFFINITY_H
#define OSBENCH_AFFINITY_H

#include <stddef.h>

/* Pin the calling process (and the processes it creates) to cpu.
 * -1 with a reason in err when the system refuses or cannot. */
int affinity_pin(int cpu, char *err, size_t errlen);
/* --placement spread: peers started from now on by this process go to
 * the allowed CPUs after cpu, one each (wrapping round). */
void affinity_spread_peers(int cpu);
/* In a module's peer process (index 1, 2, ... among the peers): move to
 * its CPU under spread; nothing otherwise.  -1 with a reason in err when
 * refused. */
int affinity_place_peer(int index, char *err, size_t errlen);
/* The CPUs this process was started on, recorded at the first call
 * (the command layer makes it before any pinning): how many, the first,
 * whether cpu is one of them, and their list ("1", "0-3,6"). */
int affinity_allowed_count(void);
int affinity_first_allowed(void);
/* The i-th of them (from 0), or -1 past the last. */
int affinity_allowed_cpu(int i);
int affinity_is_allowed(int cpu);
void affinity_describe_allowed(char *buf, size_t len);
/* Online CPUs, at least 1; counted at the first call (the command layer
 * makes it before any pinning). */
int affinity_online_cpus(void);

#endif
