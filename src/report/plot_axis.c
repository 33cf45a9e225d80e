/* The numbers of a chart: its value axis (linear or log), tick steps and
 * labels, with SI suffixes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/plot_model.h"
#include "results/fmt.h"
#include "plan/schema.h"

/* ---- numbers ---------------------------------------------------------- */

int higher_is_better(const struct chart *c)
{
	return schema_higher_is_better(c->unit);
}

/* The SI prefix for v (ops/s run into the tens of millions). */
static double si_div(double v, const char **suffix)
{
	*suffix = v >= 1e9 ? "G" : v >= 1e6 ? "M" : v >= 1e3 ? "k" : "";
	return v >= 1e9 ? 1e9 : v >= 1e6 ? 1e6 : v >= 1e3 ? 1e3 : 1;
}

/* ops/s in three significant digits with an SI suffix: 18.1M */
static const char *fmt_si(double v, char *buf, size_t len)
{
	const char *suffix;
	double x = v / si_div(v, &suffix);

	snprintf(buf, len, "%.*f%s", x < 9.995 ? 2 : x < 99.95 ? 1 : 0, x, suffix);
	return buf;
}

const char *value_text(const struct chart *c, double v, char *buf, size_t len)
{
	if (c->kind == CHART_PCT)
		snprintf(buf, len, "%.0f%%", v);
	else if (higher_is_better(c))
		fmt_si(v, buf, len);
	else
		fmt_seed(v, buf, len); /* as the tables print it */
	return buf;
}

/* 1, 2 or 5 times a power of ten, at least raw */
static double nice_step(double raw)
{
	if (!(raw > 0) || !isfinite(raw))
		return 1;
	double e = pow(10, floor(log10(raw)));
	double f = raw / e;
	return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * e;
}

/* Fit the axis so the largest value leaves headroom px free above it
 * (for its value label). */
void axis_fit(struct axis *ax, const struct chart *c, double min_pos, double max,
		     double headroom, int log_scale)
{
	double keep = 1 - headroom / ax->h; /* share of the height for values */

	ax->log = log_scale;
	ax->div = 1;
	ax->suffix = c->kind == CHART_PCT ? "%" : "";
	ax->si = c->kind != CHART_PCT && higher_is_better(c);
	if (log_scale) {
		if (!(min_pos > 0)) {
			ax->lo = 0;
			ax->hi = 1;
			return;
		}
		/* a bar at exactly a power of ten would have no height */
		ax->lo = floor(log10(min_pos) - 0.1);
		/* up to 1, 2 or 5 times a power of ten: a whole empty decade
		   above the bars would squash them */
		ax->hi = log10(nice_step(pow(10, ax->lo + (log10(max) - ax->lo) / keep)));
		if (ax->hi < ax->lo + 1)
			ax->hi = ax->lo + 1;
		return;
	}
	double need = max > 0 ? max / keep : 1;
	ax->lo = 0;
	ax->step = nice_step(need / 5);
	ax->hi = ceil(need / ax->step - 1e-9) * ax->step;
	if (ax->si) /* every tick label with the same suffix: 0, 5M, 10M */
		ax->div = si_div(ax->hi, &ax->suffix);
}

double axis_y(const struct axis *ax, double v)
{
	double frac;

	if (ax->log)
		frac = v > 0 ? (log10(v) - ax->lo) / (ax->hi - ax->lo) : 0;
	else
		frac = (v - ax->lo) / (ax->hi - ax->lo);
	if (frac < 0)
		frac = 0;
	return ax->top + ax->h * (1 - frac);
}

const char *tick_text(const struct axis *ax, double v, char *buf, size_t len)
{
	if (ax->log) {
		/* 0.01, 0.1, 1, 10, 100k, 1M: as many decimals as the decade needs */
		const char *suffix = ax->suffix;
		double x = ax->si ? v / si_div(v, &suffix) : v;
		int decimals = x < 1 ? (int)ceil(-log10(x) - 1e-9) : 0;
		snprintf(buf, len, "%.*f%s", decimals, x, suffix);
		return buf;
	}
	double x = v / ax->div, step = ax->step / ax->div;
	int decimals = step < 1 ? (int)ceil(-log10(step) - 1e-9) : 0;
	if (fabs(x) < step * 1e-6) /* "0", not "0M" or "-0.0" from rounding */
		snprintf(buf, len, "0%s", strcmp(ax->suffix, "%") == 0 ? "%" : "");
	else
		snprintf(buf, len, "%.*f%s", decimals, x, ax->suffix);
	return buf;
}
