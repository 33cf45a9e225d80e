/* `osbench run` and `osbench scale`: what to measure, in what order. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "modules/registry.h"
#include "cli/runplan.h"
#include "cli/session.h"
#include "plan/figure.h"
#include "results/schema.h"

#define MAX_COLUMNS 64
#define MAX_SECTIONS 32

/* A table as this run prints it: a registry table, some of its columns,
 * a module outside every table, or a points module (ctx) at the points
 * asked for. */
struct section {
	char name[32];
	char title[200];
	int has_mhz;
	struct column cols[MAX_COLUMNS];
	char headers[MAX_COLUMNS][32];
	size_t ncols;
};

struct plan {
	struct section sections[MAX_SECTIONS];
	size_t n;
};

static struct section *section_named(struct plan *p, const char *name)
{
	for (size_t i = 0; i < p->n; i++)
		if (strcmp(p->sections[i].name, name) == 0)
			return &p->sections[i];
	if (p->n == MAX_SECTIONS)
		return NULL;
	struct section *s = &p->sections[p->n++];
	memset(s, 0, sizeof *s);
	snprintf(s->name, sizeof s->name, "%s", name);
	return s;
}

static void add_column(struct section *s, const struct column *c)
{
	for (size_t i = 0; i < s->ncols; i++)
		if (strcmp(s->cols[i].header, c->header) == 0)
			return;
	if (s->ncols == MAX_COLUMNS)
		return;
	snprintf(s->headers[s->ncols], sizeof s->headers[0], "%s", c->header);
	s->cols[s->ncols] = *c;
	s->cols[s->ncols].header = s->headers[s->ncols];
	s->ncols++;
}

/* A registry table, whole or just the columns of one module; columns keep
 * the table's order. */
static int add_table(struct plan *p, const struct table *t, const char *only_module)
{
	struct section *s = section_named(p, t->name);
	const struct column *wanted[MAX_COLUMNS];
	size_t n = 0;

	if (!s)
		return -1;
	snprintf(s->title, sizeof s->title, "%s", t->title);
	s->has_mhz = t->has_mhz;
	for (size_t i = 0; i < t->ncolumns && n < MAX_COLUMNS; i++) {
		const struct column *c = &t->columns[i];
		int want = !only_module || strcmp(c->module, only_module) == 0;
		for (size_t j = 0; j < s->ncols && !want; j++)
			want = strcmp(s->cols[j].header, c->header) == 0;
		if (want)
			wanted[n++] = c;
	}
	s->ncols = 0;
	for (size_t i = 0; i < n; i++)
		add_column(s, wanted[i]);
	return 0;
}

/* A points module (ctx) at the points asked for: --procs x --size, in
 * its own table. */
static int add_points(struct plan *p, const struct args *a, const struct module *m)
{
	struct section *s = section_named(p, m->name);
	const struct table *t = registry_table(m->name);
	int zero = 0;
	const int *sizes = a->nsizes ? a->sizes : &zero;
	int nsizes = a->nsizes ? a->nsizes : 1;

	if (!s)
		return -1;
	snprintf(s->title, sizeof s->title, "%s", t->title);
	s->has_mhz = t->has_mhz;
	for (int i = 0; i < a->nprocs; i++)
		for (int j = 0; j < nsizes; j++) {
			char header[32];
			struct column c = { .header = header, .module = m->name,
					    .procs = a->procs[i], .size_kb = sizes[j] };
			schema_points_header(header, sizeof header, a->procs[i], sizes[j]);
			add_column(s, &c);
		}
	return 0;
}

static const struct table *table_of_module(const char *module)
{
	for (size_t i = 0; i < registry_ntables; i++)
		for (size_t c = 0; c < registry_tables[i].ncolumns; c++)
			if (strcmp(registry_tables[i].columns[c].module, module) == 0)
				return &registry_tables[i];
	return NULL;
}

static int add_loose_module(struct plan *p, const struct module *m)
{
	struct section *s = section_named(p, m->name);
	struct column c = { .header = m->name, .module = m->name };

	if (!s)
		return -1;
	schema_module_title(s->title, sizeof s->title, m->name, m->summary);
	add_column(s, &c);
	return 0;
}

static int plan_name(struct plan *p, const struct args *a, const char *name)
{
	const struct table *t = registry_table(name);
	const struct module *m = registry_module(name);

	if (m && (m->flags & MOD_POINTS) && a->nprocs)
		return add_points(p, a, m);
	if (t)
		return add_table(p, t, NULL);
	if (!m)
		return -2;
	t = table_of_module(name);
	return t ? add_table(p, t, name) : add_loose_module(p, m);
}

static int plan_run(struct plan *p, const struct args *a)
{
	int points_named = 0;

	p->n = 0;
	for (int i = 0; i < a->nnames; i++) {
		int rc = plan_name(p, a, a->names[i]);
		if (rc == -2) {
			fprintf(stderr, "osbench: unknown table or module '%s' (see 'osbench list')\n",
				a->names[i]);
			return -1;
		}
		if (rc < 0) {
			fprintf(stderr, "osbench: too many tables in one run\n");
			return -1;
		}
		const struct module *m = registry_module(a->names[i]);
		points_named |= m && (m->flags & MOD_POINTS);
	}
	if (a->nprocs && !points_named) {
		char names[128];
		registry_names_with(MOD_POINTS, names, sizeof names);
		fprintf(stderr, "osbench: --procs and --size apply to 'osbench run %s'\n", names);
		return -1;
	}
	for (size_t i = 0; a->nnames == 0 && i < registry_ntables; i++)
		add_table(p, &registry_tables[i], NULL);
	return 0;
}

/* --remote makes sense only when a module that uses it is in the plan. */
static int plan_uses_remote(const struct plan *p)
{
	for (size_t i = 0; i < p->n; i++)
		for (size_t c = 0; c < p->sections[i].ncols; c++)
			if (registry_module(p->sections[i].cols[c].module)->flags & MOD_REMOTE)
				return 1;
	return 0;
}

static void describe(const struct column *c, const struct subject *k,
		     const struct session *s, struct record *r, const char *table)
{
	char remote[300] = "";

	memset(r, 0, sizeof *r);
	r->table = table;
	r->module = k->mod->name;
	r->unit = figure_unit(k);
	snprintf(r->column, sizeof r->column, "%s", c->header);
	if (s->opts.remote_host)
		snprintf(remote, sizeof remote, "%s:%s", s->opts.remote_host, s->opts.remote_port);
	figure_params(k, remote[0] ? remote : NULL, r->params, sizeof r->params);
}

/* Every figure the plan holds, once: ctx 2p/0K is in two tables.  cell[]
 * maps each cell of each section to its figure.  subj and rec are as
 * long as the plan has cells, allocated for it: a record is large, and a
 * binary with room for every possible one would not even start under a
 * tight address-space limit. */
struct figures {
	struct subject *subj;
	struct record *rec;
	size_t n;
	size_t cell[MAX_SECTIONS][MAX_COLUMNS];
};

static size_t figure_of(struct figures *f, const struct record *r, const struct subject *s)
{
	for (size_t i = 0; i < f->n; i++)
		if (figure_equal(&f->subj[i], s))
			return i;
	f->subj[f->n] = *s;
	f->rec[f->n] = *r;
	return f->n++;
}

static void free_figures(struct figures *f)
{
	free(f->subj);
	free(f->rec);
	f->subj = NULL;
	f->rec = NULL;
	f->n = 0;
}

/* -1 with errno when there is no memory for them. */
static int collect_figures(const struct plan *p, const struct session *s, struct figures *f)
{
	size_t cells = 0;

	for (size_t t = 0; t < p->n; t++)
		cells += p->sections[t].ncols;
	free_figures(f);
	f->subj = calloc(cells ? cells : 1, sizeof *f->subj);
	f->rec = calloc(cells ? cells : 1, sizeof *f->rec);
	if (!f->subj || !f->rec) {
		free_figures(f);
		return -1;
	}
	for (size_t t = 0; t < p->n; t++) {
		const struct section *sec = &p->sections[t];
		for (size_t i = 0; i < sec->ncols; i++) {
			const struct column *c = &sec->cols[i];
			const struct module *m = registry_module(c->module);
			struct subject subj = { .mod = m, .procs = c->procs, .size_kb = c->size_kb };
			struct record r;
			describe(c, &subj, s, &r, sec->name);
			f->cell[t][i] = figure_of(f, &r, &subj);
		}
	}
	return 0;
}

static void write_section(struct session *s, const struct section *sec, size_t t,
			  const struct figures *f)
{
	struct record cells[MAX_COLUMNS];
	struct section_view view = { .name = sec->name, .title = sec->title,
				     .has_mhz = sec->has_mhz, .ncells = sec->ncols };

	for (size_t i = 0; i < sec->ncols; i++) {
		cells[i] = f->rec[f->cell[t][i]];
		/* the same figure under another table keeps that table's name */
		cells[i].table = sec->name;
		snprintf(cells[i].column, sizeof cells[i].column, "%s", sec->cols[i].header);
	}
	writer_table(&s->w, &view, cells);
}

int cmd_run(const struct args *a, int argc, char **argv)
{
	static struct plan plan;
	static struct figures figs;
	struct session s;
	int rc;

	if (plan_run(&plan, a) < 0)
		return 2;
	if (a->remote_port[0] && !plan_uses_remote(&plan)) {
		char names[128];
		registry_names_with(MOD_REMOTE, names, sizeof names);
		fprintf(stderr, "osbench: --remote applies to %s only\n", names);
		return 2;
	}
	if ((rc = session_open(&s, a, SESSION_RUN, argc, argv)) != 0)
		return rc;
	if (collect_figures(&plan, &s, &figs) < 0) {
		fprintf(stderr, "osbench: cannot start: %s\n", strerror(errno));
		session_close(&s);
		return 1;
	}
	if (session_measure_all(&s, figs.subj, figs.rec, figs.n) < 0)
		return session_interrupted(&s);
	for (size_t t = 0; t < plan.n; t++)
		write_section(&s, &plan.sections[t], t, &figs);
	session_release(figs.rec, figs.n);
	free_figures(&figs);
	return session_close(&s);
}

int run_plan_figures(const struct args *a, const struct session *s,
		     const struct subject **subj, struct record **rec, size_t *n)
{
	static struct plan plan;
	static struct figures figs;

	if (plan_run(&plan, a) < 0)
		return -1;
	if (collect_figures(&plan, s, &figs) < 0) {
		fprintf(stderr, "osbench: %s\n", strerror(errno));
		return -1;
	}
	*subj = figs.subj;
	*rec = figs.rec;
	*n = figs.n;
	return 0;
}

/* ---- scale ------------------------------------------------------------ */

static const int default_levels[] = { 1, 2, 5, 10, 20, 35, 50 };

static const struct module *scale_module(const struct args *a)
{
	const struct module *m;

	if (a->nnames != 1) {
		fprintf(stderr, "osbench: scale: name one module (see 'osbench list')\n");
		return NULL;
	}
	m = registry_module(a->names[0]);
	if (!m) {
		fprintf(stderr, "osbench: scale: unknown module '%s' (see 'osbench list')\n",
			a->names[0]);
		return NULL;
	}
	if (!(m->flags & MOD_SWEEP)) {
		fprintf(stderr, "osbench: scale: module '%s' cannot run as several copies at once\n",
			m->name);
		return NULL;
	}
	if (a->nprocs && (m->flags & MOD_THREADS_ONLY)) {
		fprintf(stderr, "osbench: scale: module '%s' runs as threads only, not --procs\n",
			m->name);
		return NULL;
	}
	return m;
}

int cmd_scale(const struct args *a, int argc, char **argv)
{
	const struct module *m = scale_module(a);
	const int *levels = a->nprocs ? a->procs : a->nthreads ? a->threads : default_levels;
	int n = a->nprocs ? a->nprocs : a->nthreads ? a->nthreads : 7;
	struct record recs[MAX_LEVELS];
	struct subject subj[MAX_LEVELS];
	struct session s;
	int rc;

	if (!m)
		return 2;
	if ((rc = session_open(&s, a, SESSION_SCALE, argc, argv)) != 0)
		return rc;
	for (int i = 0; i < n; i++) {
		subj[i] = (struct subject){ .mod = m, .level = levels[i],
					    .use_procs = a->nprocs > 0 };
		memset(&recs[i], 0, sizeof recs[i]);
		recs[i].table = SCALE_TABLE;
		recs[i].module = m->name;
		recs[i].unit = figure_unit(&subj[i]);
		snprintf(recs[i].column, sizeof recs[i].column, "%d", levels[i]);
		figure_params(&subj[i], NULL, recs[i].params, sizeof recs[i].params);
	}
	if (session_measure_all(&s, subj, recs, (size_t)n) < 0)
		return session_interrupted(&s);
	writer_sweep(&s.w, m->name, a->nprocs > 0, recs, n);
	session_release(recs, (size_t)n);
	return session_close(&s);
}
