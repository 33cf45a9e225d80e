/* The charts of `osbench plot`, drawn from result files already read:
 * kept apart from the command so the unit tests can feed it in-memory
 * files. */
#ifndef OSBENCH_PLOT_H
#define OSBENCH_PLOT_H

#include <stddef.h>
#include <stdio.h>

#include "results/resultfile.h"

/* Write one SVG document to f: a grouped-bar chart per latency table, and
 * for each sweep an ops/s chart and a scaling chart against concurrency.
 * One series per input file, coloured by host.  log_scale puts the bars'
 * and the ops/s charts' y axes on log10 scales.  -1 with a reason when
 * memory runs out, when a signal arrived (interrupt.h), or when a value
 * lies outside what an axis can show (1e-6 to 1e12; nothing is written
 * then, and the reason names the file and the figure); write errors are
 * left in ferror(f). */
int plot_render(FILE *f, const struct rfile *files, size_t nfiles, int log_scale, char *err,
		size_t errlen);

/* The same document for --cdf: one chart per figure that has a tail (the
 * times of single operations), time on a log axis against the share of
 * operations at most that long, one line per file with its p50, p99, max
 * and stalls in the legend.  -1 with a reason when memory runs out or a
 * signal arrived. */
int plot_render_cdf(FILE *f, const struct rfile *files, size_t nfiles, char *err, size_t errlen);

#endif
