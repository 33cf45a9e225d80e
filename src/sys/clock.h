/* The one clock osbench reads: CLOCK_MONOTONIC, in nanoseconds. */
#ifndef OSBENCH_CLOCK_H
#define OSBENCH_CLOCK_H

double clock_ns(void);

#endif
