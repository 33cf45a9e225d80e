/* Bcopy (libc): MB/s of lmbench bw_mem bcopy: one memcpy() of the whole
 * first half of a buffer larger than the caches to the second half, per
 * op, in the pages the system gives unasked (modules/lib/membuf.c); the
 * bytes copied counted once.  One call of that size, as lmbench makes it,
 * lets the C library pick its strategy for a copy larger than the caches
 * (glibc's stores then bypass the cache); osbench's 1 MB calls in 2 MB
 * pages are the mem table's memcpy2m. */
#include <string.h>

#include "modules/lib/membuf.h"
#include "module.h"

static int bwcopy_setup(struct mod_ctx *ctx)
{
	struct membuf *m;

	if (membuf_setup(ctx) < 0)
		return -1;
	m = ctx->state;
	ctx->bytes_per_op = (double)(m->len / 2);
	return 0;
}

static int bwcopy_run(struct mod_ctx *ctx, uint64_t n)
{
	struct membuf *m = ctx->state;
	size_t half = m->len / 2;

	for (uint64_t i = 0; i < n; i++)
		memcpy(m->p + half, m->p, half);
	return 0;
}

const struct module module_bwcopy = {
	.name = "bwcopy",
	.summary = "MB/s of lmbench's bcopy: one memcpy() of half a buffer larger than the caches an op",
	.flags = MOD_BANDWIDTH | MOD_HUGE_PAGES | MOD_BUFFER,
	.setup = bwcopy_setup,
	.run = bwcopy_run,
	.teardown = membuf_teardown,
};
