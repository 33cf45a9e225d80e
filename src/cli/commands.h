/* The command table (git's cmd_struct): each command's name, its
 * function, and what it is.  Every function takes the parsed command
 * line and the raw one (for the host record), and returns the exit
 * status. */
#ifndef OSBENCH_CLI_COMMANDS_H
#define OSBENCH_CLI_COMMANDS_H

#include "cli/args.h"

typedef int (*command_fn)(const struct args *a, int argc, char **argv);

enum command_flags {
	CMDF_NAMES = 1u << 0,    /* takes NAMEs (tables, modules or files) */
	CMDF_MEASURES = 1u << 1, /* measures: the run options apply */
};

struct command_entry {
	const char *name;        /* NULL for --version, which is no word */
	command_fn fn;
	unsigned flags;
};

/* Indexed by enum command. */
extern const struct command_entry commands[CMD_COUNT];

int cmd_run(const struct args *a, int argc, char **argv);
int cmd_scale(const struct args *a, int argc, char **argv);
int cmd_list(const struct args *a, int argc, char **argv);
int cmd_serve(const struct args *a, int argc, char **argv);
int cmd_compare(const struct args *a, int argc, char **argv);
int cmd_check(const struct args *a, int argc, char **argv);
int cmd_plot(const struct args *a, int argc, char **argv);
int cmd_help(const struct args *a, int argc, char **argv);
int cmd_version(const struct args *a, int argc, char **argv);
int cmd_ab(const struct args *a, int argc, char **argv);

/* An ab child (argv[1] is AB_CHILD_WORD): its own protocol, not the
 * command line's; the exit status. */
int ab_child_main(int argc, char **argv);

#endif
