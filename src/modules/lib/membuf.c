/* Memory for the bandwidth modules and the loops they stream with; see
 * membuf.h. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
/* glibc hides MAP_ANONYMOUS under strict POSIX */
#define _DEFAULT_SOURCE
#elif defined(__APPLE__) || defined(__FreeBSD__)
#undef _POSIX_C_SOURCE
#endif
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "modules/lib/membuf.h"

#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
#define MAP_ANONYMOUS MAP_ANON
#endif

#define MIN_SIZE ((size_t)64 << 20)
#define FALLBACK_CACHE ((size_t)32 << 20)
#define CACHES 4 /* the buffer in caches' sizes */
#define QUICK_CACHES 2 /* --quick's: out of the caches, half the setup */
#define SYSFS_CACHE "/sys/devices/system/cpu/cpu0/cache/index%d/%s"

static volatile unsigned long sink;

/* One line of a sysfs cache attribute, without its newline; 0 if none. */
static int sysfs_attr(int index, const char *name, char *buf, int len)
{
	char path[128];
	FILE *f;
	int ok;

	snprintf(path, sizeof path, SYSFS_CACHE, index, name);
	f = fopen(path, "r");
	if (!f)
		return 0;
	ok = fgets(buf, len, f) != NULL;
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return ok;
}

/* Linux: the data or unified cache of the highest level cpu0 sees, as
   its sysfs entry tells ("32768K").  glibc's sysconf on some virtual
   machines reports the host's whole L3 instead. */
static size_t cache_sysfs(void)
{
	size_t best = 0;
	int best_level = 0;

	for (int i = 0; i < 16; i++) {
		char type[32], level[16], size[32], *end;
		unsigned long v;
		int lv;
		if (!sysfs_attr(i, "type", type, sizeof type) ||
		    !sysfs_attr(i, "level", level, sizeof level) ||
		    !sysfs_attr(i, "size", size, sizeof size))
			break;
		if (strcmp(type, "Instruction") == 0)
			continue;
		lv = atoi(level);
		v = strtoul(size, &end, 10);
		if (*end == 'K')
			v *= 1024;
		else if (*end == 'M')
			v *= 1024 * 1024;
		if (lv > best_level || (lv == best_level && v > best)) {
			best_level = lv;
			best = v;
		}
	}
	return best;
}

static size_t cache_sysconf(void)
{
	long v = -1;

#ifdef _SC_LEVEL3_CACHE_SIZE
	v = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
#ifdef _SC_LEVEL2_CACHE_SIZE
	if (v <= 0)
		v = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
	return v > 0 ? (size_t)v : 0;
}

/* A whole number of double chunks, at least one. */
static size_t whole_chunks(size_t len)
{
	size_t unit = 2 * MEMBUF_CHUNK;

	return len < unit ? unit : len / unit * unit;
}

size_t membuf_plan(size_t asked, int quick, char *why, size_t len)
{
	size_t cache = cache_sysfs(), size, times = quick ? QUICK_CACHES : CACHES;
	const char *from = "cpu0's sysfs";

	if (asked) {
		size = whole_chunks(asked);
		if (why)
			snprintf(why, len, "asked for");
		return size;
	}
	if (!cache) {
		cache = cache_sysconf();
		from = "sysconf";
	}
	if (cache > MEMBUF_SANE_CACHE || cache == 0) {
		if (why && cache)
			snprintf(why, len, "%zu x %zu MB: the %zu MB cache %s tells of is no one "
					   "core's", times, (size_t)FALLBACK_CACHE >> 20, cache >> 20, from);
		else if (why)
			snprintf(why, len, "%zu x %zu MB: no cache size told", times,
				 (size_t)FALLBACK_CACHE >> 20);
		cache = FALLBACK_CACHE;
	} else if (why) {
		snprintf(why, len, "%zu x the %zu KB cache %s tells of", times, cache >> 10, from);
	}
	size = cache * times;
	if (size < MIN_SIZE) {
		size = MIN_SIZE;
		if (why)
			snprintf(why + strlen(why), len - strlen(why), ", at least %zu MB",
				 (size_t)MIN_SIZE >> 20);
	} else if (size > MEMBUF_CAP) {
		size = MEMBUF_CAP;
		if (why)
			snprintf(why + strlen(why), len - strlen(why), ", at most %zu MB",
				 (size_t)MEMBUF_CAP >> 20);
	}
	if (quick && why)
		snprintf(why + strlen(why), len - strlen(why), ", --quick");
	return whole_chunks(size);
}

size_t membuf_size(const struct mod_ctx *ctx)
{
	return membuf_plan(ctx->buffer_bytes, 0, NULL, 0);
}

/* Transparent huge pages where the system has them on request: a buffer
   laid out in 2 MB pages is faulted in a few dozen faults instead of
   tens of thousands, and every round's copy sees the same kind of
   physical layout (4 KB pages scatter over the caches anew each time).
   Without the advice the buffer gets the pages any anonymous mapping gets
   here, as lmbench's valloc()ed one does. */
#define HUGE_ALIGN ((size_t)2 << 20)

static void *map_buffer(size_t len, int huge, size_t *mapped, unsigned char **base)
{
	size_t total = len + HUGE_ALIGN;
	int flags = MAP_PRIVATE | MAP_ANONYMOUS;
	unsigned char *p;

#ifdef MAP_POPULATE
	/* small pages taken in one call rather than a fault each (a fault
	   costs a VM dearly, and every round's child maps its buffer anew);
	   huge ones must wait for the advice */
	if (!huge)
		flags |= MAP_POPULATE;
#endif
	p = mmap(NULL, total, PROT_READ | PROT_WRITE, flags, -1, 0);
	uintptr_t a;

	if (p == MAP_FAILED)
		return NULL;
	a = ((uintptr_t)p + HUGE_ALIGN - 1) & ~(uintptr_t)(HUGE_ALIGN - 1);
#ifdef MADV_HUGEPAGE
	/* advice only: where it is refused the pages are small ones */
	if (huge)
		(void)madvise((void *)a, len, MADV_HUGEPAGE);
#else
	(void)huge;
#endif
	*mapped = total;
	*base = p;
	return (void *)a;
}

/* A byte written in every page, which is what makes the pages real (a
   page only read would be the shared zero page): where the mapping took
   them in already this costs no fault, and the whole buffer is not
   written over again in every round's child. */
static void write_each_page(unsigned char *p, size_t len)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t step = page > 0 ? (size_t)page : 4096;

	for (size_t i = 0; i < len; i += step)
		((volatile unsigned char *)p)[i] = 0x5a;
}

static int setup_buffer(struct mod_ctx *ctx, int huge, size_t len)
{
	struct membuf *m = malloc(sizeof *m);
	void *p;

	if (!m)
		return mod_fail(ctx, "malloc", errno);
	m->len = len;
	m->off = 0;
	p = map_buffer(m->len, huge, &m->mapped, &m->base);
	if (!p) {
		mod_failf(ctx, "mmap %zu MB: %s", m->len >> 20, strerror(errno));
		free(m);
		return -1;
	}
	m->p = p;
	write_each_page(m->p, m->len);
	ctx->bytes_per_op = (double)MEMBUF_CHUNK;
	ctx->state = m;
	return 0;
}

int membuf_setup(struct mod_ctx *ctx)
{
	return setup_buffer(ctx, 0, membuf_size(ctx));
}

int membuf_setup_huge(struct mod_ctx *ctx)
{
	return setup_buffer(ctx, 1, membuf_size(ctx));
}

int membuf_setup_fixed(struct mod_ctx *ctx, size_t len)
{
	return setup_buffer(ctx, 1, len);
}

void membuf_teardown(struct mod_ctx *ctx)
{
	struct membuf *m = ctx->state;

	if (!m)
		return;
	(void)munmap(m->base, m->mapped);
	free(m);
	ctx->state = NULL;
}

size_t membuf_next(struct membuf *m, size_t span)
{
	size_t off = m->off;

	m->off = off + MEMBUF_CHUNK < span ? off + MEMBUF_CHUNK : 0;
	return off;
}

int membuf_run_sum(struct mod_ctx *ctx, uint64_t n)
{
	struct membuf *m = ctx->state;

	for (uint64_t i = 0; i < n; i++)
		membuf_sum(m->p + membuf_next(m, m->len), MEMBUF_CHUNK);
	return 0;
}

/* Four sums, so that the adds are not one chain waiting on each other. */
void membuf_sum(const void *p, size_t len)
{
	const unsigned long *w = p;
	size_t n = len / sizeof *w, i;
	unsigned long s0 = 0, s1 = 0, s2 = 0, s3 = 0;

	for (i = 0; i + 4 <= n; i += 4) {
		s0 += w[i];
		s1 += w[i + 1];
		s2 += w[i + 2];
		s3 += w[i + 3];
	}
	for (; i < n; i++)
		s0 += w[i];
	sink += s0 + s1 + s2 + s3;
}

/* Volatile stores: a word each, in order, never a memcpy call or a vector
   move; eight to a turn, so the loop costs little beside them. */
void membuf_copy(void *dst, const void *src, size_t len)
{
	volatile unsigned long *d = dst;
	const unsigned long *s = src;
	size_t n = len / sizeof *s, i;

	for (i = 0; i + 8 <= n; i += 8) {
		d[i] = s[i];
		d[i + 1] = s[i + 1];
		d[i + 2] = s[i + 2];
		d[i + 3] = s[i + 3];
		d[i + 4] = s[i + 4];
		d[i + 5] = s[i + 5];
		d[i + 6] = s[i + 6];
		d[i + 7] = s[i + 7];
	}
	for (; i < n; i++)
		d[i] = s[i];
}

/* The stored word is not one byte repeated, and the stores are volatile:
   neither can become a memset. */
void membuf_fill(void *p, size_t len)
{
	volatile unsigned long *w = p;
	const unsigned long v = (unsigned long)0x0123456789abcdefULL;
	size_t n = len / sizeof *w, i;

	for (i = 0; i + 8 <= n; i += 8) {
		w[i] = v;
		w[i + 1] = v;
		w[i + 2] = v;
		w[i + 3] = v;
		w[i + 4] = v;
		w[i + 5] = v;
		w[i + 6] = v;
		w[i + 7] = v;
	}
	for (; i < n; i++)
		w[i] = v;
}

/* lmbench's loops: 4-byte words taken 128 (512 bytes) at a time; the
   stores below are volatile, so that the compiler can neither widen nor
   vectorise them. */
#define BLOCK_INTS 128

/* A block's words summed as lmbench's -O build sums them (frd, bread()):
 * one chain of 128 dependent adds, each taking its word straight from
 * memory (one add with a memory operand on x86).  The empty asm after
 * each add is the chain's link: no add may be moved across it, so the
 * compiler can neither reassociate nor vectorise the chain.  The loads
 * are not volatile, which would make each a load of its own and an add
 * after it: summed so, the same buffer read 17-21 % slower than frd on
 * a Xeon guest.  Without the asm (another compiler) volatile loads keep
 * the chain. */
#ifdef __GNUC__
#define CHAIN_WORD const
#define LINKED(t) __asm__ volatile("" : "+r"(t))
#else
#define CHAIN_WORD const volatile
#define LINKED(t) ((void)0)
#endif

#define LINK_FOUR(t, w, j)                              \
	do {                                            \
		(t) += (w)[(j)];                        \
		LINKED(t);                              \
		(t) += (w)[(j) + 1];                    \
		LINKED(t);                              \
		(t) += (w)[(j) + 2];                    \
		LINKED(t);                              \
		(t) += (w)[(j) + 3];                    \
		LINKED(t);                              \
	} while (0)
#define LINK_16(t, w, j)                                \
	do {                                            \
		LINK_FOUR(t, w, (j));                   \
		LINK_FOUR(t, w, (j) + 4);               \
		LINK_FOUR(t, w, (j) + 8);               \
		LINK_FOUR(t, w, (j) + 12);              \
	} while (0)
#define LINK_64(t, w, j)                                \
	do {                                            \
		LINK_16(t, w, (j));                     \
		LINK_16(t, w, (j) + 16);                \
		LINK_16(t, w, (j) + 32);                \
		LINK_16(t, w, (j) + 48);                \
	} while (0)
/* The 128 words of a block from w[j] on t's chain, unrolled as lmbench's
   one expression is: no loop counter beside the adds. */
#define LINK_BLOCK(t, w, j)                             \
	do {                                            \
		LINK_64(t, w, (j));                     \
		LINK_64(t, w, (j) + 64);                \
	} while (0)

/* As lmbench's frd: each block's 128 ints (int, as frd's sum is) in one
   chain, whose sum then joins the running one. */
void membuf_sum_ints(const void *p, size_t len)
{
	CHAIN_WORD uint32_t *w = p;
	size_t n = len / sizeof *w / BLOCK_INTS * BLOCK_INTS;
	uint32_t s = 0;

	for (size_t b = 0; b < n; b += BLOCK_INTS) {
		uint32_t t = 0;
		LINK_BLOCK(t, w, b);
		s += t;
	}
	sink += s;
}

/* Each block from its last int down to its first: the order lmbench's
   fwr (one chained assignment a block) stores in. */
void membuf_fill_ints(void *p, size_t len)
{
	volatile uint32_t *w = p;
	size_t n = len / sizeof *w / BLOCK_INTS * BLOCK_INTS;

	for (size_t b = 0; b < n; b += BLOCK_INTS)
		for (size_t i = b + BLOCK_INTS; i > b; i -= 8) {
			w[i - 1] = 1;
			w[i - 2] = 1;
			w[i - 3] = 1;
			w[i - 4] = 1;
			w[i - 5] = 1;
			w[i - 6] = 1;
			w[i - 7] = 1;
			w[i - 8] = 1;
		}
}

/* Forward, an int at a time, as lmbench's fcp. */
void membuf_copy_ints(void *dst, const void *src, size_t len)
{
	volatile uint32_t *d = dst;
	const volatile uint32_t *s = src;
	size_t n = len / sizeof *s / BLOCK_INTS * BLOCK_INTS;

	for (size_t i = 0; i < n; i += 8) {
		d[i] = s[i];
		d[i + 1] = s[i + 1];
		d[i + 2] = s[i + 2];
		d[i + 3] = s[i + 3];
		d[i + 4] = s[i + 4];
		d[i + 5] = s[i + 5];
		d[i + 6] = s[i + 6];
		d[i + 7] = s[i + 7];
	}
}

/* lmbench's bread(), which bw_file_rd and bw_mmap_rd sum their data with:
   machine words (long), each 1 KB block's 128 in one chain (LINK_BLOCK),
   the blocks' sums in a running one; a part block at the end in a chain
   of its own. */
#define BLOCK_LONGS 128

void membuf_sum_chain(const void *p, size_t len)
{
	CHAIN_WORD unsigned long *w = p;
	size_t n = len / sizeof *w, i = 0;
	unsigned long s = 0, t = 0;

	for (; i + BLOCK_LONGS <= n; i += BLOCK_LONGS) {
		t = 0;
		LINK_BLOCK(t, w, i);
		s += t;
	}
	for (t = 0; i < n; i++) {
		t += w[i];
		LINKED(t);
	}
	sink += s + t;
}
