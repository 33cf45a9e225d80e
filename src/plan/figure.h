/* What a figure is, in one place: the key (a module and its parameters,
 * struct subject), its params text both ways, the table and column it is
 * printed under, its title and unit.  run, check, ab, compare, plot and
 * the reader all ask here; none works it out for itself. */
#ifndef OSBENCH_PLAN_FIGURE_H
#define OSBENCH_PLAN_FIGURE_H

#include <stddef.h>

#include "harness.h"

/* The same measurement: ctx 2p/0K in two tables is one figure. */
int figure_equal(const struct subject *a, const struct subject *b);

/* The params text of long and json: "procs=2 size_kb=16" (points),
 * "size_kb=10" (sized), "remote=HOST:PORT" (remote may be NULL),
 * "threads=5" or "procs=5" (a sweep), else "". */
void figure_params(const struct subject *k, const char *remote, char *buf, size_t len);
/* Back from that text for k->mod (set by the caller), a sweep when
 * sweep is set: 0, or -1 when params is not what figure_params writes for
 * such a figure ("remote=..." is taken and not kept). */
int figure_params_parse(const char *params, int sweep, struct subject *k);

/* "us", "MB/s" or "ops/s", as results/schema.h spells them. */
const char *figure_unit(const struct subject *k);

/* The figure in a latency table's cell: a registry column, any point of
 * a points module's table ("16p/64K ctxsw", unchecked bounds), or a
 * module outside every table under its own name.  0, or -1 when osbench
 * knows no such cell. */
int figure_of_cell(const char *table, const char *column, struct subject *k);
/* A sweep's level of module, as threads or processes: 0, or -1 when the
 * module does not sweep so or the level is no whole number from 1. */
int figure_of_level(const char *module, const char *level, int use_procs, struct subject *k);

/* How a sweep ran, from its params: "threads", "processes", or NULL when
 * params says neither. */
const char *figure_scale_mode(const char *params);

/* A latency table's "# ..." title: the registry's, a loose module's, or
 * for a table osbench does not know one by its unit.  1 when osbench
 * knows the table, 0 for the generic title. */
int figure_table_title(const char *table, const char *unit, char *buf, size_t len);

#endif
