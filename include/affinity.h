/* Pinning the measurement to one CPU (--cpu). */
#ifndef OSBENCH_AFFINITY_H
#define OSBENCH_AFFINITY_H

#include <stddef.h>

/* Pin the calling process (and the processes it creates) to cpu.
 * -1 with a reason in err when the system refuses or cannot. */
int affinity_pin(int cpu, char *err, size_t errlen);
/* Online CPUs, at least 1. */
int affinity_online_cpus(void);

#endif
