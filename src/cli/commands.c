/* The command list: adding a command is its file (with its options,
 * usage and exit statuses) plus its line here, in commands.h and in
 * enum command. */
#include "cli/commands.h"

const struct command_entry *const commands[CMD_COUNT] = {
	[CMD_RUN] = &run_command,
	[CMD_LIST] = &list_command,
	[CMD_SCALE] = &scale_command,
	[CMD_SERVE] = &serve_command,
	[CMD_COMPARE] = &compare_command,
	[CMD_CHECK] = &check_command,
	[CMD_PLOT] = &plot_command,
	[CMD_AB] = &ab_command,
	[CMD_HELP] = &help_command,
	[CMD_VERSION] = &version_command,
};
