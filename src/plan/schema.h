/* The result formats' vocabulary, written once: the fields of a record
 * (the long format's column names and the json keys), the units, the
 * header words and titles of the text tables, and the ctx points header.
 * Every writer and the reader take them from here, so a file written by
 * one osbench is read back by another. */
#ifndef OSBENCH_PLAN_SCHEMA_H
#define OSBENCH_PLAN_SCHEMA_H

#include <stddef.h>

/* What a field is: its printing in long and json, and what the reader
 * asks of it.
 *   KEY   text that names the figure; a long header must have it
 *   TEXT  text about the figure
 *   STAT  a number, present when the figure is ok ("-" in long otherwise)
 *   EXTRA one of the later columns; older files may lack it
 *   TAIL  the distribution of single ops: present when it was taken */
enum field_kind { FK_KEY, FK_TEXT, FK_STAT, FK_EXTRA, FK_TAIL };

/* X(id, long column, json key, kind), in the long format's order (a
 * reader finds columns by name, so new ones go at the end). */
#define SCHEMA_FIELDS(X)                                              \
	X(F_TABLE, "table", "table", FK_KEY)                          \
	X(F_COLUMN, "column", "column", FK_KEY)                       \
	X(F_MODULE, "module", "module", FK_KEY)                       \
	X(F_PARAMS, "params", "params", FK_KEY)                       \
	X(F_N, "n", "n", FK_STAT)                                     \
	X(F_REPS, "reps", "reps", FK_STAT)                            \
	X(F_MEDIAN, "median_us", "median", FK_STAT)                   \
	X(F_MIN, "min_us", "min", FK_STAT)                            \
	X(F_MAX, "max_us", "max", FK_STAT)                            \
	X(F_CV, "cv_pct", "cv_pct", FK_STAT)                          \
	X(F_VCSW, "ctxsw_vol_per_op", "ctxsw_vol_per_op", FK_STAT)    \
	X(F_IVCSW, "ctxsw_invol_per_op", "ctxsw_invol_per_op", FK_STAT) \
	X(F_CPU, "cpu_pct", "cpu_pct", FK_STAT)                       \
	X(F_STATUS, "status", "status", FK_KEY)                       \
	X(F_REASON, "reason", "reason", FK_TEXT)                      \
	X(F_UNIT, "unit", "unit", FK_EXTRA)                           \
	X(F_NOISY, "noisy", "noisy", FK_EXTRA)                        \
	X(F_CI_LO, "ci_lo_us", "ci_lo_us", FK_EXTRA)                  \
	X(F_CI_HI, "ci_hi_us", "ci_hi_us", FK_EXTRA)                  \
	X(F_ROUNDS, "rounds", "rounds", FK_EXTRA)                     \
	X(F_SAMPLES, "samples_us", "samples_us", FK_EXTRA)            \
	X(F_PLACEMENT, "placement", "placement", FK_EXTRA)            \
	X(F_VALUE, "value_us", "value", FK_EXTRA)                     \
	X(F_OP_P50, "op_p50_us", "op_p50_us", FK_TAIL)                \
	X(F_OP_P99, "op_p99_us", "op_p99_us", FK_TAIL)                \
	X(F_OP_P999, "op_p999_us", "op_p999_us", FK_TAIL)             \
	X(F_OP_MAX, "op_max_us", "op_max_us", FK_TAIL)                \
	X(F_STALLS, "stalls", "stalls", FK_TAIL)                      \
	X(F_OP_BATCH, "op_batch", "op_batch", FK_TAIL)                \
	X(F_OP_CDF, "op_cdf_us", "op_cdf_us", FK_TAIL)                \
	X(F_RUNS, "runs", "runs", FK_EXTRA)                           \
	X(F_RUN_VALUES, "run_values_us", "run_values_us", FK_EXTRA)   \
	X(F_WAIT, "wait_pct", "wait_pct", FK_EXTRA)                   \
	X(F_STEAL, "steal_pct", "steal_pct", FK_EXTRA)                \
	X(F_THROTTLED, "throttled_pct", "throttled_pct", FK_EXTRA)    \
	X(F_DISTORTED, "distorted", "distorted", FK_EXTRA)            \
	X(F_SECONDS, "seconds", "seconds", FK_EXTRA)                  \
	X(F_RUN_FASTEST, "run_fastest_us", "run_fastest_us", FK_EXTRA)

#define SCHEMA_ID(id, lname, jkey, kind) id,
enum field { SCHEMA_FIELDS(SCHEMA_ID) F_COUNT };
#undef SCHEMA_ID

struct field_info {
	const char *long_name;
	const char *json_key;
	enum field_kind kind;
};
extern const struct field_info schema_fields[F_COUNT];

/* The field with this json key; -1 when none. */
int schema_field_json(const char *key);

/* Units: a latency table's microseconds, a sweep's operations per second,
 * a bandwidth table's megabytes (10^6 bytes) per second. */
#define UNIT_US "us"
#define UNIT_OPS "ops/s"
#define UNIT_MBS "MB/s"
/* Bigger is better for this unit (ops/s, MB/s); smaller for times. */
int schema_higher_is_better(const char *unit);
/* The unit spelled text[0..len-1], as the constant above; NULL if unknown. */
const char *schema_unit_find(const char *text, size_t len);
/* "us, ops/s or MB/s": the units, for messages. */
void schema_unit_list(char *buf, size_t len);

/* Status words of long and json. */
extern const char *const schema_status_names[3]; /* ok, fail, na */

/* The table whose sweeps are "scale"; loose modules are tables of their own name. */
#define SCALE_TABLE "scale"

/* Text-table words. */
#define HEAD_HOST "Host"
#define HEAD_OS "OS"
#define HEAD_MHZ "Mhz"
#define HEAD_LEVEL "Concurrency"
#define HEAD_OPS_SUFFIX " ops/s"
#define HEAD_SCALING "Scaling (Concurrency one=100%)"

/* A points module's header cell, "2p/16K ctxsw", and back: 0 when text
 * is exactly such a cell, with the procs and size in *procs, *size_kb. */
void schema_points_header(char *buf, size_t len, int procs, int size_kb);
int schema_points_parse(const char *text, int *procs, int *size_kb);

/* The "# ..." title of a module outside every table. */
void schema_module_title(char *buf, size_t len, const char *name, const char *summary,
			 int bandwidth);
/* The title of a table the registry knows nothing about, by its unit. */
void schema_unknown_title(char *buf, size_t len, const char *table, const char *unit);
/* A sweep's title: "scale MODULE: MODE, host HOST - ops/s, higher is
 * better"; mode and host may be empty (compare's merged sweeps). */
void schema_scale_title(char *buf, size_t len, const char *module, const char *mode,
			const char *host);
#define SCALE_TITLE_START "scale "

#endif
