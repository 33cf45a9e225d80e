/* `osbench compare` and `osbench check`: result files side by side (seed
 * 004's hosts-as-rows tables, seed 001's two-hosts-and-a-ratio sweeps),
 * and a baseline held against another file or against a run made now. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "files.h"
#include "fmt.h"
#include "interrupt.h"
#include "registry.h"
#include "resultfile.h"

/* check's default tolerance, in percent, from ten full runs on the shared
 * 2-CPU development VM.  Per figure, the largest ratio between any two
 * runs: the syscall figures, exec, sh and TCP conn 1.04x to 2.1x; fork,
 * ctx, Pipe, AF UNIX, UDP and TCP 3x to 16x, as the scheduler puts the
 * two processes on one CPU or on two.  Holding one run against another,
 * the share of figures that trip is 36% at 25%, 29% at 50%, 23% at 100%,
 * and nothing short of 1500% silences the bimodal ones.  50% is the
 * knee: most figures stay quiet, a 1.5x slow-down still shows, and a
 * wider bound would buy little.  --cpu N steadies the two-process
 * figures on such machines. */
#define CHECK_TOLERANCE_PCT 50.0

/* ---- common ------------------------------------------------------------ */

/* Where the command's output goes: stdout, or -o FILE replaced whole. */
struct out {
	FILE *f;
	struct outfile of;
	int to_file;
};

static int out_open(struct out *o, const struct args *a, const char *cmd)
{
	char err[512];

	o->to_file = a->output != NULL;
	o->f = stdout;
	if (!o->to_file)
		return 0;
	if (outfile_open(&o->of, a->output, err, sizeof err) < 0) {
		fprintf(stderr, "osbench: %s: %s\n", cmd, err);
		return -1;
	}
	o->f = o->of.f;
	return 0;
}

/* Flush and commit; a full disk or a closed pipe is exit 2, not silence. */
static int out_close(struct out *o, const char *cmd, int status)
{
	char err[512];

	if (o->to_file) {
		if (outfile_commit(&o->of, err, sizeof err) < 0) {
			fprintf(stderr, "osbench: %s: %s\n", cmd, err);
			return 2;
		}
		return status;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "osbench: %s: standard output: %s\n", cmd, strerror(errno));
		return 2;
	}
	return status;
}

/* The files named on the command line, read whole; -1 after saying why. */
static int read_files(const char *cmd, const char *const *names, int n, struct rfile *f)
{
	char err[1024];

	for (int i = 0; i < n; i++) {
		if (rfile_read(names[i], &f[i], err, sizeof err) < 0) {
			fprintf(stderr, "osbench: %s: %s\n", cmd, err);
			while (i-- > 0)
				rfile_free(&f[i]);
			return -1;
		}
	}
	return 0;
}

static void free_files(struct rfile *f, int n)
{
	for (int i = 0; i < n; i++)
		rfile_free(&f[i]);
}

static int is_scale(const struct rfigure *g)
{
	return strcmp(g->table, "scale") == 0;
}

/* A figure's cell as run prints it: the seeds' precision for times,
 * whole operations per second for sweeps. */
static const char *figure_text(const struct rfigure *g, char *buf, size_t len)
{
	if (!g || g->status == ST_NA)
		return "-";
	if (g->status == ST_FAIL)
		return "fail";
	if (strcmp(g->unit, "ops/s") == 0) {
		snprintf(buf, len, "%.0f", g->value);
		return buf;
	}
	return fmt_seed(g->value, buf, len);
}

/* b/a with two decimals, or "-" when either side has no usable figure. */
static const char *ratio_text(const struct rfigure *a, const struct rfigure *b, char *buf,
			      size_t len)
{
	if (!a || !b || a->status != ST_OK || b->status != ST_OK || a->value <= 0)
		return "-";
	snprintf(buf, len, "%.2f", b->value / a->value);
	return buf;
}

/* An ordered set of names, pointing into the files' figures. */
struct names {
	const char **v;
	size_t n;
};

static int names_has(const struct names *s, const char *name)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i], name) == 0)
			return 1;
	return 0;
}

/* The array is sized for every figure of every file, so it never fills. */
static void names_add(struct names *s, const char *name)
{
	if (!names_has(s, name))
		s->v[s->n++] = name;
}

/* ---- compare: latency tables ------------------------------------------- */

/* Latency tables: the registry's first, in its order, then the others as
 * they first appear. */
static void table_order(const struct rfile *f, int n, struct names *tables)
{
	for (size_t t = 0; t < registry_ntables; t++)
		for (int i = 0; i < n; i++)
			for (size_t k = 0; k < f[i].nfigs; k++)
				if (strcmp(f[i].figs[k].table, registry_tables[t].name) == 0)
					names_add(tables, registry_tables[t].name);
	for (int i = 0; i < n; i++)
		for (size_t k = 0; k < f[i].nfigs; k++)
			if (!is_scale(&f[i].figs[k]))
				names_add(tables, f[i].figs[k].table);
}

/* A table's columns: the registry's that any file has, then the rest. */
static void column_order(const struct rfile *f, int n, const char *table, struct names *cols)
{
	const struct table *t = registry_table(table);

	cols->n = 0;
	for (size_t c = 0; t && c < t->ncolumns; c++)
		for (int i = 0; i < n; i++)
			if (rfile_find(&f[i], table, t->columns[c].header))
				names_add(cols, t->columns[c].header);
	for (int i = 0; i < n; i++)
		for (size_t k = 0; k < f[i].nfigs; k++)
			if (strcmp(f[i].figs[k].table, table) == 0)
				names_add(cols, f[i].figs[k].column);
}

static void table_title(FILE *out, const char *table)
{
	const struct table *t = registry_table(table);
	const struct module *m = registry_module(table);

	if (t)
		fprintf(out, "# %s\n", t->title);
	else if (m)
		fprintf(out, "# %s: %s - microseconds per op - smaller is better\n", m->name,
			m->summary);
	else
		fprintf(out, "# %s: times in microseconds - smaller is better\n", table);
}

static void mhz_text(double mhz, char *buf, size_t len)
{
	if (mhz > 0)
		snprintf(buf, len, "%.0f", mhz);
	else
		snprintf(buf, len, "-");
}

static void latency_rows(FILE *out, const struct rfile *f, int n, const char *table,
			 int has_mhz, const struct names *cols)
{
	char buf[64];

	for (int i = 0; i < n; i++) {
		fprintf(out, "%s\t%s", f[i].host, f[i].os[0] ? f[i].os : "-");
		if (has_mhz) {
			mhz_text(f[i].mhz, buf, sizeof buf);
			fprintf(out, "\t%s", buf);
		}
		for (size_t c = 0; c < cols->n; c++)
			fprintf(out, "\t%s",
				figure_text(rfile_find(&f[i], table, cols->v[c]), buf, sizeof buf));
		fputc('\n', out);
	}
}

/* Under exactly two hosts: B/A for every figure (and the clock). */
static void ratio_row(FILE *out, const struct rfile *f, const char *table, int has_mhz,
		      const struct names *cols)
{
	char buf[64];

	fputs("B/A\t-", out);
	if (has_mhz) {
		if (f[0].mhz > 0 && f[1].mhz > 0)
			fprintf(out, "\t%.2f", f[1].mhz / f[0].mhz);
		else
			fputs("\t-", out);
	}
	for (size_t c = 0; c < cols->n; c++)
		fprintf(out, "\t%s", ratio_text(rfile_find(&f[0], table, cols->v[c]),
						rfile_find(&f[1], table, cols->v[c]), buf,
						sizeof buf));
	fputc('\n', out);
}

static void latency_table(FILE *out, const struct rfile *f, int n, const char *table,
			  struct names *cols)
{
	const struct table *t = registry_table(table);
	int has_mhz = t && t->has_mhz;

	column_order(f, n, table, cols);
	fputc('\n', out);
	table_title(out, table);
	fputs("Host\tOS", out);
	if (has_mhz)
		fputs("\tMhz", out);
	for (size_t c = 0; c < cols->n; c++)
		fprintf(out, "\t%s", cols->v[c]);
	fputc('\n', out);
	latency_rows(out, f, n, table, has_mhz, cols);
	if (n == 2)
		ratio_row(out, f, table, has_mhz, cols);
}

/* ---- compare: sweeps --------------------------------------------------- */

static const struct rfigure *find_level(const struct rfile *f, const char *module,
					const char *level)
{
	for (size_t k = 0; k < f->nfigs; k++) {
		const struct rfigure *g = &f->figs[k];
		if (is_scale(g) && strcmp(g->module, module) == 0 && strcmp(g->column, level) == 0)
			return g;
	}
	return NULL;
}

static int by_level(const void *x, const void *y)
{
	long a = strtol(*(const char *const *)x, NULL, 10);
	long b = strtol(*(const char *const *)y, NULL, 10);

	return (a > b) - (a < b);
}

/* The levels any file measured for this module, ascending (the reader
 * guarantees they are whole numbers). */
static void level_order(const struct rfile *f, int n, const char *module, struct names *levels)
{
	levels->n = 0;
	for (int i = 0; i < n; i++)
		for (size_t k = 0; k < f[i].nfigs; k++)
			if (is_scale(&f[i].figs[k]) && strcmp(f[i].figs[k].module, module) == 0)
				names_add(levels, f[i].figs[k].column);
	qsort(levels->v, levels->n, sizeof levels->v[0], by_level);
}

/* "threads", "processes", or both when the files differ. */
static void sweep_mode(const struct rfile *f, int n, const char *module, char *buf, size_t len)
{
	int threads = 0, procs = 0;

	for (int i = 0; i < n; i++) {
		int has = 0;
		for (size_t k = 0; k < f[i].nfigs && !has; k++)
			has = is_scale(&f[i].figs[k]) && strcmp(f[i].figs[k].module, module) == 0;
		threads |= has && strcmp(f[i].scale_mode, "threads") == 0;
		procs |= has && strcmp(f[i].scale_mode, "processes") == 0;
	}
	snprintf(buf, len, "%s%s%s", threads ? "threads" : "", threads && procs ? " and " : "",
		 procs ? "processes" : "");
}

static void sweep_table(FILE *out, const struct rfile *f, int n, const char *module,
			struct names *levels)
{
	char mode[32], buf[64];

	level_order(f, n, module, levels);
	sweep_mode(f, n, module, mode, sizeof mode);
	fprintf(out, "\n# scale %s%s%s - ops/s, higher is better\n", module, mode[0] ? ": " : "",
		mode);
	fputs("Concurrency", out);
	for (int i = 0; i < n; i++)
		fprintf(out, "\t%s ops/s", f[i].host);
	fputs(n == 2 ? "\tB/A ratio\n" : "\n", out);
	for (size_t l = 0; l < levels->n; l++) {
		fputs(levels->v[l], out);
		for (int i = 0; i < n; i++)
			fprintf(out, "\t%s", figure_text(find_level(&f[i], module, levels->v[l]), buf,
							 sizeof buf));
		if (n == 2)
			fprintf(out, "\t%s", ratio_text(find_level(&f[0], module, levels->v[l]),
							find_level(&f[1], module, levels->v[l]),
							buf, sizeof buf));
		fputc('\n', out);
	}
}

/* ---- compare ----------------------------------------------------------- */

static void compare_heading(FILE *out, const struct args *a)
{
	fputs("# osbench compare:", out);
	for (int i = 0; i < a->nnames; i++) {
		if (a->nnames == 2)
			fprintf(out, "%s %c = '%s'", i ? "," : "", 'A' + i, a->names[i]);
		else
			fprintf(out, "%s '%s'", i ? "," : "", a->names[i]);
	}
	fputc('\n', out);
}

static void compare_print(FILE *out, const struct args *a, const struct rfile *f,
			  struct names *sections, struct names *items)
{
	int n = a->nnames;

	compare_heading(out, a);
	table_order(f, n, sections);
	for (size_t t = 0; t < sections->n; t++)
		latency_table(out, f, n, sections->v[t], items);
	sections->n = 0;
	for (int i = 0; i < n; i++)
		for (size_t k = 0; k < f[i].nfigs; k++)
			if (is_scale(&f[i].figs[k]))
				names_add(sections, f[i].figs[k].module);
	for (size_t s = 0; s < sections->n; s++)
		sweep_table(out, f, n, sections->v[s], items);
}

/* Room for every name the files can hold: the sets never overflow. */
static int names_alloc(struct names *s, const struct rfile *f, int n)
{
	size_t total = 1;

	for (int i = 0; i < n; i++)
		total += f[i].nfigs;
	s->n = 0;
	s->v = malloc(total * sizeof *s->v);
	return s->v ? 0 : -1;
}

int cmd_compare(const struct args *a)
{
	struct rfile *f;
	struct names sections = { .v = NULL }, items = { .v = NULL };
	struct out out;
	int rc = 2;

	if (a->nnames < 2) {
		fprintf(stderr, "osbench: compare: give at least two result files\n");
		return 2;
	}
	if (a->format != FORMAT_TABLE) {
		fprintf(stderr, "osbench: compare: --format: compare prints tables only\n");
		return 2;
	}
	if (!(f = calloc((size_t)a->nnames, sizeof *f))) {
		fprintf(stderr, "osbench: compare: %s\n", strerror(errno));
		return 2;
	}
	if (read_files("compare", a->names, a->nnames, f) < 0) {
		free(f);
		return 2;
	}
	if (names_alloc(&sections, f, a->nnames) < 0 || names_alloc(&items, f, a->nnames) < 0) {
		fprintf(stderr, "osbench: compare: %s\n", strerror(ENOMEM));
	} else if (out_open(&out, a, "compare") == 0) {
		compare_print(out.f, a, f, &sections, &items);
		rc = out_close(&out, "compare", 0);
	}
	free(sections.v);
	free(items.v);
	free_files(f, a->nnames);
	free(f);
	return rc;
}

/* ---- check: verdicts --------------------------------------------------- */

enum verdict { V_OK, V_SLOWER, V_FASTER, V_FAIL, V_MISSING, V_COUNT };

static const char *const verdict_names[V_COUNT] = {
	[V_OK] = "ok", [V_SLOWER] = "slower", [V_FASTER] = "faster", [V_FAIL] = "fail",
	[V_MISSING] = "missing",
};

/* The current figure matching a baseline one: same table and column (and
 * for a sweep the same module), in any of the current files. */
static const struct rfigure *current_of(const struct rfigure *b, const struct rfile *cur,
					int ncur)
{
	for (int i = 0; i < ncur; i++) {
		const struct rfigure *g = is_scale(b) ? find_level(&cur[i], b->module, b->column)
						     : rfile_find(&cur[i], b->table, b->column);
		if (g)
			return g;
	}
	return NULL;
}

/* Direction-aware: times are better lower, ops/s higher.  tol is a
 * fraction (0.25); faster is the mirror image of slower. */
static enum verdict judge(const struct rfigure *b, const struct rfigure *c, double tol)
{
	int higher_better = strcmp(b->unit, "ops/s") == 0;
	double up = b->value * (1 + tol), down = b->value / (1 + tol);

	if (!c || c->status == ST_NA)
		return V_MISSING;
	if (c->status == ST_FAIL)
		return V_FAIL;
	if (c->value > up)
		return higher_better ? V_FASTER : V_SLOWER;
	if (c->value < down)
		return higher_better ? V_SLOWER : V_FASTER;
	return V_OK;
}

struct tally {
	int n[V_COUNT];
	int figures, unchecked;
};

static void check_line(FILE *out, const struct rfigure *b, const struct rfigure *c,
		       enum verdict v)
{
	char bb[64], cb[64], rb[64];

	fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s\n", b->table, b->column, figure_text(b, bb, sizeof bb),
		figure_text(c, cb, sizeof cb), ratio_text(b, c, rb, sizeof rb), verdict_names[v]);
}

/* One line per baseline figure with a value; a baseline fail or "-" has
 * nothing to hold the current run to, so it is only counted. */
static void check_report(FILE *out, const struct rfile *base, const struct rfile *cur, int ncur,
			 double tol_pct, struct tally *t)
{
	memset(t, 0, sizeof *t);
	fputs("table\tcolumn\tbaseline\tcurrent\tratio\tverdict\n", out);
	for (size_t k = 0; k < base->nfigs; k++) {
		const struct rfigure *b = &base->figs[k], *c;
		enum verdict v;
		if (b->status != ST_OK) {
			t->unchecked++;
			continue;
		}
		c = current_of(b, cur, ncur);
		v = judge(b, c, tol_pct / 100.0);
		t->n[v]++;
		t->figures++;
		check_line(out, b, c, v);
	}
	fprintf(out, "check: %d figures: %d ok, %d slower, %d faster, %d fail, %d missing "
		     "(tolerance %g%%)",
		t->figures, t->n[V_OK], t->n[V_SLOWER], t->n[V_FASTER], t->n[V_FAIL],
		t->n[V_MISSING], tol_pct);
	if (t->unchecked)
		fprintf(out, "; %d not checked (fail or - in the baseline)", t->unchecked);
	fputc('\n', out);
}

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
	r->run.format = FORMAT_LONG;
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

/* ---- check ------------------------------------------------------------- */

static int check_usage(const struct args *a)
{
	if (a->nnames < 1 || a->nnames > 2) {
		fprintf(stderr, "osbench: check: give a baseline file and at most one current file\n");
		return -1;
	}
	if (a->format != FORMAT_TABLE) {
		fprintf(stderr, "osbench: check: --format: the report is plain text only\n");
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

static int check_files(const struct args *a, const struct rfile *base, const struct rfile *cur,
		       int ncur)
{
	double tol = a->tolerance >= 0 ? a->tolerance : CHECK_TOLERANCE_PCT;
	struct tally t;
	struct out out;

	if (out_open(&out, a, "check") < 0)
		return 2;
	check_report(out.f, base, cur, ncur, tol, &t);
	return out_close(&out, "check",
			 t.n[V_SLOWER] || t.n[V_FAIL] || t.n[V_MISSING] ? 1 : 0);
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
	rc = check_files(a, &base, cur, ncur);
	free_files(cur, ncur);
	rfile_free(&base);
	return rc;
}
