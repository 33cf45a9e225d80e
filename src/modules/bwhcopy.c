/* Bcopy (hand): MB/s of a word-by-word copy written in C (membuf_copy:
 * a load and a volatile store per machine word, so the compiler can make
 * it neither a memcpy() call nor vector moves), 1 MB per op from the first
 * half of a buffer larger than the caches to the second, as bwcopy does.
 * lmbench's "unrolled bcopy" (bw_mem fcp) copies 4-byte ints the same
 * way; the figure counts the bytes copied, once. */
#include "modules/lib/membuf.h"
#include "module.h"

static int bwhcopy_run(struct mod_ctx *ctx, uint64_t n)
{
	struct membuf *m = ctx->state;
	size_t half = m->len / 2;

	for (uint64_t i = 0; i < n; i++) {
		size_t off = membuf_next(m, half);
		membuf_copy(m->p + half + off, m->p + off, MEMBUF_CHUNK);
	}
	return 0;
}

const struct module module_bwhcopy = {
	.name = "bwhcopy",
	.summary = "MB/s of a hand-written word copy in 1 MB pieces through a buffer larger than the caches",
	.flags = MOD_BANDWIDTH,
	.setup = membuf_setup,
	.run = bwhcopy_run,
	.teardown = membuf_teardown,
};
