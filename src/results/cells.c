/* The reader's cell tokenizer: messages that name the file and line,
 * bounded spans of the input, and the one rule for numbers and figure
 * cells.  No strtod on the raw data: every scan stays inside its span. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/parse.h"
#include "sys/utf8.h"

/* "'name' line N: what", or "'name': what" when line is 0. */
PRINTF_LIKE(3, 4)
int fail_at(struct parser *ps, int line, const char *fmt, ...)
{
	char what[512];
	va_list ap;

	va_start(ap, fmt);
	utf8_vprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (line > 0)
		utf8_printf(ps->err, ps->errlen, "'%s' line %d: %s", ps->name, line, what);
	else
		utf8_printf(ps->err, ps->errlen, "'%s': %s", ps->name, what);
	return -1;
}

/* How much of a cell to quote in a message: enough to recognise it,
 * and whole characters, so the message is UTF-8 as the file is. */
int shown(struct span s)
{
	return (int)utf8_cut(s.p, s.n > 40 ? 40 : s.n);
}

/* ---- spans ------------------------------------------------------------- */

int span_is(struct span s, const char *text)
{
	size_t n = strlen(text);

	return s.n == n && memcmp(s.p, text, n) == 0;
}

int span_starts(struct span s, const char *text)
{
	size_t n = strlen(text);

	return s.n >= n && memcmp(s.p, text, n) == 0;
}

/* The next tab-separated cell of *rest; 0 when none is left.  rest->p
 * is NULL once the last cell has been taken. */
int next_cell(struct span *rest, struct span *cell)
{
	const char *tab;

	if (!rest->p)
		return 0;
	tab = memchr(rest->p, '\t', rest->n);
	cell->p = rest->p;
	if (!tab) {
		cell->n = rest->n;
		rest->p = NULL;
		rest->n = 0;
		return 1;
	}
	cell->n = (size_t)(tab - rest->p);
	rest->n -= cell->n + 1;
	rest->p = tab + 1;
	return 1;
}

size_t count_cells(struct span line)
{
	size_t n = 1;

	for (size_t i = 0; i < line.n; i++)
		n += line.p[i] == '\t';
	return n;
}

/* Copy into a fixed field; -1 (with a message) when it does not fit, so
 * two long names never silently become one. */
int set_field(struct parser *ps, int line, char *dst, size_t size, struct span s,
		     const char *what)
{
	if (s.n >= size)
		return fail_at(ps, line, "%s '%.*s...' longer than %zu bytes", what, shown(s), s.p,
			       size - 1);
	memcpy(dst, s.p, s.n);
	dst[s.n] = '\0';
	return 0;
}

struct span span_of(const char *text)
{
	return (struct span){ .p = text, .n = strlen(text) };
}

/* ---- numbers and cells ------------------------------------------------- */

int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Digits, an optional fraction and an optional exponent: what "%.6g",
 * "%.0f" and fmt_seed print.  No sign, no hex, no nan/inf, no spaces. */
static int plain_decimal(struct span s)
{
	size_t i = 0, d = 0;

	while (i < s.n && is_digit(s.p[i]))
		i++, d++;
	if (d == 0)
		return 0;
	if (i < s.n && s.p[i] == '.') {
		size_t f = ++i;
		while (i < s.n && is_digit(s.p[i]))
			i++;
		if (i == f)
			return 0;
	}
	if (i < s.n && (s.p[i] == 'e' || s.p[i] == 'E')) {
		i++;
		if (i < s.n && (s.p[i] == '+' || s.p[i] == '-'))
			i++;
		if (i >= s.n || !is_digit(s.p[i]))
			return 0;
		while (i < s.n && is_digit(s.p[i]))
			i++;
	}
	return i == s.n;
}

static int looks_non_finite(struct span s)
{
	char low[16];
	size_t n = s.n < sizeof low - 1 ? s.n : sizeof low - 1;
	const char *t = low;

	for (size_t i = 0; i < n; i++)
		low[i] = (char)(s.p[i] >= 'A' && s.p[i] <= 'Z' ? s.p[i] - 'A' + 'a' : s.p[i]);
	low[n] = '\0';
	if (s.n != n)
		return 0;
	if (*t == '-' || *t == '+')
		t++;
	return strcmp(t, "nan") == 0 || strcmp(t, "inf") == 0 || strcmp(t, "infinity") == 0;
}

/* A non-negative finite number.  what names the cell in the message. */
int parse_number(struct parser *ps, int line, struct span s, const char *what,
			double *out)
{
	char buf[MAX_NUMBER_TEXT];
	double v;

	if (looks_non_finite(s))
		return fail_at(ps, line, "%s: '%.*s' is not a finite number", what, shown(s), s.p);
	if (s.n > 1 && s.p[0] == '-' && plain_decimal((struct span){ s.p + 1, s.n - 1 }))
		return fail_at(ps, line, "%s: '%.*s' is negative", what, shown(s), s.p);
	if (!plain_decimal(s) || s.n >= sizeof buf)
		return fail_at(ps, line, "%s: '%.*s' is not a number", what, shown(s), s.p);
	memcpy(buf, s.p, s.n);
	buf[s.n] = '\0';
	errno = 0;
	v = strtod(buf, NULL);
	if (!isfinite(v))
		return fail_at(ps, line, "%s: '%.*s' is out of range", what, shown(s), s.p);
	*out = v;
	return 0;
}

/* A figure's cell: a number, "fail" or "-". */
int parse_figure_cell(struct parser *ps, int line, struct span s, const char *what,
			     enum status *st, double *v)
{
	*v = 0;
	if (span_is(s, "fail")) {
		*st = ST_FAIL;
		return 0;
	}
	if (span_is(s, "-")) {
		*st = ST_NA;
		return 0;
	}
	*st = ST_OK;
	/* garbage gets the list of what a cell may hold; nan, inf, negative
	   and out-of-range numbers their own reason */
	if (!plain_decimal(s) && !looks_non_finite(s) && !(s.n > 1 && s.p[0] == '-'))
		return fail_at(ps, line, "%s: '%.*s' is not a number, fail or -", what, shown(s),
			       s.p);
	return parse_number(ps, line, s, what, v);
}

/* A secondary statistic: a number or "-". */
int check_stat_cell(struct parser *ps, int line, struct span s, const char *what)
{
	double ignored;

	if (span_is(s, "-"))
		return 0;
	return parse_number(ps, line, s, what, &ignored);
}
