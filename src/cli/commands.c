/* The command table: adding a command is its file plus one line here
 * (and its enum command entry). */
#include "cli/commands.h"

const struct command_entry commands[CMD_COUNT] = {
	[CMD_RUN] = { .name = "run", .fn = cmd_run, .flags = CMDF_NAMES | CMDF_MEASURES },
	[CMD_LIST] = { .name = "list", .fn = cmd_list },
	[CMD_SCALE] = { .name = "scale", .fn = cmd_scale, .flags = CMDF_NAMES | CMDF_MEASURES },
	[CMD_SERVE] = { .name = "serve", .fn = cmd_serve },
	[CMD_COMPARE] = { .name = "compare", .fn = cmd_compare, .flags = CMDF_NAMES },
	[CMD_CHECK] = { .name = "check", .fn = cmd_check, .flags = CMDF_NAMES | CMDF_MEASURES },
	[CMD_PLOT] = { .name = "plot", .fn = cmd_plot, .flags = CMDF_NAMES },
	[CMD_AB] = { .name = "ab", .fn = cmd_ab, .flags = CMDF_NAMES | CMDF_MEASURES },
	[CMD_HELP] = { .name = "help", .fn = cmd_help, .flags = CMDF_NAMES },
	[CMD_VERSION] = { .name = NULL, .fn = cmd_version },
};
