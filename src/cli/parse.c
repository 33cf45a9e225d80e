/* Command-line parsing: getopt_long's syntax (-x V, -xV, --long V,
 * --long=V, "--" ends options), written out so that it behaves the same
 * on every libc and reports each mistake in one line naming it.  Which
 * options there are, and what they set, is in each command's table
 * (commands.h); this file knows no command's options. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "sys/compat.h"
#include "sys/utf8.h"

static const struct opt std_list[] = {
	{ .kind = OPT_FLAG, .name = "help", .short_name = 'h', .field = OPT_FIELD(help),
	  .help = "this usage; after a command, that command's usage" },
	{ .kind = OPT_FLAG, .name = "version", .field = OPT_FIELD(version),
	  .help = "the version and how this osbench was built" },
	OPT_TABLE_END,
};
const struct opt_table std_options = { .title = "every command", .opts = std_list };

/* at most this many different options on one command line */
#define MAX_SEEN 64

PRINTF_LIKE(3, 4)
static int failf(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	utf8_vprintf(err, len, fmt, ap);
	va_end(ap);
	return -1;
}

static int command_of(const char *word)
{
	for (int c = 0; c < CMD_COUNT; c++)
		if (commands[c]->name && strcmp(commands[c]->name, word) == 0)
			return c;
	return -1;
}

/* An option word split: its name (len 0 for a short one) and the value
 * given in it ("--x=V", "-xV"), if any. */
struct word {
	int is_long;
	const char *name;
	size_t len;
	char short_name;
	const char *inline_value;
	char shown[64];       /* "--name" or "-x", for messages */
};

static void split_word(const char *w, struct word *s)
{
	memset(s, 0, sizeof *s);
	if (w[1] == '-') {
		const char *eq = strchr(w + 2, '=');
		s->is_long = 1;
		s->name = w + 2;
		s->len = eq ? (size_t)(eq - w - 2) : strlen(w + 2);
		s->inline_value = eq ? eq + 1 : NULL;
		snprintf(s->shown, sizeof s->shown, "--%.*s",
			 (int)utf8_cut(w + 2, s->len < 40 ? s->len : 40), w + 2);
	} else {
		s->short_name = w[1];
		s->inline_value = w[2] ? w + 2 : NULL;
		snprintf(s->shown, sizeof s->shown, "-%c", w[1]);
	}
}

static const struct opt *find_in(const struct opt_table *t, const struct word *w)
{
	/* "--=x" names nothing */
	if (!t || (w->is_long && w->len == 0))
		return NULL;
	return opt_find(t, w->name, w->len, w->short_name);
}

/* The option a word names: the parser's own, the command's, or (with
 * *foreign set) another command's; NULL when no table has it. */
static const struct opt *lookup(int cmd, const struct word *w, int *foreign)
{
	const struct opt *o = find_in(&std_options, w);

	*foreign = 0;
	if (!o && cmd >= 0)
		o = find_in(commands[cmd]->options, w);
	for (int c = 0; !o && c < CMD_COUNT; c++)
		if ((o = find_in(commands[c]->options, w)))
			*foreign = 1;
	return o;
}

/* The index of the command's word: the first word that is neither an
 * option nor an option's value, if it names a command; 0 when there is
 * none (run).  Every table agrees on which options take a value. */
static int command_word(int argc, char **argv)
{
	int options_done = 0, foreign;

	for (int i = 1; i < argc; i++) {
		const char *w = argv[i];
		struct word s;
		const struct opt *o;
		if (!options_done && strcmp(w, "--") == 0) {
			options_done = 1;
			continue;
		}
		if (options_done || w[0] != '-' || w[1] == '\0')
			return command_of(w) >= 0 ? i : 0;
		split_word(w, &s);
		if (!(o = lookup(-1, &s, &foreign)))
			return 0; /* refused in its place */
		if (o->kind != OPT_FLAG && !s.inline_value)
			i++;
	}
	return 0;
}

struct parse_state {
	struct args *a;
	const char *seen[MAX_SEEN];
	int nseen;
	const char *foreign;  /* the first option given of another command */
};

/* One option word (and maybe its value); returns the index of the last
 * word consumed, or -1. */
static int one_option(int argc, char **argv, int i, struct parse_state *p, char *err,
		      size_t len)
{
	const char *value = NULL;
	const struct opt *o;
	struct word s;
	int foreign;

	split_word(argv[i], &s);
	if (!(o = lookup(p->a->cmd, &s, &foreign)))
		return failf(err, len, "unknown option '%s' (see 'osbench --help')", argv[i]);
	if (o->kind == OPT_FLAG && s.inline_value)
		return failf(err, len, "option '%s' takes no value", s.shown);
	for (int k = 0; k < p->nseen; k++)
		if (strcmp(p->seen[k], o->name) == 0)
			return failf(err, len, "option '%s' given twice", s.shown);
	if (p->nseen == MAX_SEEN)
		return failf(err, len, "too many options: '%s' is one more than %d", s.shown,
			     MAX_SEEN);
	p->seen[p->nseen++] = o->name;
	if (foreign && !p->foreign)
		p->foreign = o->name;
	if (o->kind != OPT_FLAG) {
		if (s.inline_value) {
			value = s.inline_value;
		} else if (i + 1 < argc) {
			value = argv[++i];
		} else {
			return failf(err, len, "option '%s' needs a value", s.shown);
		}
	}
	return opt_apply(o, value, p->a, err, len) < 0 ? -1 : i;
}

/* help takes a command's name at most; --version, and commands without
 * names, none. */
static int check_names_fit(const struct args *a, char *err, size_t len)
{
	if (a->nnames == 0 || (a->cmd == CMD_HELP && a->help_topic >= 0 && a->help))
		return 0;
	if (a->cmd == CMD_HELP) {
		if (a->nnames == 1 && command_of(a->names[0]) >= 0)
			return 0;
		const char *w = a->names[a->nnames > 1 && command_of(a->names[0]) >= 0 ? 1 : 0];
		return failf(err, len, "help: '%.*s' is not a command (see 'osbench --help')",
			     utf8_prefix(w, 64), w);
	}
	if (a->cmd == CMD_VERSION)
		return failf(err, len, "--version: '%.*s': it takes no names",
			     utf8_prefix(a->names[0], 64), a->names[0]);
	if (!(commands[a->cmd]->flags & CMDF_NAMES))
		return failf(err, len, "%s: '%.*s': it takes no names", commands[a->cmd]->name,
			     utf8_prefix(a->names[0], 64), a->names[0]);
	return 0;
}

/* Each option given must be the command's, and fit with the others. */
static int check_options_fit(const struct args *a, const struct parse_state *p, char *err,
			     size_t len)
{
	const struct command_entry *c = commands[a->cmd];

	if (a->cmd == CMD_HELP || a->cmd == CMD_VERSION)
		return 0;
	if (p->foreign)
		return failf(err, len, "option '--%s' does not apply to '%s'", p->foreign, c->name);
	return c->check ? c->check(a, err, len) : 0;
}

static void args_defaults(struct args *a)
{
	memset(a, 0, sizeof *a);
	a->cmd = CMD_RUN;
	a->format = "table";
	a->cpu = -1;
	a->tolerance = -1;
	a->precision_pct = -1;
	a->budget_s = -1;
	a->help_topic = -1;
}

/* After the words: --help and --version win; help's topic is the
 * command given with --help, or the name after help. */
static void settle_command(struct args *a, int cmd_index)
{
	if (a->help || a->cmd == CMD_HELP) {
		if (a->cmd != CMD_HELP && cmd_index)
			a->help_topic = (int)a->cmd;
		else if (a->nnames == 1)
			a->help_topic = command_of(a->names[0]);
		a->cmd = CMD_HELP;
	} else if (a->version) {
		a->cmd = CMD_VERSION;
	}
}

int args_parse(int argc, char **argv, struct args *a, char *err, size_t len)
{
	struct parse_state p = { .a = a };
	int options_done = 0, cmd_index;

	args_defaults(a);
	if ((cmd_index = command_word(argc, argv)))
		a->cmd = (enum command)command_of(argv[cmd_index]);
	for (int i = 1; i < argc; i++) {
		const char *word = argv[i];
		if (i == cmd_index)
			continue;
		if (!options_done && strcmp(word, "--") == 0) {
			options_done = 1;
		} else if (!options_done && word[0] == '-' && word[1] != '\0') {
			if ((i = one_option(argc, argv, i, &p, err, len)) < 0)
				return -1;
		} else {
			if (a->nnames == MAX_NAMES)
				return failf(err, len, "too many names: '%.*s' is one more than %d",
					     utf8_prefix(word, 64), word, MAX_NAMES);
			if (word[0] == '\0')
				return failf(err, len, "empty name on the command line");
			a->names[a->nnames++] = word;
		}
	}
	settle_command(a, cmd_index);
	if (check_names_fit(a, err, len) < 0)
		return -1;
	return check_options_fit(a, &p, err, len);
}
