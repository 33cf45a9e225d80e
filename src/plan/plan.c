/* What a command measures and prints; see plan.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/plan.h"
#include "plan/schema.h"
#include "sys/utf8.h"

static struct plan_section *section_named(struct plan *p, const char *name)
{
	for (size_t i = 0; i < p->n; i++)
		if (strcmp(p->sections[i].name, name) == 0)
			return &p->sections[i];
	if (p->n == PLAN_MAX_SECTIONS)
		return NULL;
	struct plan_section *s = &p->sections[p->n++];
	memset(s, 0, sizeof *s);
	snprintf(s->name, sizeof s->name, "%s", name);
	return s;
}

static void add_column(struct plan_section *s, const struct column *c)
{
	for (size_t i = 0; i < s->ncols; i++)
		if (strcmp(s->cols[i].header, c->header) == 0)
			return;
	if (s->ncols == PLAN_MAX_COLUMNS)
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
	struct plan_section *s = section_named(p, t->name);
	const struct column *wanted[PLAN_MAX_COLUMNS];
	size_t n = 0;

	if (!s)
		return -1;
	utf8_printf(s->title, sizeof s->title, "%s", t->title);
	s->has_mhz = t->has_mhz;
	for (size_t i = 0; i < t->ncolumns && n < PLAN_MAX_COLUMNS; i++) {
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
static int add_points(struct plan *p, const struct plan_request *a, const struct module *m)
{
	struct plan_section *s = section_named(p, m->name);
	const struct table *t = registry_table(m->name);
	int zero = 0;
	const int *sizes = a->nsizes ? a->sizes : &zero;
	int nsizes = a->nsizes ? a->nsizes : 1;

	if (!s)
		return -1;
	utf8_printf(s->title, sizeof s->title, "%s", t->title);
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
	struct plan_section *s = section_named(p, m->name);
	struct column c = { .header = m->name, .module = m->name };

	if (!s)
		return -1;
	schema_module_title(s->title, sizeof s->title, m->name, m->summary,
			    (m->flags & MOD_BANDWIDTH) != 0);
	add_column(s, &c);
	return 0;
}

static int plan_name(struct plan *p, const struct plan_request *a, const char *name)
{
	const struct table *t = registry_table(name);
	const struct module *m = registry_module(name);

	if (m && (m->flags & MOD_POINTS) && a->nprocs)
		return add_points(p, a, m);
	if (t)
		return add_table(p, t, NULL);
	if (!m)
		return PLAN_UNKNOWN;
	t = table_of_module(name);
	return t ? add_table(p, t, name) : add_loose_module(p, m);
}

int plan_from_names(struct plan *p, const struct plan_request *r, const char **bad)
{
	p->n = 0;
	for (int i = 0; i < r->nnames; i++) {
		int rc = plan_name(p, r, r->names[i]);
		if (rc == PLAN_UNKNOWN) {
			*bad = r->names[i];
			return PLAN_UNKNOWN;
		}
		if (rc < 0)
			return PLAN_FULL;
	}
	for (size_t i = 0; r->nnames == 0 && i < registry_ntables; i++)
		if (add_table(p, &registry_tables[i], NULL) < 0)
			return PLAN_FULL;
	return 0;
}

int plan_uses(const struct plan *p, unsigned flags)
{
	for (size_t i = 0; i < p->n; i++)
		for (size_t c = 0; c < p->sections[i].ncols; c++)
			if ((registry_module(p->sections[i].cols[c].module)->flags & flags) == flags)
				return 1;
	return 0;
}

int plan_figure(struct plan_figures *f, const struct subject *k, size_t *index)
{
	for (size_t i = 0; i < f->n; i++)
		if (figure_equal(&f->keys[i], k)) {
			*index = i;
			return 0;
		}
	if (f->n == f->cap) {
		size_t cap = f->cap ? f->cap * 2 : 64;
		struct subject *keys = realloc(f->keys, cap * sizeof *keys);
		if (!keys)
			return -1;
		f->keys = keys;
		f->cap = cap;
	}
	f->keys[f->n] = *k;
	*index = f->n++;
	return 0;
}

void plan_figures_free(struct plan_figures *f)
{
	free(f->keys);
	memset(f, 0, sizeof *f);
}

int plan_collect(struct plan *p)
{
	p->figs.n = 0;
	for (size_t t = 0; t < p->n; t++) {
		struct plan_section *sec = &p->sections[t];
		for (size_t i = 0; i < sec->ncols; i++) {
			const struct column *c = &sec->cols[i];
			struct subject k = { .mod = registry_module(c->module), .procs = c->procs,
					     .size_kb = c->size_kb };
			if (plan_figure(&p->figs, &k, &sec->figure[i]) < 0)
				return -1;
		}
	}
	return 0;
}
