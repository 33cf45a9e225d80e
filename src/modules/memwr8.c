/* write 8B 2MB (mem table, osbench's own): MB/s of storing an 8-byte word
 * into every word of 1 MB of a buffer larger than the caches, forward
 * (membuf_fill: volatile stores of a word that is not one byte repeated,
 * never a memset() call), the next 1 MB each op, round the buffer, in 2 MB
 * pages where the system gives them on request (modules/lib/membuf.c);
 * lmbench's Mem write (bwwrite) stores 4-byte ints top down a block. */
#include "modules/lib/membuf.h"
#include "module.h"

static int memwr8_run(struct mod_ctx *ctx, uint64_t n)
{
	struct membuf *m = ctx->state;

	for (uint64_t i = 0; i < n; i++)
		membuf_fill(m->p + membuf_next(m, m->len), MEMBUF_CHUNK);
	return 0;
}

const struct module module_memwr8 = {
	.name = "memwr8",
	.summary = "MB/s of forward 8-byte stores through a buffer larger than the caches, in 2 MB pages, 1 MB an op",
	.flags = MOD_BANDWIDTH | MOD_HUGE_PAGES | MOD_BUFFER,
	.setup = membuf_setup_huge,
	.run = memwr8_run,
	.teardown = membuf_teardown,
};
