/* Where a command's results go and the result files it reads; see io.h. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/io.h"
#include "sys/interrupt.h"
#include "sys/utf8.h"

/* "osbench: compare: what", or "osbench: what" for run and scale. */
static void say(const struct dest *d, const char *what)
{
	if (d->cmd)
		fprintf(stderr, "osbench: %s: %s\n", d->cmd, what);
	else
		fprintf(stderr, "osbench: %s\n", what);
}

int dest_open(struct dest *d, const char *output, const char *cmd)
{
	char err[4096 + 256];

	d->cmd = cmd;
	d->to_file = output != NULL;
	d->f = stdout;
	if (!d->to_file)
		return 0;
	if (outfile_open(&d->of, output, err, sizeof err) < 0) {
		/* a FIFO's open waits for a reader, as the shell's "> FIFO"
		   does; a signal that ends that wait is said by ending by it
		   (the caller's interrupt_reraise), not by a message */
		if (!interrupt_signal())
			say(d, err);
		return -1;
	}
	d->f = d->of.f;
	return 0;
}

int dest_flush(struct dest *d)
{
	char err[256];

	if (d->to_file || (fflush(stdout) == 0 && !ferror(stdout)))
		return 0;
	utf8_printf(err, sizeof err, "standard output: %s", strerror(errno));
	say(d, err);
	return -1;
}

int dest_close(struct dest *d, int status)
{
	char err[4096 + 256];

	if (d->to_file) {
		if (outfile_commit(&d->of, err, sizeof err) < 0) {
			say(d, err);
			return 2;
		}
		return status;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		utf8_printf(err, sizeof err, "standard output: %s", strerror(errno));
		say(d, err);
		return 2;
	}
	return status;
}

void dest_abort(struct dest *d)
{
	if (d->to_file)
		outfile_abort(&d->of);
	else
		fflush(stdout);
}

int read_files(const char *cmd, const char *const *names, int n, struct rfile *f)
{
	char err[1024];

	for (int i = 0; i < n; i++) {
		if (rfile_read(names[i], &f[i], err, sizeof err) < 0) {
			fprintf(stderr, "osbench: %s: %s\n", cmd, err);
			while (i-- > 0)
				rfile_free(&f[i]);
			return -1;
		}
	}
	return 0;
}

void free_files(struct rfile *f, int n)
{
	for (int i = 0; i < n; i++)
		rfile_free(&f[i]);
}
