/* The commands of the command layer; each returns the exit status. */
#ifndef OSBENCH_COMMANDS_H
#define OSBENCH_COMMANDS_H

#include "cli/args.h"

int cmd_run(const struct args *a, int argc, char **argv);
int cmd_scale(const struct args *a, int argc, char **argv);
int cmd_serve(const struct args *a);
int cmd_compare(const struct args *a);
int cmd_check(const struct args *a, int argc, char **argv);
int cmd_plot(const struct args *a);

#endif
