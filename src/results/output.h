/* The one output writer: table, long and json formats. */
#ifndef OSBENCH_OUTPUT_H
#define OSBENCH_OUTPUT_H

#include <stdio.h>

#include "harness.h"
#include "sys/host.h"
#include "modules/registry.h"

enum format { FMT_TABLE, FMT_LONG, FMT_JSON };

/* One figure: where it goes, what was measured, and the outcome. */
struct record {
	const char *table;    /* a latency table's name, or "scale" */
	char column[48];      /* the header cell; for a sweep, the level */
	const char *module;
	char params[160];     /* "procs=2 size_kb=16", "threads=5", "remote=h:p" */
	const char *unit;     /* "us" or "ops/s" */
	struct measurement m;
};

struct writer {
	FILE *f;
	enum format fmt;
	const struct host_info *host;
	int sections;         /* tables or sweeps written so far */
	int records;          /* json records written so far */
	int figures;          /* figures written so far, in any format */
};

void writer_begin(struct writer *w);
/* A latency table: cells[i] belongs to t->columns[i]. */
void writer_table(struct writer *w, const struct table *t, const struct record *cells);
/* A sweep: one record per level, in the order measured. */
void writer_sweep(struct writer *w, const char *module, int use_procs,
		  const struct record *levels, int nlevels);
void writer_end(struct writer *w);

/* s as a JSON string, quoted and escaped. */
void json_string(FILE *f, const char *s);

/* A latency cell as the table prints it: a figure, "fail" or "-". */
const char *cell_text(const struct measurement *m, char *buf, size_t len);

#endif
