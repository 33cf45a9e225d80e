/* Reading the text formats back: table (the seeds' layout, one host per
 * file), scale sweeps and long rows; line by line, with the host record
 * from the "# key: value" comments and the end line that proves a file
 * whole. */
#include <stdio.h>
#include <string.h>

#include "results/parse.h"
#include "plan/schema.h"
#include "sys/utf8.h"

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


/* ---- table and long format --------------------------------------------- */

enum text_state {
	TS_BETWEEN,     /* before a header: comments, blank lines */
	TS_LAT_HEADER,  /* a latency header read; its data row must follow */
	TS_LAT_DONE,    /* its data row read */
	TS_SCALE,       /* sweep rows */
	TS_LONG,        /* long rows */
};

/* A long column that must be there: every key, and the median (older
 * files may lack the later columns). */
static int long_required(int f)
{
	return schema_fields[f].kind == FK_KEY || f == F_MEDIAN;
}

/* A statistic that must be a number or "-" when present. */
static int long_statistic(int f)
{
	return schema_fields[f].kind == FK_STAT && f != F_MEDIAN;
}

struct text {
	enum text_state state;
	int tables;                   /* headers read */
	int records;                  /* "# osbench" lines read */
	struct span prev;             /* the line before, when a comment */
	int prev_comment;
	/* the header being filled */
	char table[32];
	char module[32];              /* scale: the module swept */
	const char *unit;             /* a latency table's, from its title */
	struct span cols[MAX_HEADER_CELLS];
	size_t ncells;                /* cells in the header row */
	size_t first_col;             /* index of the first figure column */
	int header_line;
	int rows;                     /* rows under this header */
	int lc[F_COUNT];              /* long: where each field is; -1 */
};

/* A long header starts with the schema's first four columns. */
static int is_long_header(struct span line)
{
	struct span rest = line, cell;

	for (int f = F_TABLE; f <= F_PARAMS; f++)
		if (!next_cell(&rest, &cell) || !span_is(cell, schema_fields[f].long_name))
			return 0;
	return rest.p != NULL;
}

/* The text of a comment: after '#' and the spaces following it. */
static struct span comment_text(struct span line)
{
	struct span t = { .p = line.p + 1, .n = line.n - 1 };

	while (t.n && (*t.p == ' ' || *t.p == '\t'))
		t.p++, t.n--;
	return t;
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

/* "distorted: COLUMN: why" under a table's data row: the run said that
   cell was distorted, and the figure says so as a long file's would. */
static void distorted_mark(struct parser *ps, const struct text *t, struct span c)
{
	const char *p = c.p + 11, *end = c.p + c.n, *sep;

	for (sep = p; sep + 1 < end && !(sep[0] == ':' && sep[1] == ' '); sep++)
		;
	if (sep + 1 >= end)
		return;
	for (size_t k = 0; k < ps->f->nfigs; k++) {
		struct rfigure *g = &ps->f->figs[k];
		size_t len = (size_t)(end - sep - 2);
		if (strcmp(g->table, t->table) == 0 && strlen(g->column) == (size_t)(sep - p) &&
		    memcmp(g->column, p, (size_t)(sep - p)) == 0 && g->status == ST_OK)
			snprintf(g->distorted, sizeof g->distorted, "%.*s",
				 (int)utf8_cut(sep + 2, len < sizeof g->distorted - 1
								 ? len : sizeof g->distorted - 1),
				 sep + 2);
	}
}

static int comment_line(struct parser *ps, struct text *t, struct span line)
{
	struct span c = comment_text(line);

	if (t->state == TS_LAT_HEADER)
		return fail_at(ps, t->header_line, "header row without a data row (truncated file?)");
	/* a header's title is the comment directly above it, whatever that
	   comment says: an older one never names a table */
	t->prev = c;
	if (span_starts(c, "osbench ") || span_is(c, "osbench")) {
		if (++t->records > 1)
			return fail_at(ps, ps->lineno, "a second host record: one host per file "
							"(files joined together?)");
		ps->format = format_of(c);
		if (c.n > 8)
			snprintf(ps->f->version, sizeof ps->f->version, "%.*s",
				 (int)utf8_cut(c.p + 8, c.n - 8 < 31 ? c.n - 8 : 31), c.p + 8);
	}
	if (span_starts(c, "end:"))
		return end_comment(ps, c);
	/* each run's, known only once the runs are done: after the tables */
	if (span_starts(c, "machine reference:"))
		return parse_host_comment(ps, c);
	/* the marks under a data row belong to its table */
	if (t->state == TS_LAT_DONE && span_starts(c, "distorted: ")) {
		distorted_mark(ps, t, c);
		return 0;
	}
	if (t->state == TS_LAT_DONE && span_starts(c, "scatters: "))
		return 0;
	if (t->state == TS_SCALE || t->state == TS_LAT_DONE)
		t->state = TS_BETWEEN;
	if (t->tables == 0 && t->state == TS_BETWEEN && parse_host_comment(ps, c) < 0)
		return -1;
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
	colon = t->prev.n ? memchr(t->prev.p, ':', t->prev.n) : NULL;
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

/* A table's title says its unit: "... in MB/s ..." for bandwidths, else
 * times in microseconds. */
static const char *title_unit(struct span title)
{
	size_t n = strlen(UNIT_MBS);

	for (size_t i = 0; i + n <= title.n; i++)
		if (memcmp(title.p + i, UNIT_MBS, n) == 0)
			return UNIT_MBS;
	return UNIT_US;
}

static int latency_header(struct parser *ps, struct text *t, struct span line)
{
	struct span name;

	if (title_name(ps, t, &name) < 0 || header_cells(ps, t, line) < 0)
		return -1;
	if (set_field(ps, ps->lineno, t->table, sizeof t->table, name, "table name") < 0)
		return -1;
	t->first_col = t->ncells > 2 && span_is(t->cols[2], HEAD_MHZ) ? 3 : 2;
	if (t->ncells <= t->first_col)
		return fail_at(ps, ps->lineno, "header row without any figure column");
	t->unit = title_unit(t->prev);
	t->state = TS_LAT_HEADER;
	return 0;
}

/* "scale MODULE: MODE, host H - ..." */
static int scale_title(struct parser *ps, struct text *t)
{
	struct span c = t->prev, mod, mode;
	const char *colon, *end;

	if (!t->prev_comment || !span_starts(c, SCALE_TITLE_START))
		return fail_at(ps, ps->lineno, "sweep header without a '# scale MODULE: ...' line "
					       "above it");
	c.p += strlen(SCALE_TITLE_START);
	c.n -= strlen(SCALE_TITLE_START);
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
	if (t->ncells < 2 || host.n <= strlen(HEAD_OPS_SUFFIX) ||
	    memcmp(host.p + host.n - strlen(HEAD_OPS_SUFFIX), HEAD_OPS_SUFFIX,
		   strlen(HEAD_OPS_SUFFIX)) != 0)
		return fail_at(ps, ps->lineno, "sweep header's second cell is not 'HOST ops/s'");
	host.n -= strlen(HEAD_OPS_SUFFIX);
	if (same_host(ps, host, seen_host) < 0)
		return -1;
	snprintf(t->table, sizeof t->table, SCALE_TABLE);
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
	for (int f = 0; f < F_COUNT; f++) {
		t->lc[f] = -1;
		for (size_t i = 0; i < t->ncells; i++)
			if (span_is(t->cols[i], schema_fields[f].long_name))
				t->lc[f] = (int)i;
		if (t->lc[f] < 0 && long_required(f))
			return fail_at(ps, ps->lineno, "long header without a '%s' column",
				       schema_fields[f].long_name);
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
				     .params = span_of(""), .unit = t->unit };
		enum status st;
		double val;
		snprintf(column, sizeof column, "%.*s",
			 (int)utf8_cut(t->cols[i].p, t->cols[i].n < 48 ? t->cols[i].n : 48),
			 t->cols[i].p);
		snprintf(what, sizeof what, "column '%s'", column);
		d.module = span_of(column_module(t->table, column));
		if (parse_figure_cell(ps, ps->lineno, v[i], what, &st, &val) < 0 ||
		    add_figure(ps, ps->lineno, &d, st, val) < 0)
			return -1;
		ps->f->figs[ps->f->nfigs - 1].rounding = cell_rounding(v[i], val);
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
	struct figdesc d = { .table = span_of(SCALE_TABLE), .module = span_of(t->module),
			     .unit = UNIT_OPS };
	char params[64];
	enum status st;
	double val;

	if (row_cells(ps, t, line, v) < 0 || level_cell(ps, ps->lineno, v[0]) < 0)
		return -1;
	if (parse_figure_cell(ps, ps->lineno, v[1], UNIT_OPS, &st, &val) < 0)
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
	if (add_figure(ps, ps->lineno, &d, st, val) < 0)
		return -1;
	ps->f->figs[ps->f->nfigs - 1].rounding = cell_rounding(v[1], val);
	return 0;
}

/* The optional long cell at column k, or NULL when absent or "-". */
static const struct span *long_cell(const struct text *t, const struct span *v, int k)
{
	if (t->lc[k] < 0 || span_is(v[t->lc[k]], "-"))
		return NULL;
	return &v[t->lc[k]];
}

/* The tail's cells, where the header has them and they are not "-". */
static int long_tail(struct parser *ps, const struct text *t, const struct span *v,
		     struct extras *x)
{
	static const int fields[TV_COUNT] = {
		[TV_P50] = F_OP_P50, [TV_P99] = F_OP_P99, [TV_P999] = F_OP_P999,
		[TV_MAX] = F_OP_MAX, [TV_STALLS] = F_STALLS, [TV_BATCH] = F_OP_BATCH,
	};
	const struct span *cdf = long_cell(t, v, F_OP_CDF);

	for (int i = 0; i < TV_COUNT; i++) {
		const struct span *c = long_cell(t, v, fields[i]);
		x->have_tail[i] = c != NULL;
		if (c && parse_number(ps, ps->lineno, *c, schema_fields[fields[i]].long_name,
				      &x->tail[i]) < 0)
			return -1;
	}
	if (cdf && sample_list(ps, ps->lineno, *cdf, schema_fields[F_OP_CDF].long_name,
			       &x->cdf_first, &x->cdf_count) < 0)
		return -1;
	return 0;
}

/* runs, run_values_us and the reason, where the header has them. */
static int long_runs(struct parser *ps, const struct text *t, const struct span *v,
		     struct extras *x)
{
	const struct span *runs = long_cell(t, v, F_RUNS), *values = long_cell(t, v, F_RUN_VALUES);
	const struct span *reason = long_cell(t, v, F_REASON);
	const struct span *distorted = long_cell(t, v, F_DISTORTED);

	x->have_runs = runs != NULL;
	if (runs && parse_number(ps, ps->lineno, *runs, schema_fields[F_RUNS].long_name,
				 &x->runs) < 0)
		return -1;
	if (values && sample_list(ps, ps->lineno, *values, schema_fields[F_RUN_VALUES].long_name,
				  &x->run_first, &x->run_count) < 0)
		return -1;
	const struct span *fastest = long_cell(t, v, F_RUN_FASTEST);
	if (fastest && sample_list(ps, ps->lineno, *fastest, schema_fields[F_RUN_FASTEST].long_name,
				   &x->fastest_first, &x->fastest_count) < 0)
		return -1;
	/* free text is cut to fit, on a character boundary */
	if (reason)
		snprintf(x->reason, sizeof x->reason, "%.*s",
			 (int)utf8_cut(reason->p, reason->n < 255 ? reason->n : 255), reason->p);
	if (distorted && !span_is(*distorted, "no") && !span_is(*distorted, "-"))
		snprintf(x->distorted, sizeof x->distorted, "%.*s",
			 (int)utf8_cut(distorted->p, distorted->n < 191 ? distorted->n : 191),
			 distorted->p);
	return 0;
}

static int long_extras(struct parser *ps, const struct text *t, const struct span *v)
{
	struct extras x = { .first = 0 };
	const struct span *lo = long_cell(t, v, F_CI_LO), *hi = long_cell(t, v, F_CI_HI);
	const struct span *rounds = long_cell(t, v, F_ROUNDS), *smp = long_cell(t, v, F_SAMPLES);
	const struct span *place = long_cell(t, v, F_PLACEMENT), *value = long_cell(t, v, F_VALUE);
	const struct span *secs = long_cell(t, v, F_SECONDS);
	int line = ps->lineno;

	if ((lo != NULL) != (hi != NULL))
		return fail_at(ps, line, "ci_lo_us and ci_hi_us: one without the other");
	x.have_ci = lo != NULL;
	x.have_rounds = rounds != NULL;
	x.have_value = value != NULL;
	x.have_seconds = secs != NULL;
	if ((value && parse_number(ps, line, *value, schema_fields[F_VALUE].long_name, &x.value) < 0) ||
	    (lo && (parse_number(ps, line, *lo, schema_fields[F_CI_LO].long_name, &x.ci_lo) < 0 ||
		    parse_number(ps, line, *hi, schema_fields[F_CI_HI].long_name, &x.ci_hi) < 0)) ||
	    (rounds && parse_number(ps, line, *rounds, schema_fields[F_ROUNDS].long_name, &x.rounds) < 0) ||
	    (smp && sample_list(ps, line, *smp, schema_fields[F_SAMPLES].long_name, &x.first,
				&x.count) < 0) ||
	    (place && placement_word(ps, line, *place, x.placement, sizeof x.placement) < 0) ||
	    (secs && parse_number(ps, line, *secs, schema_fields[F_SECONDS].long_name, &x.seconds) < 0))
		return -1;
	if (long_tail(ps, t, v, &x) < 0 || long_runs(ps, t, v, &x) < 0)
		return -1;
	return attach_extras(ps, line, &x);
}

static int long_row(struct parser *ps, struct text *t, struct span line)
{
	struct span v[MAX_HEADER_CELLS];
	struct figdesc d;
	enum status st;
	double val = 0;

	if (row_cells(ps, t, line, v) < 0 || long_status(ps, v[t->lc[F_STATUS]], &st) < 0)
		return -1;
	d = (struct figdesc){ .table = v[t->lc[F_TABLE]], .column = v[t->lc[F_COLUMN]],
			      .module = v[t->lc[F_MODULE]], .params = v[t->lc[F_PARAMS]] };
	if (span_is(d.params, "-"))
		d.params.n = 0;
	if (unit_of(ps, ps->lineno, d.table, t->lc[F_UNIT] >= 0 ? &v[t->lc[F_UNIT]] : NULL,
		    &d.unit) < 0)
		return -1;
	if (st == ST_OK &&
	    parse_number(ps, ps->lineno, v[t->lc[F_MEDIAN]], schema_fields[F_MEDIAN].long_name, &val) < 0)
		return -1;
	for (int f = 0; f < F_COUNT; f++)
		if (long_statistic(f) && t->lc[f] >= 0 &&
		    check_stat_cell(ps, ps->lineno, v[t->lc[f]], schema_fields[f].long_name) < 0)
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
	if (span_starts(line, HEAD_HOST "\t" HEAD_OS "\t"))
		return latency_header(ps, t, line);
	if (span_starts(line, HEAD_LEVEL "\t"))
		return scale_header(ps, t, line, seen_host);
	if (is_long_header(line))
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

int parse_text(struct parser *ps)
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
