/* Mmap Latency: mmap() of an 8 MB file in the private temp dir, shared
 * and writable, a one-byte write every 16 KB over the first tenth of the
 * mapping (52 writes), and munmap(); per mapping.  That touch is lmbench
 * lat_mmap's ("Linus's algorithm", so that a system which maps lazily is
 * not credited for work it puts off): each write is a fault that maps a
 * page of the file, so the figure is the cost of setting up, using
 * sparsely and tearing down a mapping, not of the mmap() call alone.
 *
 * lmbench's table takes its largest size, which is most of the memory
 * (the size of its test file, 70 % of RAM by default), and the op then
 * grows with it: 8 MB keeps the op at tens of microseconds, long enough
 * to dwarf the loop and short enough for many ops per sample, and its
 * 52 faults outweigh the two calls as they do at lmbench's sizes.
 * `lat_mmap 8m FILE` times the same op.  The file is written in full
 * first, in 8 KB writes as lmbench's script writes its file, so each fault
 * finds its page in the page cache, held as lmbench's is. */
#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "modules/lib/datafile.h"
#include "module.h"

#define MMAP_SIZE ((size_t)8 << 20)
#define MMAP_STRIDE ((size_t)16 << 10)

struct mmap_state {
	int fd;
};

static int mmap_setup(struct mod_ctx *ctx)
{
	struct mmap_state *s = malloc(sizeof *s);

	if (!s)
		return mod_fail(ctx, "malloc", errno);
	s->fd = datafile_open(ctx, "mmap", MMAP_SIZE, DATAFILE_LMBENCH_WRITES);
	if (s->fd < 0) {
		free(s);
		return -1;
	}
	ctx->state = s;
	return 0;
}

static int mmap_run(struct mod_ctx *ctx, uint64_t n)
{
	const struct mmap_state *s = ctx->state;

	for (uint64_t i = 0; i < n; i++) {
		void *m = mmap(NULL, MMAP_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, s->fd, 0);
		volatile char *p = m;
		if (m == MAP_FAILED)
			return mod_fail(ctx, "mmap", errno);
		for (size_t off = 0; off < MMAP_SIZE / 10; off += MMAP_STRIDE)
			p[off] = (char)i;
		if (munmap(m, MMAP_SIZE) == -1)
			return mod_fail(ctx, "munmap", errno);
	}
	return 0;
}

static void mmap_teardown(struct mod_ctx *ctx)
{
	struct mmap_state *s = ctx->state;

	if (!s)
		return;
	(void)close(s->fd);
	free(s);
	ctx->state = NULL;
}

const struct module module_mmap = {
	.name = "mmap",
	.summary = "mmap() an 8 MB file, write a byte every 16 KB of its first tenth, munmap()",
	.flags = MOD_TMPDIR,
	.setup = mmap_setup,
	.run = mmap_run,
	.teardown = mmap_teardown,
};
