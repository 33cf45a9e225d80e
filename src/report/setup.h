/* What differs between the host records of two result files: the
 * setups check and compare hold side by side, said before any figure. */
#ifndef OSBENCH_REPORT_SETUP_H
#define OSBENCH_REPORT_SETUP_H

#include <stddef.h>

#include "results/resultfile.h"

#define SETUP_FIELDS 11

struct setup_diff {
	const char *field;    /* "release", "kernel", "date", "build", ... */
	char base[256], cur[256];
};

/* The fields both records give and that differ, in the order above, into
 * out[0..SETUP_FIELDS-1]; how many. */
size_t setup_differences(const struct rfile *base, const struct rfile *cur,
			 struct setup_diff *out);

#endif
