/* Reading result files back: the table, long and json formats that the
 * writer (src/output.c) produces, for compare, check and plot.
 *
 * The reader is written to be fed anything (it is fuzzed): it never reads
 * past the buffer it is given (no strtod or strchr on the raw data, every
 * scan is bounded by the length), it bounds the work (lines of at most
 * 64 KiB, at most RFILE_MAX_FIGS figures and RFILE_MAX_SAMPLES samples,
 * JSON nested at most JSON_MAX_DEPTH deep), and the only allocations are
 * the figure array and the sample pool, freed on every error path.
 *
 * One file holds one host.  A table-format file with two data rows under
 * one header, or two host records (files concatenated with cat), is
 * rejected: compare takes the files one by one instead, which keeps the
 * Host/OS/Mhz of each file unambiguous. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/compat.h"
#include "modules/registry.h"
#include "results/resultfile.h"

#define MAX_LINE (64 * 1024)           /* the longest line accepted */
#define MAX_FILE (16 * 1024 * 1024)    /* a real file is a few KiB */
#define MAX_HEADER_CELLS 256           /* a table has a handful of columns */
#define MAX_NUMBER_TEXT 64             /* "%.6g" needs far less */
#define JSON_MAX_DEPTH 16              /* our schema nests three deep */
#define FIGURE_MIN 1e-9                /* the smallest and largest figure */
#define FIGURE_MAX 1e15
#define JSON_MAX_KEYS 64               /* in one object; ours have 30 at most */

/* A piece of the input: never NUL-terminated, always bounded. */
struct span {
	const char *p;
	size_t n;
};

struct parser {
	const char *name;
	const char *data;
	size_t len;
	struct rfile *f;
	char *err;
	size_t errlen;
	size_t cap;          /* allocated figures */
	/* line reading */
	size_t pos;          /* start of the next line */
	int lineno;          /* of the line last read */
	int unterminated;    /* the line last read had no newline */
	/* the host record, from "# key: value" comments */
	char os_sys[100], os_release[100];
	/* completeness: files from format 2 (osbench 0.2) on end with
	   "# end: N figures" */
	int format;          /* 1: older or unsaid, 2: 0.2.x and later */
	int end_line;        /* where the end line was, 0: none yet */
	long end_count;
};

/* ---- messages ---------------------------------------------------------- */

/* "'name' line N: what", or "'name': what" when line is 0. */
PRINTF_LIKE(3, 4)
static int fail_at(struct parser *ps, int line, const char *fmt, ...)
{
	char what[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (line > 0)
		snprintf(ps->err, ps->errlen, "'%s' line %d: %s", ps->name, line, what);
	else
		snprintf(ps->err, ps->errlen, "'%s': %s", ps->name, what);
	return -1;
}

/* How much of a cell to quote in a message: enough to recognise it. */
static int shown(struct span s)
{
	return s.n > 40 ? 40 : (int)s.n;
}

/* ---- spans ------------------------------------------------------------- */

static int span_is(struct span s, const char *text)
{
	size_t n = strlen(text);

	return s.n == n && memcmp(s.p, text, n) == 0;
}

static int span_starts(struct span s, const char *text)
{
	size_t n = strlen(text);

	return s.n >= n && memcmp(s.p, text, n) == 0;
}

/* The next tab-separated cell of *rest; 0 when none is left.  rest->p
 * is NULL once the last cell has been taken. */
static int next_cell(struct span *rest, struct span *cell)
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

static size_t count_cells(struct span line)
{
	size_t n = 1;

	for (size_t i = 0; i < line.n; i++)
		n += line.p[i] == '\t';
	return n;
}

/* Copy into a fixed field; -1 (with a message) when it does not fit, so
 * two long names never silently become one. */
static int set_field(struct parser *ps, int line, char *dst, size_t size, struct span s,
		     const char *what)
{
	if (s.n >= size)
		return fail_at(ps, line, "%s '%.*s...' longer than %zu bytes", what, shown(s), s.p,
			       size - 1);
	memcpy(dst, s.p, s.n);
	dst[s.n] = '\0';
	return 0;
}

static struct span span_of(const char *text)
{
	return (struct span){ .p = text, .n = strlen(text) };
}

/* ---- numbers and cells ------------------------------------------------- */

static int is_digit(char c)
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
static int parse_number(struct parser *ps, int line, struct span s, const char *what,
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
static int parse_figure_cell(struct parser *ps, int line, struct span s, const char *what,
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
static int check_stat_cell(struct parser *ps, int line, struct span s, const char *what)
{
	double ignored;

	if (span_is(s, "-"))
		return 0;
	return parse_number(ps, line, s, what, &ignored);
}

/* ---- samples ----------------------------------------------------------- */

static int pool_add(struct parser *ps, int line, double v)
{
	struct rfile *f = ps->f;

	if (f->npool == f->pool_cap) {
		size_t cap = f->pool_cap ? f->pool_cap * 2 : 1024;
		double *p;
		if (f->npool >= RFILE_MAX_SAMPLES)
			return fail_at(ps, line, "more than %d samples: not an osbench result file",
				       RFILE_MAX_SAMPLES);
		if (!(p = realloc(f->pool, cap * sizeof *p)))
			return fail_at(ps, line, "%s", strerror(ENOMEM));
		f->pool = p;
		f->pool_cap = cap;
	}
	f->pool[f->npool++] = v;
	return 0;
}

/* "1.2,1.3,1.25": each a number, into the pool; *first and *count say
 * where they went. */
static int sample_list(struct parser *ps, int line, struct span s, size_t *first,
		       size_t *count)
{
	*first = ps->f->npool;
	*count = 0;
	while (s.n) {
		const char *comma = memchr(s.p, ',', s.n);
		struct span one = { .p = s.p, .n = comma ? (size_t)(comma - s.p) : s.n };
		double v;
		if (parse_number(ps, line, one, "samples_us", &v) < 0 || pool_add(ps, line, v) < 0)
			return -1;
		(*count)++;
		s.p += one.n + (comma != NULL);
		s.n -= one.n + (comma != NULL);
		if (comma && s.n == 0)
			return fail_at(ps, line, "samples_us: a list ending in a comma");
	}
	return 0;
}

/* What travels with a figure besides its median: the interval, rounds,
 * samples and placement.  A figure with samples must say its rounds and
 * its interval, and the interval must hold the median. */
struct extras {
	double value, ci_lo, ci_hi, rounds;
	size_t first, count;
	int have_value, have_ci, have_rounds;
	char placement[8];
};

static int attach_extras(struct parser *ps, int line, const struct extras *x)
{
	struct rfigure *g = &ps->f->figs[ps->f->nfigs - 1];

	if ((x->count || x->have_value) && g->status != ST_OK)
		return fail_at(ps, line, "samples or a value for a figure that is not ok");
	/* the table's figure, when the file gives it apart from the median */
	if (x->have_value) {
		if (!(x->value >= FIGURE_MIN && x->value <= FIGURE_MAX))
			return fail_at(ps, line, "value: %g is not a measurement (%g to %g)", x->value,
				       FIGURE_MIN, FIGURE_MAX);
		g->value = x->value;
	}
	if (x->count && (!x->have_ci || !x->have_rounds))
		return fail_at(ps, line, "samples without ci_lo_us, ci_hi_us and rounds");
	if (x->have_ci && (x->ci_lo > g->value || g->value > x->ci_hi))
		return fail_at(ps, line, "figure outside its confidence interval");
	if (x->have_rounds && (x->rounds < 1 || x->rounds > 1e6 || x->rounds != (int)x->rounds))
		return fail_at(ps, line, "rounds: not a whole number from 1");
	g->ci_lo = x->have_ci ? x->ci_lo : 0;
	g->ci_hi = x->have_ci ? x->ci_hi : 0;
	g->rounds = x->have_rounds ? (int)x->rounds : 0;
	g->sample_off = x->first;
	g->nsamples = x->count;
	snprintf(g->placement, sizeof g->placement, "%s", x->placement);
	return 0;
}

static int placement_word(struct parser *ps, int line, struct span s, char *out, size_t len)
{
	if (!span_is(s, "free") && !span_is(s, "same") && !span_is(s, "spread") &&
	    !span_is(s, "-") && s.n)
		return fail_at(ps, line, "placement '%.*s' is not free, same or spread", shown(s),
			       s.p);
	snprintf(out, len, "%.*s", span_is(s, "-") ? 0 : (int)s.n, s.p);
	return 0;
}

/* ---- figures ----------------------------------------------------------- */

/* A sweep level: a whole number from 1 to a million, digits only. */
static int level_cell(struct parser *ps, int line, struct span s)
{
	int ok = s.n > 0 && s.n <= 7 && s.p[0] != '0';

	for (size_t i = 0; ok && i < s.n; i++)
		ok = is_digit(s.p[i]);
	if (!ok)
		return fail_at(ps, line, "level '%.*s' is not a whole number from 1", shown(s), s.p);
	return 0;
}

/* Everything a figure carries besides its status and value. */
struct figdesc {
	struct span table, column, module, params;
	const char *unit;
};

static int find_dup(const struct rfile *f, const char *table, const char *column)
{
	return rfile_find(f, table, column) != NULL;
}

static void set_orders(const struct rfile *f, struct rfigure *g)
{
	int tables = 0, found = -1, cols = 0;

	for (size_t i = 0; i < f->nfigs; i++) {
		const struct rfigure *o = &f->figs[i];
		if (o->table_order >= tables)
			tables = o->table_order + 1;
		if (strcmp(o->table, g->table) == 0) {
			found = o->table_order;
			cols++;
		}
	}
	g->table_order = found >= 0 ? found : tables;
	g->column_order = cols;
}

static int grow(struct parser *ps, int line)
{
	struct rfile *f = ps->f;
	struct rfigure *figs;
	size_t cap = ps->cap ? ps->cap * 2 : 32;

	if (f->nfigs < ps->cap)
		return 0;
	if (f->nfigs >= RFILE_MAX_FIGS)
		return fail_at(ps, line, "more than %d figures: not an osbench result file",
			       RFILE_MAX_FIGS);
	figs = realloc(f->figs, cap * sizeof *figs);
	if (!figs)
		return fail_at(ps, line, "%s", strerror(errno ? errno : ENOMEM));
	f->figs = figs;
	ps->cap = cap;
	return 0;
}

static int add_figure(struct parser *ps, int line, const struct figdesc *d, enum status st,
		      double v)
{
	struct rfigure g = { .status = st, .value = st == ST_OK ? v : 0 };

	/* the one rule for a figure's value, whatever the format: what a
	   measurement can give, so that ratios and cells stay finite and
	   printable (a femtosecond to thirty years, or as many ops/s) */
	if (st == ST_OK && !(v >= FIGURE_MIN && v <= FIGURE_MAX))
		return fail_at(ps, line, "%.*s: %g is not a measurement (%g to %g)", shown(d->column),
			       d->column.p, v, FIGURE_MIN, FIGURE_MAX);
	if (set_field(ps, line, g.table, sizeof g.table, d->table, "table name") < 0 ||
	    set_field(ps, line, g.column, sizeof g.column, d->column, "column name") < 0 ||
	    set_field(ps, line, g.module, sizeof g.module, d->module, "module name") < 0 ||
	    set_field(ps, line, g.params, sizeof g.params, d->params, "params") < 0)
		return -1;
	if (g.table[0] == '\0' || g.column[0] == '\0')
		return fail_at(ps, line, "empty table or column name");
	if (strcmp(g.table, "scale") == 0 && level_cell(ps, line, d->column) < 0)
		return -1;
	snprintf(g.unit, sizeof g.unit, "%s", d->unit);
	if (find_dup(ps->f, g.table, g.column))
		return fail_at(ps, line, "'%s' '%s' given twice", g.table, g.column);
	if (grow(ps, line) < 0)
		return -1;
	set_orders(ps->f, &g);
	ps->f->figs[ps->f->nfigs++] = g;
	return 0;
}

/* The module behind a table column, where osbench knows it. */
static const char *column_module(const char *table, const char *column)
{
	const struct table *t = registry_table(table);
	int procs, size_kb;
	char tail;

	if (t) {
		for (size_t i = 0; i < t->ncolumns; i++)
			if (strcmp(t->columns[i].header, column) == 0)
				return t->columns[i].module;
		if (strcmp(table, "ctx") == 0 &&
		    sscanf(column, "%dp/%dK ctxsw%c", &procs, &size_kb, &tail) == 2)
			return "ctx";
		return "";
	}
	return registry_module(table) ? table : "";
}

/* ---- lines ------------------------------------------------------------- */

/* The next line without its newline (and a CR before it); 0 at the end. */
static int next_line(struct parser *ps, struct span *line)
{
	const char *nl;

	if (ps->pos >= ps->len)
		return 0;
	line->p = ps->data + ps->pos;
	nl = memchr(line->p, '\n', ps->len - ps->pos);
	line->n = nl ? (size_t)(nl - line->p) : ps->len - ps->pos;
	ps->pos += line->n + (nl != NULL);
	ps->unterminated = nl == NULL;
	if (line->n && line->p[line->n - 1] == '\r')
		line->n--;
	ps->lineno++;
	return 1;
}

/* Before any parsing: the bytes must be text.  Binary files, control
 * characters and over-long lines are refused here, so the parsers can
 * assume lines of text. */
static int scan_bytes(struct parser *ps)
{
	size_t linelen = 0;
	int line = 1, blank = 1;

	if (ps->len == 0)
		return fail_at(ps, 0, "empty file");
	for (size_t i = 0; i < ps->len; i++) {
		unsigned char c = (unsigned char)ps->data[i];
		if (c == '\n') {
			line++;
			linelen = 0;
			continue;
		}
		if (++linelen > MAX_LINE)
			return fail_at(ps, line, "longer than 64 KiB: not an osbench result file");
		if (c == '\r' && i + 1 < ps->len && ps->data[i + 1] == '\n')
			continue;
		if (c == 0)
			return fail_at(ps, line, "binary data (a NUL byte): not an osbench result file");
		if ((c < 0x20 && c != '\t') || c == 0x7f)
			return fail_at(ps, line,
				       "binary data (control byte 0x%02x): not an osbench result file",
				       c);
		blank &= c == ' ' || c == '\t' || c == '\r';
	}
	return blank ? fail_at(ps, 0, "empty file") : 0;
}

/* ---- table and long format --------------------------------------------- */

enum text_state {
	TS_BETWEEN,     /* before a header: comments, blank lines */
	TS_LAT_HEADER,  /* a latency header read; its data row must follow */
	TS_LAT_DONE,    /* its data row read */
	TS_SCALE,       /* sweep rows */
	TS_LONG,        /* long rows */
};

/* Where each long column is; -1 when absent. */
enum long_col { LC_TABLE, LC_COLUMN, LC_MODULE, LC_PARAMS, LC_MEDIAN, LC_STATUS, LC_UNIT,
		LC_CI_LO, LC_CI_HI, LC_ROUNDS, LC_SAMPLES, LC_PLACEMENT, LC_VALUE, LC_COUNT };
/* the columns before this one must be there; from it on, older files
   may lack them */
#define LC_FIRST_OPTIONAL LC_UNIT

static const char *const long_names[LC_COUNT] = {
	[LC_TABLE] = "table", [LC_COLUMN] = "column", [LC_MODULE] = "module",
	[LC_PARAMS] = "params", [LC_MEDIAN] = "median_us", [LC_STATUS] = "status",
	[LC_UNIT] = "unit", [LC_CI_LO] = "ci_lo_us", [LC_CI_HI] = "ci_hi_us",
	[LC_ROUNDS] = "rounds", [LC_SAMPLES] = "samples_us", [LC_PLACEMENT] = "placement",
	[LC_VALUE] = "value_us",
};

/* Statistics that must be numbers or "-" when present. */
static const char *const long_stats[] = {
	"n", "reps", "min_us", "max_us", "cv_pct", "ctxsw_vol_per_op", "ctxsw_invol_per_op",
	"cpu_pct",
};

struct text {
	enum text_state state;
	int tables;                   /* headers read */
	int records;                  /* "# osbench" lines read */
	struct span prev;             /* the line before, when a comment */
	int prev_comment;
	/* the header being filled */
	char table[32];
	char module[32];              /* scale: the module swept */
	struct span cols[MAX_HEADER_CELLS];
	size_t ncells;                /* cells in the header row */
	size_t first_col;             /* index of the first figure column */
	int header_line;
	int rows;                     /* rows under this header */
	int lc[LC_COUNT];
	int stat_idx[sizeof long_stats / sizeof long_stats[0]];
};

static const char long_start[] = "table\tcolumn\tmodule\tparams\t";

/* The text of a comment: after '#' and the spaces following it. */
static struct span comment_text(struct span line)
{
	struct span t = { .p = line.p + 1, .n = line.n - 1 };

	while (t.n && (*t.p == ' ' || *t.p == '\t'))
		t.p++, t.n--;
	return t;
}

/* A clock rate a machine can have, so that the Mhz cell stays short. */
static int mhz_bound(struct parser *ps, int line, double mhz)
{
	if (mhz > 1e6)
		return fail_at(ps, line, "mhz: %g is not a clock rate", mhz);
	return 0;
}

/* "# key: value" lines of the host record (before the first table). */
static int host_comment(struct parser *ps, struct span c)
{
	struct span v;
	const char *colon = memchr(c.p, ':', c.n);
	double mhz;

	if (!colon)
		return 0;
	v.p = colon + 1;
	v.n = c.n - (size_t)(v.p - c.p);
	while (v.n && *v.p == ' ')
		v.p++, v.n--;
	c.n = (size_t)(colon - c.p);
	if (span_is(c, "host"))
		return set_field(ps, ps->lineno, ps->f->host, sizeof ps->f->host, v, "host");
	if (span_is(c, "os"))
		return set_field(ps, ps->lineno, ps->os_sys, sizeof ps->os_sys, v, "os");
	if (span_is(c, "release"))
		return set_field(ps, ps->lineno, ps->os_release, sizeof ps->os_release, v, "release");
	if (span_is(c, "build"))
		return set_field(ps, ps->lineno, ps->f->build, sizeof ps->f->build, v, "build");
	if (span_is(c, "placement"))
		return placement_word(ps, ps->lineno, v, ps->f->placement, sizeof ps->f->placement);
	if (span_is(c, "mhz")) {
		/* "3183 (measured)": the number is what counts */
		struct span num = v;
		const char *sp = memchr(v.p, ' ', v.n);
		if (sp)
			num.n = (size_t)(sp - v.p);
		if (parse_number(ps, ps->lineno, num, "mhz", &mhz) < 0 ||
		    mhz_bound(ps, ps->lineno, mhz) < 0)
			return -1;
		ps->f->mhz = mhz;
	}
	return 0;
}

/* "osbench 0.2.0": the format its writer used. */
static int format_of(struct span c)
{
	size_t i = 8; /* after "osbench " */
	long major = 0, minor = 0;

	while (i < c.n && is_digit(c.p[i]) && major < 1000)
		major = major * 10 + (c.p[i++] - '0');
	if (i >= c.n || c.p[i++] != '.')
		return 1;
	while (i < c.n && is_digit(c.p[i]) && minor < 1000)
		minor = minor * 10 + (c.p[i++] - '0');
	return major > 0 || minor >= 2 ? 2 : 1;
}

/* "end: 23 figures" closes a complete file. */
static int end_comment(struct parser *ps, struct span c)
{
	size_t i = 4;
	long n = 0;

	if (ps->end_line)
		return fail_at(ps, ps->lineno, "a second end line");
	while (i < c.n && c.p[i] == ' ')
		i++;
	if (i >= c.n || !is_digit(c.p[i]))
		return fail_at(ps, ps->lineno, "an end line without a count of figures");
	while (i < c.n && is_digit(c.p[i]) && n <= RFILE_MAX_FIGS)
		n = n * 10 + (c.p[i++] - '0');
	ps->end_line = ps->lineno;
	ps->end_count = n;
	return 0;
}

static int comment_line(struct parser *ps, struct text *t, struct span line)
{
	struct span c = comment_text(line);

	if (t->state == TS_LAT_HEADER)
		return fail_at(ps, t->header_line, "header row without a data row (truncated file?)");
	if (span_starts(c, "osbench ") || span_is(c, "osbench")) {
		if (++t->records > 1)
			return fail_at(ps, ps->lineno, "a second host record: one host per file "
							"(files joined together?)");
		ps->format = format_of(c);
	}
	if (span_starts(c, "end:"))
		return end_comment(ps, c);
	if (t->state == TS_SCALE || t->state == TS_LAT_DONE)
		t->state = TS_BETWEEN;
	if (t->tables == 0 && t->state == TS_BETWEEN && host_comment(ps, c) < 0)
		return -1;
	t->prev = c;
	return 0;
}

/* A table or module name: letters, digits and _.+- only. */
static int valid_name(struct span s)
{
	if (s.n == 0 || s.n >= 32)
		return 0;
	for (size_t i = 0; i < s.n; i++) {
		char c = s.p[i];
		if (!(is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
		      c == '.' || c == '+' || c == '-'))
			return 0;
	}
	return 1;
}

/* "# NAME: title" directly above a header gives the table its name. */
static int title_name(struct parser *ps, struct text *t, struct span *name)
{
	const char *colon;

	if (!t->prev_comment)
		return fail_at(ps, ps->lineno, "header row without a '# NAME: title' line above it");
	colon = memchr(t->prev.p, ':', t->prev.n);
	name->p = t->prev.p;
	name->n = colon ? (size_t)(colon - t->prev.p) : 0;
	if (!valid_name(*name))
		return fail_at(ps, ps->lineno - 1, "'%.*s' is not a '# NAME: title' line",
			       shown(t->prev), t->prev.p);
	return 0;
}

/* Header cells into t->cols; each a non-empty, distinct column name. */
static int header_cells(struct parser *ps, struct text *t, struct span line)
{
	struct span rest = line, cell;

	t->ncells = 0;
	while (next_cell(&rest, &cell)) {
		if (t->ncells == MAX_HEADER_CELLS)
			return fail_at(ps, ps->lineno, "more than %d cells in a header row",
				       MAX_HEADER_CELLS);
		if (cell.n == 0)
			return fail_at(ps, ps->lineno, "an empty header cell");
		for (size_t i = 0; i < t->ncells; i++)
			if (t->cols[i].n == cell.n && memcmp(t->cols[i].p, cell.p, cell.n) == 0)
				return fail_at(ps, ps->lineno, "header cell '%.*s' given twice",
					       shown(cell), cell.p);
		t->cols[t->ncells++] = cell;
	}
	t->header_line = ps->lineno;
	t->rows = 0;
	return 0;
}

static int latency_header(struct parser *ps, struct text *t, struct span line)
{
	struct span name;

	if (title_name(ps, t, &name) < 0 || header_cells(ps, t, line) < 0)
		return -1;
	if (set_field(ps, ps->lineno, t->table, sizeof t->table, name, "table name") < 0)
		return -1;
	t->first_col = t->ncells > 2 && span_is(t->cols[2], "Mhz") ? 3 : 2;
	if (t->ncells <= t->first_col)
		return fail_at(ps, ps->lineno, "header row without any figure column");
	t->state = TS_LAT_HEADER;
	return 0;
}

/* "scale MODULE: MODE, host H - ..." */
static int scale_title(struct parser *ps, struct text *t)
{
	struct span c = t->prev, mod, mode;
	const char *colon, *end;

	if (!t->prev_comment || !span_starts(c, "scale "))
		return fail_at(ps, ps->lineno, "sweep header without a '# scale MODULE: ...' line "
					       "above it");
	c.p += 6;
	c.n -= 6;
	colon = memchr(c.p, ':', c.n);
	mod = (struct span){ .p = c.p, .n = colon ? (size_t)(colon - c.p) : c.n };
	if (!valid_name(mod))
		return fail_at(ps, ps->lineno - 1, "'%.*s' is not a module name", shown(mod), mod.p);
	memcpy(t->module, mod.p, mod.n);
	t->module[mod.n] = '\0';
	if (!colon)
		return 0;
	mode.p = colon + 1;
	mode.n = c.n - (size_t)(mode.p - c.p);
	while (mode.n && *mode.p == ' ')
		mode.p++, mode.n--;
	end = memchr(mode.p, ',', mode.n);
	if (end)
		mode.n = (size_t)(end - mode.p);
	if (!span_is(mode, "threads") && !span_is(mode, "processes"))
		return fail_at(ps, ps->lineno - 1, "'%.*s' is not threads or processes", shown(mode),
			       mode.p);
	if (ps->f->scale_mode[0] && !span_is(mode, ps->f->scale_mode))
		return fail_at(ps, ps->lineno - 1, "a sweep with threads and one with processes");
	memcpy(ps->f->scale_mode, mode.p, mode.n);
	ps->f->scale_mode[mode.n] = '\0';
	return 0;
}

/* The Host cell of every table must agree: a file holds one host. */
static int same_host(struct parser *ps, struct span host, int *seen_host)
{
	if (host.n == 0)
		return fail_at(ps, ps->lineno, "empty Host cell");
	if (*seen_host && !span_is(host, ps->f->host))
		return fail_at(ps, ps->lineno, "host '%.*s' differs from '%s' above: one host per file",
			       shown(host), host.p, ps->f->host);
	*seen_host = 1;
	return set_field(ps, ps->lineno, ps->f->host, sizeof ps->f->host, host, "host");
}

static int scale_header(struct parser *ps, struct text *t, struct span line, int *seen_host)
{
	struct span host;

	if (scale_title(ps, t) < 0 || header_cells(ps, t, line) < 0)
		return -1;
	host = t->ncells >= 2 ? t->cols[1] : (struct span){ .p = "", .n = 0 };
	if (t->ncells < 2 || host.n <= 6 || memcmp(host.p + host.n - 6, " ops/s", 6) != 0)
		return fail_at(ps, ps->lineno, "sweep header's second cell is not 'HOST ops/s'");
	host.n -= 6;
	if (same_host(ps, host, seen_host) < 0)
		return -1;
	snprintf(t->table, sizeof t->table, "scale");
	t->first_col = 1;
	t->state = TS_SCALE;
	return 0;
}

static int long_header(struct parser *ps, struct text *t, struct span line)
{
	if (t->tables > 1)
		return fail_at(ps, ps->lineno, "a long header after a table: not one osbench file");
	if (header_cells(ps, t, line) < 0)
		return -1;
	for (int k = 0; k < LC_COUNT; k++) {
		t->lc[k] = -1;
		for (size_t i = 0; i < t->ncells; i++)
			if (span_is(t->cols[i], long_names[k]))
				t->lc[k] = (int)i;
		if (t->lc[k] < 0 && k < LC_FIRST_OPTIONAL)
			return fail_at(ps, ps->lineno, "long header without a '%s' column",
				       long_names[k]);
	}
	for (size_t k = 0; k < sizeof long_stats / sizeof long_stats[0]; k++) {
		t->stat_idx[k] = -1;
		for (size_t i = 0; i < t->ncells; i++)
			if (span_is(t->cols[i], long_stats[k]))
				t->stat_idx[k] = (int)i;
	}
	t->state = TS_LONG;
	return 0;
}

/* Cells of a row into v; the count must be the header's. */
static int row_cells(struct parser *ps, const struct text *t, struct span line, struct span *v)
{
	size_t n = count_cells(line);
	struct span rest = line;

	if (n != t->ncells)
		return fail_at(ps, ps->lineno, "%zu cells, header has %zu%s", n, t->ncells,
			       ps->unterminated ? " (truncated file?)" : "");
	for (size_t i = 0; i < n; i++)
		next_cell(&rest, &v[i]);
	return 0;
}

static int latency_row(struct parser *ps, struct text *t, struct span line, int *seen_host)
{
	struct span v[MAX_HEADER_CELLS];
	char column[64], what[80];

	if (row_cells(ps, t, line, v) < 0 || same_host(ps, v[0], seen_host) < 0)
		return -1;
	if (set_field(ps, ps->lineno, ps->f->os, sizeof ps->f->os, v[1], "OS") < 0)
		return -1;
	if (t->first_col == 3 && !span_is(v[2], "-")) {
		double mhz;
		if (parse_number(ps, ps->lineno, v[2], "column 'Mhz'", &mhz) < 0 ||
		    mhz_bound(ps, ps->lineno, mhz) < 0)
			return -1;
		if (ps->f->mhz == 0)
			ps->f->mhz = mhz;
	}
	for (size_t i = t->first_col; i < t->ncells; i++) {
		struct figdesc d = { .table = span_of(t->table), .column = t->cols[i],
				     .params = span_of(""), .unit = "us" };
		enum status st;
		double val;
		snprintf(column, sizeof column, "%.*s", (int)(t->cols[i].n < 48 ? t->cols[i].n : 48),
			 t->cols[i].p);
		snprintf(what, sizeof what, "column '%s'", column);
		d.module = span_of(column_module(t->table, column));
		if (parse_figure_cell(ps, ps->lineno, v[i], what, &st, &val) < 0 ||
		    add_figure(ps, ps->lineno, &d, st, val) < 0)
			return -1;
	}
	t->state = TS_LAT_DONE;
	return 0;
}


/* A scaling cell "143%" or "-". */
static int percent_cell(struct parser *ps, struct span s)
{
	if (s.n > 1 && s.p[s.n - 1] == '%')
		s.n--;
	else if (!span_is(s, "-"))
		return fail_at(ps, ps->lineno, "Scaling: '%.*s' is not a percentage", shown(s), s.p);
	return check_stat_cell(ps, ps->lineno, s, "Scaling");
}

static int scale_row(struct parser *ps, struct text *t, struct span line)
{
	struct span v[MAX_HEADER_CELLS];
	struct figdesc d = { .table = span_of("scale"), .module = span_of(t->module),
			     .unit = "ops/s" };
	char params[64];
	enum status st;
	double val;

	if (row_cells(ps, t, line, v) < 0 || level_cell(ps, ps->lineno, v[0]) < 0)
		return -1;
	if (parse_figure_cell(ps, ps->lineno, v[1], "ops/s", &st, &val) < 0)
		return -1;
	if (t->ncells > 2 && percent_cell(ps, v[2]) < 0)
		return -1;
	for (size_t i = 3; i < t->ncells; i++)
		if (check_stat_cell(ps, ps->lineno, v[i], "statistic") < 0)
			return -1;
	snprintf(params, sizeof params, "%s=%.*s",
		 strcmp(ps->f->scale_mode, "processes") == 0 ? "procs" : "threads", (int)v[0].n,
		 v[0].p);
	d.column = v[0];
	d.params = span_of(params);
	t->rows++;
	return add_figure(ps, ps->lineno, &d, st, val);
}

static int long_status(struct parser *ps, struct span s, enum status *st)
{
	if (span_is(s, "ok"))
		*st = ST_OK;
	else if (span_is(s, "fail"))
		*st = ST_FAIL;
	else if (span_is(s, "na"))
		*st = ST_NA;
	else
		return fail_at(ps, ps->lineno, "status '%.*s' is not ok, fail or na", shown(s), s.p);
	return 0;
}

/* "ops/s" or "us", as the writer says; a table of "scale" is ops/s. */
static int unit_of(struct parser *ps, int line, struct span table, const struct span *unit,
		   const char **out)
{
	if (!unit) {
		*out = span_is(table, "scale") ? "ops/s" : "us";
		return 0;
	}
	if (span_is(*unit, "us"))
		*out = "us";
	else if (span_is(*unit, "ops/s"))
		*out = "ops/s";
	else
		return fail_at(ps, line, "unit '%.*s' is not us or ops/s", shown(*unit), unit->p);
	return 0;
}

/* "threads=5" or "procs=5": how a sweep ran. */
static int note_scale_mode(struct parser *ps, int line, const char *table, struct span params)
{
	const char *mode;

	if (strcmp(table, "scale") != 0)
		return 0;
	if (span_starts(params, "threads="))
		mode = "threads";
	else if (span_starts(params, "procs="))
		mode = "processes";
	else
		return 0;
	if (ps->f->scale_mode[0] && strcmp(ps->f->scale_mode, mode) != 0)
		return fail_at(ps, line, "a sweep with threads and one with processes");
	snprintf(ps->f->scale_mode, sizeof ps->f->scale_mode, "%s", mode);
	return 0;
}

/* The optional long cell at column k, or NULL when absent or "-". */
static const struct span *long_cell(const struct text *t, const struct span *v, int k)
{
	if (t->lc[k] < 0 || span_is(v[t->lc[k]], "-"))
		return NULL;
	return &v[t->lc[k]];
}

static int long_extras(struct parser *ps, const struct text *t, const struct span *v)
{
	struct extras x = { .first = 0 };
	const struct span *lo = long_cell(t, v, LC_CI_LO), *hi = long_cell(t, v, LC_CI_HI);
	const struct span *rounds = long_cell(t, v, LC_ROUNDS), *smp = long_cell(t, v, LC_SAMPLES);
	const struct span *place = long_cell(t, v, LC_PLACEMENT), *value = long_cell(t, v, LC_VALUE);
	int line = ps->lineno;

	if ((lo != NULL) != (hi != NULL))
		return fail_at(ps, line, "ci_lo_us and ci_hi_us: one without the other");
	x.have_ci = lo != NULL;
	x.have_rounds = rounds != NULL;
	x.have_value = value != NULL;
	if ((value && parse_number(ps, line, *value, "value_us", &x.value) < 0) ||
	    (lo && (parse_number(ps, line, *lo, "ci_lo_us", &x.ci_lo) < 0 ||
		    parse_number(ps, line, *hi, "ci_hi_us", &x.ci_hi) < 0)) ||
	    (rounds && parse_number(ps, line, *rounds, "rounds", &x.rounds) < 0) ||
	    (smp && sample_list(ps, line, *smp, &x.first, &x.count) < 0) ||
	    (place && placement_word(ps, line, *place, x.placement, sizeof x.placement) < 0))
		return -1;
	return attach_extras(ps, line, &x);
}

static int long_row(struct parser *ps, struct text *t, struct span line)
{
	struct span v[MAX_HEADER_CELLS];
	struct figdesc d;
	enum status st;
	double val = 0;

	if (row_cells(ps, t, line, v) < 0 || long_status(ps, v[t->lc[LC_STATUS]], &st) < 0)
		return -1;
	d = (struct figdesc){ .table = v[t->lc[LC_TABLE]], .column = v[t->lc[LC_COLUMN]],
			      .module = v[t->lc[LC_MODULE]], .params = v[t->lc[LC_PARAMS]] };
	if (span_is(d.params, "-"))
		d.params.n = 0;
	if (unit_of(ps, ps->lineno, d.table, t->lc[LC_UNIT] >= 0 ? &v[t->lc[LC_UNIT]] : NULL,
		    &d.unit) < 0)
		return -1;
	if (st == ST_OK &&
	    parse_number(ps, ps->lineno, v[t->lc[LC_MEDIAN]], "median_us", &val) < 0)
		return -1;
	for (size_t k = 0; k < sizeof long_stats / sizeof long_stats[0]; k++)
		if (t->stat_idx[k] >= 0 &&
		    check_stat_cell(ps, ps->lineno, v[t->stat_idx[k]], long_stats[k]) < 0)
			return -1;
	t->rows++;
	if (add_figure(ps, ps->lineno, &d, st, val) < 0 || long_extras(ps, t, v) < 0)
		return -1;
	return note_scale_mode(ps, ps->lineno, ps->f->figs[ps->f->nfigs - 1].table, d.params);
}

/* A row that is not a comment and not blank. */
static int content_line(struct parser *ps, struct text *t, struct span line, int *seen_host)
{
	if (ps->end_line)
		return fail_at(ps, ps->lineno, "a row after the end line (files joined together?)");
	switch (t->state) {
	case TS_LAT_HEADER:
		return latency_row(ps, t, line, seen_host);
	case TS_LAT_DONE:
		return fail_at(ps, ps->lineno, "a second data row under one header: one host per "
					       "file (compare takes the files one by one)");
	case TS_SCALE:
		return scale_row(ps, t, line);
	case TS_LONG:
		return long_row(ps, t, line);
	case TS_BETWEEN:
		break;
	}
	t->tables++;
	if (span_starts(line, "Host\tOS\t"))
		return latency_header(ps, t, line);
	if (span_starts(line, "Concurrency\t"))
		return scale_header(ps, t, line, seen_host);
	if (span_starts(line, long_start))
		return long_header(ps, t, line);
	if (t->tables == 1)
		return fail_at(ps, ps->lineno, "not an osbench result file");
	return fail_at(ps, ps->lineno, "a row outside any table");
}

static int text_end(struct parser *ps, const struct text *t)
{
	if (t->state == TS_LAT_HEADER)
		return fail_at(ps, t->header_line, "header row without a data row (truncated file?)");
	if ((t->state == TS_SCALE || t->state == TS_LONG) && t->rows == 0)
		return fail_at(ps, t->header_line, "header row without rows (truncated file?)");
	if (t->tables == 0)
		return fail_at(ps, 0, t->records ? "a host record but no table (truncated file?)"
						 : "not an osbench result file");
	if (ps->unterminated)
		return fail_at(ps, ps->lineno, "no newline at the end (truncated file?)");
	return 0;
}

/* Only spaces and tabs: a blank line, as far as tables go. */
static int is_blank(struct span line)
{
	for (size_t i = 0; i < line.n; i++)
		if (line.p[i] != ' ' && line.p[i] != '\t')
			return 0;
	return 1;
}

static int parse_text(struct parser *ps)
{
	struct text t = { .state = TS_BETWEEN };
	struct span line;
	int seen_host = 0, rc = 0;

	while (rc == 0 && next_line(ps, &line)) {
		int comment = line.n && line.p[0] == '#';
		if (is_blank(line)) {
			if (t.state == TS_LAT_HEADER)
				rc = fail_at(ps, t.header_line,
					     "header row without a data row (truncated file?)");
			else if (t.state != TS_LONG)
				t.state = TS_BETWEEN;
		} else if (comment) {
			rc = comment_line(ps, &t, line);
		} else {
			rc = content_line(ps, &t, line, &seen_host);
		}
		t.prev_comment = comment;
	}
	return rc == 0 ? text_end(ps, &t) : rc;
}

/* ---- json -------------------------------------------------------------- */

struct json {
	struct parser *ps;
	const char *p, *end;
	int line;
	int depth;
};

static int jfail(struct json *j, const char *what)
{
	if (j->p >= j->end)
		return fail_at(j->ps, j->line, "JSON cut short (truncated file?)");
	return fail_at(j->ps, j->line, "%s", what);
}

static void jws(struct json *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r')) {
		j->line += *j->p == '\n';
		j->p++;
	}
}

static int jexpect(struct json *j, char c)
{
	char what[48];

	jws(j);
	if (j->p < j->end && *j->p == c) {
		j->p++;
		return 0;
	}
	snprintf(what, sizeof what, "expected '%c' in the JSON", c);
	return jfail(j, what);
}

/* Peek at the next significant character; 0 at the end. */
static char jpeek(struct json *j)
{
	jws(j);
	return j->p < j->end ? *j->p : 0;
}

static int hex4(struct json *j, unsigned *out)
{
	unsigned v = 0;

	if (j->end - j->p < 4)
		return jfail(j, "a \\u escape cut short");
	for (int i = 0; i < 4; i++) {
		char c = *j->p++;
		v <<= 4;
		if (is_digit(c))
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return jfail(j, "a bad \\u escape in a JSON string");
	}
	*out = v;
	return 0;
}

/* A \u escape (two, for a surrogate pair) as a code point. */
static int unicode_escape(struct json *j, unsigned *cp)
{
	unsigned lo;

	if (hex4(j, cp) < 0)
		return -1;
	if (*cp >= 0xdc00 && *cp <= 0xdfff)
		return jfail(j, "a lone low surrogate in a JSON string");
	if (*cp < 0xd800 || *cp > 0xdbff)
		return *cp == 0 ? jfail(j, "a NUL character in a JSON string") : 0;
	if (j->end - j->p < 2 || j->p[0] != '\\' || j->p[1] != 'u')
		return jfail(j, "a lone high surrogate in a JSON string");
	j->p += 2;
	if (hex4(j, &lo) < 0)
		return -1;
	if (lo < 0xdc00 || lo > 0xdfff)
		return jfail(j, "a lone high surrogate in a JSON string");
	*cp = 0x10000 + ((*cp - 0xd800) << 10) + (lo - 0xdc00);
	return 0;
}

/* Append bytes to the output (NULL: skipping); *len counts them all, so
 * the caller can tell that a value did not fit. */
static void put_bytes(char *out, size_t size, size_t *len, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++, (*len)++)
		if (out && *len + 1 < size)
			out[*len] = b[i];
}

static void put_utf8(char *out, size_t size, size_t *len, unsigned cp)
{
	char b[4];
	size_t n;

	if (cp < 0x80) {
		b[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		b[0] = (char)(0xc0 | (cp >> 6));
		b[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		b[0] = (char)(0xe0 | (cp >> 12));
		b[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		b[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		b[0] = (char)(0xf0 | (cp >> 18));
		b[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		b[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		b[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	put_bytes(out, size, len, b, n);
}

static int escape(struct json *j, char *out, size_t size, size_t *len)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *k;
	unsigned cp;

	if (j->p >= j->end)
		return jfail(j, "");
	k = memchr(from, *j->p, sizeof from - 1);
	if (k) {
		j->p++;
		put_bytes(out, size, len, &to[k - from], 1);
		return 0;
	}
	if (*j->p++ != 'u')
		return jfail(j, "a bad escape in a JSON string");
	if (unicode_escape(j, &cp) < 0)
		return -1;
	put_utf8(out, size, len, cp);
	return 0;
}

/* A string into out (NUL-terminated, size bytes), or skipped when out is
 * NULL; *full is the decoded length, which may exceed size - 1. */
static int jstring(struct json *j, char *out, size_t size, size_t *full)
{
	size_t len = 0;

	if (jexpect(j, '"') < 0)
		return -1;
	for (;;) {
		char c;
		if (j->p >= j->end)
			return jfail(j, "");
		c = *j->p++;
		if (c == '"')
			break;
		if ((unsigned char)c < 0x20)
			return jfail(j, "a control character in a JSON string");
		if (c == '\\') {
			if (escape(j, out, size, &len) < 0)
				return -1;
		} else {
			put_bytes(out, size, &len, &c, 1);
		}
	}
	if (out)
		out[len < size ? len : size - 1] = '\0';
	*full = len;
	return 0;
}

/* A string member that must fit its field. */
static int jfield(struct json *j, const char *key, char *out, size_t size)
{
	size_t full;
	int line = j->line;

	if (jpeek(j) != '"')
		return fail_at(j->ps, j->line, "'%s' is not a JSON string", key);
	if (jstring(j, out, size, &full) < 0)
		return -1;
	if (full >= size)
		return fail_at(j->ps, line, "'%s' longer than %zu bytes", key, size - 1);
	/* tabs or newlines would break the tables compare prints */
	for (size_t i = 0; i < full; i++)
		if ((unsigned char)out[i] < 0x20)
			return fail_at(j->ps, line, "'%s' holds a control character", key);
	return 0;
}

/* A JSON number: -?(0|[1-9]d*)(.d+)?([eE][+-]?d+)? */
static int jnumber(struct json *j, double *out)
{
	const char *s = j->p;
	char buf[MAX_NUMBER_TEXT];
	size_t n;

	if (j->p < j->end && *j->p == '-')
		j->p++;
	if (j->p < j->end && *j->p == '0')
		j->p++;
	else if (j->p < j->end && is_digit(*j->p))
		while (j->p < j->end && is_digit(*j->p))
			j->p++;
	else
		return jfail(j, "a bad JSON number");
	if (j->p < j->end && *j->p == '.') {
		const char *f = ++j->p;
		while (j->p < j->end && is_digit(*j->p))
			j->p++;
		if (j->p == f)
			return jfail(j, "a bad JSON number");
	}
	if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
		const char *e;
		j->p++;
		if (j->p < j->end && (*j->p == '+' || *j->p == '-'))
			j->p++;
		e = j->p;
		while (j->p < j->end && is_digit(*j->p))
			j->p++;
		if (j->p == e)
			return jfail(j, "a bad JSON number");
	}
	n = (size_t)(j->p - s);
	if (n >= sizeof buf)
		return fail_at(j->ps, j->line, "a JSON number %zu characters long", n);
	memcpy(buf, s, n);
	buf[n] = '\0';
	*out = strtod(buf, NULL);
	if (!isfinite(*out))
		return fail_at(j->ps, j->line, "'%s' is out of range", buf);
	return 0;
}

static int jliteral(struct json *j, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(j->end - j->p) < n || memcmp(j->p, word, n) != 0)
		return jfail(j, "not a JSON value");
	j->p += n;
	return 0;
}

static int jskip(struct json *j);

/* The members of an object: member(j, key, ctx) reads each value. */
typedef int (*member_fn)(struct json *j, const char *key, void *ctx);

/* FNV-1a: keys seen in one object are remembered by hash, so that a
 * duplicate (which one would win?) is refused without keeping them. */
static uint64_t key_hash(const char *key)
{
	uint64_t h = UINT64_C(14695981039346656037);

	for (; *key; key++)
		h = (h ^ (unsigned char)*key) * UINT64_C(1099511628211);
	return h;
}

static int key_seen(struct json *j, uint64_t *seen, size_t *n, const char *key)
{
	uint64_t h = key_hash(key);

	for (size_t i = 0; i < *n; i++)
		if (seen[i] == h)
			return fail_at(j->ps, j->line, "'%s' given twice in one JSON object", key);
	if (*n == JSON_MAX_KEYS)
		return fail_at(j->ps, j->line, "more than %d keys in one JSON object: not an "
					       "osbench result file", JSON_MAX_KEYS);
	seen[(*n)++] = h;
	return 0;
}

static int jobject(struct json *j, member_fn member, void *ctx)
{
	char key[64];
	uint64_t seen[JSON_MAX_KEYS];
	size_t full, nseen = 0;

	if (++j->depth > JSON_MAX_DEPTH)
		return fail_at(j->ps, j->line, "JSON nested too deeply");
	if (jexpect(j, '{') < 0)
		return -1;
	if (jpeek(j) == '}') {
		j->p++;
		j->depth--;
		return 0;
	}
	for (;;) {
		if (jpeek(j) != '"')
			return jfail(j, "expected a key in a JSON object");
		if (jstring(j, key, sizeof key, &full) < 0 || jexpect(j, ':') < 0)
			return -1;
		/* a key too long for the buffer is no key of ours */
		if (full >= sizeof key)
			key[0] = '\0';
		if ((key[0] && key_seen(j, seen, &nseen, key) < 0) || member(j, key, ctx) < 0)
			return -1;
		if (jpeek(j) == ',') {
			j->p++;
			continue;
		}
		if (jexpect(j, '}') < 0)
			return -1;
		j->depth--;
		return 0;
	}
}

static int skip_member(struct json *j, const char *key, void *ctx)
{
	(void)key;
	(void)ctx;
	return jskip(j);
}

/* The elements of an array: element(j, ctx) reads each. */
static int jarray(struct json *j, int (*element)(struct json *j, void *ctx), void *ctx)
{
	if (++j->depth > JSON_MAX_DEPTH)
		return fail_at(j->ps, j->line, "JSON nested too deeply");
	if (jexpect(j, '[') < 0)
		return -1;
	if (jpeek(j) == ']') {
		j->p++;
		j->depth--;
		return 0;
	}
	for (;;) {
		if (element(j, ctx) < 0)
			return -1;
		if (jpeek(j) == ',') {
			j->p++;
			continue;
		}
		if (jexpect(j, ']') < 0)
			return -1;
		j->depth--;
		return 0;
	}
}

static int skip_element(struct json *j, void *ctx)
{
	(void)ctx;
	return jskip(j);
}

/* Any value, checked and thrown away. */
static int jskip(struct json *j)
{
	double ignored;
	size_t full;

	switch (jpeek(j)) {
	case '{':
		return jobject(j, skip_member, NULL);
	case '[':
		return jarray(j, skip_element, NULL);
	case '"':
		return jstring(j, NULL, 0, &full);
	case 't':
		return jliteral(j, "true");
	case 'f':
		return jliteral(j, "false");
	case 'n':
		return jliteral(j, "null");
	case 0:
		return jfail(j, "");
	default:
		return jnumber(j, &ignored);
	}
}

/* A member that must be a non-negative number. */
static int jvalue(struct json *j, const char *key, double *out)
{
	char c = jpeek(j);
	int line = j->line;

	if (c != '-' && !is_digit(c))
		return fail_at(j->ps, j->line, "'%s' is not a JSON number", key);
	if (jnumber(j, out) < 0)
		return -1;
	if (signbit(*out))
		return fail_at(j->ps, line, "'%s' is negative", key);
	return 0;
}

struct jhost {
	struct parser *ps;
	int seen;
};

static int host_member(struct json *j, const char *key, void *ctx)
{
	struct rfile *f = ((struct jhost *)ctx)->ps->f;

	if (strcmp(key, "name") == 0)
		return jfield(j, key, f->host, sizeof f->host);
	if (strcmp(key, "os") == 0)
		return jfield(j, key, f->os, sizeof f->os);
	if (strcmp(key, "mhz") == 0)
		return jvalue(j, key, &f->mhz) < 0 ||
				       mhz_bound(((struct jhost *)ctx)->ps, j->line, f->mhz) < 0
			       ? -1
			       : 0;
	if (strcmp(key, "build") == 0)
		return jfield(j, key, f->build, sizeof f->build);
	if (strcmp(key, "placement") == 0) {
		char word[16];
		return jfield(j, key, word, sizeof word) < 0 ||
				       placement_word(((struct jhost *)ctx)->ps, j->line, span_of(word),
						      f->placement, sizeof f->placement) < 0
			       ? -1
			       : 0;
	}
	return jskip(j);
}

/* One record of "results", as record_json writes it. */
struct jrec {
	char table[32], column[48], module[32], params[160], unit[8], status[8];
	int have_median;
	double median;
	int line;
	struct extras x;
	int have_lo, have_hi;
	struct parser *ps;
};

/* One element of "samples_us": a number, into the pool. */
static int sample_element(struct json *j, void *ctx)
{
	struct jrec *r = ctx;
	double v;

	if (jvalue(j, "samples_us", &v) < 0 || pool_add(r->ps, j->line, v) < 0)
		return -1;
	r->x.count++;
	return 0;
}

static const char *const json_stats[] = {
	"n", "reps", "min", "max", "cv_pct", "ctxsw_vol_per_op", "ctxsw_invol_per_op", "cpu_pct",
};

static int record_member(struct json *j, const char *key, void *ctx)
{
	struct jrec *r = ctx;
	double ignored;

	if (strcmp(key, "table") == 0)
		return jfield(j, key, r->table, sizeof r->table);
	if (strcmp(key, "column") == 0)
		return jfield(j, key, r->column, sizeof r->column);
	if (strcmp(key, "module") == 0)
		return jfield(j, key, r->module, sizeof r->module);
	if (strcmp(key, "params") == 0)
		return jfield(j, key, r->params, sizeof r->params);
	if (strcmp(key, "unit") == 0)
		return jfield(j, key, r->unit, sizeof r->unit);
	if (strcmp(key, "status") == 0)
		return jfield(j, key, r->status, sizeof r->status);
	if (strcmp(key, "median") == 0) {
		r->have_median = 1;
		return jvalue(j, key, &r->median);
	}
	if (strcmp(key, "value") == 0) {
		r->x.have_value = 1;
		return jvalue(j, key, &r->x.value);
	}
	if (strcmp(key, "ci_lo_us") == 0) {
		r->have_lo = 1;
		return jvalue(j, key, &r->x.ci_lo);
	}
	if (strcmp(key, "ci_hi_us") == 0) {
		r->have_hi = 1;
		return jvalue(j, key, &r->x.ci_hi);
	}
	if (strcmp(key, "rounds") == 0) {
		r->x.have_rounds = 1;
		return jvalue(j, key, &r->x.rounds);
	}
	if (strcmp(key, "placement") == 0) {
		char word[16];
		return jfield(j, key, word, sizeof word) < 0 ||
				       placement_word(r->ps, j->line, span_of(word), r->x.placement,
						      sizeof r->x.placement) < 0
			       ? -1
			       : 0;
	}
	if (strcmp(key, "samples_us") == 0) {
		if (jpeek(j) != '[')
			return fail_at(r->ps, j->line, "'samples_us' is not a JSON array");
		if (r->x.count)
			return fail_at(r->ps, j->line, "'samples_us' given twice");
		r->x.first = r->ps->f->npool;
		return jarray(j, sample_element, r);
	}
	for (size_t i = 0; i < sizeof json_stats / sizeof json_stats[0]; i++)
		if (strcmp(key, json_stats[i]) == 0)
			return jvalue(j, key, &ignored);
	return jskip(j);
}

static int record_element(struct json *j, void *ctx)
{
	struct parser *ps = ctx;
	struct jrec r = { .line = 0, .ps = ps };
	struct figdesc d;
	enum status st;

	if (jpeek(j) != '{')
		return jfail(j, "a result that is not a JSON object");
	r.line = j->line;
	if (jobject(j, record_member, &r) < 0)
		return -1;
	if (!r.table[0] || !r.column[0] || !r.status[0])
		return fail_at(ps, r.line, "a result without table, column or status");
	if (long_status(ps, span_of(r.status), &st) < 0)
		return fail_at(ps, r.line, "status '%s' is not ok, fail or na", r.status);
	if (st == ST_OK && !r.have_median)
		return fail_at(ps, r.line, "an ok result without a median");
	d = (struct figdesc){ .table = span_of(r.table), .column = span_of(r.column),
			      .module = span_of(r.module), .params = span_of(r.params) };
	if (r.have_lo != r.have_hi)
		return fail_at(ps, r.line, "ci_lo_us and ci_hi_us: one without the other");
	r.x.have_ci = r.have_lo;
	if (unit_of(ps, r.line, d.table, r.unit[0] ? &(struct span){ r.unit, strlen(r.unit) } : NULL,
		    &d.unit) < 0 ||
	    add_figure(ps, r.line, &d, st, r.median) < 0 || attach_extras(ps, r.line, &r.x) < 0)
		return -1;
	return note_scale_mode(ps, r.line, r.table, d.params);
}

struct jtop {
	struct parser *ps;
	int version, results;
};

static int top_member(struct json *j, const char *key, void *ctx)
{
	struct jtop *top = ctx;
	struct jhost host = { .ps = top->ps };
	char version[32];

	if (strcmp(key, "osbench") == 0) {
		top->version = 1;
		return jfield(j, key, version, sizeof version);
	}
	if (strcmp(key, "host") == 0) {
		if (jpeek(j) != '{')
			return fail_at(top->ps, j->line,
				       "'host' is not a JSON object: not an osbench result file");
		return jobject(j, host_member, &host);
	}
	if (strcmp(key, "results") == 0) {
		top->results = 1;
		if (jpeek(j) != '[')
			return fail_at(top->ps, j->line,
				       "'results' is not a JSON array: not an osbench result file");
		return jarray(j, record_element, top->ps);
	}
	return jskip(j);
}

static int parse_json(struct parser *ps)
{
	struct json j = { .ps = ps, .p = ps->data, .end = ps->data + ps->len, .line = 1 };
	struct jtop top = { .ps = ps };

	if (jobject(&j, top_member, &top) < 0)
		return -1;
	if (jpeek(&j) != 0)
		return fail_at(ps, j.line, "text after the end of the JSON document");
	if (!top.version || !top.results)
		return fail_at(ps, 0, "JSON without 'osbench' and 'results': "
				      "not an osbench result file");
	return 0;
}

/* ---- the API ----------------------------------------------------------- */

/* The host name when the file does not say: the file's own name. */
static void default_host(struct rfile *f, const char *name)
{
	const char *base = strrchr(name, '/');
	size_t n;

	base = base ? base + 1 : name;
	n = strcspn(base, ".");
	snprintf(f->host, sizeof f->host, "%.*s", (int)(n ? n : strlen(base)), base);
}

/* A text file written by osbench 0.2 or later says it is complete. */
static int complete(struct parser *ps, int json)
{
	if (json)
		return 0;
	if (ps->end_line && ps->end_count != (long)ps->f->nfigs)
		return fail_at(ps, ps->end_line, "the end line says %ld figures, the file holds %zu: "
						 "cut short", ps->end_count, ps->f->nfigs);
	if (!ps->end_line && ps->format >= 2)
		return fail_at(ps, 0, "no '# end: N figures' line: the file is cut short");
	return 0;
}

static int finish(struct parser *ps)
{
	struct rfile *f = ps->f;

	if (f->nfigs == 0)
		return fail_at(ps, 0, "no figures in the file");
	if (!f->os[0] && ps->os_sys[0])
		snprintf(f->os, sizeof f->os, "%s%s%s", ps->os_sys, ps->os_release[0] ? " " : "",
			 ps->os_release);
	if (!f->host[0])
		default_host(f, ps->name);
	return 0;
}

static int first_significant(const char *data, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (data[i] != ' ' && data[i] != '\t' && data[i] != '\n' && data[i] != '\r')
			return (unsigned char)data[i];
	return 0;
}

int rfile_parse(const char *name, const char *data, size_t len, struct rfile *f, char *err,
		size_t errlen)
{
	struct parser ps = { .name = name, .data = data, .len = len, .f = f, .err = err,
			     .errlen = errlen, .format = 1 };
	int rc;

	memset(f, 0, sizeof *f);
	snprintf(f->path, sizeof f->path, "%s", name);
	if (scan_bytes(&ps) < 0)
		return -1;
	int json = first_significant(data, len) == '{';

	rc = json ? parse_json(&ps) : parse_text(&ps);
	if (rc == 0)
		rc = finish(&ps);
	if (rc == 0)
		rc = complete(&ps, json);
	if (rc < 0)
		rfile_free(f);
	return rc;
}

/* A regular file opened for reading, or -1 after saying why.  O_NONBLOCK
 * so that a FIFO without a writer cannot hold up the open; anything but a
 * regular file (a FIFO, a device, a directory) is refused before any read
 * could wait on it. */
static int open_regular(const char *path, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	int fl;

	if (fd < 0) {
		snprintf(err, errlen, "'%s': %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0)
		snprintf(err, errlen, "'%s': %s", path, strerror(errno));
	else if (S_ISDIR(st.st_mode)) /* as read() would have said */
		snprintf(err, errlen, "'%s': %s", path, strerror(EISDIR));
	else if (!S_ISREG(st.st_mode))
		snprintf(err, errlen, "'%s': not a regular file", path);
	else if ((fl = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0)
		snprintf(err, errlen, "'%s': %s", path, strerror(errno));
	else
		return fd;
	close(fd);
	return -1;
}

/* The whole file, up to MAX_FILE bytes. */
static int slurp(const char *path, char **out, size_t *len, char *err, size_t errlen)
{
	int fd = open_regular(path, err, errlen);
	size_t cap = 0, n = 0;
	char *buf = NULL;

	if (fd < 0)
		return -1;
	for (;;) {
		ssize_t got;
		if (n == cap) {
			char *more;
			cap = cap ? cap * 2 : 65536;
			if (cap > (size_t)MAX_FILE + 1)
				cap = (size_t)MAX_FILE + 1;
			if (n == cap) {
				snprintf(err, errlen, "'%s': larger than %d MiB: not an osbench result file",
					 path, MAX_FILE >> 20);
				break;
			}
			if (!(more = realloc(buf, cap))) {
				snprintf(err, errlen, "'%s': %s", path, strerror(ENOMEM));
				break;
			}
			buf = more;
		}
		got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			snprintf(err, errlen, "'%s': %s", path, strerror(errno));
			break;
		}
		if (got == 0) {
			close(fd);
			*out = buf;
			*len = n;
			return 0;
		}
		n += (size_t)got;
	}
	free(buf);
	close(fd);
	return -1;
}

int rfile_read(const char *path, struct rfile *f, char *err, size_t errlen)
{
	char *data = NULL;
	size_t len = 0;
	int rc;

	memset(f, 0, sizeof *f);
	if (slurp(path, &data, &len, err, errlen) < 0)
		return -1;
	rc = rfile_parse(path, data, len, f, err, errlen);
	free(data);
	return rc;
}

void rfile_free(struct rfile *f)
{
	free(f->figs);
	f->figs = NULL;
	f->nfigs = 0;
	free(f->pool);
	f->pool = NULL;
	f->npool = f->pool_cap = 0;
}

const double *rfile_samples(const struct rfile *f, const struct rfigure *g)
{
	return g->nsamples ? f->pool + g->sample_off : NULL;
}

const struct rfigure *rfile_find(const struct rfile *f, const char *table, const char *column)
{
	for (size_t i = 0; i < f->nfigs; i++)
		if (strcmp(f->figs[i].table, table) == 0 && strcmp(f->figs[i].column, column) == 0)
			return &f->figs[i];
	return NULL;
}
