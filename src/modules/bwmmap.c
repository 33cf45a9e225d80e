/* Mmap reread: MB/s of summing the machine words of a file that is in the
 * page cache, each 1 KB block's in one chain (membuf_sum_chain,
 * lmbench's bread()), through a read-only shared mapping of it made once (lmbench bw_mmap_rd
 * mmap_only); one op sums the next 64 KB of the mapping, round the file.
 * The file is bwfile's: as large as the memory modules' buffer
 * (membuf_size()), written in 8 KB writes as lmbench's script writes its
 * file.  Setup sums it all once, so the ops find every page mapped and
 * time the reading, not the faults. */
#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "modules/lib/bwio.h"
#include "modules/lib/datafile.h"
#include "modules/lib/membuf.h"
#include "module.h"

struct bwmmap {
	int fd;
	unsigned char *map;
	size_t size, off;
};

static int bwmmap_setup(struct mod_ctx *ctx)
{
	struct bwmmap *s = calloc(1, sizeof *s);
	void *p;

	if (!s)
		return mod_fail(ctx, "calloc", errno);
	s->size = membuf_size(ctx);
	s->fd = datafile_open(ctx, "bwmmap", s->size, DATAFILE_LMBENCH_WRITES);
	if (s->fd < 0) {
		free(s);
		return -1;
	}
	p = mmap(NULL, s->size, PROT_READ, MAP_SHARED, s->fd, 0);
	if (p == MAP_FAILED) {
		mod_fail(ctx, "mmap", errno);
		(void)close(s->fd);
		free(s);
		return -1;
	}
	s->map = p;
	membuf_sum_chain(s->map, s->size);
	ctx->bytes_per_op = (double)BWIO_CHUNK;
	ctx->state = s;
	return 0;
}

static int bwmmap_run(struct mod_ctx *ctx, uint64_t n)
{
	struct bwmmap *s = ctx->state;

	for (uint64_t i = 0; i < n; i++) {
		membuf_sum_chain(s->map + s->off, BWIO_CHUNK);
		s->off = s->off + BWIO_CHUNK < s->size ? s->off + BWIO_CHUNK : 0;
	}
	return 0;
}

static void bwmmap_teardown(struct mod_ctx *ctx)
{
	struct bwmmap *s = ctx->state;

	if (!s)
		return;
	(void)munmap(s->map, s->size);
	(void)close(s->fd);
	free(s);
	ctx->state = NULL;
}

const struct module module_bwmmap = {
	.name = "bwmmap",
	.summary = "MB/s of summing the words of a cached file through a mapping, 64 KB an op",
	.flags = MOD_BANDWIDTH | MOD_TMPDIR | MOD_BUFFER,
	.setup = bwmmap_setup,
	.run = bwmmap_run,
	.teardown = bwmmap_teardown,
};
