/* The output writer: one interface, one file per format (write_table.c,
 * write_long.c, write_json.c), listed in writer.c.  Everything a run or
 * sweep prints on stdout goes through here. */
#ifndef OSBENCH_RESULTS_WRITER_H
#define OSBENCH_RESULTS_WRITER_H

#include <stdio.h>

#include "harness.h"
#include "plan/schema.h"
#include "sys/host.h"

/* The most runs one result holds (--runs N). */
#define RUNS_MAX 64

/* One figure: where it goes, what was measured, and the outcome. */
struct record {
	const char *table;    /* a latency table's name, or "scale" */
	char column[48];      /* the header cell; for a sweep, the level */
	const char *module;
	char params[160];     /* "procs=2 size_kb=16", "threads=5", "remote=h:p" */
	const char *unit;     /* UNIT_US, UNIT_OPS or UNIT_MBS */
	struct measurement m;
	/* --runs N: each run's figure, in order; m is the runs merged */
	int runs;             /* 0: one run, its figure m.value */
	double run_values[RUNS_MAX];
	/* each run's fastest sample (a rate's highest): the one least
	   touched by whatever else ran, what check judges runs by */
	double run_fastest[RUNS_MAX];
};

struct writer;

/* A latency table as one run prints it: its title, whether it has the
 * Mhz cell, and how many cells; each cell's header is its record's
 * column. */
struct section_view {
	const char *name;
	const char *title;
	int has_mhz;
	size_t ncells;
};

/* What a format provides; every hook is required. */
struct format {
	const char *name;     /* -f NAME */
	void (*begin)(struct writer *w);
	/* a latency table: cells[0..s->ncells-1] */
	void (*table)(struct writer *w, const struct section_view *s, const struct record *cells);
	/* a sweep: one record per level, in the order measured */
	void (*sweep)(struct writer *w, const char *module, int use_procs,
		      const struct record *levels, int nlevels);
	void (*end)(struct writer *w);
};

struct writer {
	FILE *f;
	const struct format *fmt;
	const struct host_info *host;
	int sections;         /* tables or sweeps written so far */
	int records;          /* records written so far (json: for commas) */
	int figures;          /* figures written so far, in any format */
};

/* The formats, in the order help lists them; NULL-terminated. */
extern const struct format *const formats[];
/* The format called name, or NULL. */
const struct format *format_find(const char *name);

void writer_begin(struct writer *w);
void writer_table(struct writer *w, const struct section_view *s, const struct record *cells);
void writer_sweep(struct writer *w, const char *module, int use_procs,
		  const struct record *levels, int nlevels);
/* Closes the output: text formats end with "# end: N figures". */
void writer_end(struct writer *w);

/* ---- for the format files ---------------------------------------------- */

/* The host record as "# key: value" comments (table and long). */
void writer_host_comments(const struct writer *w);
/* Numbers joined by commas, in brackets for JSON. */
void writer_number_list(FILE *f, const double *v, int n, int json);
/* The text end line: proves a file whole to the reader. */
void writer_end_line(struct writer *w);
/* Whether a record carries field fld in that format: a figure that is
   not ok has no statistics. */
int record_has(const struct record *r, enum field fld, int json);
/* Field fld's value: text as it is (long) or as a JSON string, numbers
   in the schema's precision, samples comma-separated or as elements. */
void record_value(FILE *f, const struct record *r, enum field fld, int json);
/* s as a JSON string, quoted and escaped. */
void json_string(FILE *f, const char *s);
/* A latency cell as the table prints it: a figure, "fail" or "-". */
const char *cell_text(const struct measurement *m, char *buf, size_t len);

#endif
