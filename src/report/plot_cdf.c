/* `osbench plot --cdf`: the distribution of single operations of every
 * figure that has one (long and json files), as one chart per figure: a
 * log-scaled time axis, the share of operations at most that long from 0
 * to 100 %, and one line per input file, coloured by host.  A stall sits
 * far right on the flat top of its line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/figtext.h"
#include "report/plot.h"
#include "report/plot_model.h"
#include "report/svg.h"
#include "sys/interrupt.h"
#include "sys/utf8.h"

#define CDF_H 220.0
#define CDF_CHART (TITLE_H + LEGEND_ROW + LEGEND_GAP + CDF_H + BELOW_PLOT + CHART_GAP)
/* The smallest time drawn: below it the clock says nothing. */
#define CDF_FLOOR_US 1e-3

/* One chart: a figure's (table, column) and the files that have its tail. */
struct cdf_chart {
	const char *table, *column;
};

static int has_tail(const struct rfile *f, const char *table, const char *column)
{
	const struct rfigure *g = rfile_find(f, table, column);

	return g && g->status == ST_OK && g->tail.have && g->tail.ncdf >= 2;
}

static int listed(const struct cdf_chart *c, size_t n, const struct rfigure *g)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(c[i].table, g->table) == 0 && strcmp(c[i].column, g->column) == 0)
			return 1;
	return 0;
}

/* Every figure with a tail, in the order the files hold them. */
static size_t cdf_charts(const struct rfile *files, size_t nfiles, struct cdf_chart *out)
{
	size_t n = 0;

	for (size_t i = 0; i < nfiles; i++)
		for (size_t k = 0; k < files[i].nfigs; k++) {
			const struct rfigure *g = &files[i].figs[k];
			if (has_tail(&files[i], g->table, g->column) && !listed(out, n, g))
				out[n++] = (struct cdf_chart){ .table = g->table, .column = g->column };
		}
	return n;
}

static int same_source(const struct rfile *a, const struct rfile *b)
{
	return strcmp(a->host, b->host) == 0 && strcmp(a->path, b->path) == 0;
}

/* A file keeps one colour: that of the first naming its host and path;
 * two files of one host (two placements, two allocators) get two, or
 * their lines could not be told apart. */
static size_t host_colour(const struct rfile *files, size_t file)
{
	size_t sources = 0;

	for (size_t i = 0; i < file; i++) {
		int seen = 0;
		for (size_t j = 0; j < i && !seen; j++)
			seen = same_source(&files[j], &files[i]);
		if (same_source(&files[i], &files[file]))
			return sources;
		sources += !seen;
	}
	return sources;
}

/* The decades the chart spans: from the fastest op to the slowest. */
static void time_range(const struct rfile *files, size_t nfiles, const struct cdf_chart *c,
		       double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = 0;
	for (size_t i = 0; i < nfiles; i++) {
		if (!has_tail(&files[i], c->table, c->column))
			continue;
		const struct rfigure *g = rfile_find(&files[i], c->table, c->column);
		const double *cdf = rfile_cdf(&files[i], g);
		double first = cdf[0] > CDF_FLOOR_US ? cdf[0] : CDF_FLOOR_US;
		*lo = fmin(*lo, first);
		*hi = fmax(*hi, fmax(cdf[g->tail.ncdf - 1], first));
	}
	*lo = floor(log10(*lo));
	*hi = ceil(log10(*hi));
	if (*hi <= *lo)
		*hi = *lo + 1;
}

static double x_of(double us, double lo, double hi)
{
	double d = log10(us > CDF_FLOOR_US ? us : CDF_FLOOR_US);

	return MARGIN_L + (d - lo) / (hi - lo) * PLOT_W;
}

static const char *decade_text(double d, char *buf, size_t len)
{
	double us = pow(10, d);

	if (us >= 1e6)
		snprintf(buf, len, "%g s", us / 1e6);
	else if (us >= 1e3)
		snprintf(buf, len, "%g ms", us / 1e3);
	else
		snprintf(buf, len, "%g us", us);
	return buf;
}

static void cdf_axes(FILE *f, double top, double lo, double hi)
{
	struct svg_font tick = { .size = TICK_FONT, .anchor = SVG_MIDDLE, .fill = AXIS };
	struct svg_font ytick = { .size = TICK_FONT, .anchor = SVG_END, .fill = AXIS };
	double bottom = top + CDF_H;
	char buf[32];

	for (int p = 0; p <= 100; p += 25) {
		double y = bottom - p / 100.0 * CDF_H;
		svg_line(f, MARGIN_L, y, MARGIN_L + PLOT_W, y, GRID, 1, NULL);
		snprintf(buf, sizeof buf, "%d%%", p);
		svg_text(f, MARGIN_L - 6, y + 4, &ytick, buf, 0);
	}
	for (double d = lo; d <= hi && d - lo <= MAX_DECADES; d++) {
		double x = x_of(pow(10, d), lo, hi);
		svg_line(f, x, top, x, bottom, GRID, 1, NULL);
		svg_text(f, x, bottom + 16, &tick, decade_text(d, buf, sizeof buf), 0);
	}
	svg_line(f, MARGIN_L, bottom, MARGIN_L + PLOT_W, bottom, AXIS, 1, NULL);
	svg_line(f, MARGIN_L, top, MARGIN_L, bottom, AXIS, 1, NULL);
	svg_text(f, MARGIN_L + PLOT_W / 2, bottom + 36,
		 &(struct svg_font){ .size = GROUP_FONT, .anchor = SVG_MIDDLE, .fill = MUTED },
		 "time of one operation (log scale)", 0);
	svg_text(f, MARGIN_L - 52, top + CDF_H / 2,
		 &(struct svg_font){ .size = GROUP_FONT, .anchor = SVG_MIDDLE, .fill = MUTED,
				     .rotate = -90 },
		 "operations at most this long", 0);
}

/* Where the figure's processes ran: its own word, else the run's. */
static const char *placement_of(const struct rfile *f, const struct rfigure *g)
{
	return g->placement[0] ? g->placement : f->placement[0] ? f->placement : "not said";
}

/* "alpha, placement spread: p50 1.2 us (table 2.0 us), p99 3.4 us, ...":
 * the table's figure beside the p50, since the two are taken apart and
 * need not agree. */
static void legend_label(const struct rfile *f, const struct rfigure *g, char *buf, size_t len)
{
	char cell[64];

	snprintf(buf, len,
		 "%.*s, placement %s: p50 %.3g us (table %s us), p99 %.3g us, max %.3g us, "
		 "%d stall%s%s",
		 LEGEND_CHARS, f->host, placement_of(f, g), g->tail.p50,
		 figure_text(g, cell, sizeof cell), g->tail.p99, g->tail.max, g->tail.stalls,
		 g->tail.stalls == 1 ? "" : "s", g->tail.batch > 1 ? " (batches)" : "");
}

/* Under the title: why the p50 and the table's figure differ. */
static void cdf_note(FILE *f, double y)
{
	svg_text(f, MARGIN_L, y,
		 &(struct svg_font){ .size = TICK_FONT, .fill = MUTED, .cls = "note" },
		 "p50: single operations timed one by one; table: the median of samples that "
		 "each time a long run of operations, less what the column subtracts",
		 0);
}

static int cdf_series(FILE *f, const struct rfile *file, size_t i, const struct rfile *files,
		      const struct cdf_chart *c, double top, double lo, double hi, double *ly)
{
	const struct rfigure *g = rfile_find(file, c->table, c->column);
	const double *cdf = rfile_cdf(file, g);
	size_t n = g->tail.ncdf;
	double *xs = malloc(n * sizeof *xs), *ys = malloc(n * sizeof *ys);
	const char *col = svg_colour(host_colour(files, i));
	char label[LABEL_MAX];
	struct svg_data data[] = { { "file", file->path }, { "host", file->host } };

	if (!xs || !ys) {
		free(xs);
		free(ys);
		return -1;
	}
	for (size_t k = 0; k < n; k++) {
		xs[k] = x_of(cdf[k], lo, hi);
		ys[k] = top + CDF_H - (double)k / (double)(n - 1) * CDF_H;
	}
	svg_group_begin(f, "series", data, 2);
	svg_polyline(f, xs, ys, n, col, 2);
	legend_label(file, g, label, sizeof label);
	svg_rect(f, MARGIN_L, *ly - 9, 12, 12, col, NULL);
	svg_text(f, MARGIN_L + 18, *ly + 2,
		 &(struct svg_font){ .size = GROUP_FONT, .fill = AXIS }, label, 0);
	svg_group_end(f);
	*ly += LEGEND_ROW;
	free(xs);
	free(ys);
	return 0;
}

static size_t series_in(const struct rfile *files, size_t nfiles, const struct cdf_chart *c)
{
	size_t n = 0;

	for (size_t i = 0; i < nfiles; i++)
		n += (size_t)has_tail(&files[i], c->table, c->column);
	return n;
}

static double chart_h(const struct rfile *files, size_t nfiles, const struct cdf_chart *c)
{
	return CDF_CHART + LEGEND_ROW * (double)(series_in(files, nfiles, c) - 1);
}

static int cdf_chart(FILE *f, const struct rfile *files, size_t nfiles,
		     const struct cdf_chart *c, double y)
{
	struct svg_data data[] = { { "table", c->table }, { "column", c->column } };
	char title[200];
	double lo, hi, ly = y + TITLE_H + LEGEND_ROW, top;

	time_range(files, nfiles, c, &lo, &hi);
	top = ly + LEGEND_ROW * (double)(series_in(files, nfiles, c) - 1) + LEGEND_GAP;
	utf8_printf(title, sizeof title, "%s: %s - the time of single operations", c->table,
		    c->column);
	svg_group_begin(f, "chart cdf", data, 2);
	svg_text(f, MARGIN_L, y + 20, &(struct svg_font){ .size = 15, .bold = 1 }, title, 0);
	cdf_note(f, y + 36);
	cdf_axes(f, top, lo, hi);
	for (size_t i = 0; i < nfiles; i++)
		if (has_tail(&files[i], c->table, c->column) &&
		    cdf_series(f, &files[i], i, files, c, top, lo, hi, &ly) < 0)
			return -1;
	svg_group_end(f);
	return 0;
}

int plot_render_cdf(FILE *f, const struct rfile *files, size_t nfiles, char *err, size_t errlen)
{
	size_t total = 1, n;
	struct cdf_chart *charts;
	double height = TOP_PAD, y = TOP_PAD;

	for (size_t i = 0; i < nfiles; i++)
		total += files[i].nfigs;
	if (!(charts = calloc(total, sizeof *charts))) {
		utf8_printf(err, errlen, "out of memory");
		return -1;
	}
	n = cdf_charts(files, nfiles, charts);
	for (size_t c = 0; c < n; c++)
		height += chart_h(files, nfiles, &charts[c]);
	if (n == 0)
		height += 60;
	svg_begin(f, WIDTH, height, "osbench: the time of single operations");
	if (n == 0)
		svg_text(f, MARGIN_L, y + 30, &(struct svg_font){ .size = 14 },
			 "no latency distributions in the input files (run -f long or json)", 0);
	for (size_t c = 0; c < n; c++) {
		if (interrupt_signal() || cdf_chart(f, files, nfiles, &charts[c], y) < 0) {
			utf8_printf(err, errlen, interrupt_signal() ? "interrupted" : "out of memory");
			free(charts);
			return -1;
		}
		y += chart_h(files, nfiles, &charts[c]);
	}
	svg_end(f);
	free(charts);
	return 0;
}
