/* `osbench compare`: result files side by side (seed 004's hosts-as-rows
 * tables, seed 001's two-hosts-and-a-ratio sweeps) in the table format,
 * or one row (long) or object (json) per figure and file, with its ratio
 * to the first file.  Figures come in one order in every format: the
 * registry's tables, then other tables, then sweeps by level. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "modules/registry.h"
#include "plan/figure.h"
#include "report/figtext.h"
#include "report/compare.h"
#include "plan/schema.h"
#include "results/writer.h"

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

/* ---- the files' names ---------------------------------------------------- */

/* A file's letter in the heading and the ratio rows: A, B, ... Z, then
 * its position. */
static const char *letter(int i, char *buf, size_t len)
{
	if (i < 26)
		snprintf(buf, len, "%c", 'A' + i);
	else
		snprintf(buf, len, "%d", i + 1);
	return buf;
}

/* The name a file goes by in the Host cells and column heads: its host
 * (the --label where one was given); files of one host are told apart by
 * the day of their run, then its time, then their file names (and the
 * same file given twice by its letter). */
struct fname {
	char s[512];
};

static void name_at(const struct rfile *f, const char *path, const char *letter, int level,
		    char *buf, size_t len)
{
	switch (level) {
	case 0: snprintf(buf, len, "%s", f->host); break;
	case 1: snprintf(buf, len, "%s %.10s", f->host, f->date); break;
	case 2: snprintf(buf, len, "%s %s", f->host, f->date); break;
	case 3: snprintf(buf, len, "%s %s", f->host, path); break;
	default: snprintf(buf, len, "%s %s", f->host, letter); break;
	}
}

/* The first level at which every file of f[i]'s host has a name of its own. */
static int name_level(const struct rfile *f, const char *const *paths, int n, int i)
{
	char a[512], b[512], la[16], lb[16];

	for (int level = 0; level < 4; level++) {
		int clash = 0;
		for (int j = 0; j < n && !clash; j++) {
			if (strcmp(f[j].host, f[i].host) != 0)
				continue;
			name_at(&f[j], paths[j], letter(j, la, sizeof la), level, a, sizeof a);
			for (int k = j + 1; k < n && !clash; k++) {
				if (strcmp(f[k].host, f[i].host) != 0)
					continue;
				name_at(&f[k], paths[k], letter(k, lb, sizeof lb), level, b,
					sizeof b);
				clash = strcmp(a, b) == 0;
			}
		}
		if (!clash)
			return level;
	}
	return 4;
}

static void file_names(const struct rfile *f, const char *const *paths, int n,
		       struct fname *names)
{
	char l[16];

	for (int i = 0; i < n; i++)
		name_at(&f[i], paths[i], letter(i, l, sizeof l), name_level(f, paths, n, i),
			names[i].s, sizeof names[i].s);
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

/* The unit of a table's figures, from the first file that has one. */
static const char *table_unit(const struct rfile *f, int n, const char *table)
{
	for (int i = 0; i < n; i++)
		for (size_t k = 0; k < f[i].nfigs; k++)
			if (strcmp(f[i].figs[k].table, table) == 0)
				return f[i].figs[k].unit;
	return UNIT_US;
}

static void table_title(FILE *out, const struct rfile *f, int n, const char *table)
{
	char title[256];

	figure_table_title(table, table_unit(f, n, table), title, sizeof title);
	fprintf(out, "# %s\n", title);
}

static void mhz_text(double mhz, char *buf, size_t len)
{
	if (mhz > 0)
		snprintf(buf, len, "%.0f", mhz);
	else
		snprintf(buf, len, "-");
}

static void latency_rows(FILE *out, const struct rfile *f, const struct fname *names, int n,
			 const char *table, int has_mhz, const struct names *cols)
{
	char buf[64];

	for (int i = 0; i < n; i++) {
		fprintf(out, "%s\t%s", names[i].s, f[i].os[0] ? f[i].os : "-");
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

/* File i against the first: B/A (C/A, ...) for every figure and the clock. */
static void ratio_row(FILE *out, const struct rfile *f, int i, const char *table, int has_mhz,
		      const struct names *cols)
{
	char buf[64], l[16];

	fprintf(out, "%s/A\t-", letter(i, l, sizeof l));
	if (has_mhz) {
		if (f[0].mhz > 0 && f[i].mhz > 0)
			fprintf(out, "\t%.2f", f[i].mhz / f[0].mhz);
		else
			fputs("\t-", out);
	}
	for (size_t c = 0; c < cols->n; c++)
		fprintf(out, "\t%s", ratio_text(rfile_find(&f[0], table, cols->v[c]),
						rfile_find(&f[i], table, cols->v[c]), buf,
						sizeof buf));
	fputc('\n', out);
}

static void latency_table(FILE *out, const struct rfile *f, const struct fname *names, int n,
			  const char *table, struct names *cols)
{
	const struct table *t = registry_table(table);
	int has_mhz = t && t->has_mhz;

	column_order(f, n, table, cols);
	fputc('\n', out);
	table_title(out, f, n, table);
	fputs(HEAD_HOST "\t" HEAD_OS, out);
	if (has_mhz)
		fputs("\t" HEAD_MHZ, out);
	for (size_t c = 0; c < cols->n; c++)
		fprintf(out, "\t%s", cols->v[c]);
	fputc('\n', out);
	latency_rows(out, f, names, n, table, has_mhz, cols);
	for (int i = 1; i < n; i++)
		ratio_row(out, f, i, table, has_mhz, cols);
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

static void sweep_table(FILE *out, const struct rfile *f, const struct fname *names, int n,
			const char *module, struct names *levels)
{
	char mode[32], buf[64], title[256], l[16];

	level_order(f, n, module, levels);
	sweep_mode(f, n, module, mode, sizeof mode);
	schema_scale_title(title, sizeof title, module, mode, "");
	fprintf(out, "\n# %s\n", title);
	fputs(HEAD_LEVEL, out);
	for (int i = 0; i < n; i++)
		fprintf(out, "\t%s" HEAD_OPS_SUFFIX, names[i].s);
	for (int i = 1; i < n; i++)
		fprintf(out, "\t%s/A ratio", letter(i, l, sizeof l));
	fputc('\n', out);
	for (size_t v = 0; v < levels->n; v++) {
		const char *level = levels->v[v];
		fputs(level, out);
		for (int i = 0; i < n; i++)
			fprintf(out, "\t%s",
				figure_text(find_level(&f[i], module, level), buf, sizeof buf));
		for (int i = 1; i < n; i++)
			fprintf(out, "\t%s", ratio_text(find_level(&f[0], module, level),
							find_level(&f[i], module, level), buf,
							sizeof buf));
		fputc('\n', out);
	}
}

/* ---- compare ----------------------------------------------------------- */

static const char *or_dash(const char *s)
{
	return s[0] ? s : "-";
}

/* What the figures of a file were taken under, the fields that most
 * often explain a difference: one line a file, before any table. */
static void setup_line(FILE *out, const struct rfile *f, int i)
{
	char l[16];

	fprintf(out, "# %s: kernel %s%s%s; date %s; placement %s; LD_PRELOAD %s; build %s\n",
		letter(i, l, sizeof l), f->release, f->release[0] && f->kernel[0] ? " " : "",
		f->release[0] ? f->kernel : or_dash(f->kernel), or_dash(f->date),
		or_dash(f->placement), or_dash(f->ld_preload), or_dash(f->build));
}

static void compare_heading(FILE *out, const char *const *paths, const struct rfile *f, int n)
{
	char l[16];

	fputs("# osbench compare:", out);
	for (int i = 0; i < n; i++)
		fprintf(out, "%s %s = '%s'", i ? "," : "", letter(i, l, sizeof l), paths[i]);
	fputc('\n', out);
	for (int i = 0; i < n; i++)
		setup_line(out, &f[i], i);
}

static void compare_tables(FILE *out, const char *const *paths, const struct rfile *f, int n,
			   const struct fname *names, struct names *sections, struct names *items)
{
	compare_heading(out, paths, f, n);
	table_order(f, n, sections);
	for (size_t t = 0; t < sections->n; t++)
		latency_table(out, f, names, n, sections->v[t], items);
	sections->n = 0;
	for (int i = 0; i < n; i++)
		for (size_t k = 0; k < f[i].nfigs; k++)
			if (is_scale(&f[i].figs[k]))
				names_add(sections, f[i].figs[k].module);
	for (size_t s = 0; s < sections->n; s++)
		sweep_table(out, f, names, n, sections->v[s], items);
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

/* ---- compare: long and json -------------------------------------------- */

/* One figure of the comparison, in every file. */
struct item {
	const char *table, *column, *module;
};

static const struct rfigure *item_in(const struct rfile *f, const struct item *it)
{
	return it->module ? find_level(f, it->module, it->column)
			  : rfile_find(f, it->table, it->column);
}

/* Every figure in the order the tables print them. */
static size_t list_items(const struct rfile *f, int n, struct names *sections,
			 struct names *cols, struct item *items)
{
	size_t k = 0;

	sections->n = 0;
	table_order(f, n, sections);
	for (size_t t = 0; t < sections->n; t++) {
		column_order(f, n, sections->v[t], cols);
		for (size_t c = 0; c < cols->n; c++)
			items[k++] = (struct item){ .table = sections->v[t], .column = cols->v[c] };
	}
	sections->n = 0;
	for (int i = 0; i < n; i++)
		for (size_t g = 0; g < f[i].nfigs; g++)
			if (is_scale(&f[i].figs[g]))
				names_add(sections, f[i].figs[g].module);
	for (size_t s = 0; s < sections->n; s++) {
		level_order(f, n, sections->v[s], cols);
		for (size_t l = 0; l < cols->n; l++)
			items[k++] = (struct item){ .table = SCALE_TABLE, .column = cols->v[l],
						    .module = sections->v[s] };
	}
	return k;
}

/* The figure's module, unit and params from whichever file has it. */
static const struct rfigure *any_file(const struct rfile *f, int n, const struct item *it)
{
	for (int i = 0; i < n; i++) {
		const struct rfigure *g = item_in(&f[i], it);
		if (g)
			return g;
	}
	return NULL;
}

static const char *status_word(const struct rfigure *g)
{
	return g ? schema_status_names[g->status] : "missing";
}

static void long_number(FILE *out, double v, int ok)
{
	if (ok)
		fprintf(out, "\t%.6g", v);
	else
		fputs("\t-", out);
}

/* A figure's value and interval, "-" where it has none. */
static void long_value(FILE *out, const struct rfigure *g)
{
	int ok = g && g->status == ST_OK;

	long_number(out, ok ? g->value : 0, ok);
	long_number(out, ok ? g->ci_lo : 0, ok && g->ci_hi > 0);
	long_number(out, ok ? g->ci_hi : 0, ok && g->ci_hi > 0);
}

static void compare_long(FILE *out, const char *const *paths, const struct rfile *f, int n,
			 const struct item *items, size_t nitems)
{
	char buf[64];

	fprintf(out, "%s\t%s\t%s\t%s\t%s\thost\tfile\t%s\t%s\t%s\t%s\tratio\t"
		     "value\tci_lo\tci_hi\n",
		schema_fields[F_TABLE].long_name, schema_fields[F_COLUMN].long_name,
		schema_fields[F_MODULE].long_name, schema_fields[F_PARAMS].long_name,
		schema_fields[F_UNIT].long_name, schema_fields[F_STATUS].long_name,
		schema_fields[F_VALUE].long_name, schema_fields[F_CI_LO].long_name,
		schema_fields[F_CI_HI].long_name);
	for (size_t k = 0; k < nitems; k++) {
		const struct rfigure *any = any_file(f, n, &items[k]);
		const struct rfigure *a = item_in(&f[0], &items[k]);
		for (int i = 0; i < n; i++) {
			const struct rfigure *g = item_in(&f[i], &items[k]);
			fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s", items[k].table,
				items[k].column, any->module[0] ? any->module : "-",
				any->params[0] ? any->params : "-", any->unit, f[i].host, paths[i],
				status_word(g));
			/* under the old _us names, then under names that fit
			   every unit */
			long_value(out, g);
			fprintf(out, "\t%s", i ? ratio_text(a, g, buf, sizeof buf) : "-");
			long_value(out, g);
			fputc('\n', out);
		}
	}
}

static void json_number(FILE *out, double v, int ok)
{
	if (ok)
		fprintf(out, "%.6g", v);
	else
		fputs("null", out);
}

static void json_key(FILE *out, enum field fld)
{
	fprintf(out, "\"%s\": ", schema_fields[fld].json_key);
}

static void compare_json(FILE *out, const char *const *paths, const struct rfile *f, int n,
			 const struct item *items, size_t nitems)
{
	fprintf(out, "{\n  \"osbench_compare\": \"%s\",\n  \"files\": [", OSBENCH_VERSION);
	for (int i = 0; i < n; i++) {
		fprintf(out, "%s\n    {\"file\": ", i ? "," : "");
		json_string(out, paths[i]);
		fputs(", \"host\": ", out);
		json_string(out, f[i].host);
		fputs(", \"os\": ", out);
		json_string(out, f[i].os);
		fputs(", \"mhz\": ", out);
		json_number(out, f[i].mhz, f[i].mhz > 0);
		fputs(", \"build\": ", out);
		json_string(out, f[i].build);
		fputs(", \"release\": ", out);
		json_string(out, f[i].release);
		fputs(", \"kernel\": ", out);
		json_string(out, f[i].kernel);
		fputs(", \"date\": ", out);
		json_string(out, f[i].date);
		fputs(", \"placement\": ", out);
		json_string(out, f[i].placement);
		fputs(", \"ld_preload\": ", out);
		json_string(out, f[i].ld_preload);
		fputc('}', out);
	}
	fputs("\n  ],\n  \"figures\": [", out);
	for (size_t k = 0; k < nitems; k++) {
		const struct rfigure *any = any_file(f, n, &items[k]);
		const struct rfigure *a = item_in(&f[0], &items[k]);
		fprintf(out, "%s\n    {", k ? "," : "");
		json_key(out, F_TABLE);
		json_string(out, items[k].table);
		fputs(", ", out);
		json_key(out, F_COLUMN);
		json_string(out, items[k].column);
		fputs(", ", out);
		json_key(out, F_MODULE);
		json_string(out, any->module);
		fputs(", ", out);
		json_key(out, F_UNIT);
		json_string(out, any->unit);
		fputs(", \"hosts\": [", out);
		for (int i = 0; i < n; i++) {
			const struct rfigure *g = item_in(&f[i], &items[k]);
			int ok = g && g->status == ST_OK;
			fprintf(out, "%s{", i ? ", " : "");
			json_key(out, F_STATUS);
			json_string(out, status_word(g));
			fputs(", ", out);
			json_key(out, F_VALUE);
			json_number(out, ok ? g->value : 0, ok);
			fputs(", \"ci_lo\": ", out);
			json_number(out, ok ? g->ci_lo : 0, ok && g->ci_hi > 0);
			fputs(", \"ci_hi\": ", out);
			json_number(out, ok ? g->ci_hi : 0, ok && g->ci_hi > 0);
			fputs(", \"ratio\": ", out);
			json_number(out, ok && a && a->status == ST_OK ? g->value / a->value : 0,
				    i > 0 && ok && a && a->status == ST_OK);
			fputc('}', out);
		}
		fputs("]}", out);
	}
	fprintf(out, "%s]\n}\n", nitems ? "\n  " : "");
}

int compare_write(FILE *out, const char *format, const char *const *paths,
		  const struct rfile *f, int n)
{
	struct names sections = { .v = NULL }, items = { .v = NULL };
	struct item *flat = NULL;
	struct fname *fnames = NULL;
	size_t total = 1;
	int rc = -1;

	for (int i = 0; i < n; i++)
		total += f[i].nfigs;
	if (names_alloc(&sections, f, n) < 0 || names_alloc(&items, f, n) < 0 ||
	    !(flat = calloc(total, sizeof *flat)) || !(fnames = calloc((size_t)n, sizeof *fnames)))
		goto out;
	rc = 0;
	if (strcmp(format, "table") == 0) {
		file_names(f, paths, n, fnames);
		compare_tables(out, paths, f, n, fnames, &sections, &items);
	} else {
		size_t nitems = list_items(f, n, &sections, &items, flat);
		if (strcmp(format, "json") == 0)
			compare_json(out, paths, f, n, flat, nitems);
		else
			compare_long(out, paths, f, n, flat, nitems);
	}
out:
	free(sections.v);
	free(items.v);
	free(flat);
	free(fnames);
	if (rc < 0)
		errno = ENOMEM;
	return rc;
}
