/* Reading back what `osbench run` and `osbench scale` write, in any of
 * the three formats (table, long, json), for compare, check and plot.
 *
 * One file holds one host: a table-format file with a second data row
 * under a header, a Host cell that changes between tables, or a second
 * "# osbench" host record (files joined with cat) is refused; compare
 * takes the hosts as separate files.  A table is named by the
 * "# NAME: ..." line directly above its header; a sweep by its
 * "# scale MODULE: threads|processes, ..." line.  Safe on any bytes
 * (fuzzed): bounded lines, figures and JSON nesting, no read past len,
 * nothing left allocated after a refusal. */
#ifndef OSBENCH_RESULTFILE_H
#define OSBENCH_RESULTFILE_H

#include <stddef.h>

#include "results/rfile.h"

/* Read path into *f.  -1 with a one-line reason naming the file and,
 * where it applies, the line: "'x.tsv' line 7: 5 cells, header has 8",
 * "'x.tsv': not an osbench result file", "'x.tsv': No such file or
 * directory".  Rejects empty, binary, truncated or foreign files, cells
 * that are not numbers, fail or -, NaN/inf/negative values, and lines
 * longer than 64 KiB.  f needs rfile_free only after success. */
int rfile_read(const char *path, struct rfile *f, char *err, size_t errlen);
/* The same from a buffer (for the fuzzer and the unit tests); name is
 * used in messages. */
int rfile_parse(const char *name, const char *data, size_t len, struct rfile *f,
		char *err, size_t errlen);

#endif
