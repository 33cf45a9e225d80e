/* What compare and check share: where their output goes, the files they
 * read, and a figure's cell and ratio as they print them. */
#ifndef OSBENCH_REPORTIO_H
#define OSBENCH_REPORTIO_H

#include <stdio.h>

#include "cli/args.h"
#include "sys/files.h"
#include "results/resultfile.h"

/* stdout, or -o FILE replaced whole. */
struct out {
	FILE *f;
	struct outfile of;
	int to_file;
};

/* -1 after saying why (cmd names the command in the message). */
int out_open(struct out *o, const struct args *a, const char *cmd);
/* Flush and commit; a full disk or a closed pipe is exit 2, not silence.
 * Returns status, or 2. */
int out_close(struct out *o, const char *cmd, int status);

/* The files named on the command line, read whole; -1 after saying why. */
int read_files(const char *cmd, const char *const *names, int n, struct rfile *f);
void free_files(struct rfile *f, int n);

int is_scale(const struct rfigure *g);
/* A sweep's level of a module in f, or NULL. */
const struct rfigure *find_level(const struct rfile *f, const char *module, const char *level);
/* A figure's cell as run prints it: the seeds' precision for times,
 * whole operations per second for sweeps; "-" for NULL. */
const char *figure_text(const struct rfigure *g, char *buf, size_t len);
/* b/a with two decimals, or "-" when either side has no usable figure. */
const char *ratio_text(const struct rfigure *a, const struct rfigure *b, char *buf, size_t len);

#endif
