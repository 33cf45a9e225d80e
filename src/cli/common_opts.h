/* Options more than one command takes, declared once: a command's table
 * includes these tables, or uses these setters for options whose help
 * differs from command to command. */
#ifndef OSBENCH_CLI_COMMON_OPTS_H
#define OSBENCH_CLI_COMMON_OPTS_H

#include "cli/options.h"

/* -o FILE */
extern const struct opt_table output_options;
/* -f table|long|json: what run, scale and compare write */
extern const struct opt_table results_format_options;
/* -f table|long|json|junit: check's and ab's reports */
extern const struct opt_table report_format_options;
/* how figures are sampled: every command that measures */
extern const struct opt_table sampling_options;

/* --placement free|same|spread */
int opt_set_placement(const struct opt *o, const char *v, struct args *a, char *err,
		      size_t len);
/* --remote HOST[:PORT] */
int opt_set_remote(const struct opt *o, const char *v, struct args *a, char *err, size_t len);
/* --cpu pins, --placement free does not: -1 when both are given. */
int placement_fits(const struct args *a, char *err, size_t len);

#endif
