/* osbench plot FILE... [-o FILE.svg] [--log]: result files as one SVG
 * picture.  Every input is read (and so checked) before any output is
 * opened, so bad input never leaves a file behind. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/common_opts.h"
#include "cli/io.h"
#include "sys/interrupt.h"
#include "report/plot.h"
#include "results/resultfile.h"
#include "sys/utf8.h"

/* All the named files, or NULL after saying which one is bad. */
static struct rfile *read_all(const struct args *a)
{
	struct rfile *files = calloc((size_t)a->nnames, sizeof *files);

	if (!files) {
		fprintf(stderr, "osbench: plot: out of memory\n");
		return NULL;
	}
	if (read_files("plot", a->names, a->nnames, files) < 0) {
		free(files);
		return NULL;
	}
	return files;
}

/* Into stdout, or beside the target and renamed, so an interrupted or
 * failed plot leaves the old picture (or none), never half a document. */
static int render(const char *target, const struct rfile *files, int n, int log_scale,
		  int cdf)
{
	struct dest out;
	char err[256];

	if (target && interrupt_install() < 0) {
		fprintf(stderr, "osbench: plot: signal handlers: %s\n", strerror(errno));
		return 2;
	}
	if (dest_open(&out, target, "plot") < 0) {
		interrupt_reraise(); /* a FIFO's wait for a reader ended by a signal */
		return 2;
	}
	if ((cdf ? plot_render_cdf(out.f, files, (size_t)n, err, sizeof err)
		 : plot_render(out.f, files, (size_t)n, log_scale, err, sizeof err)) < 0 ||
	    interrupt_signal()) {
		dest_abort(&out);
		interrupt_reraise(); /* returns only when no signal came */
		fprintf(stderr, "osbench: plot: %s\n", err);
		return 2;
	}
	int rc = dest_close(&out, 0);
	interrupt_reraise(); /* a signal after the check: the file is whole */
	return rc;
}

static int cmd_plot(const struct args *a, int argc, char **argv)
{
	struct rfile *files;
	int status;

	if (a->nnames == 0) {
		fprintf(stderr, "osbench: plot: name at least one result file\n");
		return 2;
	}
	if (!(files = read_all(a)))
		return 2;
	(void)argc;
	(void)argv;
	status = render(a->output, files, a->nnames, a->log_scale, a->cdf);
	free_files(files, a->nnames);
	free(files);
	return status;
}

static int plot_fits(const struct args *a, char *err, size_t len)
{
	if (a->cdf && a->log_scale) {
		utf8_printf(err, len, "--log: the --cdf time axis is always log; give one of them");
		return -1;
	}
	return 0;
}

static const struct opt plot_list[] = {
	OPT_INCLUDE(output_options),
	{ .kind = OPT_FLAG, .name = "log", .field = OPT_FIELD(log_scale),
	  .help = "a logarithmic value axis" },
	{ .kind = OPT_FLAG, .name = "cdf", .field = OPT_FIELD(cdf),
	  .help = "each figure's distribution of single operations (files\n"
		  "written with -f long or json)" },
	OPT_TABLE_END,
};
static const struct opt_table plot_options = { .opts = plot_list };

const struct command_entry plot_command = {
	.name = "plot", .fn = cmd_plot, .flags = CMDF_NAMES, .options = &plot_options,
	.check = plot_fits, .usage = "plot FILE... [-o FILE.svg] [--log | --cdf]",
	.summary = "an SVG picture of result files",
	.exits = "0 written; 2 bad usage or bad input (nothing written)",
};
