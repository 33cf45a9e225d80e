/* Mem write: MB/s of lmbench bw_mem fwr's stores, 1 MB an op: a 4-byte
 * int into every int of each 512-byte block, from the block's last int
 * down to its first, the order lmbench's chained assignment stores in
 * (membuf_fill_ints: volatile stores, so never wider words, vector
 * moves or a memset() call); the next 1 MB of a buffer larger than the
 * caches each op, round the whole buffer, in the pages the system gives
 * unasked (modules/lib/membuf.c).  osbench's forward 8-byte stores in
 * 2 MB pages are the mem table's memwr8. */
#include "modules/lib/membuf.h"
#include "module.h"

static int bwwrite_run(struct mod_ctx *ctx, uint64_t n)
{
	struct membuf *m = ctx->state;

	for (uint64_t i = 0; i < n; i++)
		membuf_fill_ints(m->p + membuf_next(m, m->len), MEMBUF_CHUNK);
	return 0;
}

const struct module module_bwwrite = {
	.name = "bwwrite",
	.summary = "MB/s of lmbench's fwr: 4-byte stores, each 512-byte block top down, 1 MB an op, a buffer larger than the caches",
	.flags = MOD_BANDWIDTH | MOD_HUGE_PAGES | MOD_BUFFER,
	.setup = membuf_setup,
	.run = bwwrite_run,
	.teardown = membuf_teardown,
};
