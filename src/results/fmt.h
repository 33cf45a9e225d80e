/* How figures are printed in tables (the seeds' precision). */
#ifndef OSBENCH_FMT_H
#define OSBENCH_FMT_H

#include <stddef.h>

/* Below 0.1: three significant digits (0.0421); below 10: two decimals;
 * below 100: one decimal; otherwise none.  Writes into buf. */
const char *fmt_seed(double v, char *buf, size_t len);
/* A run's table cell: four significant digits (0.2749, 42.13, 3021), so
 * that rounding moves a ratio of two cells by at most 0.1 %; the reader
 * takes the seeds' shorter cells as written. */
const char *fmt_cell(double v, char *buf, size_t len);
/* Operations per second (and other counts): whole numbers, or three
 * significant digits beyond 1e15. */
const char *fmt_ops(double v, char *buf, size_t len);

#endif
