/* osbench plot FILE... [-o FILE.svg] [--log]: result files as one SVG
 * picture.  Every input is read (and so checked) before any output is
 * opened, so bad input never leaves a file behind. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "sys/files.h"
#include "sys/interrupt.h"
#include "report/plot.h"
#include "results/resultfile.h"

static void free_files(struct rfile *files, int n)
{
	for (int i = 0; i < n; i++)
		rfile_free(&files[i]);
	free(files);
}

/* All the named files, or NULL after saying which one is bad. */
static struct rfile *read_files(const struct args *a)
{
	struct rfile *files = calloc((size_t)a->nnames, sizeof *files);
	char err[1024];

	if (!files) {
		fprintf(stderr, "osbench: plot: out of memory\n");
		return NULL;
	}
	for (int i = 0; i < a->nnames; i++) {
		if (rfile_read(a->names[i], &files[i], err, sizeof err) < 0) {
			fprintf(stderr, "osbench: plot: %s\n", err);
			free_files(files, i);
			return NULL;
		}
	}
	return files;
}

static int to_stdout(const struct rfile *files, int n, int log_scale)
{
	char err[256];

	if (plot_render(stdout, files, (size_t)n, log_scale, err, sizeof err) < 0) {
		fprintf(stderr, "osbench: plot: %s\n", err);
		return 2;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "osbench: plot: standard output: %s\n", strerror(errno));
		return 2;
	}
	return 0;
}

/* Written beside the target and renamed, so an interrupted or failed
 * plot leaves the old picture (or none), never half a document. */
static int to_file(const char *target, const struct rfile *files, int n, int log_scale)
{
	struct outfile out;
	/* off the stack: a path and its reason; one plot per process */
	static char err[4096 + 256];

	if (interrupt_install() < 0) {
		fprintf(stderr, "osbench: plot: signal handlers: %s\n", strerror(errno));
		return 2;
	}
	if (outfile_open(&out, target, err, sizeof err) < 0) {
		fprintf(stderr, "osbench: plot: %s\n", err);
		return 2;
	}
	int rendered = plot_render(out.f, files, (size_t)n, log_scale, err, sizeof err);
	if (rendered < 0 || interrupt_signal()) {
		outfile_abort(&out);
		interrupt_reraise(); /* returns only when no signal came */
		fprintf(stderr, "osbench: plot: %s\n", err);
		return 2;
	}
	if (outfile_commit(&out, err, sizeof err) < 0) {
		fprintf(stderr, "osbench: plot: %s\n", err);
		return 2;
	}
	interrupt_reraise(); /* a signal after the check: the file is whole */
	return 0;
}

int cmd_plot(const struct args *a)
{
	struct rfile *files;
	int status;

	if (a->nnames == 0) {
		fprintf(stderr, "osbench: plot: name at least one result file\n");
		return 2;
	}
	if (!(files = read_files(a)))
		return 2;
	if (a->output)
		status = to_file(a->output, files, a->nnames, a->log_scale);
	else
		status = to_stdout(files, a->nnames, a->log_scale);
	free_files(files, a->nnames);
	return status;
}
