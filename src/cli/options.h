/* Option tables, git's parse-options style: each command declares the
 * options it takes, in its own file, as a table of these; a table may
 * include a shared one (the sampling options of every measuring
 * command) by reference.  The parser (parse.c) and the help text
 * (cmd_info.c) read only the tables, so a command's options are written
 * once. */
#ifndef OSBENCH_CLI_OPTIONS_H
#define OSBENCH_CLI_OPTIONS_H

#include <stddef.h>

#include "cli/args.h"

enum opt_kind {
	OPT_END,   /* ends a table */
	OPT_FLAG,  /* no value: the int field becomes 1 */
	OPT_INT,   /* a whole number within [lo, hi] into an int field */
	OPT_REAL,  /* a decimal number within [lo, hi] ((lo, hi] if lo_open) */
	OPT_LIST,  /* "1,2,5" into an int array field, its count in count_field */
	OPT_FN,    /* the value goes through set() */
	OPT_GROUP, /* the options of another table, here */
};

struct opt;

/* Check value and store it in *a; -1 with a one-line message in err. */
typedef int (*opt_set_fn)(const struct opt *o, const char *value, struct args *a, char *err,
			  size_t len);
/* A help text worked out when printed (defaults taken from the code that
 * applies them). */
typedef void (*opt_help_fn)(char *buf, size_t len);

struct opt {
	enum opt_kind kind;
	const char *name;      /* the long name, without "--" */
	char short_name;       /* 0: none */
	const char *arg;       /* the value's name in help ("N", "LIST"); NULL: a flag */
	size_t field;          /* offsetof(struct args, ...) */
	size_t count_field;    /* OPT_LIST: offsetof the count */
	double lo, hi;         /* OPT_INT, OPT_REAL, OPT_LIST bounds */
	int lo_open;           /* OPT_REAL: lo itself is refused */
	int max;               /* OPT_LIST: at most this many values */
	const char *what;      /* OPT_REAL: what the value is, for the message */
	opt_set_fn set;        /* OPT_FN */
	const char *help;      /* one line; "\n" starts a continuation line */
	opt_help_fn help_fn;   /* instead of help, when the text depends on the code */
	const struct opt_table *group; /* OPT_GROUP */
};

/* A table with a title for the help ("sampling options"); NULL: the
 * command's own. */
struct opt_table {
	const char *title;
	const struct opt *opts; /* ended by OPT_END */
};

/* -h, --help and --version: every command's (parse.c) */
extern const struct opt_table std_options;

#define OPT_FIELD(f) offsetof(struct args, f)
#define OPT_INCLUDE(table) { .kind = OPT_GROUP, .group = &(table) }
#define OPT_TABLE_END { .kind = OPT_END }

/* The option named (long name of len bytes, or short letter when len is
 * 0) in table and the tables it includes; NULL when it is not there. */
const struct opt *opt_find(const struct opt_table *t, const char *name, size_t len,
			   char short_name);
/* Store value (NULL for a flag) as o says; -1 with a message. */
int opt_apply(const struct opt *o, const char *value, struct args *a, char *err, size_t len);
/* text as a whole number within [lo, hi]; -1 with a message naming
 * --name. */
int opt_int_value(const char *name, const char *text, long lo, long hi, int *out, char *err,
		  size_t len);
/* Call fn for every option of t, included tables first where they are
 * included; group is the table the option is declared in. */
void opt_each(const struct opt_table *t,
	      void (*fn)(const struct opt *o, const struct opt_table *group, void *arg),
	      void *arg);
/* The option's help lines, "  -x, --name ARG       text", into buf. */
void opt_help_text(const struct opt *o, char *buf, size_t len);

#endif
