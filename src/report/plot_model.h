/* Inside `osbench plot`: the charts worked out from the files (plot.c),
 * their axes (plot_axis.c) and their drawing (plot_draw.c).  Not for use
 * outside src/report; the entry point is plot.h. */
#ifndef OSBENCH_REPORT_PLOT_MODEL_H
#define OSBENCH_REPORT_PLOT_MODEL_H

#include <stddef.h>
#include <stdio.h>

#include "results/resultfile.h"

/* Page geometry, in px.  The width suits a README and a laptop screen;
 * everything inside is laid out against these. */
#define WIDTH 960.0
#define MARGIN_L 96.0   /* tick labels and the y axis title */
#define MARGIN_R 24.0
#define PLOT_W (WIDTH - MARGIN_L - MARGIN_R)
#define PLOT_H 240.0
#define TITLE_H 30.0    /* from a chart's top to its legend */
#define LEGEND_ROW 20.0
#define LEGEND_GAP 14.0 /* between the legend and the plot area */
#define BELOW_PLOT 58.0 /* group labels, two lines, or levels and an axis title */
#define CHART_GAP 26.0
#define TOP_PAD 8.0

#define LABEL_MAX 320      /* a legend label: host, maybe with the file name */
#define LEGEND_CHARS 48    /* host names are user data of any length */
#define LEGEND_MAX (LEGEND_CHARS + 22) /* with " (no concurrency one)" */
#define GROUP_FONT 12.0
#define TICK_FONT 11.0
#define VALUE_FONT 10.0
#define MAX_BAR_W 44.0
#define GRID "#dddddd"
#define AXIS "#333333"
#define MUTED "#666666"

/* What a chart can show.  Outside these no osbench figure can be (a
 * picosecond, a trillion operations a second), an axis would need
 * hundreds of decades or ticks closer than a double resolves, and
 * printed labels stop meaning anything: such a file is refused. */
#define VALUE_MIN 1e-6
#define VALUE_MAX 1e12
/* Bounds on every tick loop, whatever the arithmetic does. */
#define MAX_TICKS 64
#define MAX_DECADES 32

enum chart_kind { CHART_BARS, CHART_OPS, CHART_PCT };

/* One chart: its groups (a latency table's columns, or a sweep's levels)
 * and its series (the input files that have figures for it). */
struct chart {
	enum chart_kind kind;
	const char *table;  /* figures' table: a latency table, a module, SCALE_TABLE */
	const char *module; /* sweeps: the module swept */
	const char *mode;   /* sweeps: "threads" or "processes" */
	const char *unit;   /* UNIT_US, UNIT_OPS or UNIT_MBS */
	const char **groups;
	size_t ngroups;
	size_t *series;     /* indices of input files */
	size_t nseries;
};

struct plot {
	FILE *f;
	const struct rfile *in;
	size_t nin;
	int log_scale;
	char (*labels)[LABEL_MAX]; /* per input file */
	size_t *colour;            /* per input file: palette index */
	struct chart *charts;
	size_t ncharts;
};

/* A value axis mapped onto the plot area. */
struct axis {
	int log;
	double lo, hi;     /* linear: values; log: decades (powers of ten) */
	double step;       /* linear: between ticks */
	double div;        /* tick labels are value/div ... */
	const char *suffix; /* ... followed by this ("M", "%", "") */
	int si;            /* log tick labels pick their own SI suffix */
	double top, h;     /* the plot area, px */
};

/* What a chart has for one series at one group. */
enum cell { CELL_OK, CELL_FAIL, CELL_NA, CELL_NONE };

/* ---- plot_model.c: reading a chart's figures --------------------------- */

/* File's figure under a chart's group (a column, or a sweep's level), or NULL. */
const struct rfigure *plot_figure(const struct plot *p, const struct chart *c, size_t file,
				  const char *column);
/* A sweep chart's figure at concurrency one for that file, or NULL. */
const struct rfigure *level_one(const struct plot *p, const struct chart *c, size_t file);
/* What file has at group g of chart c; the value in *v when CELL_OK. */
enum cell value_at(const struct plot *p, const struct chart *c, size_t file, size_t g,
		   double *v);
/* The smallest positive and the largest value the chart draws. */
void value_range(const struct plot *p, const struct chart *c, double *min_pos, double *max);

/* ---- plot_axis.c: numbers and axes ------------------------------------ */

int higher_is_better(const struct chart *c);
/* A value as a bar or point label shows it. */
const char *value_text(const struct chart *c, double v, char *buf, size_t len);
/* Fit ax to the values, with headroom above the largest. */
void axis_fit(struct axis *ax, const struct chart *c, double min_pos, double max,
	      double headroom, int log_scale);
/* Where value v lies, in px from the page's top. */
double axis_y(const struct axis *ax, double v);
const char *tick_text(const struct axis *ax, double v, char *buf, size_t len);

/* ---- plot_draw.c: layout and drawing ---------------------------------- */

/* The whole SVG document; -1 when a signal arrived. */
int plot_draw(const struct plot *p);

#endif
