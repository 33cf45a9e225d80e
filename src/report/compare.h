/* compare's report: result files side by side. */
#ifndef OSBENCH_REPORT_COMPARE_H
#define OSBENCH_REPORT_COMPARE_H

#include <stdio.h>

#include "results/resultfile.h"

/* f[0..n-1], read from paths[], in format "table", "long" or "json";
 * -1 (errno ENOMEM) when out of memory, before anything is printed. */
int compare_write(FILE *out, const char *format, const char *const *paths,
		  const struct rfile *f, int n);

#endif
