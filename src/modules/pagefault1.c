/* 1-page fault (vm table, osbench's own): the first read of a page of a
 * file mapping that has no page table entry yet, the page itself being in
 * the page cache; per fault, each fault mapping exactly one page.
 *
 * The file is 8 MB and sparse: one page written in every 64 KB, holes
 * between.  It is mapped read-only and shared, and op k reads the written
 * page of the k-th 64 KB stretch.  A kernel that maps the neighbours of a
 * faulting page along with it (Linux's fault-around maps the cached pages
 * of the aligned 64 KB window around it, FreeBSD prefaults a few pages
 * either side) finds none here, since holes are never read into the page
 * cache: each op is exactly one fault that maps exactly one page.  (In a
 * file written in full, one fault would map 16 pages on Linux, and a file
 * written in large writes sits in large folios that one fault maps whole.)
 * The pages are dropped from the mapping off the clock: the prepare hook
 * unmaps the previous sample's mappings and maps the file afresh, as many
 * times as the next n ops need (128 ops a mapping), so every op finds no
 * entry for its page.  MOD_FAULTS has the harness count the faults of
 * every op sample and fail the figure if its ops did not fault.
 *
 * lmbench lat_pagefault (the fs table's Page Fault, module pagefault)
 * instead reads every page of a file written in full, in a random order;
 * its figure is per page, and since fault-around maps most pages before
 * they are read, on Linux it is a fraction of one fault.
 *
 * The test-only fault "pagefault1:nodrop" (ctx->test_nodrop) keeps the
 * mappings and reads every page the next sample will read, off the clock:
 * then nothing faults, and the harness must fail the figure. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "modules/lib/datafile.h"
#include "module.h"

#define PF_SIZE ((size_t)8 << 20)
#define PF_STRIDE ((size_t)64 << 10)
#define PF_SLOTS (PF_SIZE / PF_STRIDE)   /* ops one mapping gives */

struct pf_state {
	int fd;
	char **maps;
	size_t nmaps, cap;
	volatile unsigned long sink;
};

/* One page written at the start of every stretch, holes between. */
static int write_slots(struct mod_ctx *ctx, int fd)
{
	unsigned char page[DATAFILE_SMALL_WRITES];

	memset(page, 'p', sizeof page);
	for (size_t slot = 0; slot < PF_SLOTS; slot++) {
		ssize_t w = pwrite(fd, page, sizeof page, (off_t)(slot * PF_STRIDE));
		if (w != (ssize_t)sizeof page)
			return mod_failf(ctx, "pwrite: %s", w < 0 ? strerror(errno) : "short write");
	}
	if (ftruncate(fd, (off_t)PF_SIZE) == -1)
		return mod_fail(ctx, "ftruncate", errno);
	return 0;
}

static int pf_setup(struct mod_ctx *ctx)
{
	struct pf_state *s = calloc(1, sizeof *s);

	if (!s)
		return mod_fail(ctx, "calloc", errno);
	s->fd = datafile_open(ctx, "pagefault1", 0, 0);
	if (s->fd < 0) {
		free(s);
		return -1;
	}
	if (write_slots(ctx, s->fd) < 0) {
		(void)close(s->fd);
		free(s);
		return -1;
	}
	ctx->state = s;
	return 0;
}

static int unmap_all(struct mod_ctx *ctx, struct pf_state *s)
{
	while (s->nmaps > 0) {
		if (munmap(s->maps[s->nmaps - 1], PF_SIZE) == -1)
			return mod_fail(ctx, "munmap", errno);
		s->nmaps--;
	}
	return 0;
}

static int map_more(struct mod_ctx *ctx, struct pf_state *s, size_t want)
{
	if (want > s->cap) {
		size_t cap = want * 2;
		char **m = realloc(s->maps, cap * sizeof *m);
		if (!m)
			return mod_fail(ctx, "realloc", errno);
		s->maps = m;
		s->cap = cap;
	}
	while (s->nmaps < want) {
		void *p = mmap(NULL, PF_SIZE, PROT_READ, MAP_SHARED, s->fd, 0);
		if (p == MAP_FAILED)
			return mod_fail(ctx, "mmap", errno);
		s->maps[s->nmaps++] = p;
	}
	return 0;
}

/* The reads of ops 0..n-1; the ops are these reads, timed or not. */
static void touch(struct pf_state *s, uint64_t n)
{
	unsigned long sum = 0;
	uint64_t done = 0;

	for (size_t m = 0; done < n; m++) {
		const char *p = s->maps[m];
		for (size_t slot = 0; slot < PF_SLOTS && done < n; slot++, done++)
			sum += (unsigned char)p[slot * PF_STRIDE];
	}
	s->sink += sum;
}

static int pf_prepare(struct mod_ctx *ctx, uint64_t n)
{
	struct pf_state *s = ctx->state;
	uint64_t want = (n + PF_SLOTS - 1) / PF_SLOTS;

	if (want > SIZE_MAX / sizeof(char *) / 2)
		return mod_failf(ctx, "%llu ops: too many mappings", (unsigned long long)n);
	if (!ctx->test_nodrop && unmap_all(ctx, s) < 0)
		return -1;
	if (map_more(ctx, s, (size_t)want) < 0)
		return -1;
	if (ctx->test_nodrop)
		touch(s, n);
	return 0;
}

static int pf_run(struct mod_ctx *ctx, uint64_t n)
{
	touch(ctx->state, n);
	return 0;
}

static void pf_teardown(struct mod_ctx *ctx)
{
	struct pf_state *s = ctx->state;

	if (!s)
		return;
	/* a failed munmap leaves the rest to the process's exit */
	(void)unmap_all(ctx, s);
	free(s->maps);
	(void)close(s->fd);
	free(s);
	ctx->state = NULL;
}

const struct module module_pagefault1 = {
	.name = "pagefault1",
	.summary = "one real fault mapping one page: the first read of a cached page of a sparse file mapping",
	.flags = MOD_FAULTS | MOD_TMPDIR,
	.setup = pf_setup,
	.run = pf_run,
	.teardown = pf_teardown,
	.prepare = pf_prepare,
};
