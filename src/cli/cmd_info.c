/* The commands that tell about osbench itself: help, --version, list. */
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/io.h"
#include "modules/registry.h"
#include "sys/build.h"

/* stdout must reach its destination: a full disk or a closed pipe is an
 * error, not a silent loss (git's rule). */
static int finish_stdout(int status)
{
	struct dest out = { .f = stdout };

	return dest_close(&out, status);
}

/* Lines of text, each after indent (the first after first instead). */
static void print_lines(const char *first, const char *indent, const char *text)
{
	for (const char *line = text, *lead = first; line; lead = indent) {
		const char *nl = strchr(line, '\n');
		printf("%s%.*s\n", lead, nl ? (int)(nl - line) : (int)strlen(line), line);
		line = nl ? nl + 1 : NULL;
	}
}

static void print_option(const struct opt *o, const struct opt_table *group, void *arg)
{
	char text[1024];

	/* arg set: a shared table with a title is printed once, on its own */
	if (arg && group->title)
		return;
	opt_help_text(o, text, sizeof text);
	fputs(text, stdout);
}

static void command_help(const struct command_entry *c)
{
	print_lines("usage: osbench ", "                 ", c->usage);
	print_lines("  ", "  ", c->summary);
	if (c->options) {
		puts("\noptions:");
		opt_each(c->options, print_option, NULL);
	}
	puts("\nexit status:");
	print_lines("  ", "  ", c->exits);
}

/* The commands that include table t, "run, scale, check, ab". */
static void users_of(const struct opt_table *t, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int c = 0; c < CMD_COUNT && used < len; c++) {
		const struct command_entry *k = commands[c];
		for (const struct opt *o = k->options ? k->options->opts : NULL;
		     o && o->kind != OPT_END; o++)
			if (o->kind == OPT_GROUP && o->group == t) {
				int n = snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
						 k->name);
				used += n < 0 ? 0 : (size_t)n;
				break;
			}
	}
}

/* Every titled shared table, once, before the commands' own options. */
static void shared_tables_help(void)
{
	const struct opt_table *done[CMD_COUNT * 4];
	size_t ndone = 0;

	for (int c = 0; c < CMD_COUNT; c++) {
		const struct command_entry *k = commands[c];
		for (const struct opt *o = k->options ? k->options->opts : NULL;
		     o && o->kind != OPT_END; o++) {
			char users[128];
			size_t i = 0;
			if (o->kind != OPT_GROUP || !o->group->title)
				continue;
			while (i < ndone && done[i] != o->group)
				i++;
			if (i < ndone || ndone == sizeof done / sizeof done[0])
				continue;
			done[ndone++] = o->group;
			users_of(o->group, users, sizeof users);
			printf("\n%s (%s):\n", o->group->title, users);
			opt_each(o->group, print_option, NULL);
		}
	}
}

static const char exit_text[] =
	"0 every figure measured; 1 some figure failed (its cell says\n"
	"fail, the reason is on stderr); 2 bad usage or bad input.  check: 1 for a\n"
	"figure slower, fail or missing (--strict: unclear too); ab: 1 for a figure\n"
	"slower or failed.  osbench help COMMAND: each command's own.";

static void general_help(void)
{
	for (int c = 0; c < CMD_COUNT; c++) {
		print_lines(c ? "       osbench " : "usage: osbench ", "                 ",
			    commands[c]->usage);
		print_lines("           ", "           ", commands[c]->summary);
	}
	printf("\n%s:\n", std_options.title);
	opt_each(&std_options, print_option, NULL);
	shared_tables_help();
	for (int c = 0; c < CMD_COUNT; c++)
		if (commands[c]->options) {
			printf("\n%s options:\n", commands[c]->name);
			opt_each(commands[c]->options, print_option, "skip titled");
		}
	print_lines("\nexit status: ", "", exit_text);
}

static int cmd_help(const struct args *a, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	if (a->help_topic >= 0)
		command_help(commands[a->help_topic]);
	else
		general_help();
	return finish_stdout(0);
}

static int cmd_version(const struct args *a, int argc, char **argv)
{
	(void)a;
	(void)argc;
	(void)argv;
	char build[200];

	build_describe(build, sizeof build);
	printf("osbench %s\nbuild: %s\n", OSBENCH_VERSION, build);
	return finish_stdout(0);
}

static void sweep_kind(const struct module *m, char *buf, size_t len)
{
	if (!(m->flags & MOD_SWEEP))
		snprintf(buf, len, "no sweep");
	else if (m->flags & MOD_THREADS_ONLY)
		snprintf(buf, len, "sweep: threads");
	else
		snprintf(buf, len, "sweep: threads, procs");
}

/* The descriptor's traits that tell how a module's figure behaves, one
   word each, as `list` names them. */
static const struct {
	unsigned flag;
	const char *word;
} trait_words[] = {
	{ .flag = MOD_POINTS, .word = "points" },
	{ .flag = MOD_BANDWIDTH, .word = "bandwidth" },
	{ .flag = MOD_BUFFER, .word = "buffer" },
	{ .flag = MOD_HUGE_PAGES, .word = "huge-pages" },
	{ .flag = MOD_FAULTS, .word = "faults" },
	{ .flag = MOD_SPAWNS, .word = "spawns" },
	{ .flag = MOD_DRIFTS, .word = "drifts" },
	{ .flag = MOD_TAKES_TURNS, .word = "takes-turns" },
	{ .flag = MOD_TMPDIR, .word = "tmpdir" },
	{ .flag = MOD_JOURNAL, .word = "journal" },
	{ .flag = MOD_SIZED, .word = "sized" },
	{ .flag = MOD_REQUESTS, .word = "requests" },
	{ .flag = MOD_REMOTE, .word = "remote" },
};

/* The traits column: the trait words, the system calls per operation
   check's dearer-call fit reads ("calls 4", or "calls-cancel" where
   the figure subtracts its own), then "survives" and the calls whose
   refusal the module goes on without; "-" for none. */
static void print_traits(const struct module *m)
{
	int any = 0;

	for (size_t i = 0; i < sizeof trait_words / sizeof trait_words[0]; i++)
		if (m->flags & trait_words[i].flag)
			printf("%s%s", any++ ? " " : "", trait_words[i].word);
	if (m->flags & MOD_CALLS_CANCEL)
		printf("%scalls-cancel", any++ ? " " : "");
	else if (m->calls_per_op > 0)
		printf("%scalls %g", any++ ? " " : "", m->calls_per_op);
	if (m->survives)
		printf("%ssurvives %s", any++ ? "; " : "", m->survives);
	if (!any)
		putchar('-');
}

static int cmd_list(const struct args *a, int argc, char **argv)
{
	(void)a;
	(void)argc;
	(void)argv;
	for (size_t i = 0; i < registry_ntables; i++) {
		const struct table *t = &registry_tables[i];
		printf("%s\ttable\t", t->name);
		for (size_t c = 0; c < t->ncolumns; c++)
			printf("%s%s", c ? ", " : "", t->columns[c].header);
		putchar('\n');
	}
	for (size_t i = 0; i < registry_nmodules; i++) {
		const struct module *m = registry_modules[i];
		char kind[32];
		sweep_kind(m, kind, sizeof kind);
		printf("%s\t%s\t%s\t%s\t", m->name, m->flags & MOD_SCALE ? "scale module" : "module",
		       kind, m->summary);
		print_traits(m);
		putchar('\n');
	}
	return finish_stdout(0);
}


const struct command_entry help_command = {
	.name = "help", .fn = cmd_help, .flags = CMDF_NAMES, .usage = "help [COMMAND]",
	.summary = "this usage; with COMMAND (or COMMAND --help), that command's usage,\n"
		   "options and exit statuses",
	.exits = "0; 2 bad usage, or standard output cannot be written",
};

const struct command_entry version_command = {
	.name = NULL, .fn = cmd_version, .usage = "--version",
	.summary = "the version and how this osbench was built",
	.exits = "0; 2 bad usage, or standard output cannot be written",
};

const struct command_entry list_command = {
	.name = "list", .fn = cmd_list, .usage = "list",
	.summary = "tables and modules, one per line: a module with its sweep, what it\n"
		   "times and its traits",
	.exits = "0; 2 bad usage, or standard output cannot be written",
};
