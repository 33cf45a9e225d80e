/* The run's private directory, the exec helper, and output files that
 * appear whole or not at all. */
#ifndef OSBENCH_FILES_H
#define OSBENCH_FILES_H

#include <stddef.h>
#include <stdio.h>

/* mkdtemp under $TMPDIR (or /tmp): a 0700 directory only we use. */
int tmpdir_create(char *path, size_t len, char *err, size_t errlen);
/* Remove the directory and everything a module may have left in it;
 * the directory tmpdir_create made needs no new descriptor and no memory
 * for that (unless a module left a subdirectory). */
int tmpdir_remove(const char *path);

/* The exec helper: $OSBENCH_HELPER, else beside the running binary (as
 * the system names it: /proc/self/exe), else in ../libexec/osbench/ (after
 * make install).  Writes the first candidate when none exists, so the exec
 * module fails naming it, and "" when the binary cannot be found. */
void helper_locate(const char *argv0, char *path, size_t len);
/* The running binary's own path into path, or "" where the system does
 * not say it (never looked up in PATH). */
void self_locate(const char *argv0, char *path, size_t len);

/* An output file that appears whole or not at all.  Writes to f go to
 * memory; the commit puts them into a temporary beside the target (the
 * final target when it is a symbolic link) and renames it over, or writes
 * in place to a device, a FIFO or a descriptor link (/dev/stdout).  A new
 * file gets 0666 less the umask; an existing one keeps its mode, and when
 * run as root its owner. */
struct outfile_sink;
struct outfile {
	FILE *f;              /* what the caller writes to */
	struct outfile_sink *mem; /* f's memory */
	int fd;               /* the temporary, or the target in place */
	char *tmp;            /* the temporary's name; NULL in place */
	char *dest;           /* the file renamed over; NULL in place */
	const char *target;   /* as named, for messages */
};
int outfile_open(struct outfile *o, const char *target, char *err, size_t errlen);
/* Write, sync and rename; -1 with a reason (the temporary is removed).
 * When the target cannot take the results they are written to stdout
 * instead and the reason says so. */
int outfile_commit(struct outfile *o, char *err, size_t errlen);
/* Drop everything (after a failure or an interruption). */
void outfile_abort(struct outfile *o);

#endif
