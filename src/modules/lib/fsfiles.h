/* The numbered files the fscreate and fsdelete modules make and remove:
 * one directory per worker in the measurement's private temp dir,
 * "TMPDIR/PREFIX.WORKER/", holding files named by their number (twelve
 * hex digits), all of one size.  Setting up syncs the file systems first.
 */
#ifndef OSBENCH_FSFILES_H
#define OSBENCH_FSFILES_H

#include <stddef.h>
#include <stdint.h>

#include "module.h"

struct fsfiles {
	char *path;      /* the directory, "/", then the current file's name */
	size_t dirlen;   /* bytes of path before the name */
	char *data;      /* what each file holds */
	size_t bytes;
	uint64_t made;   /* files 0..made-1 may exist */
};

/* Make the directory and keep a struct fsfiles in ctx->state; files will
   hold ctx->size_kb KB.  0, or -1 with ctx->err set. */
int fsfiles_setup(struct mod_ctx *ctx, const char *prefix);

/* Point f->path at file number i. */
void fsfiles_name(struct fsfiles *f, uint64_t i);

/* Create file number i (it must not exist), write its bytes, close it. */
int fsfiles_create(struct mod_ctx *ctx, struct fsfiles *f, uint64_t i);

/* Remove file number i (it must exist). */
int fsfiles_remove(struct mod_ctx *ctx, struct fsfiles *f, uint64_t i);

/* Remove every file still there and the directory, free ctx->state; a
   module's teardown hook as it is. */
void fsfiles_teardown(struct mod_ctx *ctx);

#endif
