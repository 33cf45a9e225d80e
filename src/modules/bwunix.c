/* AF UNIX (bw): MB/s over an AF_UNIX stream socket pair from a forked
 * writer that writes 64 KB blocks without pause; one op is receiving 64 KB
 * of it.  One way, counted on arrival, as lmbench bw_unix does (its writer
 * waits to be told how much to send, which changes nothing in the stream
 * itself).  The socket's receive timeout bounds every wait without a poll
 * per read. */
#include <errno.h>
#include <sys/socket.h>
#include <unistd.h>

#include "module.h"
#include "modules/lib/bwio.h"
#include "modules/lib/sock.h"

static int bwunix_setup(struct mod_ctx *ctx)
{
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0)
		return mod_fail(ctx, "socketpair", errno);
	if (sock_rcvtimeo(ctx, sv[0]) < 0) {
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
	return bwio_stream_setup(ctx, sv[0], sv[1]);
}

const struct module module_bwunix = {
	.name = "bwunix",
	.summary = "MB/s over an af_unix stream socket pair from a process writing 64 KB blocks",
	.flags = MOD_BANDWIDTH,
	.setup = bwunix_setup,
	.run = bwio_stream_run,
	.teardown = bwio_stream_teardown,
};
