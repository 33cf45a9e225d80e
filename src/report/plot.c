/* Charts of result files as one SVG document: what the figures are
 * (which charts, groups and series) is worked out here, then each chart
 * is laid out and drawn top to bottom (plot_draw.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "modules/registry.h"
#include "report/plot.h"
#include "report/plot_model.h"
#include "plan/schema.h"
#include "sys/interrupt.h"
#include "sys/utf8.h"

/* ---- collecting the charts ------------------------------------------ */

static int push_name(const char ***v, size_t *n, const char *s)
{
	const char **grown = realloc(*v, (*n + 1) * sizeof **v);

	if (!grown)
		return -1;
	grown[(*n)++] = s;
	*v = grown;
	return 0;
}

static int push_index(size_t **v, size_t *n, size_t i)
{
	size_t *grown = realloc(*v, (*n + 1) * sizeof **v);

	if (!grown)
		return -1;
	grown[(*n)++] = i;
	*v = grown;
	return 0;
}

static int is_sweep(const struct rfigure *fig)
{
	return strcmp(fig->table, SCALE_TABLE) == 0;
}

static int chart_matches(const struct chart *c, const struct rfigure *fig, const char *mode)
{
	if (c->kind == CHART_PCT || strcmp(c->table, fig->table) != 0)
		return 0;
	return c->kind == CHART_BARS ||
	       (strcmp(c->module, fig->module) == 0 && strcmp(c->mode, mode) == 0);
}

/* The chart a figure belongs to, made when first seen; a sweep's scaling
 * chart is made right after its ops/s chart and kept beside it. */
static long chart_for(struct plot *p, const struct rfigure *fig, const char *mode)
{
	size_t want = is_sweep(fig) ? 2 : 1;
	struct chart *grown;

	for (size_t i = 0; i < p->ncharts; i++)
		if (chart_matches(&p->charts[i], fig, mode))
			return (long)i;
	grown = realloc(p->charts, (p->ncharts + want) * sizeof *grown);
	if (!grown)
		return -1;
	p->charts = grown;
	for (size_t k = 0; k < want; k++)
		grown[p->ncharts + k] = (struct chart){
			.kind = !is_sweep(fig) ? CHART_BARS : k == 0 ? CHART_OPS : CHART_PCT,
			.table = fig->table, .module = fig->module, .mode = mode,
			/* a sweep is in ops/s whatever a foreign writer said */
			.unit = is_sweep(fig) ? UNIT_OPS : fig->unit,
		};
	p->ncharts += want;
	return (long)(p->ncharts - want);
}

static int add_to_chart(struct chart *c, const char *column, size_t file)
{
	size_t i;

	for (i = 0; i < c->ngroups && strcmp(c->groups[i], column) != 0; i++)
		;
	if (i == c->ngroups && push_name(&c->groups, &c->ngroups, column) < 0)
		return -1;
	for (i = 0; i < c->nseries && c->series[i] != file; i++)
		;
	if (i == c->nseries && push_index(&c->series, &c->nseries, file) < 0)
		return -1;
	return 0;
}

static int by_level(const void *a, const void *b)
{
	long x = strtol(*(const char *const *)a, NULL, 10);
	long y = strtol(*(const char *const *)b, NULL, 10);

	return (x > y) - (x < y);
}

/* Where a chart goes in the picture: the latency tables in the order
 * `osbench run` prints them, other tables as they came, then the sweeps
 * as they came (a scaling chart right after its throughput chart). */
static size_t chart_rank(const struct plot *p, size_t c)
{
	const struct chart *ch = &p->charts[c];

	if (ch->kind != CHART_BARS)
		return registry_ntables + 2 * p->ncharts + c;
	for (size_t t = 0; t < registry_ntables; t++)
		if (strcmp(registry_tables[t].name, ch->table) == 0)
			return t;
	return registry_ntables + c;
}

/* Ranks are distinct, so a plain insertion sort gives one order. */
static void order_charts(struct plot *p)
{
	size_t *rank = malloc(p->ncharts * sizeof *rank + 1);

	if (!rank)
		return; /* the charts stay in the order they came: still a picture */
	for (size_t c = 0; c < p->ncharts; c++)
		rank[c] = chart_rank(p, c);
	for (size_t i = 1; i < p->ncharts; i++)
		for (size_t j = i; j > 0 && rank[j - 1] > rank[j]; j--) {
			size_t r = rank[j];
			struct chart ch = p->charts[j];
			rank[j] = rank[j - 1];
			p->charts[j] = p->charts[j - 1];
			rank[j - 1] = r;
			p->charts[j - 1] = ch;
		}
	free(rank);
}

static int collect(struct plot *p)
{
	for (size_t i = 0; i < p->nin; i++) {
		for (size_t k = 0; k < p->in[i].nfigs; k++) {
			const struct rfigure *fig = &p->in[i].figs[k];
			long c = chart_for(p, fig, p->in[i].scale_mode);
			if (c < 0 || add_to_chart(&p->charts[c], fig->column, i) < 0)
				return -1;
			if (is_sweep(fig) && add_to_chart(&p->charts[c + 1], fig->column, i) < 0)
				return -1;
		}
	}
	/* files may sweep different levels: one ordered axis for all */
	for (size_t c = 0; c < p->ncharts; c++)
		if (p->charts[c].kind != CHART_BARS)
			qsort(p->charts[c].groups, p->charts[c].ngroups, sizeof(const char *),
			      by_level);
	order_charts(p);
	return 0;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static int share_chart(const struct plot *p, size_t a, size_t b)
{
	for (size_t c = 0; c < p->ncharts; c++) {
		int has_a = 0, has_b = 0;
		for (size_t s = 0; s < p->charts[c].nseries; s++) {
			has_a |= p->charts[c].series[s] == a;
			has_b |= p->charts[c].series[s] == b;
		}
		if (has_a && has_b)
			return 1;
	}
	return 0;
}

/* "alpha, an em dash, Linux 6.1": the host and its system, the articles'
 * point (Darwin against Linux). */
static void host_os(const struct rfile *f, char *buf, size_t len)
{
	if (f->os[0])
		utf8_printf(buf, len, "%.*s \xe2\x80\x94 %.*s", utf8_prefix(f->host, 160), f->host,
			    utf8_prefix(f->os, 100), f->os);
	else
		utf8_printf(buf, len, "%.*s", utf8_prefix(f->host, 160), f->host);
}

/* Whether another file of the same host and system shares a chart with
 * file i, and whether all such files have days (or dates) of their own. */
static int label_clash(const struct plot *p, size_t i, int *days_differ, int *dates_differ)
{
	int clash = 0;

	*days_differ = *dates_differ = 1;
	for (size_t j = 0; j < p->nin; j++) {
		if (j == i || strcmp(p->in[i].host, p->in[j].host) != 0 ||
		    strcmp(p->in[i].os, p->in[j].os) != 0 || strcmp(p->in[i].path, p->in[j].path) == 0 ||
		    !share_chart(p, i, j))
			continue;
		clash = 1;
		*days_differ &= p->in[i].date[0] && strncmp(p->in[i].date, p->in[j].date, 10) != 0;
		*dates_differ &= p->in[i].date[0] && strcmp(p->in[i].date, p->in[j].date) != 0;
	}
	return clash;
}

/* A host keeps one colour across charts; two files of the same host in
 * one chart (say, two allocators under LD_PRELOAD) are told apart by the
 * day of their run, its time, or else the file name, and get a colour of
 * their own. */
static void name_series(struct plot *p)
{
	char base[LABEL_MAX];
	int days, dates;

	for (size_t i = 0; i < p->nin; i++) {
		const struct rfile *f = &p->in[i];
		host_os(f, base, sizeof base);
		/* the legend shows LEGEND_MAX characters anyway */
		if (!label_clash(p, i, &days, &dates))
			utf8_printf(p->labels[i], LABEL_MAX, "%s", base);
		else if (days)
			utf8_printf(p->labels[i], LABEL_MAX, "%.*s, %.*s", utf8_prefix(base, 250), base,
				    utf8_prefix(f->date, 10), f->date);
		else if (dates)
			utf8_printf(p->labels[i], LABEL_MAX, "%.*s, %.*s", utf8_prefix(base, 250), base,
				    utf8_prefix(f->date, 40), f->date);
		else
			utf8_printf(p->labels[i], LABEL_MAX, "%.*s (%.*s)", utf8_prefix(base, 250),
				    base, utf8_prefix(base_name(f->path), 60), base_name(f->path));
	}
	size_t next = 0;
	for (size_t i = 0; i < p->nin; i++) {
		size_t j;
		for (j = 0; j < i && strcmp(p->labels[j], p->labels[i]) != 0; j++)
			;
		p->colour[i] = j < i ? p->colour[j] : next++;
	}
}

static void plot_free(struct plot *p)
{
	for (size_t c = 0; c < p->ncharts; c++) {
		free(p->charts[c].groups);
		free(p->charts[c].series);
	}
	free(p->charts);
	free(p->labels);
	free(p->colour);
}

/* Every value drawn within what an axis can show; else -1 naming the
 * file and the figure, before anything is written. */
static int check_range(const struct plot *p, char *err, size_t errlen)
{
	for (size_t c = 0; c < p->ncharts; c++) {
		const struct chart *ch = &p->charts[c];
		for (size_t s = 0; s < ch->nseries; s++)
			for (size_t g = 0; g < ch->ngroups; g++) {
				double v;
				if (value_at(p, ch, ch->series[s], g, &v) != CELL_OK ||
				    v == 0 || (v >= VALUE_MIN && v <= VALUE_MAX))
					continue;
				utf8_printf(err, errlen,
					    "'%s': %s '%s': %g is outside the range a chart can show "
					    "(%g to %g)", p->in[ch->series[s]].path,
					    ch->kind == CHART_BARS ? ch->table : ch->module,
					    ch->groups[g], v, VALUE_MIN, VALUE_MAX);
				return -1;
			}
	}
	return 0;
}

int plot_render(FILE *f, const struct rfile *files, size_t nfiles, int log_scale, char *err,
		size_t errlen)
{
	struct plot p = { .f = f, .in = files, .nin = nfiles, .log_scale = log_scale };
	int rc = -1;

	utf8_printf(err, errlen, "out of memory");
	p.labels = calloc(nfiles ? nfiles : 1, sizeof *p.labels);
	p.colour = calloc(nfiles ? nfiles : 1, sizeof *p.colour);
	if (p.labels && p.colour && collect(&p) == 0 && check_range(&p, err, errlen) == 0) {
		name_series(&p);
		rc = plot_draw(&p);
		if (rc < 0 && interrupt_signal())
			utf8_printf(err, errlen, "interrupted");
	}
	plot_free(&p);
	return rc;
}
