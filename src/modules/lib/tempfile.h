/* The file the stat and openclose modules work on: one per sweep worker,
 * in the measurement's private temp dir, so workers measure the call and
 * not contention on one inode. */
#ifndef OSBENCH_TEMPFILE_H
#define OSBENCH_TEMPFILE_H

#include "module.h"

/* Create an empty "TMPDIR/PREFIX.WORKER" and keep its path (a string) in
   ctx->state. Returns 0, or -1 with ctx->err set. */
int tempfile_setup(struct mod_ctx *ctx, const char *prefix);

/* Remove the file and free ctx->state; a module's teardown hook as it is. */
void tempfile_teardown(struct mod_ctx *ctx);

#endif
