/* Mem read: MB/s of summing the machine words of 1 MB of a buffer larger
 * than the caches (modules/lib/membuf.c), the next 1 MB each op, round the whole
 * buffer, so that every word comes from memory; the sum goes to a
 * volatile sink, so it cannot be left out.  lmbench bw_mem frd sums
 * 4-byte ints the same way. */
#include "modules/lib/membuf.h"
#include "module.h"

static int bwread_run(struct mod_ctx *ctx, uint64_t n)
{
	struct membuf *m = ctx->state;

	for (uint64_t i = 0; i < n; i++)
		membuf_sum(m->p + membuf_next(m, m->len), MEMBUF_CHUNK);
	return 0;
}

const struct module module_bwread = {
	.name = "bwread",
	.summary = "MB/s of summing the words of a buffer larger than the caches, 1 MB an op",
	.flags = MOD_BANDWIDTH,
	.setup = membuf_setup,
	.run = bwread_run,
	.teardown = membuf_teardown,
};
