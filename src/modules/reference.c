/* The machine reference: MB/s of summing the 8-byte words of an 8 MB
 * buffer in 2 MB pages, 1 MB an op, round the buffer.  Every run of
 * --runs measures it beside its figures (the host record keeps each
 * run's), and check reads the machine's move between a baseline and a
 * job off it (report/check.c): nothing in it enters the kernel once its
 * pages are in, so a kernel whose every call got dearer moves the figures
 * and not it, while most of a host's moods move it with them.  A fixed
 * size, not --buffer's: the reference must be the same loop on both sides
 * of a check. */
#include "modules/lib/membuf.h"
#include "module.h"

#define REFERENCE_BYTES ((size_t)8 << 20)

static int reference_setup(struct mod_ctx *ctx)
{
	return membuf_setup_fixed(ctx, REFERENCE_BYTES);
}

const struct module module_reference = {
	.name = "reference",
	.summary = "MB/s of summing the 8-byte words of an 8 MB buffer in 2 MB pages: the "
		   "machine reference each run of --runs takes, which no kernel change moves",
	.flags = MOD_BANDWIDTH | MOD_HUGE_PAGES,
	.setup = reference_setup,
	.run = membuf_run_sum,
	.teardown = membuf_teardown,
};
