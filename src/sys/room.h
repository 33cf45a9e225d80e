/* Whether this host has room for a number of processes at once, each
 * with a working set of its own: run --procs/--size and check ask the
 * same question, so one limit holds for both. */
#ifndef OSBENCH_SYS_ROOM_H
#define OSBENCH_SYS_ROOM_H

#include <stddef.h>

/* 0 when procs processes of kb_each KB each fit this host: their memory
 * within its physical memory, their number within RLIMIT_NPROC where
 * that binds; else -1 with a one-line reason in err.  A fact the system
 * does not tell is no reason to refuse. */
int room_for(long procs, long kb_each, char *err, size_t len);

#endif
