/* A file of a given size for the mmap, pagefault, selfile, bwfile and
 * bwmmap modules: made in the measurement's private temp dir, written in
 * full (so every page is in the page cache, none a hole) and unlinked at
 * once, so that nothing is left behind whatever becomes of the process;
 * the descriptor keeps it. */
#ifndef OSBENCH_DATAFILE_H
#define OSBENCH_DATAFILE_H

#include <stddef.h>

#include "module.h"

/* Create "TMPDIR/PREFIX.WORKER", write size bytes to it in writes of
   chunk bytes, unlink it and return its descriptor (open for reading and
   writing, offset at 0), or -1 with ctx->err set.  The size of the writes
   shapes the page cache: Linux keeps a file written in large writes in
   large folios, which a fault maps whole, and one written a page at a
   time in single pages. */
int datafile_open(struct mod_ctx *ctx, const char *prefix, size_t size, size_t chunk);

/* Writes of no more than the smallest page any system has: the file then
   sits in the page cache one page to a folio. */
#define DATAFILE_SMALL_WRITES ((size_t)4096)

/* The writes lmbench's script makes its test file with (lmdd's 8 KB
   blocks): a file the lmbench-named columns map or read is shaped as
   lmbench's is. */
#define DATAFILE_LMBENCH_WRITES ((size_t)8192)

#endif
