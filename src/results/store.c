/* The reader's figure store: each figure as it is read, its samples in
 * the file's pool, and the rules every format shares (value bounds,
 * units, duplicates, a sweep's mode). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/figure.h"
#include "results/parse.h"
#include "plan/schema.h"
#include "stats/stats.h"
#include "sys/utf8.h"


int pool_add(struct parser *ps, int line, double v)
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

int reference_add(struct parser *ps, int line, double v, const char *what)
{
	struct rfile *f = ps->f;

	if (!(v > 0))
		return fail_at(ps, line, "%s: a run's reference of %g MB/s", what, v);
	if (f->reference_runs >= RFILE_MAX_REFERENCE)
		return fail_at(ps, line, "%s: more than %d runs", what, RFILE_MAX_REFERENCE);
	f->reference[f->reference_runs++] = v;
	return 0;
}

/* "1.2,1.3,1.25": each a number, into the pool; *first and *count say
 * where they went. */
int sample_list(struct parser *ps, int line, struct span s, const char *what, size_t *first,
		size_t *count)
{
	*first = ps->f->npool;
	*count = 0;
	while (s.n) {
		const char *comma = memchr(s.p, ',', s.n);
		struct span one = { .p = s.p, .n = comma ? (size_t)(comma - s.p) : s.n };
		double v;
		if (parse_number(ps, line, one, what, &v) < 0 || pool_add(ps, line, v) < 0)
			return -1;
		(*count)++;
		s.p += one.n + (comma != NULL);
		s.n -= one.n + (comma != NULL);
		if (comma && s.n == 0)
			return fail_at(ps, line, "%s: a list ending in a comma", what);
	}
	return 0;
}


/* The tail: every value or none, percentiles in order, counts whole,
 * the distribution rising from its first point to its last. */
static int attach_tail(struct parser *ps, int line, const struct extras *x, struct rfigure *g)
{
	const double *cdf;
	int given = 0;

	for (int i = 0; i < TV_COUNT; i++)
		given += x->have_tail[i];
	if (given == 0 && x->cdf_count == 0)
		return 0;
	if (given != TV_COUNT || x->cdf_count < 2)
		return fail_at(ps, line, "op_p50_us, op_p99_us, op_p999_us, op_max_us, stalls, "
					 "op_batch and op_cdf_us: some without the others");
	/* only now: with no list the pool may not exist yet */
	cdf = ps->f->pool + x->cdf_first;
	if (g->status != ST_OK)
		return fail_at(ps, line, "a tail for a figure that is not ok");
	if (!(x->tail[TV_P50] <= x->tail[TV_P99] && x->tail[TV_P99] <= x->tail[TV_P999] &&
	      x->tail[TV_P999] <= x->tail[TV_MAX]))
		return fail_at(ps, line, "op percentiles out of order (p50 <= p99 <= p999 <= max)");
	if (x->tail[TV_STALLS] != (int)x->tail[TV_STALLS] || x->tail[TV_BATCH] < 1 ||
	    x->tail[TV_BATCH] > 1e9 || x->tail[TV_BATCH] != (int)x->tail[TV_BATCH])
		return fail_at(ps, line, "stalls and op_batch: whole numbers (op_batch from 1)");
	for (size_t i = 1; i < x->cdf_count; i++)
		if (cdf[i] < cdf[i - 1])
			return fail_at(ps, line, "op_cdf_us: not rising");
	g->tail.have = 1;
	g->tail.p50 = x->tail[TV_P50];
	g->tail.p99 = x->tail[TV_P99];
	g->tail.p999 = x->tail[TV_P999];
	g->tail.max = x->tail[TV_MAX];
	g->tail.stalls = (int)x->tail[TV_STALLS];
	g->tail.batch = (int)x->tail[TV_BATCH];
	g->tail.cdf_off = x->cdf_first;
	g->tail.ncdf = x->cdf_count;
	return 0;
}

/* --runs N: N values, N from 1 to RUNS_LIMIT, each a measurement; a
 * file's one run needs no list. */
#define RUNS_LIMIT 1000
/* The writer prints the figure and every run with %.6g: each within half
 * a unit of its sixth digit, 5e-6 of itself.  The figure is the runs'
 * median (measure/runs.c), one run or the mean of two, so the median of
 * the runs as written is within 5e-6 of it too: the two as written agree
 * within 1e-5 of the larger, and a little more for the decimal parse. */
#define RUNS_WRITTEN_AGREE 1.1e-5

/* The figure a row gives must be its runs' median, or check would judge
 * by one and print the other: a row that says 0.98 over runs of 1000. */
static int runs_agree(struct parser *ps, int line, const struct extras *x, const double *v,
		      double figure)
{
	static double sorted[RUNS_LIMIT];
	double median, larger;

	median = stats_median_of(v, x->run_count, sorted);
	larger = median > figure ? median : figure;
	if (!(median - figure <= RUNS_WRITTEN_AGREE * larger &&
	      figure - median <= RUNS_WRITTEN_AGREE * larger))
		return fail_at(ps, line, "the figure %g is not the median of %s (%g)", figure,
			       schema_fields[F_RUN_VALUES].long_name, median);
	return 0;
}

/* Each run's fastest sample: one per run (one for a file of one run),
   each a measurement, none slower than its run's figure (a rate's,
   none lower). */
static int attach_fastest(struct parser *ps, int line, const struct extras *x, struct rfigure *g)
{
	const double *v;
	size_t want = g->runs ? (size_t)g->runs : 1, nv;
	const double *figure = rfile_run_values(ps->f, g, &nv);
	int hb = schema_higher_is_better(g->unit);
	const char *name = schema_fields[F_RUN_FASTEST].long_name;

	if (x->fastest_count == 0)
		return 0;
	if (g->status != ST_OK)
		return fail_at(ps, line, "%s for a figure that is not ok", name);
	if (x->fastest_count != want)
		return fail_at(ps, line, "%s has %zu values for %zu runs", name, x->fastest_count,
			       want);
	v = ps->f->pool + x->fastest_first;
	for (size_t i = 0; i < want; i++) {
		if (!(v[i] >= FIGURE_MIN && v[i] <= FIGURE_MAX))
			return fail_at(ps, line, "%s: %g is not a measurement (%g to %g)", name, v[i],
				       FIGURE_MIN, FIGURE_MAX);
		if (i < nv && (hb ? v[i] < figure[i] * (1 - RUNS_WRITTEN_AGREE)
				  : v[i] > figure[i] * (1 + RUNS_WRITTEN_AGREE)))
			return fail_at(ps, line, "%s: run %zu's fastest sample %g is slower than its "
						 "figure %g", name, i + 1, v[i], figure[i]);
	}
	g->fastest_off = x->fastest_first;
	g->nfastest = want;
	return 0;
}

static int attach_runs(struct parser *ps, int line, const struct extras *x, struct rfigure *g)
{
	const double *v;

	if (!x->have_runs && x->run_count == 0)
		return 0;
	if (g->status != ST_OK)
		return fail_at(ps, line, "runs or run_values_us for a figure that is not ok");
	if (!x->have_runs || x->run_count == 0)
		return fail_at(ps, line, "runs and run_values_us: one without the other");
	if (x->runs < 1 || x->runs > RUNS_LIMIT || x->runs != (int)x->runs)
		return fail_at(ps, line, "runs: not a whole number from 1 to %d", RUNS_LIMIT);
	if ((double)x->run_count != x->runs)
		return fail_at(ps, line, "runs says %d, run_values_us has %zu", (int)x->runs,
			       x->run_count);
	v = ps->f->pool + x->run_first;
	for (size_t i = 0; i < x->run_count; i++)
		if (!(v[i] >= FIGURE_MIN && v[i] <= FIGURE_MAX))
			return fail_at(ps, line, "run_values_us: %g is not a measurement (%g to %g)",
				       v[i], FIGURE_MIN, FIGURE_MAX);
	if (runs_agree(ps, line, x, v, g->value) < 0)
		return -1;
	g->runs = (int)x->runs;
	g->run_off = x->run_first;
	return 0;
}

int attach_extras(struct parser *ps, int line, const struct extras *x)
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
	if (x->have_seconds && x->seconds > SECONDS_MAX)
		return fail_at(ps, line, "seconds: %g is longer than a run takes (%g at most)",
			       x->seconds, SECONDS_MAX);
	g->ci_lo = x->have_ci ? x->ci_lo : 0;
	g->ci_hi = x->have_ci ? x->ci_hi : 0;
	g->rounds = x->have_rounds ? (int)x->rounds : 0;
	g->sample_off = x->first;
	g->nsamples = x->count;
	snprintf(g->placement, sizeof g->placement, "%s", x->placement);
	utf8_printf(g->reason, sizeof g->reason, "%s", x->reason);
	utf8_printf(g->distorted, sizeof g->distorted, "%s", x->distorted);
	g->seconds = x->have_seconds ? x->seconds : -1;
	if (attach_runs(ps, line, x, g) < 0 || attach_fastest(ps, line, x, g) < 0)
		return -1;
	return attach_tail(ps, line, x, g);
}

int placement_word(struct parser *ps, int line, struct span s, char *out, size_t len)
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
int level_cell(struct parser *ps, int line, struct span s)
{
	int ok = s.n > 0 && s.n <= 7 && s.p[0] != '0';

	for (size_t i = 0; ok && i < s.n; i++)
		ok = is_digit(s.p[i]);
	if (!ok)
		return fail_at(ps, line, "level '%.*s' is not a whole number from 1", shown(s), s.p);
	return 0;
}


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

/* A figure osbench knows has one unit: a null call in MB/s would be
   judged against one in us as if they were the same. */
static int unit_disagrees(struct parser *ps, int line, const struct rfigure *g)
{
	struct subject k;
	const char *unit;

	if (strcmp(g->table, SCALE_TABLE) == 0 || figure_of_cell(g->table, g->column, &k) < 0)
		return 0;
	unit = figure_unit(&k);
	if (strcmp(unit, g->unit) != 0)
		return fail_at(ps, line, "unit '%s': '%s' '%s' is in %s", g->unit, g->table,
			       g->column, unit);
	return 0;
}

int add_figure(struct parser *ps, int line, const struct figdesc *d, enum status st,
		      double v)
{
	struct rfigure g = { .status = st, .value = st == ST_OK ? v : 0, .seconds = -1 };

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
	if (strcmp(g.table, SCALE_TABLE) == 0 && level_cell(ps, line, d->column) < 0)
		return -1;
	snprintf(g.unit, sizeof g.unit, "%s", d->unit);
	if (unit_disagrees(ps, line, &g) < 0)
		return -1;
	if (find_dup(ps->f, g.table, g.column))
		return fail_at(ps, line, "'%s' '%s' given twice", g.table, g.column);
	if (grow(ps, line) < 0)
		return -1;
	set_orders(ps->f, &g);
	ps->f->figs[ps->f->nfigs++] = g;
	return 0;
}

double cell_rounding(struct span s, double v)
{
	const char *dot = memchr(s.p, '.', s.n);
	size_t decimals = 0;
	double unit = 1;

	if (v <= 0 || memchr(s.p, 'e', s.n) || memchr(s.p, 'E', s.n))
		return 0;
	if (dot)
		decimals = s.n - (size_t)(dot - s.p) - 1;
	while (decimals-- > 0)
		unit /= 10;
	return unit / 2 / v;
}

/* The module behind a table column, where osbench knows it. */
const char *column_module(const char *table, const char *column)
{
	struct subject k;

	return figure_of_cell(table, column, &k) == 0 ? k.mod->name : "";
}

/* A clock rate a machine can have, so that the Mhz cell stays short. */
int mhz_bound(struct parser *ps, int line, double mhz)
{
	if (mhz > 1e6)
		return fail_at(ps, line, "mhz: %g is not a clock rate", mhz);
	return 0;
}

int long_status(struct parser *ps, struct span s, enum status *st)
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

/* A unit the schema knows, as the writer says; a sweep's is ops/s. */
int unit_of(struct parser *ps, int line, struct span table, const struct span *unit,
	    const char **out)
{
	char known[64];

	if (!unit) {
		*out = span_is(table, SCALE_TABLE) ? UNIT_OPS : UNIT_US;
		return 0;
	}
	if ((*out = schema_unit_find(unit->p, unit->n)))
		return 0;
	schema_unit_list(known, sizeof known);
	return fail_at(ps, line, "unit '%.*s' is not %s", shown(*unit), unit->p, known);
}

/* "threads=5" or "procs=5": how a sweep ran. */
int note_scale_mode(struct parser *ps, int line, const char *table, struct span params)
{
	char text[160];
	const char *mode;

	if (strcmp(table, SCALE_TABLE) != 0)
		return 0;
	utf8_printf(text, sizeof text, "%.*s", (int)params.n, params.p);
	if (!(mode = figure_scale_mode(text)))
		return 0;
	if (ps->f->scale_mode[0] && strcmp(ps->f->scale_mode, mode) != 0)
		return fail_at(ps, line, "a sweep with threads and one with processes");
	snprintf(ps->f->scale_mode, sizeof ps->f->scale_mode, "%s", mode);
	return 0;
}