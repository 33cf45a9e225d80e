/* Bcopy (libc): MB/s of memcpy() of 1 MB from the first half of a buffer
 * larger than the caches (modules/lib/membuf.c) to the same place in the second
 * half; each op takes the next 1 MB, round the halves, so that every byte
 * comes from and goes to memory.  The figure counts the bytes copied,
 * once, as lmbench bw_mem bcopy does.  lmbench copies its whole buffer in
 * one call, where a C library may switch to stores that bypass the cache
 * (glibc does past about three quarters of the last-level cache); 1 MB
 * copies are below that. */
#include <string.h>

#include "modules/lib/membuf.h"
#include "module.h"

static int bwcopy_run(struct mod_ctx *ctx, uint64_t n)
{
	struct membuf *m = ctx->state;
	size_t half = m->len / 2;

	for (uint64_t i = 0; i < n; i++) {
		size_t off = membuf_next(m, half);
		memcpy(m->p + half + off, m->p + off, MEMBUF_CHUNK);
	}
	return 0;
}

const struct module module_bwcopy = {
	.name = "bwcopy",
	.summary = "MB/s of memcpy() in 1 MB copies through a buffer larger than the caches",
	.flags = MOD_BANDWIDTH,
	.setup = membuf_setup,
	.run = bwcopy_run,
	.teardown = membuf_teardown,
};
