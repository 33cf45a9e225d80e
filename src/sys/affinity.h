/* Pinning measurements to CPUs (--cpu, --placement). */
#ifndef OSBENCH_AFFINITY_H
#define OSBENCH_AFFINITY_H

#include <stddef.h>

/* Pin the calling process (and the processes it creates) to cpu.
 * -1 with a reason in err when the system refuses or cannot. */
int affinity_pin(int cpu, char *err, size_t errlen);
/* --placement spread: peers started from now on by this process go to
 * the CPUs after cpu, one each (wrapping round). */
void affinity_spread_peers(int cpu);
/* In a module's peer process (index 1, 2, ... among the peers): move to
 * its CPU under spread; nothing otherwise.  -1 when refused. */
int affinity_place_peer(int index);
/* Online CPUs, at least 1; counted at the first call (the command layer
 * makes it before any pinning). */
int affinity_online_cpus(void);

#endif
