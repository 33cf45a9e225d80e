/* The command table (git's cmd_struct): each command, declared in its
 * own cmd_*.c, says its name, its function, its options, its usage and
 * its exit statuses.  Every function takes the parsed command line and
 * the raw one (for the host record), and returns the exit status. */
#ifndef OSBENCH_CLI_COMMANDS_H
#define OSBENCH_CLI_COMMANDS_H

#include <stddef.h>

#include "cli/args.h"
#include "cli/options.h"

typedef int (*command_fn)(const struct args *a, int argc, char **argv);

enum command_flags {
	CMDF_NAMES = 1u << 0,    /* takes NAMEs (tables, modules or files) */
};

struct command_entry {
	const char *name;        /* NULL for --version, which is no word */
	command_fn fn;
	unsigned flags;
	const struct opt_table *options; /* NULL: none */
	/* what the options cannot say one by one (--threads with --procs):
	   -1 with a one-line message in err */
	int (*check)(const struct args *a, char *err, size_t len);
	const char *usage;       /* after "osbench ": the synopsis */
	const char *summary;     /* what it does, a line or two */
	const char *exits;       /* its exit statuses */
};

/* Indexed by enum command (commands.c). */
extern const struct command_entry *const commands[CMD_COUNT];

extern const struct command_entry run_command, list_command, scale_command, serve_command,
	compare_command, check_command, plot_command, ab_command, help_command,
	version_command;

/* An ab child (argv[1] is AB_CHILD_WORD): its own protocol, not the
 * command line's; the exit status. */
int ab_child_main(int argc, char **argv);

#endif
