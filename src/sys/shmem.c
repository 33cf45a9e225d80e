/* Shared anonymous memory for the harness and the modules; see shmem.h. */
/* MAP_ANONYMOUS is not in POSIX 2008 although every target has it; the
 * strict-POSIX headers hide it, so ask for it in this one file. Where it
 * stays hidden all the same, a shared memory object stands in (below). */
#if defined(__linux__)
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif
#elif defined(__APPLE__) || defined(__FreeBSD__)
#undef _POSIX_C_SOURCE
#endif

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sys/shmem.h"
#include "sys/utf8.h"

#if defined(MAP_ANONYMOUS)
#define ANON_FLAG MAP_ANONYMOUS
#elif defined(MAP_ANON)
#define ANON_FLAG MAP_ANON
#endif

static void *fail(char *err, size_t errlen, const char *call, int e)
{
	utf8_printf(err, errlen, "%s: %s", call, strerror(e));
	return NULL;
}

#if defined(ANON_FLAG)
void *shmem_alloc(size_t len, char *err, size_t errlen)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | ANON_FLAG,
		       -1, 0);

	return p == MAP_FAILED ? fail(err, errlen, "mmap", errno) : p;
}
#else
/* Strict POSIX has no anonymous mappings: a shared memory object,
   unlinked at once, is the portable equivalent. */
void *shmem_alloc(size_t len, char *err, size_t errlen)
{
	char name[32];
	int fd = -1, k, e;
	void *p;

	for (k = 0; k < 16 && fd < 0; k++) {
		snprintf(name, sizeof name, "/osbench-shm.%ld.%d",
			 (long)getpid(), k);
		fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0)
		return fail(err, errlen, "shm_open", errno);
	if (shm_unlink(name) < 0) {
		e = errno;
		close(fd);
		return fail(err, errlen, "shm_unlink", e);
	}
	if (ftruncate(fd, (off_t)len) < 0) {
		e = errno;
		close(fd);
		return fail(err, errlen, "ftruncate", e);
	}
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		e = errno;
		close(fd);
		return fail(err, errlen, "mmap", e);
	}
	if (close(fd) < 0) {
		e = errno;
		munmap(p, len);
		return fail(err, errlen, "close", e);
	}
	return p;
}
#endif

void shmem_free(void *p, size_t len)
{
	/* Nothing to undo if it fails: the mapping goes with the process. */
	if (p)
		(void)munmap(p, len);
}
