/* malloc, calloc and realloc fail with ENOMEM from the call after the
 * NOMEM_AFTER-th on, counted over the whole process */
#include <errno.h>
#include <stdlib.h>
void *__libc_malloc(size_t n);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t n);
static long left = -2;
static int may(void)
{
	if (left == -2) {
		const char *e = getenv("NOMEM_AFTER");
		left = e ? atol(e) : -1;
	}
	if (left < 0)
		return 1;
	if (__atomic_fetch_sub(&left, 1, __ATOMIC_RELAXED) > 0)
		return 1;
	left = 0;
	errno = ENOMEM;
	return 0;
}
void *malloc(size_t n) { return may() ? __libc_malloc(n) : NULL; }
void *calloc(size_t n, size_t size) { return may() ? __libc_calloc(n, size) : NULL; }
void *realloc(void *p, size_t n) { return may() ? __libc_realloc(p, n) : NULL; }
