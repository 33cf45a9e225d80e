/* The command layer's input and output: where results go (stdout, or
 * -o FILE replaced whole) and the result files a command reads.  Every
 * command that prints results goes through here. */
#ifndef OSBENCH_CLI_IO_H
#define OSBENCH_CLI_IO_H

#include <stdio.h>

#include "sys/files.h"
#include "results/resultfile.h"

/* stdout, or -o FILE replaced whole. */
struct dest {
	FILE *f;
	struct outfile of;
	int to_file;
	const char *cmd;      /* names the command in messages; NULL: none */
};

/* output NULL is stdout.  -1 after saying why. */
int dest_open(struct dest *d, const char *output, const char *cmd);
/* Standard output takes what was written so far (the results' header
 * before a run's minutes of measuring): 0, or -1 after saying why.  A
 * file takes it at dest_close. */
int dest_flush(struct dest *d);
/* Flush and commit; a full disk or a closed pipe is exit 2, not
 * silence.  Returns status, or 2. */
int dest_close(struct dest *d, int status);
/* Drop what was written (after a failure or an interruption). */
void dest_abort(struct dest *d);

/* The files named on the command line, read whole; -1 after saying why. */
int read_files(const char *cmd, const char *const *names, int n, struct rfile *f);
void free_files(struct rfile *f, int n);

#endif
