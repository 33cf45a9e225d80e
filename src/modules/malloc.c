/* malloc: N workers malloc and free blocks of 16 B to 4 KiB (seed 002:
 * sysbench's throughput hung on the allocator's scalability).  Allocators
 * are compared by running the same sweep under LD_PRELOAD.
 *
 * Each worker keeps a ring of live blocks and one op replaces the oldest:
 * free it, malloc a new size.  A bare malloc+free pair would hand the same
 * chunk back and forth and only exercise the allocator's fast path; a ring
 * keeps a realistic mix of sizes and ages live at once. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "module.h"

#define RING 64          /* live blocks per worker; a power of two */
#define MIN_SIZE 16
#define MAX_SIZE 4096

struct malloc_worker {
	uint64_t rng;        /* xorshift state: random() is not MT-safe */
	uint64_t next;       /* slot the next op replaces */
	unsigned char *ring[RING];
};

/* splitmix64: spreads small worker indices into unrelated, nonzero seeds */
static uint64_t seed_of(int worker)
{
	uint64_t z = (uint64_t)worker + 0x9e3779b97f4a7c15u;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	z ^= z >> 31;
	return z != 0 ? z : 1;
}

/* xorshift64* */
static uint64_t next_rand(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545f4914f6cdd1du;
}

/* Uniform in MIN_SIZE..MAX_SIZE inclusive, without a division. */
static size_t draw_size(uint64_t *s)
{
	uint64_t r = next_rand(s) >> 32;

	return MIN_SIZE + (size_t)((r * (MAX_SIZE - MIN_SIZE + 1)) >> 32);
}

/* The last byte, so a block shorter than asked for is a sanitizer error
   and a large block's final page is really touched. */
static unsigned char *alloc_block(struct mod_ctx *ctx, uint64_t *rng)
{
	size_t size = draw_size(rng);
	unsigned char *p = malloc(size);

	if (p == NULL) {
		/* ENOMEM is the only reason; a preloaded allocator may not
		   set errno */
		mod_fail(ctx, "malloc", ENOMEM);
		return NULL;
	}
	((volatile unsigned char *)p)[size - 1] = (unsigned char)size;
	return p;
}

static void free_ring(struct malloc_worker *w)
{
	int i;

	for (i = 0; i < RING; i++) {
		free(w->ring[i]);
		w->ring[i] = NULL;
	}
}

static int malloc_setup(struct mod_ctx *ctx)
{
	struct malloc_worker *w;
	int i;

	w = calloc(1, sizeof *w);
	if (w == NULL)
		return mod_fail(ctx, "calloc", ENOMEM);
	w->rng = seed_of(ctx->worker);
	/* Full from the start, so every op is exactly one free and one
	   malloc. */
	for (i = 0; i < RING; i++) {
		w->ring[i] = alloc_block(ctx, &w->rng);
		if (w->ring[i] == NULL) {
			free_ring(w);
			free(w);
			return -1;
		}
	}
	ctx->state = w;
	return 0;
}

static int malloc_run(struct mod_ctx *ctx, uint64_t n)
{
	struct malloc_worker *w = ctx->state;
	unsigned char **slot;
	uint64_t i;

	for (i = 0; i < n; i++) {
		slot = &w->ring[w->next++ & (RING - 1)];
		free(*slot);
		*slot = alloc_block(ctx, &w->rng);
		if (*slot == NULL)
			return -1;
	}
	return 0;
}

static void malloc_teardown(struct mod_ctx *ctx)
{
	struct malloc_worker *w = ctx->state;

	if (w == NULL)
		return;
	free_ring(w);
	free(w);
	ctx->state = NULL;
}

const struct module module_malloc = {
	.name = "malloc",
	.summary = "free + malloc of 16 B..4 KiB blocks in a per-worker ring "
		   "of 64",
	.flags = MOD_SCALE | MOD_SWEEP,
	.setup = malloc_setup,
	.run = malloc_run,
	.teardown = malloc_teardown,
};
