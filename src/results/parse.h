/* Inside the result-file reader: the parser's state and the pieces the
 * format readers (read_text.c, read_json.c) share — the cell tokenizer
 * (cells.c) and the figure store (store.c).  Not for use outside
 * src/results; everyone else reads files through resultfile.h. */
#ifndef OSBENCH_RESULTS_PARSE_H
#define OSBENCH_RESULTS_PARSE_H

#include <stddef.h>

#include "results/rfile.h"
#include "sys/compat.h"

#define MAX_LINE (64 * 1024)           /* the longest line accepted */
#define MAX_FILE (16 * 1024 * 1024)    /* a real file is a few KiB */
#define MAX_HEADER_CELLS 256           /* a table has a handful of columns */
#define MAX_NUMBER_TEXT 64             /* "%.6g" needs far less */
#define FIGURE_MIN 1e-9                /* the smallest and largest figure */
#define FIGURE_MAX 1e15
#define SECONDS_MAX 1e9                /* a figure's time: some thirty years */

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

/* ---- cells.c: messages, spans, numbers -------------------------------- */

/* "'name' line N: what", or "'name': what" when line is 0; returns -1. */
PRINTF_LIKE(3, 4)
int fail_at(struct parser *ps, int line, const char *fmt, ...);
/* How much of a cell to quote in a message: enough to recognise it. */
int shown(struct span s);
int span_is(struct span s, const char *text);
int span_starts(struct span s, const char *text);
struct span span_of(const char *text);
/* The next tab-separated cell of *rest; 0 when none is left. */
int next_cell(struct span *rest, struct span *cell);
size_t count_cells(struct span line);
/* Copy into a fixed field; -1 (with a message) when it does not fit. */
int set_field(struct parser *ps, int line, char *dst, size_t size, struct span s,
	      const char *what);
int is_digit(char c);
/* A finite, non-negative decimal number; what names it in messages. */
int parse_number(struct parser *ps, int line, struct span s, const char *what, double *out);
/* A figure cell: a number, "fail" or "-". */
int parse_figure_cell(struct parser *ps, int line, struct span s, const char *what,
		      enum status *st, double *v);
/* A statistic: a number or "-". */
int check_stat_cell(struct parser *ps, int line, struct span s, const char *what);

/* ---- store.c: the figures of the file being read ---------------------- */

/* What travels with a figure besides its median: the interval, rounds,
 * samples and placement.  A figure with samples must say its rounds and
 * its interval, and the interval must hold the median. */
enum tail_value { TV_P50, TV_P99, TV_P999, TV_MAX, TV_STALLS, TV_BATCH, TV_COUNT };
struct extras {
	double value, ci_lo, ci_hi, rounds, runs, seconds;
	size_t first, count;
	size_t run_first, run_count;
	size_t fastest_first, fastest_count;
	int have_value, have_ci, have_rounds, have_runs, have_seconds;
	char reason[256];
	char distorted[192];  /* the distorted column's reason, "" for no */
	char placement[8];
	/* the tail: all of it or none */
	double tail[TV_COUNT];
	int have_tail[TV_COUNT];
	size_t cdf_first, cdf_count;
};

/* Everything a figure carries besides its status and value. */
struct figdesc {
	struct span table, column, module, params;
	const char *unit;
};

int pool_add(struct parser *ps, int line, double v);
/* One more run's machine reference (positive, at most
   RFILE_MAX_REFERENCE of them); what names the field in a message. */
int reference_add(struct parser *ps, int line, double v, const char *what);
/* "1.2,1.3,...": into the pool; *first and *count say where; what names
 * the column in messages. */
int sample_list(struct parser *ps, int line, struct span s, const char *what, size_t *first,
		size_t *count);
/* The extras of the figure added last. */
int attach_extras(struct parser *ps, int line, const struct extras *x);
int placement_word(struct parser *ps, int line, struct span s, char *out, size_t len);
/* A sweep level: a whole number from 1 to a million, digits only. */
int level_cell(struct parser *ps, int line, struct span s);
int add_figure(struct parser *ps, int line, const struct figdesc *d, enum status st, double v);
/* A text cell's rounding: half a unit of its last digit over its value. */
double cell_rounding(struct span s, double v);
/* The module behind a table column, where osbench knows it; "" if not. */
const char *column_module(const char *table, const char *column);
/* A clock rate a machine can have, so that the Mhz cell stays short. */
int mhz_bound(struct parser *ps, int line, double mhz);
/* "ok", "fail" or "na". */
int long_status(struct parser *ps, struct span s, enum status *st);
/* A unit the schema knows, or the table's default when unit is NULL. */
int unit_of(struct parser *ps, int line, struct span table, const struct span *unit,
	    const char **out);
/* "threads=5" or "procs=5": how a sweep ran. */
int note_scale_mode(struct parser *ps, int line, const char *table, struct span params);

/* ---- the format readers ----------------------------------------------- */

/* One "# key: value" comment of the host record; 0 for a comment that is not one. */
int parse_host_comment(struct parser *ps, struct span c); /* host_comment.c */
int parse_text(struct parser *ps);   /* read_text.c: table and long */
int parse_json(struct parser *ps);   /* read_json.c */

#endif
