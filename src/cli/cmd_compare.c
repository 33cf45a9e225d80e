/* `osbench compare FILE...`: reads every file (so a bad one is refused
 * before any output), then prints them side by side (one file: its
 * tables, whatever format it was written in); see
 * report/compare.c. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/common_opts.h"
#include "cli/io.h"
#include "report/compare.h"
#include "report/setup.h"

/* What differs between the first file's host record and each other's,
 * said before the tables (on stderr: the tables stay as they are). */
static void say_setups(const struct rfile *f, int n)
{
	struct setup_diff d[SETUP_FIELDS];

	for (int i = 1; i < n; i++) {
		size_t k = setup_differences(&f[0], &f[i], d);
		for (size_t j = 0; j < k; j++)
			fprintf(stderr, "osbench: compare: '%s' differs from '%s': %s: %s -> %s\n",
				f[i].path, f[0].path, d[j].field, d[j].base, d[j].cur);
	}
}

static int cmd_compare(const struct args *a, int argc, char **argv)
{
	struct rfile *f;
	struct dest out;
	int rc = 2;

	(void)argc;
	(void)argv;
	if (a->nnames < 1) {
		fprintf(stderr, "osbench: compare: give at least one result file\n");
		return 2;
	}
	if (!(f = calloc((size_t)a->nnames, sizeof *f))) {
		fprintf(stderr, "osbench: compare: %s\n", strerror(errno));
		return 2;
	}
	if (read_files("compare", a->names, a->nnames, f) < 0) {
		free(f);
		return 2;
	}
	say_setups(f, a->nnames);
	if (dest_open(&out, a->output, "compare") == 0) {
		if (compare_write(out.f, a->format, a->names, f, a->nnames) < 0) {
			fprintf(stderr, "osbench: compare: %s\n", strerror(errno));
			dest_abort(&out);
		} else {
			rc = dest_close(&out, 0);
		}
	}
	free_files(f, a->nnames);
	free(f);
	return rc;
}

static const struct opt compare_list[] = {
	OPT_INCLUDE(output_options),
	OPT_INCLUDE(results_format_options),
	OPT_TABLE_END,
};
static const struct opt_table compare_options = { .opts = compare_list };

const struct command_entry compare_command = {
	.name = "compare", .fn = cmd_compare, .flags = CMDF_NAMES, .options = &compare_options,
	.usage = "compare FILE [FILE...]",
	.summary = "result files side by side, with ratios; -f long or json: a row\n"
		   "per figure and file",
	.exits = "0 written; 2 bad usage or bad input (nothing written)",
};
