/* Mem write: MB/s of storing a word into every machine word of 1 MB of a
 * buffer larger than the caches (modules/lib/membuf.c), the next 1 MB each op,
 * round the whole buffer (membuf_fill: volatile stores of a word that is
 * not one byte repeated, so never a memset() call).  lmbench bw_mem fwr
 * stores 4-byte ints the same way. */
#include "modules/lib/membuf.h"
#include "module.h"

static int bwwrite_run(struct mod_ctx *ctx, uint64_t n)
{
	struct membuf *m = ctx->state;

	for (uint64_t i = 0; i < n; i++)
		membuf_fill(m->p + membuf_next(m, m->len), MEMBUF_CHUNK);
	return 0;
}

const struct module module_bwwrite = {
	.name = "bwwrite",
	.summary = "MB/s of storing a word into every word of a buffer larger than the caches, 1 MB an op",
	.flags = MOD_BANDWIDTH,
	.setup = membuf_setup,
	.run = bwwrite_run,
	.teardown = membuf_teardown,
};
