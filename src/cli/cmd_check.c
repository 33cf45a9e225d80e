/* `osbench check`: a baseline held against another file or against a run
 * made now.  A figure is slower or faster only when its change is beyond
 * the tolerance and significant given both sides' samples (Mann-Whitney
 * U, Holm-corrected over every figure tested); in rerun mode a figure
 * that looks slower or faster is measured once more and must look so
 * again. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "sys/interrupt.h"
#include "results/writer.h"
#include "modules/registry.h"
#include "cli/reportio.h"
#include "measure/stats.h"
#include "report/verdict.h"

/* The default tolerance, in percent, and the significance level; README
 * "check" has the A/A and A/B rates that chose them. */
#define CHECK_TOLERANCE_PCT 15.0
#define CHECK_ALPHA 0.05

/* One baseline figure's judgement. */
struct row {
	const struct rfigure *b, *c;
	const struct rfile *cur_file;
	double p, p_adj;      /* -1: no statistics */
	enum verdict v;
	int confirmed;        /* measured again in rerun mode */
};

struct tally {
	int n[V_COUNT];
	int figures, unchecked;
};

/* ---- check: measuring now ---------------------------------------------- */

/* What the baseline asks to measure again, as run and scale arguments. */
struct remeasure {
	struct args run, scale;
	int run_names, scale_wanted;
	int ctx, ctx_custom;
};

static int add_name(struct args *a, const char *name)
{
	for (int i = 0; i < a->nnames; i++)
		if (strcmp(a->names[i], name) == 0)
			return 0;
	if (a->nnames == MAX_NAMES)
		return -1;
	a->names[a->nnames++] = name;
	return 0;
}

static void add_value(int *v, int *n, int x)
{
	for (int i = 0; i < *n; i++)
		if (v[i] == x)
			return;
	if (*n < MAX_LEVELS)
		v[(*n)++] = x;
}

/* "16p/64K ctxsw": a ctx point, standard or not. */
static void plan_ctx(struct remeasure *r, const struct rfigure *g)
{
	const struct table *t = registry_table("ctx");
	int procs, size_kb, standard = 0;
	char tail;

	if (sscanf(g->column, "%dp/%dK ctxsw%c", &procs, &size_kb, &tail) != 2 || procs < 1 ||
	    procs > MAX_LEVEL || size_kb < 0 || size_kb > MAX_SIZE_KB)
		return;
	for (size_t c = 0; c < t->ncolumns; c++)
		standard |= strcmp(t->columns[c].header, g->column) == 0;
	r->ctx = 1;
	r->ctx_custom |= !standard;
	add_value(r->run.procs, &r->run.nprocs, procs);
	add_value(r->run.sizes, &r->run.nsizes, size_kb);
}

/* A latency figure: name its module (its table when the module is ctx,
 * which only the table's name selects), or a loose module's name.
 * Figures osbench does not know stay unmeasured and come out missing. */
static void plan_latency(struct remeasure *r, const struct rfigure *g)
{
	const struct table *t = registry_table(g->table);
	const struct module *m = registry_module(g->table);

	if (t && strcmp(t->name, "ctx") == 0) {
		plan_ctx(r, g);
		return;
	}
	for (size_t c = 0; t && c < t->ncolumns; c++) {
		if (strcmp(t->columns[c].header, g->column) != 0)
			continue;
		if (add_name(&r->run, strcmp(t->columns[c].module, "ctx") == 0
					      ? t->name
					      : t->columns[c].module) == 0)
			r->run_names = 1;
	}
	if (!t && m && add_name(&r->run, m->name) == 0)
		r->run_names = 1;
}

/* A sweep: the first module swept, at its levels, threads or processes. */
static void plan_scale(struct remeasure *r, const struct rfile *base, const struct rfigure *g)
{
	const struct module *m = registry_module(g->module);
	int *levels = strcmp(base->scale_mode, "processes") == 0 ? r->scale.procs : r->scale.threads;
	int *count = levels == r->scale.procs ? &r->scale.nprocs : &r->scale.nthreads;
	long level = strtol(g->column, NULL, 10);

	if (!m || !(m->flags & MOD_SWEEP) || level < 1 || level > MAX_LEVEL)
		return;
	if (r->scale.nnames && strcmp(r->scale.names[0], m->name) != 0)
		return;
	r->scale.names[0] = m->name;
	r->scale.nnames = 1;
	r->scale_wanted = 1;
	add_value(levels, count, (int)level);
}

/* The options of a measuring run come from check's own command line;
 * what to measure comes from the baseline. */
static void plan_remeasure(struct remeasure *r, const struct args *a, const struct rfile *base)
{
	memset(r, 0, sizeof *r);
	r->run = *a;
	r->run.cmd = CMD_RUN;
	r->run.format = "long";
	r->run.nnames = r->run.nthreads = r->run.nprocs = r->run.nsizes = 0;
	r->scale = r->run;
	r->scale.cmd = CMD_SCALE;
	r->scale.remote_port[0] = '\0';
	for (size_t k = 0; k < base->nfigs; k++) {
		const struct rfigure *g = &base->figs[k];
		if (g->status != ST_OK)
			continue;
		if (is_scale(g))
			plan_scale(r, base, g);
		else
			plan_latency(r, g);
	}
	if (r->ctx && add_name(&r->run, "ctx") == 0)
		r->run_names = 1;
	if (!r->ctx_custom)
		r->run.nprocs = r->run.nsizes = 0;
}

/* Run cmd (run or scale) in this process into a private file and read
 * it back; the file is removed on every path, a signal included. */
static int measure_into(int (*cmd)(const struct args *, int, char **), struct args *sub,
			int argc, char **argv, struct rfile *cur)
{
	static char path[4096];
	const char *dir = getenv("TMPDIR");
	char err[1024];
	int fd, rc;

	if (!dir || !*dir)
		dir = "/tmp";
	if ((size_t)snprintf(path, sizeof path, "%s/osbench-check.XXXXXX", dir) >= sizeof path) {
		fprintf(stderr, "osbench: check: temp file in '%s': name too long\n", dir);
		return 2;
	}
	if ((fd = mkstemp(path)) < 0) {
		fprintf(stderr, "osbench: check: temp file in '%s': %s\n", dir, strerror(errno));
		return 2;
	}
	close(fd);
	interrupt_remove_on_reraise(path);
	sub->output = path;
	rc = cmd(sub, argc, argv);
	if (interrupt_signal()) {
		/* ^C after the run had finished: end as the run would have */
		unlink(path);
		interrupt_reraise();
	}
	if (rc <= 1 && rfile_read(path, cur, err, sizeof err) < 0) {
		fprintf(stderr, "osbench: check: reading the run back: %s\n", err);
		rc = 2;
	}
	unlink(path);
	interrupt_remove_on_reraise(NULL);
	return rc <= 1 ? 0 : 2;
}

/* Measure what the baseline holds; cur gets one or two files. */
static int measure_now(const struct args *a, const struct rfile *base, int argc, char **argv,
		       struct rfile *cur, int *ncur)
{
	static struct remeasure r;

	plan_remeasure(&r, a, base);
	*ncur = 0;
	if (!r.run_names && !r.scale_wanted)
		fprintf(stderr, "osbench: check: nothing in '%s' that this osbench measures\n",
			base->path);
	if (r.run_names) {
		if (measure_into(cmd_run, &r.run, argc, argv, &cur[*ncur]) != 0)
			return -1;
		(*ncur)++;
	}
	if (r.scale_wanted) {
		if (measure_into(cmd_scale, &r.scale, argc, argv, &cur[*ncur]) != 0) {
			free_files(cur, *ncur);
			return -1;
		}
		(*ncur)++;
	}
	return 0;
}

/* ---- verdicts ------------------------------------------------------------ */

/* The current figure matching a baseline one: same table and column (and
 * for a sweep the same module), in any of the current files. */
static const struct rfigure *current_of(const struct rfigure *b, const struct rfile *cur,
					int ncur, const struct rfile **in)
{
	for (int i = 0; i < ncur; i++) {
		const struct rfigure *g = is_scale(b) ? find_level(&cur[i], b->module, b->column)
						     : rfile_find(&cur[i], b->table, b->column);
		if (g) {
			*in = &cur[i];
			return g;
		}
	}
	return NULL;
}

static struct verdict_in pair_of(const struct rfile *base, const struct row *r)
{
	return (struct verdict_in){
		.base = r->b->value, .cur = r->c->value,
		.higher_better = strcmp(r->b->unit, "ops/s") == 0,
		.base_samples = rfile_samples(base, r->b), .nbase = r->b->nsamples,
		.cur_samples = rfile_samples(r->cur_file, r->c), .ncur = r->c->nsamples,
	};
}

/* Judge rows[0..n-1]: p-values first, Holm over those that have one,
 * then each verdict.  -1 when out of memory. */
static int judge_rows(const struct rfile *base, struct row *rows, size_t n, double tol)
{
	double *p = calloc(n ? n : 1, sizeof *p), *adj = calloc(n ? n : 1, sizeof *adj);
	size_t *which = calloc(n ? n : 1, sizeof *which), k = 0;

	if (!p || !adj || !which) {
		free(p);
		free(adj);
		free(which);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		struct row *r = &rows[i];
		r->p = r->p_adj = -1;
		if (!r->c || r->c->status == ST_NA) {
			r->v = V_MISSING;
		} else if (r->c->status == ST_FAIL) {
			r->v = V_FAIL;
		} else {
			struct verdict_in in = pair_of(base, r);
			r->p = verdict_p(&in);
			if (r->p >= 0) {
				p[k] = r->p;
				which[k++] = i;
			}
		}
	}
	stats_holm(p, k, adj);
	for (size_t j = 0; j < k; j++)
		rows[which[j]].p_adj = adj[j];
	for (size_t i = 0; i < n; i++)
		if (rows[i].c && rows[i].c->status == ST_OK) {
			struct verdict_in in = pair_of(base, &rows[i]);
			rows[i].v = verdict_judge(&in, tol, rows[i].p_adj, CHECK_ALPHA);
		}
	free(p);
	free(adj);
	free(which);
	return 0;
}

/* Rows for every baseline figure with a value; a baseline fail or "-"
 * has nothing to hold the current run to, so it is only counted. */
static size_t make_rows(const struct rfile *base, const struct rfile *cur, int ncur,
			struct row *rows, int *unchecked)
{
	size_t n = 0;

	*unchecked = 0;
	for (size_t k = 0; k < base->nfigs; k++) {
		const struct rfigure *b = &base->figs[k];
		if (b->status != ST_OK) {
			(*unchecked)++;
			continue;
		}
		rows[n] = (struct row){ .b = b };
		rows[n].c = current_of(b, cur, ncur, &rows[n].cur_file);
		n++;
	}
	return n;
}

static void count(const struct row *rows, size_t n, int unchecked, struct tally *t)
{
	memset(t, 0, sizeof *t);
	for (size_t i = 0; i < n; i++)
		t->n[rows[i].v]++;
	t->figures = (int)n;
	t->unchecked = unchecked;
}

/* ---- rerun mode: a change is measured again ------------------------------- */

/* The figures that look slower or faster, measured again on their own
 * (each gets a larger share of the budget); each keeps its verdict only
 * if the second measurement says so too, and its row shows that one. */
static int confirm_changes(const struct args *a, const struct rfile *base, struct row *rows,
			  size_t n, double tol, int argc, char **argv, struct rfile *again,
			  int *nagain)
{
	struct rfigure *subset = calloc(n ? n : 1, sizeof *subset);
	struct row *re = calloc(n ? n : 1, sizeof *re);
	size_t *idx = calloc(n ? n : 1, sizeof *idx), k = 0;
	int rc = -1;

	*nagain = 0;
	if (!subset || !re || !idx)
		goto out;
	for (size_t i = 0; i < n; i++)
		if (rows[i].v == V_SLOWER || rows[i].v == V_FASTER) {
			subset[k] = *rows[i].b;
			idx[k++] = i;
		}
	rc = 0;
	if (k == 0)
		goto out;
	struct rfile sub = *base;
	sub.figs = subset;
	sub.nfigs = k;
	if ((rc = measure_now(a, &sub, argc, argv, again, nagain)) < 0)
		goto out;
	for (size_t j = 0; j < k; j++) {
		re[j] = (struct row){ .b = rows[idx[j]].b, .confirmed = 1 };
		re[j].c = current_of(re[j].b, again, *nagain, &re[j].cur_file);
	}
	if ((rc = judge_rows(base, re, k, tol)) == 0)
		for (size_t j = 0; j < k; j++)
			rows[idx[j]] = re[j];
out:
	free(subset);
	free(re);
	free(idx);
	return rc;
}

/* ---- reports ------------------------------------------------------------- */

static const char *p_text(double p, char *buf, size_t len)
{
	if (p < 0)
		return "-";
	snprintf(buf, len, "%.2g", p);
	return buf;
}

static void report_table(FILE *out, const struct row *rows, size_t n, const struct tally *t,
			 double tol_pct)
{
	char bb[64], cb[64], rb[64], pb[32];
	int again = 0;

	fputs("table\tcolumn\tbaseline\tcurrent\tratio\tp\tverdict\n", out);
	for (size_t i = 0; i < n; i++) {
		const struct row *r = &rows[i];
		again += r->confirmed;
		fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r->b->table, r->b->column,
			figure_text(r->b, bb, sizeof bb), figure_text(r->c, cb, sizeof cb),
			ratio_text(r->b, r->c, rb, sizeof rb), p_text(r->p_adj, pb, sizeof pb),
			verdict_names[r->v]);
	}
	fprintf(out, "check: %d figures: %d ok, %d slower, %d faster, %d fail, %d missing "
		     "(tolerance %g%%, significance %g",
		t->figures, t->n[V_OK], t->n[V_SLOWER], t->n[V_FASTER], t->n[V_FAIL],
		t->n[V_MISSING], tol_pct, CHECK_ALPHA);
	if (again)
		fprintf(out, "; %d measured again", again);
	fputc(')', out);
	if (t->unchecked)
		fprintf(out, "; %d not checked (fail or - in the baseline)", t->unchecked);
	fputc('\n', out);
}

static void json_number(FILE *out, const char *key, double v, int ok)
{
	fprintf(out, ", \"%s\": ", key);
	if (ok)
		fprintf(out, "%.6g", v);
	else
		fputs("null", out);
}

static void report_json(FILE *out, const struct rfile *base, const struct row *rows, size_t n,
			const struct tally *t, double tol_pct)
{
	fprintf(out, "{\n  \"osbench_check\": \"%s\",\n  \"baseline\": ", OSBENCH_VERSION);
	json_string(out, base->path);
	fprintf(out, ",\n  \"tolerance_pct\": %g,\n  \"alpha\": %g,\n  \"figures\": [", tol_pct,
		CHECK_ALPHA);
	for (size_t i = 0; i < n; i++) {
		const struct row *r = &rows[i];
		int cur_ok = r->c && r->c->status == ST_OK;
		fprintf(out, "%s\n    {\"table\": ", i ? "," : "");
		json_string(out, r->b->table);
		fputs(", \"column\": ", out);
		json_string(out, r->b->column);
		fputs(", \"unit\": ", out);
		json_string(out, r->b->unit);
		json_number(out, "baseline", r->b->value, 1);
		json_number(out, "current", cur_ok ? r->c->value : 0, cur_ok);
		json_number(out, "ratio", cur_ok && r->b->value > 0 ? r->c->value / r->b->value : 0,
			    cur_ok && r->b->value > 0);
		json_number(out, "p", r->p_adj, r->p_adj >= 0);
		fprintf(out, ", \"measured_again\": %s, \"verdict\": \"%s\"}",
			r->confirmed ? "true" : "false", verdict_names[r->v]);
	}
	fprintf(out, "%s],\n  \"summary\": {\"figures\": %d", n ? "\n  " : "", t->figures);
	for (int v = 0; v < V_COUNT; v++)
		fprintf(out, ", \"%s\": %d", verdict_names[v], t->n[v]);
	fprintf(out, ", \"not_checked\": %d}\n}\n", t->unchecked);
}

static void xml_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&apos;", out); break;
		default: fputc(*s, out);
		}
	}
}

/* One testcase per figure; a regression (slower, fail, missing) is a
 * failure, the way CI systems show test reports. */
static void report_junit(FILE *out, const struct rfile *base, const struct row *rows, size_t n,
			 const struct tally *t)
{
	int failures = t->n[V_SLOWER] + t->n[V_FAIL] + t->n[V_MISSING];
	char bb[64], cb[64], rb[64], pb[32], msg[320];

	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
	fprintf(out, "<testsuites name=\"osbench check\" tests=\"%zu\" failures=\"%d\">\n", n,
		failures);
	fputs("  <testsuite name=\"", out);
	xml_text(out, base->path);
	fprintf(out, "\" tests=\"%zu\" failures=\"%d\" errors=\"0\" skipped=\"0\">\n", n, failures);
	for (size_t i = 0; i < n; i++) {
		const struct row *r = &rows[i];
		fputs("    <testcase classname=\"osbench.", out);
		xml_text(out, r->b->table);
		fputs("\" name=\"", out);
		xml_text(out, r->b->column);
		fputs("\" time=\"0\"", out);
		if (r->v != V_SLOWER && r->v != V_FAIL && r->v != V_MISSING) {
			fputs("/>\n", out);
			continue;
		}
		snprintf(msg, sizeof msg, "%s: baseline %s, current %s, ratio %s, p %s",
			 verdict_names[r->v], figure_text(r->b, bb, sizeof bb),
			 figure_text(r->c, cb, sizeof cb), ratio_text(r->b, r->c, rb, sizeof rb),
			 p_text(r->p_adj, pb, sizeof pb));
		fprintf(out, ">\n      <failure type=\"%s\" message=\"", verdict_names[r->v]);
		xml_text(out, msg);
		fputs("\"/>\n    </testcase>\n", out);
	}
	fputs("  </testsuite>\n</testsuites>\n", out);
}

/* ---- check --------------------------------------------------------------- */

static int check_usage(const struct args *a)
{
	if (a->nnames < 1 || a->nnames > 2) {
		fprintf(stderr, "osbench: check: give a baseline file and at most one current file\n");
		return -1;
	}
	return 0;
}

static int has_value(const struct rfile *f)
{
	for (size_t k = 0; k < f->nfigs; k++)
		if (f->figs[k].status == ST_OK)
			return 1;
	return 0;
}

/* Figures from two different builds differ for reasons of their own. */
static void warn_builds(const struct rfile *base, const struct rfile *cur, int ncur)
{
	for (int i = 0; i < ncur; i++)
		if (base->build[0] && cur[i].build[0] && strcmp(base->build, cur[i].build) != 0) {
			fprintf(stderr, "osbench: check: warning: '%s' was built with '%s', the "
					"current figures with '%s'\n",
				base->path, base->build, cur[i].build);
			return;
		}
}

static int report(const struct args *a, const struct rfile *base, const struct row *rows,
		  size_t n, const struct tally *t, double tol)
{
	struct out out;

	if (out_open(&out, a, "check") < 0)
		return 2;
	if (strcmp(a->format, "json") == 0)
		report_json(out.f, base, rows, n, t, tol);
	else if (strcmp(a->format, "junit") == 0)
		report_junit(out.f, base, rows, n, t);
	else
		report_table(out.f, rows, n, t, tol);
	return out_close(&out, "check",
			 t->n[V_SLOWER] || t->n[V_FAIL] || t->n[V_MISSING] ? 1 : 0);
}

/* Judge, confirm in rerun mode, report: the exit status. */
static int check_against(const struct args *a, const struct rfile *base, struct rfile *cur,
			 int ncur, int rerun, int argc, char **argv)
{
	double tol = a->tolerance >= 0 ? a->tolerance : CHECK_TOLERANCE_PCT;
	struct row *rows = calloc(base->nfigs ? base->nfigs : 1, sizeof *rows);
	struct rfile again[2];
	int nagain = 0, unchecked, rc = 2;
	struct tally t;
	size_t n;

	if (!rows) {
		fprintf(stderr, "osbench: check: %s\n", strerror(ENOMEM));
		return 2;
	}
	warn_builds(base, cur, ncur);
	n = make_rows(base, cur, ncur, rows, &unchecked);
	if (judge_rows(base, rows, n, tol / 100.0) < 0 ||
	    (rerun && confirm_changes(a, base, rows, n, tol / 100.0, argc, argv, again,
				     &nagain) < 0)) {
		if (!interrupt_signal())
			fprintf(stderr, "osbench: check: %s\n",
				errno ? strerror(errno) : "measuring again failed");
	} else {
		count(rows, n, unchecked, &t);
		rc = report(a, base, rows, n, &t, tol);
	}
	free_files(again, nagain);
	free(rows);
	return rc;
}

int cmd_check(const struct args *a, int argc, char **argv)
{
	struct rfile base, cur[2];
	int ncur = 0, rc;

	if (check_usage(a) < 0 || read_files("check", a->names, 1, &base) < 0)
		return 2;
	if (!has_value(&base)) {
		fprintf(stderr, "osbench: check: '%s': no figure with a value to check against\n",
			a->names[0]);
		rfile_free(&base);
		return 2;
	}
	if (a->nnames == 2) {
		if (read_files("check", a->names + 1, 1, cur) < 0) {
			rfile_free(&base);
			return 2;
		}
		ncur = 1;
	} else if (measure_now(a, &base, argc, argv, cur, &ncur) < 0) {
		rfile_free(&base);
		return 2;
	}
	rc = check_against(a, &base, cur, ncur, a->nnames == 1, argc, argv);
	free_files(cur, ncur);
	rfile_free(&base);
	return rc;
}
