/* `osbench compare`: result files side by side (seed 004's hosts-as-rows
 * tables, seed 001's two-hosts-and-a-ratio sweeps). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "modules/registry.h"
#include "cli/reportio.h"

/* ---- common ------------------------------------------------------------ */

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
	if (strcmp(a->format, "table") != 0) {
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

