/* Page Fault: lmbench `lat_pagefault`, per page.  A file in the page cache
 * (16 MB, written in full in 8 KB writes as lmbench's script writes its
 * file) is mapped shared and read-only; one run() iteration is lmbench's:
 * one byte of every page read, in a fixed random order, then the mapping
 * unmapped, mapped again and msync(MS_INVALIDATE)d, and an op is one page
 * of it (ops_per_iter).  The baseline is that remapping alone, of a second
 * mapping of the file that is never read (lmbench's subtraction): what is
 * left per op is the read, the faults it takes and its share of tearing
 * down what they mapped.  Whole passes matter: in a random order nearly
 * every fault of a pass is taken in its first thousand reads, so a part
 * of a pass would time either mostly faults or none.
 *
 * That is what lmbench's figure means, and on a kernel that maps the
 * cached neighbours of a faulting page with it (Linux's fault-around: the
 * aligned 64 KB around it) it is not one fault per op but about one in
 * sixteen, the other reads finding their page already mapped.  So the
 * harness counts the faults of the op samples (MOD_FAULTS) and fails the
 * figure unless they took at least one fault every 64 pages (a quarter of
 * what a 64 KB fault-around leaves): the ops must have faulted, mapping
 * at most a few dozen pages a fault, else they timed reads of pages that
 * were mapped already.  One fault for one page is the vm table's 1-page
 * fault, module pagefault1.
 *
 * The test-only fault "pagefault:nodrop" (ctx->test_nodrop) reads every
 * page once in setup and never remaps: then nothing faults, and the
 * harness must fail the figure. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "modules/lib/datafile.h"
#include "module.h"

#define PF_SIZE ((size_t)16 << 20)

struct pf_state {
	int fd;
	size_t npages;
	size_t *order;         /* byte offsets of the pages, in reading order */
	char *map, *idle;      /* the mapping read, and the baseline's */
	volatile unsigned long sink;
};

/* A fixed shuffle (Fisher-Yates on a xorshift generator): every run reads
 * the pages in the same order, none in file order. */
static void shuffle(size_t *a, size_t n)
{
	uint64_t x = 0x9e3779b97f4a7c15ULL;

	for (size_t i = n - 1; i > 0; i--) {
		size_t j, t;
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		j = (size_t)(x % (i + 1));
		t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

static int map_file(struct mod_ctx *ctx, int fd, char **out)
{
	void *p = mmap(NULL, PF_SIZE, PROT_READ, MAP_SHARED, fd, 0);

	if (p == MAP_FAILED)
		return mod_fail(ctx, "mmap", errno);
	*out = p;
	if (msync(p, PF_SIZE, MS_INVALIDATE) == -1)
		return mod_fail(ctx, "msync", errno);
	return 0;
}

/* lmbench's remapping: unmap, map again, invalidate. */
static int remap(struct mod_ctx *ctx, int fd, char **m)
{
	if (munmap(*m, PF_SIZE) == -1)
		return mod_fail(ctx, "munmap", errno);
	*m = NULL;
	return map_file(ctx, fd, m);
}

static int pf_prepare_pages(struct mod_ctx *ctx, struct pf_state *s)
{
	long pg = sysconf(_SC_PAGESIZE);

	if (pg <= 0)
		return mod_failf(ctx, "sysconf _SC_PAGESIZE: %s",
				 pg < 0 ? strerror(errno) : "no page size");
	s->npages = PF_SIZE / (size_t)pg;
	s->order = malloc(s->npages * sizeof *s->order);
	if (!s->order)
		return mod_fail(ctx, "malloc", errno);
	for (size_t i = 0; i < s->npages; i++)
		s->order[i] = i * (size_t)pg;
	shuffle(s->order, s->npages);
	return 0;
}

/* One pass: every page read once, in the shuffled order. */
static void read_pass(struct pf_state *s)
{
	unsigned long sum = 0;

	for (size_t i = 0; i < s->npages; i++)
		sum += (unsigned char)s->map[s->order[i]];
	s->sink += sum;
}

static void pf_teardown(struct mod_ctx *ctx)
{
	struct pf_state *s = ctx->state;

	if (!s)
		return;
	if (s->map)
		(void)munmap(s->map, PF_SIZE);
	if (s->idle)
		(void)munmap(s->idle, PF_SIZE);
	if (s->fd >= 0)
		(void)close(s->fd);
	free(s->order);
	free(s);
	ctx->state = NULL;
}

static int pf_setup(struct mod_ctx *ctx)
{
	struct pf_state *s = calloc(1, sizeof *s);

	if (!s)
		return mod_fail(ctx, "calloc", errno);
	ctx->state = s;
	s->fd = datafile_open(ctx, "pagefault", PF_SIZE, DATAFILE_LMBENCH_WRITES);
	if (s->fd < 0 || pf_prepare_pages(ctx, s) < 0 || map_file(ctx, s->fd, &s->map) < 0 ||
	    map_file(ctx, s->fd, &s->idle) < 0)
		goto fail;
	if (ctx->test_nodrop)
		read_pass(s);
	ctx->ops_per_iter = (unsigned)s->npages;
	return 0;
fail:
	pf_teardown(ctx);
	return -1;
}

static int pf_run(struct mod_ctx *ctx, uint64_t n)
{
	struct pf_state *s = ctx->state;

	for (uint64_t i = 0; i < n; i++) {
		read_pass(s);
		if (!ctx->test_nodrop && remap(ctx, s->fd, &s->map) < 0)
			return -1;
	}
	return 0;
}

/* The remappings of n passes without their reads, on the idle mapping. */
static int pf_baseline(struct mod_ctx *ctx, uint64_t n)
{
	struct pf_state *s = ctx->state;

	for (uint64_t i = 0; i < n; i++)
		if (remap(ctx, s->fd, &s->idle) < 0)
			return -1;
	return 0;
}

const struct module module_pagefault = {
	.name = "pagefault",
	.summary = "lmbench's lat_pagefault: per page, the pages of a cached file mapping read in a random order",
	.flags = MOD_FAULTS | MOD_TMPDIR,
	.min_faults_per_op = 1.0 / 64,
	.setup = pf_setup,
	.run = pf_run,
	.baseline = pf_baseline,
	.teardown = pf_teardown,
};
