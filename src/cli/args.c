/* Command-line parsing: getopt_long's syntax (-x V, -xV, --long V,
 * --long=V, "--" ends options), written out so that it behaves the same
 * on every libc and reports each mistake in one line naming it. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "sys/compat.h"
#include "results/label.h"
#include "results/writer.h"

enum opt_id { O_QUICK, O_FORMAT, O_OUTPUT, O_LABEL, O_REPS, O_TIME, O_CPU, O_REMOTE,
	      O_TIMEOUT, O_PLACEMENT, O_PRECISION, O_BUDGET, O_THREADS, O_PROCS, O_SIZE, O_TOLERANCE, O_BIND, O_PORT, O_LOG, O_CDF, O_HELP,
	      O_VERSION, O_RUNS, O_STRICT, O_NO_STATS, O_TRUST_CREATE, O_COUNT };

/* Which commands take an option: a bit per enum command. */
#define FOR(c) (1u << (c))
#define MEASURING (FOR(CMD_RUN) | FOR(CMD_SCALE) | FOR(CMD_CHECK) | FOR(CMD_AB))

static const struct option_spec {
	const char *name;
	char short_name;
	int takes_value;
	unsigned commands;
} specs[O_COUNT] = {
	[O_QUICK] = { .name = "quick", .short_name = 'q', .commands = MEASURING },
	[O_FORMAT] = { .name = "format", .short_name = 'f', .takes_value = 1,
		       .commands = MEASURING | FOR(CMD_COMPARE) },
	[O_OUTPUT] = { .name = "output", .short_name = 'o', .takes_value = 1,
		       .commands = MEASURING | FOR(CMD_COMPARE) | FOR(CMD_PLOT) },
	[O_LABEL] = { .name = "label", .short_name = 'l', .takes_value = 1, .commands = MEASURING },
	[O_REPS] = { .name = "reps", .short_name = 'r', .takes_value = 1, .commands = MEASURING },
	[O_TIME] = { .name = "time", .short_name = 't', .takes_value = 1, .commands = MEASURING },
	[O_CPU] = { .name = "cpu", .takes_value = 1, .commands = MEASURING },
	[O_REMOTE] = { .name = "remote", .takes_value = 1, .commands = FOR(CMD_RUN) | FOR(CMD_CHECK) },
	[O_TIMEOUT] = { .name = "timeout", .takes_value = 1, .commands = MEASURING },
	[O_PLACEMENT] = { .name = "placement", .takes_value = 1,
			  .commands = FOR(CMD_RUN) | FOR(CMD_CHECK) | FOR(CMD_AB) },
	[O_PRECISION] = { .name = "precision", .takes_value = 1, .commands = MEASURING },
	[O_BUDGET] = { .name = "budget", .takes_value = 1, .commands = MEASURING },
	[O_THREADS] = { .name = "threads", .takes_value = 1, .commands = FOR(CMD_SCALE) },
	[O_PROCS] = { .name = "procs", .takes_value = 1, .commands = FOR(CMD_SCALE) | FOR(CMD_RUN) },
	[O_SIZE] = { .name = "size", .takes_value = 1, .commands = FOR(CMD_RUN) },
	[O_TOLERANCE] = { .name = "tolerance", .takes_value = 1,
			  .commands = FOR(CMD_CHECK) | FOR(CMD_AB) },
	[O_BIND] = { .name = "bind", .takes_value = 1, .commands = FOR(CMD_SERVE) },
	[O_PORT] = { .name = "port", .takes_value = 1, .commands = FOR(CMD_SERVE) },
	[O_LOG] = { .name = "log", .commands = FOR(CMD_PLOT) },
	[O_CDF] = { .name = "cdf", .commands = FOR(CMD_PLOT) },
	[O_HELP] = { .name = "help", .short_name = 'h', .commands = ~0u },
	[O_VERSION] = { .name = "version", .commands = ~0u },
	[O_RUNS] = { .name = "runs", .takes_value = 1, .commands = FOR(CMD_RUN) | FOR(CMD_CHECK) },
	[O_STRICT] = { .name = "strict", .commands = FOR(CMD_CHECK) },
	[O_NO_STATS] = { .name = "no-stats", .commands = FOR(CMD_CHECK) },
	[O_TRUST_CREATE] = { .name = "trust-file-create", .commands = FOR(CMD_CHECK) },
};


PRINTF_LIKE(3, 4)
static int failf(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return -1;
}

/* A whole decimal integer within [lo, hi]. */
static int parse_int(const char *opt, const char *text, long lo, long hi, int *out,
		     char *err, size_t len)
{
	char *end;
	char range[64];
	long v;

	errno = 0;
	v = strtol(text, &end, 10);
	/* strtol skips leading blanks and takes a plus sign; a value on the
	   command line is digits, with a minus sign at most */
	if (errno == 0 && end != text && *end == '\0' && v >= lo && v <= hi &&
	    (isdigit((unsigned char)text[0]) || text[0] == '-')) {
		*out = (int)v;
		return 0;
	}
	snprintf(range, sizeof range, "a whole number from %ld to %ld", lo, hi);
	snprintf(err, len, "%s: '%s' is not %s", opt, text, range);
	return -1;
}

int args_parse_list(const char *opt, const char *text, int *v, int max, int lo, int hi,
		    int *count, char *err, size_t errlen)
{
	char buf[512], *save = NULL, *tok, range[64];
	size_t len = strlen(text);
	int n = 0;

	if (len == 0 || len >= sizeof buf || text[len - 1] == ',' || text[0] == ',' ||
	    strstr(text, ",,"))
		return failf(err, errlen, "%s: '%s' is not a list like 1,2,5", opt, text);
	snprintf(range, sizeof range, "%d to %d", lo, hi);
	memcpy(buf, text, len + 1);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int x;
		char ignored[128];
		if (n == max)
			return failf(err, errlen, "%s: '%s' has too many values", opt, text);
		if (parse_int(opt, tok, lo, hi, &x, ignored, sizeof ignored) < 0) {
			snprintf(err, errlen, "%s: '%s' is not a whole number from %s", opt, tok, range);
			return -1;
		}
		for (int i = 0; i < n; i++)
			if (v[i] == x) {
				snprintf(err, errlen, "%s: '%s' is given twice in '%s'", opt, tok, text);
				return -1;
			}
		v[n++] = x;
	}
	*count = n;
	return 0;
}

/* "host", "host:port" or "[v6addr]:port"; the default port is 7100. */
static int parse_remote(const char *text, struct args *a, char *err, size_t len)
{
	const char *host = text, *port = NULL;
	size_t hlen;
	int ignored;

	if (text[0] == '[') {
		const char *close = strchr(text, ']');
		if (!close || (close[1] != '\0' && close[1] != ':'))
			return failf(err, len, "--remote: '%s' is not HOST[:PORT]", text);
		host = text + 1;
		hlen = (size_t)(close - host);
		port = close[1] == ':' ? close + 2 : NULL;
	} else {
		const char *colon = strrchr(text, ':');
		if (colon && strchr(text, ':') != colon)
			colon = NULL; /* a bare IPv6 address */
		hlen = colon ? (size_t)(colon - text) : strlen(text);
		port = colon ? colon + 1 : NULL;
	}
	if (hlen == 0 || hlen >= sizeof a->remote_host)
		return failf(err, len, "--remote: '%s' has no usable host", text);
	if (port && parse_int("--remote port", port, 1, 65535, &ignored, err, len) < 0)
		return -1;
	memcpy(a->remote_host, host, hlen);
	a->remote_host[hlen] = '\0';
	snprintf(a->remote_port, sizeof a->remote_port, "%s", port ? port : "7100");
	return 0;
}

/* A decimal number within (lo, hi] (lo_open) or [lo, hi]. */
static int parse_real(const char *text, double lo, int lo_open, double hi, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(text, &end);
	if (errno || end == text || *end || isspace((unsigned char)text[0]) ||
	    !(lo_open ? v > lo : v >= lo) || !(v <= hi))
		return -1;
	*out = v;
	return 0;
}

static int parse_tolerance(const char *text, double *out, char *err, size_t len)
{
	if (parse_real(text, 0, 0, 1000, out) < 0)
		return failf(err, len, "--tolerance: '%s' is not a percentage from 0 to 1000",
			     text);
	return 0;
}

/* check's reports besides the writer's formats */
#define CHECK_ONLY_FORMAT "junit"

/* A writer format, or junit; the message lists them all. */
static int parse_format(const char *v, const char **out, char *err, size_t len)
{
	char names[128] = "";
	size_t used = 0;

	if (format_find(v) || strcmp(v, CHECK_ONLY_FORMAT) == 0) {
		*out = v;
		return 0;
	}
	for (size_t i = 0; formats[i] && used < sizeof names; i++)
		used += (size_t)snprintf(names + used, sizeof names - used, "%s, ", formats[i]->name);
	return failf(err, len, "--format: '%s' is not %.*s or " CHECK_ONLY_FORMAT, v,
		     used > 2 ? (int)(used - 2) : 0, names);
}

static int no_tabs(const char *opt, const char *text, char *err, size_t len)
{
	if (text[0] == '\0' || strpbrk(text, "\t\n\r"))
		return failf(err, len, "%s: '%s' must be non-empty and on one line without tabs",
			     opt, text);
	return 0;
}

static int set_value(struct args *a, enum opt_id id, const char *v, char *err, size_t len)
{
	switch (id) {
	case O_FORMAT:
		return parse_format(v, &a->format, err, len);
	case O_OUTPUT:
		if (v[0] == '\0')
			return failf(err, len, "--output: empty file name");
		a->output = v;
		return 0;
	case O_LABEL: {
		char why[128];
		a->label = v;
		if (label_check(v, why, sizeof why) < 0)
			return failf(err, len, "--label: %s", why);
		return 0;
	}
	case O_REPS:
		return parse_int("--reps", v, 1, 1000, &a->reps, err, len);
	case O_TIME:
		return parse_int("--time", v, 1, 600000, &a->time_ms, err, len);
	case O_CPU:
		return parse_int("--cpu", v, 0, 4095, &a->cpu, err, len);
	case O_TIMEOUT:
		return parse_int("--timeout", v, 1, 86400, &a->timeout_s, err, len);
	case O_REMOTE:
		return parse_remote(v, a, err, len);
	case O_PLACEMENT:
		a->placement_given = 1;
		if (placement_parse(v, &a->placement) < 0)
			return failf(err, len, "--placement: '%s' is not free, same or spread", v);
		return 0;
	case O_PRECISION:
		if (parse_real(v, 0, 1, 100, &a->precision_pct) < 0)
			return failf(err, len,
				     "--precision: '%s' is not a percentage above 0, at most 100", v);
		return 0;
	case O_BUDGET:
		if (parse_real(v, 0.1, 0, 86400, &a->budget_s) < 0)
			return failf(err, len,
				     "--budget: '%s' is not a number of seconds from 0.1 to 86400", v);
		return 0;
	case O_THREADS:
		return args_parse_list("--threads", v, a->threads, MAX_LEVELS, 1, MAX_LEVEL,
				       &a->nthreads, err, len);
	case O_PROCS:
		return args_parse_list("--procs", v, a->procs, MAX_LEVELS, 1, MAX_LEVEL,
				       &a->nprocs, err, len);
	case O_SIZE:
		return args_parse_list("--size", v, a->sizes, MAX_LEVELS, 0, MAX_SIZE_KB,
				       &a->nsizes, err, len);
	case O_TOLERANCE:
		return parse_tolerance(v, &a->tolerance, err, len);
	case O_RUNS:
		return parse_int("--runs", v, 1, RUNS_MAX, &a->runs, err, len);
	case O_BIND:
		a->bind = v;
		return no_tabs("--bind", v, err, len);
	case O_PORT: {
		int port;
		if (parse_int("--port", v, 0, 65535, &port, err, len) < 0)
			return -1;
		a->port = v;
		return 0;
	}
	default:
		return 0;
	}
}

static int find_long(const char *name, size_t len)
{
	for (int i = 0; i < O_COUNT; i++)
		if (strlen(specs[i].name) == len && strncmp(specs[i].name, name, len) == 0)
			return i;
	return -1;
}

static int find_short(char c)
{
	for (int i = 0; i < O_COUNT; i++)
		if (specs[i].short_name && specs[i].short_name == c)
			return i;
	return -1;
}

static int command_of(const char *word)
{
	for (int c = 0; c < CMD_COUNT; c++)
		if (commands[c].name && strcmp(commands[c].name, word) == 0)
			return c;
	return -1;
}

/* Where the value of an option comes from: "--x=V", "-xV", or the next
 * word.  Returns the index of the last word used, or -1. */
static int take_value(int argc, char **argv, int i, const char *inline_value,
		      const char *shown, const char **value, char *err, size_t len)
{
	if (inline_value) {
		*value = inline_value;
		return i;
	}
	if (i + 1 >= argc) {
		failf(err, len, "option '%s' needs a value", shown);
		return -1;
	}
	*value = argv[i + 1];
	return i + 1;
}

/* One option word (and maybe its value); returns the index of the last
 * word consumed, or -1. */
static int one_option(int argc, char **argv, int i, struct args *a, unsigned *seen,
		      char *err, size_t len)
{
	const char *word = argv[i], *inline_value = NULL, *value = NULL;
	char shown[64];
	int id;

	if (word[1] == '-') {
		const char *eq = strchr(word + 2, '=');
		size_t nlen = eq ? (size_t)(eq - word - 2) : strlen(word + 2);
		id = find_long(word + 2, nlen);
		inline_value = eq ? eq + 1 : NULL;
		snprintf(shown, sizeof shown, "--%.*s", (int)(nlen < 40 ? nlen : 40), word + 2);
	} else {
		id = find_short(word[1]);
		inline_value = word[2] ? word + 2 : NULL;
		snprintf(shown, sizeof shown, "-%c", word[1]);
	}
	if (id < 0)
		return failf(err, len, "unknown option '%s' (see 'osbench --help')", word);
	if (!specs[id].takes_value && inline_value)
		return failf(err, len, "option '%s' takes no value", shown);
	if (*seen & (1u << id))
		return failf(err, len, "option '%s' given twice", shown);
	*seen |= 1u << id;
	if (specs[id].takes_value) {
		i = take_value(argc, argv, i, inline_value, shown, &value, err, len);
		if (i < 0 || set_value(a, (enum opt_id)id, value, err, len) < 0)
			return -1;
	} else if (id == O_QUICK) {
		a->quick = 1;
	} else if (id == O_LOG) {
		a->log_scale = 1;
	} else if (id == O_CDF) {
		a->cdf = 1;
	} else if (id == O_STRICT) {
		a->strict = 1;
	} else if (id == O_NO_STATS) {
		a->no_stats = 1;
	} else if (id == O_TRUST_CREATE) {
		a->trust_file_create = 1;
	} else if (id == O_HELP) {
		a->cmd = CMD_HELP;
	} else if (id == O_VERSION) {
		a->cmd = CMD_VERSION;
	}
	return i;
}

/* Each option given must belong to the command. */
static int check_options_fit(const struct args *a, unsigned seen, char *err, size_t len)
{
	if (a->cmd == CMD_HELP || a->cmd == CMD_VERSION)
		return 0;
	for (int id = 0; id < O_COUNT; id++) {
		char shown[64];
		if (!(seen & (1u << id)) || (specs[id].commands & FOR(a->cmd)))
			continue;
		snprintf(shown, sizeof shown, "--%s", specs[id].name);
		return failf(err, len, "option '%s' does not apply to '%s'", shown,
			     commands[a->cmd].name);
	}
	if (a->cdf && a->log_scale)
		return failf(err, len, "--log: the --cdf time axis is always log; give one of them");
	if (a->nthreads && a->nprocs)
		return failf(err, len, "--threads and --procs: give one or the other");
	if (a->placement_given && a->placement == PLACE_FREE && a->cpu >= 0)
		return failf(err, len, "--cpu: it pins processes, --placement free does not");
	if (strcmp(a->format, CHECK_ONLY_FORMAT) == 0 && a->cmd != CMD_CHECK && a->cmd != CMD_AB)
		return failf(err, len, "--format: 'junit' applies to 'check' and 'ab' only");
	if (a->cmd == CMD_RUN && a->nsizes && !a->nprocs)
		return failf(err, len, "--size: give --procs too (ctx points are PROCS x SIZE)");
	for (int i = 0; a->cmd == CMD_RUN && i < a->nprocs; i++)
		if (a->procs[i] < 2)
			return failf(err, len, "--procs: '%d': a ctx ring needs at least 2 processes",
				     a->procs[i]);
	return 0;
}

/* help takes a command's name at most; --version, list and serve none. */
static int check_names_fit(const struct args *a, char *err, size_t len)
{
	if (a->nnames == 0)
		return 0;
	if (a->cmd == CMD_HELP) {
		if (a->nnames == 1 && command_of(a->names[0]) >= 0)
			return 0;
		return failf(err, len, "help: '%.64s' is not a command (see 'osbench --help')",
			     a->names[a->nnames > 1 && command_of(a->names[0]) >= 0 ? 1 : 0]);
	}
	if (a->cmd == CMD_VERSION)
		return failf(err, len, "--version: '%.64s': it takes no names", a->names[0]);
	if (!(commands[a->cmd].flags & CMDF_NAMES))
		return failf(err, len, "%s: '%.64s': it takes no names", commands[a->cmd].name,
			     a->names[0]);
	return 0;
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
}

int args_parse(int argc, char **argv, struct args *a, char *err, size_t len)
{
	unsigned seen = 0;
	int command_given = 0, options_done = 0, help = 0, version = 0;

	args_defaults(a);
	for (int i = 1; i < argc; i++) {
		const char *word = argv[i];
		if (!options_done && strcmp(word, "--") == 0) {
			options_done = 1;
		} else if (!options_done && word[0] == '-' && word[1] != '\0') {
			enum command before = a->cmd;
			if ((i = one_option(argc, argv, i, a, &seen, err, len)) < 0)
				return -1;
			help |= a->cmd == CMD_HELP;
			version |= a->cmd == CMD_VERSION;
			a->cmd = before;
		} else if (!command_given && a->nnames == 0 && command_of(word) >= 0) {
			a->cmd = (enum command)command_of(word);
			command_given = 1;
		} else {
			if (a->nnames == MAX_NAMES)
				return failf(err, len, "too many names: '%.64s' is one more than %d",
					     word, MAX_NAMES);
			if (word[0] == '\0')
				return failf(err, len, "empty name on the command line");
			a->names[a->nnames++] = word;
		}
	}
	if (help || a->cmd == CMD_HELP)
		a->cmd = CMD_HELP;
	else if (version)
		a->cmd = CMD_VERSION;
	if (check_names_fit(a, err, len) < 0)
		return -1;
	return check_options_fit(a, seen, err, len);
}
