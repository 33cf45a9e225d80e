/* memcpy 2MB (mem table, osbench's own): MB/s of memcpy() of 1 MB from
 * the first half of a buffer larger than the caches to the same place in
 * the second half, round the halves, the buffer in 2 MB pages where the
 * system gives them on request (modules/lib/membuf.c); the bytes copied
 * counted once.  1 MB calls stay below the size where a C library turns to
 * stores that bypass the cache (glibc: about three quarters of the
 * last-level cache); lmbench's Bcopy (libc) (bwcopy) copies half the
 * buffer in one call. */
#include <string.h>

#include "modules/lib/membuf.h"
#include "module.h"

static int memcpy2m_run(struct mod_ctx *ctx, uint64_t n)
{
	struct membuf *m = ctx->state;
	size_t half = m->len / 2;

	for (uint64_t i = 0; i < n; i++) {
		size_t off = membuf_next(m, half);
		memcpy(m->p + half + off, m->p + off, MEMBUF_CHUNK);
	}
	return 0;
}

const struct module module_memcpy2m = {
	.name = "memcpy2m",
	.summary = "MB/s of memcpy() in 1 MB calls, 2 MB pages, through a buffer larger than the caches",
	.flags = MOD_BANDWIDTH | MOD_HUGE_PAGES | MOD_BUFFER,
	.setup = membuf_setup_huge,
	.run = memcpy2m_run,
	.teardown = membuf_teardown,
};
