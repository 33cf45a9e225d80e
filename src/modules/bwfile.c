/* File reread: MB/s of read()ing a file that is in the page cache into a
 * 64 KB buffer and summing the buffer's machine words, each 1 KB block's
 * in one chain (membuf_sum_chain, lmbench's bread()), as lmbench
 * bw_file_rd io_only does; one op is one 64 KB read and its sum, and the reads go round the
 * file, back to its start (lseek) at the end.  The file is as large as
 * the memory modules' buffer, larger than the caches (membuf_size(): 64
 * to 128 MB unless --buffer asks), so the page cache is read from
 * memory, as at the large sizes lmbench's table takes; it is written in
 * 8 KB writes, as lmbench's script writes its file, since the size of the
 * writes shapes how the page cache holds it (a file written in 64 KB
 * writes reads some 1.3 times faster on Linux's ext4). */
#include <errno.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

#include "modules/lib/bwio.h"
#include "modules/lib/datafile.h"
#include "modules/lib/membuf.h"
#include "module.h"

struct bwfile {
	int fd;
	size_t size, off;
	unsigned char *buf;
};

static int bwfile_setup(struct mod_ctx *ctx)
{
	struct bwfile *s = calloc(1, sizeof *s);

	if (!s)
		return mod_fail(ctx, "calloc", errno);
	s->size = membuf_size(ctx);
	s->buf = malloc(BWIO_CHUNK);
	if (!s->buf) {
		mod_fail(ctx, "malloc", errno);
		free(s);
		return -1;
	}
	s->fd = datafile_open(ctx, "bwfile", s->size, DATAFILE_LMBENCH_WRITES);
	if (s->fd < 0) {
		free(s->buf);
		free(s);
		return -1;
	}
	ctx->bytes_per_op = (double)BWIO_CHUNK;
	ctx->state = s;
	return 0;
}

static int bwfile_run(struct mod_ctx *ctx, uint64_t n)
{
	struct bwfile *s = ctx->state;

	for (uint64_t i = 0; i < n; i++) {
		ssize_t r;
		if (s->off == s->size) {
			if (lseek(s->fd, 0, SEEK_SET) == -1)
				return mod_fail(ctx, "lseek", errno);
			s->off = 0;
		}
		r = read(s->fd, s->buf, BWIO_CHUNK);
		if (r != (ssize_t)BWIO_CHUNK)
			return r < 0 ? mod_fail(ctx, "read", errno)
				     : mod_failf(ctx, "read: %zd bytes of %zu", r, BWIO_CHUNK);
		membuf_sum_chain(s->buf, BWIO_CHUNK);
		s->off += BWIO_CHUNK;
	}
	return 0;
}

static void bwfile_teardown(struct mod_ctx *ctx)
{
	struct bwfile *s = ctx->state;

	if (!s)
		return;
	(void)close(s->fd);
	free(s->buf);
	free(s);
	ctx->state = NULL;
}

const struct module module_bwfile = {
	.name = "bwfile",
	.summary = "MB/s of reading a cached file in 64 KB read()s, summing its words (lmbench bw_file_rd)",
	.flags = MOD_BANDWIDTH | MOD_TMPDIR | MOD_BUFFER,
	.setup = bwfile_setup,
	.run = bwfile_run,
	.teardown = bwfile_teardown,
};
