/* Why a fork() failed, in words that name the limit behind it. */
#ifndef OSBENCH_SYS_FORKFAIL_H
#define OSBENCH_SYS_FORKFAIL_H

#include <stddef.h>

/* strerror(err), and on EAGAIN the limits that give it (RLIMIT_NPROC, a
 * pids cgroup), since "Resource temporarily unavailable" alone does not
 * say which: written into buf (cut to len), which is returned.  Every
 * fork of this program says it alike, whichever process it is in: the
 * parent's own first fork fails under RLIMIT_NPROC 1, a module's from 2. */
const char *fork_failure(int err, char *buf, size_t len);

#endif
