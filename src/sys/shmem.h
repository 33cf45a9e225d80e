/* Memory that processes forked after it is made share with their parent:
 * the sweep's counters (--procs) and the mutex module's lock. */
#ifndef OSBENCH_SHMEM_H
#define OSBENCH_SHMEM_H

#include <stddef.h>

/* len bytes, zeroed, readable and writable, shared (MAP_SHARED) with any
   process forked from here on; page-aligned. NULL with the reason in err
   ("mmap: ...", or with no anonymous mappings the shm_open step that
   failed). */
void *shmem_alloc(size_t len, char *err, size_t errlen);

/* Unmap what shmem_alloc returned (NULL is fine); len as allocated. */
void shmem_free(void *p, size_t len);

#endif
