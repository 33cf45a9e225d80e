/* Bcopy (hand): MB/s of lmbench bw_mem fcp's "unrolled bcopy": a 4-byte
 * int at a time, forward (membuf_copy_ints: volatile loads and stores, so
 * the compiler can make it neither a memcpy() call nor vector moves), 1 MB
 * an op from the first half of a buffer larger than the caches to the
 * same place in the second half, round the halves, in the pages the
 * system gives unasked (modules/lib/membuf.c); the bytes copied counted
 * once, as lmbench counts them.  osbench's 8-byte copy in 2 MB pages is
 * the mem table's memcp8. */
#include "modules/lib/membuf.h"
#include "module.h"

static int bwhcopy_run(struct mod_ctx *ctx, uint64_t n)
{
	struct membuf *m = ctx->state;
	size_t half = m->len / 2;

	for (uint64_t i = 0; i < n; i++) {
		size_t off = membuf_next(m, half);
		membuf_copy_ints(m->p + half + off, m->p + off, MEMBUF_CHUNK);
	}
	return 0;
}

const struct module module_bwhcopy = {
	.name = "bwhcopy",
	.summary = "MB/s of lmbench's fcp: a 4-byte int at a time, 1 MB an op, through a buffer larger than the caches",
	.flags = MOD_BANDWIDTH | MOD_HUGE_PAGES | MOD_BUFFER,
	.setup = membuf_setup,
	.run = bwhcopy_run,
	.teardown = membuf_teardown,
};
