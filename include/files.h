/* The run's private directory, the exec helper, and output files that
 * appear whole or not at all. */
#ifndef OSBENCH_FILES_H
#define OSBENCH_FILES_H

#include <stddef.h>
#include <stdio.h>

/* mkdtemp under $TMPDIR (or /tmp): a 0700 directory only we use. */
int tmpdir_create(char *path, size_t len, char *err, size_t errlen);
/* Remove the directory and everything a module may have left in it. */
int tmpdir_remove(const char *path);

/* The exec helper: $OSBENCH_HELPER, else beside the binary, else in
 * ../libexec/osbench/ (after make install).  Writes the first candidate
 * when none exists, so the exec module fails naming it. */
void helper_locate(const char *argv0, char *path, size_t len);

/* An output file written to "TARGET.XXXXXX" beside the target and renamed
 * over it only when complete. */
struct outfile {
	FILE *f;
	char tmp[4096];
	const char *target;
};
int outfile_open(struct outfile *o, const char *target, char *err, size_t errlen);
/* Flush, sync and rename; -1 with a reason (the temporary is removed). */
int outfile_commit(struct outfile *o, char *err, size_t errlen);
/* Drop the temporary (after a failure or an interruption). */
void outfile_abort(struct outfile *o);

#endif
