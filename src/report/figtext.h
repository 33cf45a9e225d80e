/* A read-back figure as the reports print it, and the lookups they share. */
#ifndef OSBENCH_REPORT_FIGTEXT_H
#define OSBENCH_REPORT_FIGTEXT_H

#include <stddef.h>

#include "results/resultfile.h"

int is_scale(const struct rfigure *g);
/* A sweep's level of a module in f, or NULL. */
const struct rfigure *find_level(const struct rfile *f, const char *module, const char *level);
/* A figure's cell as run prints it: the seeds' precision for times,
 * whole operations per second for sweeps, a table file's cell with the
 * decimals it was written with; "-" for NULL. */
const char *figure_text(const struct rfigure *g, char *buf, size_t len);
/* b/a with two decimals, or "-" when either side has no usable figure. */
const char *ratio_text(const struct rfigure *a, const struct rfigure *b, char *buf, size_t len);

#endif
