/* Pipe (bw): MB/s through a pipe from a forked writer that writes 64 KB
 * blocks without pause; one op is reading 64 KB of it (in reads of what
 * is left of the 64 KB), so the figure is the one-way rate lmbench
 * bw_pipe reports, data moved one way and counted on arrival.  The reads
 * block plainly, as the pipe module's do: the writer is our own child, its
 * death is end-of-file and a hang is the watchdog's. */
#include <errno.h>
#include <unistd.h>

#include "module.h"
#include "modules/lib/bwio.h"

static int bwpipe_setup(struct mod_ctx *ctx)
{
	int p[2];

	if (pipe(p) < 0)
		return mod_fail(ctx, "pipe", errno);
	return bwio_stream_setup(ctx, p[0], p[1]);
}

const struct module module_bwpipe = {
	.name = "bwpipe",
	.summary = "MB/s through a pipe from a process writing 64 KB blocks",
	.flags = MOD_BANDWIDTH,
	.setup = bwpipe_setup,
	.run = bwio_stream_run,
	.teardown = bwio_stream_teardown,
};
