/* Laying out and drawing the charts: titles, legends, axes, bars for the
 * latency tables, lines for the sweeps. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/figure.h"
#include "report/plot_model.h"
#include "report/svg.h"
#include "results/fmt.h"
#include "plan/schema.h"
#include "sys/interrupt.h"
#include "sys/utf8.h"

/* ---- drawing ---------------------------------------------------------- */

static const char *series_colour(const struct plot *p, size_t file)
{
	return svg_colour(p->colour[file]);
}

/* A sweep's mode; a file that does not say was made with threads, the
 * default of `osbench scale`. */
static const char *mode_name(const struct chart *c)
{
	return c->mode[0] ? c->mode : "threads";
}

static void chart_title(const struct chart *c, char *buf, size_t len)
{
	char full[256];
	const char *cut;

	if (c->kind == CHART_OPS)
		snprintf(buf, len, "scale %s: %s - throughput against concurrency", c->module,
			 mode_name(c));
	else if (c->kind == CHART_PCT)
		snprintf(buf, len, "scale %s: %s - scaling against concurrency one (=100%%)",
			 c->module, mode_name(c));
	else if (!figure_table_title(c->table, UNIT_US, full, sizeof full))
		snprintf(buf, len, "%s", c->table);
	else if ((cut = strstr(full, " - "))) /* without the unit the axis shows */
		snprintf(buf, len, "%.*s", (int)(cut - full), full);
	else
		snprintf(buf, len, "%s", full);
}

static const char *y_unit(const struct chart *c)
{
	if (c->kind == CHART_PCT)
		return "% of concurrency one";
	if (strcmp(c->unit, UNIT_MBS) == 0)
		return "megabytes per second";
	if (higher_is_better(c))
		return "operations per second";
	return "microseconds";
}

static void y_title(const struct chart *c, char *buf, size_t len)
{
	snprintf(buf, len, "%s (%s is better)", y_unit(c),
		 higher_is_better(c) || c->kind == CHART_PCT ? "higher" : "lower");
}

/* A log axis' second title line: where the bars start, the decade below
 * the smallest value drawn, so that a bar's length counts its decades. */
static void y_log_note(const struct chart *c, const struct axis *ax, char *buf, size_t len)
{
	char from[48];

	if (c->kind == CHART_BARS)
		snprintf(buf, len, "log scale, bars from %s",
			 tick_text(ax, pow(10, ax->lo), from, sizeof from));
	else
		snprintf(buf, len, "log scale");
}

/* Whether a figure carries its 95 % interval (a table cell, transcribed
 * or written, does not). */
static int has_interval(const struct rfigure *g)
{
	return g && g->status == ST_OK && g->ci_hi > 0 && g->ci_lo > 0 && g->ci_lo <= g->ci_hi;
}

/* What a bar chart's bars need explained: some with an interval, some
 * without one. */
static void bar_kinds(const struct plot *p, const struct chart *c, int *with, int *without)
{
	*with = *without = 0;
	if (c->kind != CHART_BARS)
		return;
	for (size_t s = 0; s < c->nseries; s++)
		for (size_t g = 0; g < c->ngroups; g++) {
			const struct rfigure *fig = plot_figure(p, c, c->series[s], c->groups[g]);
			if (!fig || fig->status != ST_OK)
				continue;
			*with |= has_interval(fig);
			*without |= !has_interval(fig);
		}
}

/* The legend entry's text; a scaling chart says when a series has no
 * level-one figure to divide by. */
static void legend_text(const struct plot *p, const struct chart *c, size_t file, char *buf,
			size_t len)
{
	/* a multibyte character cut here shows as U+FFFD: the escaping sees to it */
	if (c->kind == CHART_PCT && !level_one(p, c, file))
		snprintf(buf, len, "%.*s (no concurrency one)", LEGEND_CHARS, p->labels[file]);
	else
		snprintf(buf, len, "%s", p->labels[file]);
}

/* The keys of the legend's explanations, after the series. */
enum key { KEY_SERIES, KEY_HUNDRED, KEY_INTERVAL, KEY_HATCH };

static void draw_error_bar(FILE *f, double cx, double half, double y_lo, double y_hi)
{
	svg_group_begin(f, "error-bar", NULL, 0);
	svg_line(f, cx, y_lo, cx, y_hi, AXIS, 1.2, NULL);
	svg_line(f, cx - half, y_lo, cx + half, y_lo, AXIS, 1.2, NULL);
	svg_line(f, cx - half, y_hi, cx + half, y_hi, AXIS, 1.2, NULL);
	svg_group_end(f);
}

/* A legend entry's key: a bar's swatch, a line through a point, (no
 * colour) the dashed 100% line, an error bar or a hatched swatch. */
static void legend_key(FILE *f, const struct chart *c, double x, double y, const char *col,
		       enum key k)
{
	if (k == KEY_INTERVAL) {
		draw_error_bar(f, x + 6, 4, y + 2, y - 10);
	} else if (k == KEY_HATCH) {
		svg_rect_outlined(f, x, y - 10, 12, 12, "url(#hatch-key)", MUTED, "legend-key");
	} else if (!col) {
		svg_line(f, x - 2, y - 4, x + 14, y - 4, MUTED, 1.5, "4 3");
	} else if (c->kind == CHART_BARS) {
		svg_rect(f, x, y - 10, 12, 12, col, "legend-key");
	} else {
		svg_line(f, x - 2, y - 4, x + 14, y - 4, col, 2, NULL);
		svg_circle(f, x + 6, y - 4, 3.5, col, NULL);
	}
}

/* Lay the legend out in rows across the plot's width; draws it when f is
 * given.  Returns the number of rows. */
static size_t legend(const struct plot *p, const struct chart *c, FILE *f, double y)
{
	double x = MARGIN_L;
	size_t rows = 1;
	char text[LABEL_MAX + 64];
	int with, without;
	enum key extra[2];
	size_t nextra = 0;

	/* a scaling chart explains its dashed line here, where no point of a
	   series can cover the words; a bar chart its marks */
	bar_kinds(p, c, &with, &without);
	if (c->kind == CHART_PCT)
		extra[nextra++] = KEY_HUNDRED;
	if (with)
		extra[nextra++] = KEY_INTERVAL;
	if (without)
		extra[nextra++] = KEY_HATCH;
	for (size_t s = 0; s < c->nseries + nextra; s++) {
		const char *col = NULL;
		enum key k = s < c->nseries ? KEY_SERIES : extra[s - c->nseries];
		if (k == KEY_SERIES) {
			legend_text(p, c, c->series[s], text, sizeof text);
			col = series_colour(p, c->series[s]);
		} else if (k == KEY_HUNDRED) {
			utf8_printf(text, sizeof text, "100%% = concurrency one");
		} else if (k == KEY_INTERVAL) {
			utf8_printf(text, sizeof text, "95%% interval of the median");
		} else {
			utf8_printf(text, sizeof text, "hatched: no interval in the file (a table)");
		}
		size_t chars = svg_text_chars(text);
		/* a cut label shows LEGEND_MAX characters and an ellipsis */
		double w = 20 + svg_text_width(chars > LEGEND_MAX ? LEGEND_MAX + 1 : chars, GROUP_FONT);
		if (x > MARGIN_L && x + w > WIDTH - MARGIN_R) {
			x = MARGIN_L;
			rows++;
		}
		if (f) {
			double ry = y + (double)(rows - 1) * LEGEND_ROW;
			legend_key(f, c, x, ry, col, k);
			svg_text(f, x + 20, ry, &(struct svg_font){ .size = GROUP_FONT, .cls = "legend" },
				 text, LEGEND_MAX);
		}
		x += w + 22;
	}
	return rows;
}

static double chart_height(const struct plot *p, const struct chart *c)
{
	return TITLE_H + (double)legend(p, c, NULL, 0) * LEGEND_ROW + LEGEND_GAP + PLOT_H +
	       BELOW_PLOT + CHART_GAP;
}

/* A grid line across the plot, with its value at the axis when labelled. */
static void grid_tick(FILE *f, const struct axis *ax, double v, int labelled)
{
	const struct svg_font font = { .size = TICK_FONT, .anchor = SVG_END, .fill = AXIS };
	double y = axis_y(ax, v);
	char buf[48];

	svg_line(f, MARGIN_L, y, WIDTH - MARGIN_R, y, GRID, 1, NULL);
	if (labelled)
		svg_text(f, MARGIN_L - 6, y + 4, &font, tick_text(ax, v, buf, sizeof buf), 0);
}

/* Decades labelled, 2..9 times each as short ticks (2 and 5 labelled too
 * when there are few decades to read by); the top (1, 2 or 5 times a
 * decade) labelled only where it clears the decade below. */
static void log_ticks(FILE *f, const struct axis *ax)
{
	double top = pow(10, ax->hi), last = ax->lo;
	int few = ax->hi - ax->lo <= 2 + 1e-9;

	for (int i = 0; i <= MAX_DECADES && ax->lo + i <= ax->hi + 1e-9; i++) {
		double k = ax->lo + i, v = pow(10, k);
		grid_tick(f, ax, v, 1);
		last = k;
		for (int m = 2; m <= 9 && m * v < top * (1 - 1e-9); m++) {
			double y = axis_y(ax, m * v);
			if (few && (m == 2 || m == 5))
				grid_tick(f, ax, m * v, 1);
			else
				svg_line(f, MARGIN_L - 4, y, MARGIN_L, y, AXIS, 1, NULL);
		}
	}
	if (ax->hi - last > 1e-6)
		grid_tick(f, ax, top, axis_y(ax, pow(10, last)) - axis_y(ax, top) >= 2 * TICK_FONT);
}

static void draw_y_axis(FILE *f, const struct axis *ax, const struct chart *c)
{
	double bottom = ax->top + ax->h;
	char title[160];

	if (ax->log)
		log_ticks(f, ax);
	else
		for (int i = 0; i <= MAX_TICKS && ax->lo + i * ax->step <= ax->hi + ax->step * 1e-6; i++)
			grid_tick(f, ax, ax->lo + i * ax->step, 1);
	svg_line(f, MARGIN_L, ax->top, MARGIN_L, bottom, AXIS, 1, NULL);
	svg_line(f, MARGIN_L, bottom, WIDTH - MARGIN_R, bottom, AXIS, 1, NULL);
	y_title(c, title, sizeof title);
	svg_text(f, 22, ax->top + ax->h / 2,
		 &(struct svg_font){ .size = GROUP_FONT, .anchor = SVG_MIDDLE, .rotate = -90,
				     .cls = "axis-title" },
		 title, 0);
	if (ax->log) {
		y_log_note(c, ax, title, sizeof title);
		svg_text(f, 38, ax->top + ax->h / 2,
			 &(struct svg_font){ .size = TICK_FONT, .anchor = SVG_MIDDLE, .rotate = -90,
					     .cls = "axis-title" },
			 title, 0);
	}
}

/* A label centred under a group, on two lines when it is too wide
 * ("open clos", "16p/64K ctxsw"), cut when even a line is. */
static void group_label(FILE *f, double cx, double y, double room, const char *text)
{
	const struct svg_font font = { .size = GROUP_FONT, .anchor = SVG_MIDDLE, .cls = "group" };
	size_t fit = (size_t)(room / svg_text_width(1, GROUP_FONT));
	long len = (long)strlen(text);
	const char *best = NULL;
	char first[sizeof ((struct rfigure *)0)->column];

	if (fit < 3)
		fit = 3;
	for (const char *s = strchr(text, ' '); s; s = strchr(s + 1, ' '))
		if (!best || labs(2 * (s - text) - len) < labs(2 * (best - text) - len))
			best = s;
	if (svg_text_width(svg_text_chars(text), GROUP_FONT) <= room || !best) {
		svg_text(f, cx, y, &font, text, fit);
		return;
	}
	snprintf(first, sizeof first, "%.*s", (int)(best - text), text);
	svg_text(f, cx, y, &font, first, fit);
	svg_text(f, cx, y + GROUP_FONT + 2, &font, best + 1, fit);
}

struct bars {
	double gw, bw, font;
};

static void bar_geometry(const struct chart *c, struct bars *b)
{
	b->gw = PLOT_W / (double)c->ngroups;
	b->bw = b->gw * 0.78 / (double)c->nseries;
	if (b->bw > MAX_BAR_W)
		b->bw = MAX_BAR_W;
	/* labels side by side must not run into each other */
	b->font = b->bw * 0.9 < VALUE_FONT ? fmax(7, b->bw * 0.9) : VALUE_FONT;
}

static double bar_x(const struct bars *b, const struct chart *c, size_t g, size_t s)
{
	return MARGIN_L + (double)g * b->gw + (b->gw - b->bw * (double)c->nseries) / 2 +
	       (double)s * b->bw;
}

/* Value labels stand on their bar, turned upright when the bar is too
 * narrow for them. */
static int label_upright(const struct bars *b, const char *text)
{
	return svg_text_width(strlen(text), b->font) + 2 > b->bw;
}

/* px needed above the tallest bar for its label */
static double bars_headroom(const struct plot *p, const struct chart *c, const struct bars *b)
{
	double room = b->font + 6, v;
	char buf[32];

	for (size_t s = 0; s < c->nseries; s++)
		for (size_t g = 0; g < c->ngroups; g++) {
			if (value_at(p, c, c->series[s], g, &v) != CELL_OK)
				continue;
			value_text(c, v, buf, sizeof buf);
			if (label_upright(b, buf))
				room = fmax(room, svg_text_width(strlen(buf), b->font) + 8);
		}
	return room;
}

static void draw_cross(FILE *f, double x, double y, const char *col)
{
	svg_line(f, x - 4, y - 4, x + 4, y + 4, col, 2, NULL);
	svg_line(f, x - 4, y + 4, x + 4, y - 4, col, 2, NULL);
}

static const char *gap_text(enum cell cell)
{
	return cell == CELL_FAIL ? "fail" : cell == CELL_NA ? "n/a" : "none";
}

/* One bar, or a marked gap where the figure failed or is missing. */
static void draw_bar(const struct plot *p, const struct chart *c, const struct axis *ax,
		     const struct bars *b, size_t s, size_t g)
{
	FILE *f = p->f;
	size_t file = c->series[s];
	const char *col = series_colour(p, file);
	double x = bar_x(b, c, g, s), cx = x + b->bw / 2, bottom = ax->top + ax->h, v = 0;
	enum cell cell = value_at(p, c, file, g, &v);
	char buf[32];
	struct svg_font font = { .size = b->font, .fill = AXIS, .cls = "value" };

	if (cell != CELL_OK) {
		/* a cross on the baseline and what happened, upright above it,
		   in the series' colour */
		font = (struct svg_font){ .size = b->font, .rotate = -90, .fill = col, .cls = "gap" };
		draw_cross(f, cx, bottom - 7, col);
		svg_text(f, cx + b->font * 0.35, bottom - 16, &font, gap_text(cell), 0);
		return;
	}
	double top = axis_y(ax, v);
	const struct rfigure *fig = plot_figure(p, c, file, c->groups[g]);
	if (has_interval(fig)) {
		svg_rect(f, x + 0.5, top, b->bw - 1, bottom - top, col, "bar");
		draw_error_bar(f, cx, fmin(b->bw / 4, 5), axis_y(ax, fig->ci_lo),
			       axis_y(ax, fig->ci_hi));
		top = fmin(top, axis_y(ax, fig->ci_hi)); /* the label above it */
	} else {
		char fill[32];
		snprintf(fill, sizeof fill, "url(#hatch-%zu)", p->colour[file]);
		svg_rect_outlined(f, x + 1, top, b->bw - 2, bottom - top, fill, col,
				  "bar no-interval");
	}
	value_text(c, v, buf, sizeof buf);
	if (label_upright(b, buf)) {
		font.rotate = -90;
		svg_text(f, cx + b->font * 0.35, top - 4, &font, buf, 0);
	} else {
		font.anchor = SVG_MIDDLE;
		svg_text(f, cx, top - 4, &font, buf, 0);
	}
}

static void series_begin(const struct plot *p, size_t file)
{
	char index[24];
	const struct svg_data data[] = { { "file", index }, { "host", p->in[file].host } };

	snprintf(index, sizeof index, "%zu", file);
	svg_group_begin(p->f, "series", data, 2);
}

static void draw_bars(const struct plot *p, const struct chart *c, struct axis *ax)
{
	struct bars b;
	double min_pos, max;

	bar_geometry(c, &b);
	value_range(p, c, &min_pos, &max);
	axis_fit(ax, c, min_pos, max, bars_headroom(p, c, &b), p->log_scale);
	draw_y_axis(p->f, ax, c);
	for (size_t s = 0; s < c->nseries; s++) {
		series_begin(p, c->series[s]);
		for (size_t g = 0; g < c->ngroups; g++)
			draw_bar(p, c, ax, &b, s, g);
		svg_group_end(p->f);
	}
	for (size_t g = 0; g < c->ngroups; g++)
		group_label(p->f, MARGIN_L + ((double)g + 0.5) * b.gw, ax->top + ax->h + 18,
			    b.gw - 6, c->groups[g]);
}

static double level_x(const struct chart *c, size_t g)
{
	return MARGIN_L + ((double)g + 0.5) * PLOT_W / (double)c->ngroups;
}

/* A failed level: a cross near the baseline, stacked per series so
 * several failing hosts stay readable, and what happened. */
static void draw_fail_mark(const struct plot *p, const struct axis *ax, double x, size_t s,
			   const char *col, enum cell cell)
{
	double y = ax->top + ax->h - 10 - (double)s * 14;

	draw_cross(p->f, x, y, col);
	svg_text(p->f, x + 7, y + 4,
		 &(struct svg_font){ .size = VALUE_FONT, .fill = col, .cls = "gap" },
		 gap_text(cell), 0);
}

static void point_tip(const struct plot *p, const struct chart *c, size_t file, size_t g,
		      double v, char *buf, size_t len)
{
	char num[32];

	if (c->kind == CHART_PCT)
		snprintf(num, sizeof num, "%.0f%%", v);
	else
		snprintf(num, sizeof num, "%.0f ops/s", v);
	snprintf(buf, len, "%s, %s %s: %s", p->labels[file], c->groups[g],
		 mode_name(c), num);
}

/* One series of a sweep: lines between measured levels, broken where a
 * level failed; levels a file did not sweep are simply not there. */
static void draw_line_series(const struct plot *p, const struct chart *c,
			     const struct axis *ax, size_t s, double *xs, double *ys)
{
	size_t file = c->series[s], run = 0; /* points in the current stretch */
	const char *col = series_colour(p, file);
	char tip[LABEL_MAX + 96];
	double v;

	series_begin(p, file);
	/* one step past the last level ends the last stretch like a failure */
	for (size_t g = 0; g <= c->ngroups; g++) {
		enum cell cell = g < c->ngroups ? value_at(p, c, file, g, &v) : CELL_FAIL;
		if (cell == CELL_OK) {
			xs[run] = level_x(c, g);
			ys[run++] = axis_y(ax, v);
			continue;
		}
		if (cell == CELL_NONE)
			continue;
		if (run > 1)
			svg_polyline(p->f, xs, ys, run, col, 2);
		run = 0;
		if (g < c->ngroups)
			draw_fail_mark(p, ax, level_x(c, g), s, col, cell);
	}
	for (size_t g = 0; g < c->ngroups; g++)
		if (value_at(p, c, file, g, &v) == CELL_OK) {
			point_tip(p, c, file, g, v, tip, sizeof tip);
			svg_circle(p->f, level_x(c, g), axis_y(ax, v), 4, col, tip);
		}
	svg_group_end(p->f);
}

/* The levels under a sweep's chart; with many levels (a sweep may go to
 * 64) only every so many, so the numbers never run into each other. */
static void level_axis(FILE *f, const struct chart *c, const struct axis *ax)
{
	const struct svg_font font = { .size = GROUP_FONT, .anchor = SVG_MIDDLE, .cls = "group" };
	double spacing = PLOT_W / (double)c->ngroups, widest = 0;
	char title[64];

	for (size_t g = 0; g < c->ngroups; g++)
		widest = fmax(widest, svg_text_width(svg_text_chars(c->groups[g]), GROUP_FONT));
	size_t every = (size_t)ceil((widest + 6) / spacing);
	for (size_t g = 0; g < c->ngroups; g++)
		if (g % every == 0)
			svg_text(f, level_x(c, g), ax->top + ax->h + 18, &font, c->groups[g], 8);
	utf8_printf(title, sizeof title, "concurrency (%s)", mode_name(c));
	svg_text(f, MARGIN_L + PLOT_W / 2, ax->top + ax->h + 40,
		 &(struct svg_font){ .size = GROUP_FONT, .anchor = SVG_MIDDLE, .cls = "axis-title" },
		 title, 0);
}

static int draw_lines(const struct plot *p, const struct chart *c, struct axis *ax)
{
	double min_pos, max;
	double *xs = malloc(c->ngroups * sizeof *xs), *ys = malloc(c->ngroups * sizeof *ys);

	if (!xs || !ys) {
		free(xs);
		free(ys);
		return -1;
	}
	value_range(p, c, &min_pos, &max);
	if (c->kind == CHART_PCT && max < 100)
		max = 100; /* the 100% line is always in view */
	axis_fit(ax, c, min_pos, max, 12, p->log_scale && c->kind == CHART_OPS);
	draw_y_axis(p->f, ax, c);
	if (c->kind == CHART_PCT) /* explained in the legend */
		svg_line(p->f, MARGIN_L, axis_y(ax, 100), WIDTH - MARGIN_R, axis_y(ax, 100), MUTED,
			 1.5, "4 3");
	for (size_t s = 0; s < c->nseries; s++)
		draw_line_series(p, c, ax, s, xs, ys);
	level_axis(p->f, c, ax);
	free(xs);
	free(ys);
	return 0;
}

static const char *kind_name(enum chart_kind k)
{
	return k == CHART_BARS ? "latency" : k == CHART_OPS ? "throughput" : "scaling";
}

/* One chart with its top at y; returns -1 when memory runs out. */
static int draw_chart(const struct plot *p, const struct chart *c, double y)
{
	char title[256];
	const struct svg_data data[] = { { "table", c->kind == CHART_BARS ? c->table : c->module },
					 { "kind", kind_name(c->kind) } };
	size_t rows;
	struct axis ax;
	int rc = 0;

	svg_group_begin(p->f, "chart", data, 2);
	chart_title(c, title, sizeof title);
	svg_text(p->f, MARGIN_L, y + 20,
		 &(struct svg_font){ .size = 16, .bold = 1, .cls = "title" }, title, 0);
	rows = legend(p, c, p->f, y + TITLE_H + 12);
	ax = (struct axis){ .top = y + TITLE_H + (double)rows * LEGEND_ROW + LEGEND_GAP,
			    .h = PLOT_H };
	if (c->kind == CHART_BARS)
		draw_bars(p, c, &ax);
	else
		rc = draw_lines(p, c, &ax);
	svg_group_end(p->f);
	return rc;
}

int plot_draw(const struct plot *p)
{
	double height = TOP_PAD, y = TOP_PAD;

	for (size_t c = 0; c < p->ncharts; c++)
		height += chart_height(p, &p->charts[c]);
	if (p->ncharts == 0)
		height += 60;
	svg_begin(p->f, WIDTH, height, "osbench results");
	/* a hatch in every series colour, for bars without an interval */
	char id[32];
	for (size_t i = 0; i < p->nin; i++) {
		size_t k;
		for (k = 0; k < i && p->colour[k] != p->colour[i]; k++)
			;
		if (k < i)
			continue;
		snprintf(id, sizeof id, "hatch-%zu", p->colour[i]);
		svg_hatch(p->f, id, series_colour(p, i));
	}
	svg_hatch(p->f, "hatch-key", MUTED);
	if (p->ncharts == 0)
		svg_text(p->f, MARGIN_L, y + 30, &(struct svg_font){ .size = 14 },
			 "no figures in the input files", 0);
	for (size_t c = 0; c < p->ncharts; c++) {
		/* a signal ends the document early; the caller drops it */
		if (interrupt_signal() || draw_chart(p, &p->charts[c], y) < 0)
			return -1;
		y += chart_height(p, &p->charts[c]);
	}
	svg_end(p->f);
	return 0;
}
