/* A result file made in memory from records just measured, as if they
 * had been written and read back: what check's re-measurement holds
 * against the baseline, without a temporary file. */
#ifndef OSBENCH_RESULTS_MEMFILE_H
#define OSBENCH_RESULTS_MEMFILE_H

#include <stddef.h>

#include "results/rfile.h"
#include "results/writer.h"

/* f gets records[0..n-1] and the host's name, OS, clock and build; -1
 * (errno ENOMEM) on failure with nothing left allocated.  Free with
 * rfile_free. */
int memfile_make(struct rfile *f, const char *name, const struct host_info *h,
		 const struct record *records, size_t n);

#endif
