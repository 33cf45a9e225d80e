/* The memory the bandwidth modules stream through: the buffer of the bw
 * table's bwcopy, bwhcopy, bwread and bwwrite (in the pages the system
 * gives unasked, as lmbench's) and of the mem table's memcpy2m, memcp8,
 * memrd8 and memwr8 (in 2 MB pages where it gives them on request),
 * larger than the caches; the loops of lmbench's bw_mem (4-byte ints) and
 * its bread() that the bw modules use, and the 8-byte loops of the mem
 * table.  The loops live here, in their own translation unit, with a
 * volatile sink or volatile accesses: the compiler can neither drop a sum
 * nobody reads nor turn a copy or a store loop into a call to memcpy or
 * memset, nor widen lmbench's words. */
#ifndef OSBENCH_MEMBUF_H
#define OSBENCH_MEMBUF_H

#include <stddef.h>
#include <stdint.h>

#include "module.h"

/* What one op of a memory module moves. */
#define MEMBUF_CHUNK ((size_t)1 << 20)

/* A last-level cache larger than this is no one core complex's (a
   virtual machine's sysconf tells of its host's whole socket: 508 MB
   here): its size is taken as not told. */
#define MEMBUF_SANE_CACHE ((size_t)256 << 20)
/* The largest buffer chosen unasked.  On this project's VM (a 32 MB L3
   per core complex) Mem read held within 3 % from 32 MB up, while Bcopy
   and the mem table's read fell another 6-9 % from 128 MB to 512 MB, the
   page tables outgrowing the caches rather than data held in them, and
   every doubling doubled the setup each round pays
   (docs/notes/2026-12-04-buffer.md). */
#define MEMBUF_CAP ((size_t)128 << 20)

/* The buffer: ctx->buffer_bytes where --buffer asked (a whole number of
   double chunks, at least one), else four times the largest data cache
   the OS tells of (sysfs on Linux, sysconf where it knows; 32 MB where it
   tells none or one above MEMBUF_SANE_CACHE), at least 64 MB and at most
   MEMBUF_CAP.  An op takes the next chunk round the buffer, and a walk
   round several times a cache's size finds none of its lines still there
   under LRU; at 32 MB, its cache's size, Bcopy read 20 % faster here. */
size_t membuf_size(const struct mod_ctx *ctx);
/* The same for asked bytes (0: not asked), with how it was chosen in why
   (may be NULL): the host record's words.  quick: --quick's sanity run,
   which takes twice the cache instead of four times (out of the caches
   still; Bcopy 6-10 % faster at 64 MB than at 128 here, the page tables
   smaller), so that its setup writes half as much; the session plans it
   and hands the size to the modules as if asked. */
size_t membuf_plan(size_t asked, int quick, char *why, size_t len);

/* The state of a memory module: the buffer and where the next op goes. */
struct membuf {
	unsigned char *p;
	size_t len;      /* membuf_size() */
	size_t off;      /* of the next chunk, within the span the op cycles over */
	unsigned char *base; /* the mapping p lies in, and its length */
	size_t mapped;
};

/* Map the buffer in the pages the system gives an anonymous mapping
   unasked (lmbench's page size), write every page of it (so no read finds
   the shared zero page and no op takes a first-touch fault), keep a
   struct membuf in ctx->state and set ctx->bytes_per_op to MEMBUF_CHUNK.
   0, or -1 with ctx->err set. */
int membuf_setup(struct mod_ctx *ctx);
/* The same, the buffer 2 MB aligned and advised into huge pages where the
   system has them on request. */
int membuf_setup_huge(struct mod_ctx *ctx);
/* The same for a buffer of len bytes (a multiple of MEMBUF_CHUNK) that no
   option or cache size chooses. */
int membuf_setup_fixed(struct mod_ctx *ctx, size_t len);
void membuf_teardown(struct mod_ctx *ctx);

/* The offset of the next chunk in a span of the buffer, moving on. */
size_t membuf_next(struct membuf *m, size_t span);

/* n ops of summing the next MEMBUF_CHUNK round the buffer (a run hook). */
int membuf_run_sum(struct mod_ctx *ctx, uint64_t n);
/* Sum the words of p[0..len) into a volatile sink. */
void membuf_sum(const void *p, size_t len);
/* Copy len bytes a word at a time, by hand. */
void membuf_copy(void *dst, const void *src, size_t len);
/* Store a word into every word of p[0..len). */
void membuf_fill(void *p, size_t len);

/* lmbench bw_mem's loops, over whole 512-byte blocks of 4-byte ints:
   frd's sum, fwr's stores (each block from its top down) and fcp's copy. */
void membuf_sum_ints(const void *p, size_t len);
void membuf_fill_ints(void *p, size_t len);
void membuf_copy_ints(void *dst, const void *src, size_t len);
/* lmbench's bread(): the machine words of p[0..len), a 1 KB block a chain. */
void membuf_sum_chain(const void *p, size_t len);

#endif
