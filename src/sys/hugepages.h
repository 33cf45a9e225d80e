/* Whether the system gives huge pages to a mapping that asks for them:
 * the memory figures of the bw table ask (modules/lib/membuf.c), and a
 * host that gives them reads memory faster than one that does not. */
#ifndef OSBENCH_SYS_HUGEPAGES_H
#define OSBENCH_SYS_HUGEPAGES_H

#include <stddef.h>

/* Linux's transparent huge page mode, "always", "madvise" or "never"
 * (either of the first two gives them on request); "-" where the system
 * does not say. */
void huge_pages_mode(char *mode, size_t len);

#endif
