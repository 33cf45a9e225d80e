/* copy 8B 2MB (mem table, osbench's own): MB/s of a word-by-word copy
 * written in C (membuf_copy: a load and a volatile store per 8-byte word),
 * 1 MB per op from the first half of a buffer larger than the caches to
 * the second, round the halves, in 2 MB pages where the system gives them
 * on request (modules/lib/membuf.c); the bytes copied counted once.
 * lmbench's Bcopy (hand) (bwhcopy) copies 4-byte ints. */
#include "modules/lib/membuf.h"
#include "module.h"

static int memcp8_run(struct mod_ctx *ctx, uint64_t n)
{
	struct membuf *m = ctx->state;
	size_t half = m->len / 2;

	for (uint64_t i = 0; i < n; i++) {
		size_t off = membuf_next(m, half);
		membuf_copy(m->p + half + off, m->p + off, MEMBUF_CHUNK);
	}
	return 0;
}

const struct module module_memcp8 = {
	.name = "memcp8",
	.summary = "MB/s of a hand-written 8-byte word copy in 1 MB pieces, 2 MB pages, a buffer larger than the caches",
	.flags = MOD_BANDWIDTH | MOD_HUGE_PAGES | MOD_BUFFER,
	.setup = membuf_setup_huge,
	.run = memcp8_run,
	.teardown = membuf_teardown,
};
