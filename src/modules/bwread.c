/* Mem read: MB/s of lmbench bw_mem frd's read, 1 MB an op: the 4-byte
 * ints of each 512-byte block added in one chain, the blocks' sums into a
 * running one (membuf_sum_ints: each add takes its word from memory, as
 * frd's do, and none is vectorised), the next 1 MB of a buffer larger
 * than the caches each op, round the whole buffer, in the pages the
 * system gives unasked, as lmbench's valloc()ed buffer (see
 * modules/lib/membuf.c).  The sum goes to a volatile sink.  osbench's
 * 8-byte read in 2 MB pages is the mem table's memrd8. */
#include "modules/lib/membuf.h"
#include "module.h"

static int bwread_run(struct mod_ctx *ctx, uint64_t n)
{
	struct membuf *m = ctx->state;

	for (uint64_t i = 0; i < n; i++)
		membuf_sum_ints(m->p + membuf_next(m, m->len), MEMBUF_CHUNK);
	return 0;
}

const struct module module_bwread = {
	.name = "bwread",
	.summary = "MB/s of lmbench's frd: 4-byte ints summed in one chain, 1 MB an op, a buffer larger than the caches",
	.flags = MOD_BANDWIDTH | MOD_HUGE_PAGES | MOD_BUFFER,
	.setup = membuf_setup,
	.run = bwread_run,
	.teardown = membuf_teardown,
};
