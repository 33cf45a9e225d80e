/* The charts of `osbench plot`, drawn from in-memory result files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/plot.h"
#include "unit.h"

static void set_fig(struct rfigure *g, const char *table, const char *column, const char *module,
		    enum status st, double v)
{
	memset(g, 0, sizeof *g);
	snprintf(g->table, sizeof g->table, "%s", table);
	snprintf(g->column, sizeof g->column, "%s", column);
	snprintf(g->module, sizeof g->module, "%s", module);
	snprintf(g->unit, sizeof g->unit, "%s", strcmp(table, "scale") == 0 ? "ops/s" : "us");
	g->status = st;
	g->value = v;
}

static void set_file(struct rfile *f, const char *path, const char *host, const char *mode,
		     struct rfigure *figs, size_t n)
{
	memset(f, 0, sizeof *f);
	snprintf(f->path, sizeof f->path, "%s", path);
	snprintf(f->host, sizeof f->host, "%s", host);
	snprintf(f->scale_mode, sizeof f->scale_mode, "%s", mode);
	f->figs = figs;
	f->nfigs = n;
}

/* The document for these files, or NULL (checked by the callers). */
static char *render(const struct rfile *files, size_t n, int log_scale)
{
	char *doc = NULL, err[128];
	size_t len = 0;
	FILE *f = open_memstream(&doc, &len);

	if (!f)
		return NULL;
	int rc = plot_render(f, files, n, log_scale, err, sizeof err);
	if (fclose(f) != 0 || rc < 0) {
		free(doc);
		return NULL;
	}
	return doc;
}

static size_t count(const char *doc, const char *needle)
{
	size_t n = 0;

	for (const char *p = doc; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		n++;
	return n;
}

/* The text of one chart: from its opening tag to the next chart's. */
static size_t count_in_chart(const char *doc, const char *chart, const char *needle)
{
	const char *start = strstr(doc, chart), *end;
	size_t n = 0;

	if (!start)
		return 0;
	end = strstr(start + 1, "<g class=\"chart\"");
	for (const char *p = start; (p = strstr(p, needle)) != NULL && (!end || p < end);
	     p += strlen(needle))
		n++;
	return n;
}

static int no_garbage(const char *doc)
{
	return !strstr(doc, "nan") && !strstr(doc, "inf") && !strstr(doc, "NaN");
}

static void test_latency(void)
{
	struct rfigure a[3], b[2];
	struct rfile in[2];
	char *doc;

	set_fig(&a[0], "syscall", "null call", "null", ST_OK, 0.26);
	set_fig(&a[1], "syscall", "stat", "stat", ST_FAIL, 0);
	set_fig(&a[2], "proc", "fork proc", "fork", ST_OK, 163);
	set_fig(&b[0], "syscall", "null call", "null", ST_OK, 1.13);
	set_fig(&b[1], "syscall", "stat", "stat", ST_NA, 0);
	set_file(&in[0], "a.tsv", "hostA", "", a, 3);
	set_file(&in[1], "b.tsv", "x<y&z\"'", "", b, 2);
	doc = render(in, 2, 0);
	CHECK("plot renders latency files", doc != NULL);
	if (!doc)
		return;
	CHECK("plot one chart per table", count(doc, "<g class=\"chart\"") == 2);
	CHECK("plot syscall chart has a series per file",
	      count_in_chart(doc, "data-table=\"syscall\"", "<g class=\"series\"") == 2);
	CHECK("plot proc chart has only the file that has it",
	      count_in_chart(doc, "data-table=\"proc\"", "<g class=\"series\"") == 1);
	CHECK("plot a failed figure is a marked gap, not a bar",
	      count(doc, "class=\"gap\">fail<") == 1 &&
		      count(doc, "class=\"bar no-interval\"") == 3);
	CHECK("plot a not-applicable figure is marked", count(doc, "class=\"gap\">n/a<") == 1);
	CHECK("plot value labels as the tables print them", strstr(doc, ">0.26<") && strstr(doc, ">163<"));
	CHECK("plot host names escaped", strstr(doc, "data-host=\"x&lt;y&amp;z&quot;&#39;\"") != NULL);
	CHECK("plot no raw user markup", strstr(doc, "x<y") == NULL);
	CHECK("plot y axis unit", strstr(doc, ">microseconds (lower is better)<") != NULL);
	CHECK("plot table title without the unit", strstr(doc, ">syscall: processor, processes<") != NULL);
	CHECK("plot no NaN or inf anywhere", no_garbage(doc));
	free(doc);

	doc = render(in, 2, 1);
	CHECK("plot --log renders", doc != NULL);
	if (!doc)
		return;
	CHECK("plot --log decade ticks",
	      strstr(doc, ">0.1<") && strstr(doc, ">1<") && strstr(doc, ">100<"));
	CHECK("plot --log no NaN or inf", no_garbage(doc));
	free(doc);
}

static void test_sweep(void)
{
	struct rfigure s[4], t[2];
	struct rfile in[2];
	char *doc;

	set_fig(&s[0], "scale", "1", "mutex", ST_OK, 1000000);
	set_fig(&s[1], "scale", "2", "mutex", ST_OK, 1500000);
	set_fig(&s[2], "scale", "5", "mutex", ST_FAIL, 0);
	set_fig(&s[3], "scale", "10", "mutex", ST_OK, 500000);
	set_fig(&t[0], "scale", "10", "mutex", ST_OK, 200000); /* out of order, no level 1 */
	set_fig(&t[1], "scale", "2", "mutex", ST_OK, 400000);
	set_file(&in[0], "s.tsv", "hostA", "threads", s, 4);
	set_file(&in[1], "t.tsv", "hostB", "threads", t, 2);
	doc = render(in, 2, 0);
	CHECK("plot renders a sweep", doc != NULL);
	if (!doc)
		return;
	CHECK("plot a sweep gives throughput and scaling charts",
	      count(doc, "data-kind=\"throughput\"") == 1 && count(doc, "data-kind=\"scaling\"") == 1);
	CHECK("plot levels ordered as numbers",
	      strstr(doc, ">1</text>") < strstr(doc, ">2</text>") &&
		      strstr(doc, ">5</text>") < strstr(doc, ">10</text>"));
	/* hostA: 1-2 joined, 5 failed, 10 alone; hostB: 2-10 joined (ops/s only) */
	CHECK("plot a failed level breaks the line",
	      count_in_chart(doc, "data-kind=\"throughput\"", "<polyline") == 2);
	CHECK("plot a failed level is marked in both charts", count(doc, "class=\"gap\">fail<") == 2);
	/* points carry a tooltip; legend keys do not */
	CHECK("plot every measured level has a point", count(doc, "\"><title>") == 3 + 2 + 3);
	CHECK("plot scaling against level 1", strstr(doc, ">hostA, 2 threads: 150%<") != NULL);
	CHECK("plot the 100% line is drawn", strstr(doc, ">100% = concurrency one<") != NULL);
	CHECK("plot a sweep without level 1 says so",
	      strstr(doc, ">hostB (no concurrency one)<") != NULL);
	CHECK("plot ops/s ticks with SI suffixes", strstr(doc, ">1.5M<") || strstr(doc, ">1M<"));
	CHECK("plot sweep has no NaN or inf", no_garbage(doc));
	free(doc);
}

static void test_colours(void)
{
	struct rfigure a[1], b[1], c[1];
	struct rfile in[3];
	char *doc;

	set_fig(&a[0], "syscall", "null call", "null", ST_OK, 0.2);
	set_fig(&b[0], "syscall", "null call", "null", ST_OK, 0.3);
	set_fig(&c[0], "scale", "1", "mutex", ST_OK, 1e6);
	set_file(&in[0], "dir/glibc.tsv", "vm", "", a, 1);
	set_file(&in[1], "dir/jemalloc.tsv", "vm", "", b, 1);
	set_file(&in[2], "other.tsv", "box", "threads", c, 1);
	doc = render(in, 3, 0);
	CHECK("plot renders same-host files", doc != NULL);
	if (!doc)
		return;
	CHECK("plot same host in one chart: told apart by file name",
	      strstr(doc, ">vm (glibc.tsv)<") && strstr(doc, ">vm (jemalloc.tsv)<"));
	CHECK("plot same host in one chart: two colours",
	      count(doc, "fill=\"url(#hatch-0)\" stroke=\"#0072B2\"") == 1 &&
		      count(doc, "fill=\"url(#hatch-1)\" stroke=\"#E69F00\"") == 1);
	free(doc);

	/* a host in a latency file and in a sweep file keeps its colour */
	set_file(&in[1], "vm-mutex.tsv", "vm", "threads", c, 1);
	doc = render(in, 2, 0);
	CHECK("plot renders a host's two files", doc != NULL);
	if (!doc)
		return;
	CHECK("plot a host keeps its colour across charts",
	      count(doc, "#E69F00") == 0 && strstr(doc, ">vm<") != NULL);
	free(doc);
}

/* The legend says host and system (and the day when a host repeats); a
 * figure with its interval gets an error bar, one without a hatched bar. */
static void test_marks(void)
{
	struct rfigure a[1], b[1];
	struct rfile in[2];
	char *doc;

	set_fig(&a[0], "syscall", "null call", "null", ST_OK, 0.2);
	a[0].ci_lo = 0.19;
	a[0].ci_hi = 0.25;
	set_fig(&b[0], "syscall", "null call", "null", ST_OK, 0.3);
	set_file(&in[0], "a.long", "vm", "", a, 1);
	set_file(&in[1], "b.tsv", "g5", "", b, 1);
	snprintf(in[0].os, sizeof in[0].os, "Linux 6.1");
	snprintf(in[1].os, sizeof in[1].os, "Darwin 8.1");
	doc = render(in, 2, 0);
	CHECK("plot renders marked figures", doc != NULL);
	if (!doc)
		return;
	CHECK("plot legend: host and system",
	      strstr(doc, "class=\"legend\">vm \xe2\x80\x94 Linux 6.1<") &&
		      strstr(doc, "class=\"legend\">g5 \xe2\x80\x94 Darwin 8.1<"));
	CHECK("plot an interval is an error bar on a plain bar",
	      count(doc, "<g class=\"error-bar\"") == 2 && /* one in the legend */
		      count(doc, "fill=\"#0072B2\" class=\"bar\"") == 1);
	CHECK("plot no interval: a hatched, outlined bar",
	      count(doc, "fill=\"url(#hatch-1)\" stroke=\"#E69F00\" stroke-width=\"1.5\" "
			 "class=\"bar no-interval\"") == 1 &&
		      strstr(doc, "<pattern id=\"hatch-1\"") != NULL);
	free(doc);

	/* one host twice: the day of each run */
	set_file(&in[1], "b.tsv", "vm", "", b, 1);
	snprintf(in[1].os, sizeof in[1].os, "Linux 6.1");
	snprintf(in[0].date, sizeof in[0].date, "2026-11-29T10:00:00Z");
	snprintf(in[1].date, sizeof in[1].date, "2026-11-30T10:00:00Z");
	doc = render(in, 2, 0);
	CHECK("plot renders one host twice", doc != NULL);
	if (!doc)
		return;
	CHECK("plot one host twice: the legend gives the days",
	      strstr(doc, ">vm \xe2\x80\x94 Linux 6.1, 2026-11-29<") &&
		      strstr(doc, ">vm \xe2\x80\x94 Linux 6.1, 2026-11-30<"));
	free(doc);

	/* on a log axis the bars start at the decade below the data */
	doc = render(in, 2, 1);
	CHECK("plot renders a log axis", doc != NULL);
	if (!doc)
		return;
	CHECK("plot log axis: where the bars start, in the axis title",
	      strstr(doc, "class=\"axis-title\">log scale, bars from 0.1<") != NULL);
	free(doc);
}

UNIT_TEST(test_plot)
{
	test_latency();
	test_sweep();
	test_colours();
	test_marks();
}
