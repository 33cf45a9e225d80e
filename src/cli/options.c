/* The option tables' reader: finding an option, checking and storing its
 * value, and its line of help.  Nothing here knows any command. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"
#include "sys/utf8.h"

static void *field_of(struct args *a, size_t offset)
{
	return (char *)a + offset;
}

/* A whole decimal integer within [lo, hi]. */
static int whole_number(const char *text, long lo, long hi, int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(text, &end, 10);
	/* strtol skips leading blanks and takes a plus sign; a value on the
	   command line is digits, with a minus sign at most */
	if (errno || end == text || *end != '\0' || v < lo || v > hi ||
	    !(isdigit((unsigned char)text[0]) || text[0] == '-'))
		return -1;
	*out = (int)v;
	return 0;
}

int opt_int_value(const char *name, const char *text, long lo, long hi, int *out, char *err,
		  size_t len)
{
	if (whole_number(text, lo, hi, out) == 0)
		return 0;
	utf8_printf(err, len, "--%s: '%s' is not a whole number from %ld to %ld", name, text, lo, hi);
	return -1;
}

static int set_int(const struct opt *o, const char *text, struct args *a, char *err,
		   size_t len)
{
	return opt_int_value(o->name, text, (long)o->lo, (long)o->hi, field_of(a, o->field), err,
			     len);
}

static int set_real(const struct opt *o, const char *text, struct args *a, char *err,
		    size_t len)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(text, &end);
	if (errno || end == text || *end || isspace((unsigned char)text[0]) ||
	    !(o->lo_open ? v > o->lo : v >= o->lo) || !(v <= o->hi)) {
		utf8_printf(err, len, "--%s: '%s' is not %s", o->name, text, o->what);
		return -1;
	}
	*(double *)field_of(a, o->field) = v;
	return 0;
}

/* "1,2,5": at most max values, each lo..hi, none twice. */
static int set_list(const struct opt *o, const char *text, struct args *a, char *err,
		    size_t errlen)
{
	int *v = field_of(a, o->field), n = 0;
	char buf[512], *save = NULL, *tok;
	size_t len = strlen(text);

	if (len == 0 || len >= sizeof buf || text[len - 1] == ',' || text[0] == ',' ||
	    strstr(text, ",,")) {
		utf8_printf(err, errlen, "--%s: '%s' is not a list like 1,2,5", o->name, text);
		return -1;
	}
	memcpy(buf, text, len + 1);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int x;
		if (n == o->max) {
			utf8_printf(err, errlen, "--%s: '%s' has too many values", o->name, text);
			return -1;
		}
		if (whole_number(tok, (long)o->lo, (long)o->hi, &x) < 0) {
			utf8_printf(err, errlen, "--%s: '%s' is not a whole number from %ld to %ld",
				    o->name, tok, (long)o->lo, (long)o->hi);
			return -1;
		}
		for (int i = 0; i < n; i++)
			if (v[i] == x) {
				utf8_printf(err, errlen, "--%s: '%s' is given twice in '%s'", o->name,
					    tok, text);
				return -1;
			}
		v[n++] = x;
	}
	*(int *)field_of(a, o->count_field) = n;
	return 0;
}

int opt_apply(const struct opt *o, const char *value, struct args *a, char *err, size_t len)
{
	switch (o->kind) {
	case OPT_FLAG:
		*(int *)field_of(a, o->field) = 1;
		return 0;
	case OPT_INT:
		return set_int(o, value, a, err, len);
	case OPT_REAL:
		return set_real(o, value, a, err, len);
	case OPT_LIST:
		return set_list(o, value, a, err, len);
	case OPT_FN:
		return o->set(o, value, a, err, len);
	default:
		return 0;
	}
}

const struct opt *opt_find(const struct opt_table *t, const char *name, size_t len,
			   char short_name)
{
	for (const struct opt *o = t->opts; o->kind != OPT_END; o++) {
		const struct opt *found;
		if (o->kind == OPT_GROUP) {
			if ((found = opt_find(o->group, name, len, short_name)))
				return found;
		} else if (len ? strlen(o->name) == len && strncmp(o->name, name, len) == 0
			       : o->short_name && o->short_name == short_name) {
			return o;
		}
	}
	return NULL;
}

void opt_each(const struct opt_table *t,
	      void (*fn)(const struct opt *o, const struct opt_table *group, void *arg),
	      void *arg)
{
	for (const struct opt *o = t->opts; o->kind != OPT_END; o++)
		if (o->kind == OPT_GROUP)
			opt_each(o->group, fn, arg);
		else
			fn(o, t, arg);
}

/* where the help text starts, as in most programs' --help */
#define HELP_COLUMN 23

void opt_help_text(const struct opt *o, char *buf, size_t len)
{
	char head[64], text[512];
	const char *line;
	size_t used;
	int n;

	snprintf(head, sizeof head, "  %c%c%s--%s%s%s", o->short_name ? '-' : ' ',
		 o->short_name ? o->short_name : ' ', o->short_name ? ", " : "  ", o->name,
		 o->arg ? " " : "", o->arg ? o->arg : "");
	if (o->help_fn)
		o->help_fn(text, sizeof text);
	else
		snprintf(text, sizeof text, "%s", o->help ? o->help : "");
	/* a head too long for the column keeps two blanks before the text */
	n = snprintf(buf, len, "%-*s", HELP_COLUMN - 2, head);
	used = n < 0 ? 0 : (size_t)n;
	line = text;
	for (int first = 1; used < len; first = 0) {
		const char *nl = strchr(line, '\n');
		int llen = nl ? (int)(nl - line) : (int)strlen(line);
		n = snprintf(buf + used, len - used, "%*s%.*s\n", first ? 2 : HELP_COLUMN, "", llen,
			     line);
		used += n < 0 ? 0 : (size_t)n;
		if (!nl)
			break;
		line = nl + 1;
	}
}
