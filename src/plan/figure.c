/* A figure's identity; see figure.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "modules/registry.h"
#include "plan/figure.h"
#include "plan/schema.h"

int figure_equal(const struct subject *a, const struct subject *b)
{
	return a->mod == b->mod && a->procs == b->procs && a->size_kb == b->size_kb &&
	       a->level == b->level && a->use_procs == b->use_procs;
}

void figure_params(const struct subject *k, const char *remote, char *buf, size_t len)
{
	unsigned flags = k->mod->flags;

	if (k->level)
		snprintf(buf, len, "%s=%d", k->use_procs ? "procs" : "threads", k->level);
	else if (flags & MOD_POINTS)
		snprintf(buf, len, "procs=%d size_kb=%d", k->procs, k->size_kb);
	else if (flags & MOD_SIZED)
		snprintf(buf, len, "size_kb=%d", k->size_kb);
	else if ((flags & MOD_REMOTE) && remote)
		snprintf(buf, len, "remote=%s", remote);
	else if (len)
		buf[0] = '\0';
}

/* A whole number from 0 (from 1 when positive), digits only, in an int;
 * *end after it. */
static int whole(const char *s, int positive, int *out, const char **end)
{
	long v = 0;
	const char *p = s;

	while (*p >= '0' && *p <= '9' && v <= 100000000)
		v = v * 10 + (*p++ - '0');
	if (p == s || (p - s > 1 && *s == '0') || v > 100000000 || (positive && v < 1))
		return -1;
	*out = (int)v;
	*end = p;
	return 0;
}

static int starts(const char *s, const char *prefix, const char **rest)
{
	size_t n = strlen(prefix);

	if (strncmp(s, prefix, n) != 0)
		return 0;
	*rest = s + n;
	return 1;
}

int figure_params_parse(const char *params, int sweep, struct subject *k)
{
	unsigned flags = k->mod->flags;
	const char *p;

	k->procs = k->size_kb = k->level = k->use_procs = 0;
	if (sweep) {
		if (starts(params, "threads=", &p))
			k->use_procs = 0;
		else if (starts(params, "procs=", &p))
			k->use_procs = 1;
		else
			return -1;
		return whole(p, 1, &k->level, &p) == 0 && *p == '\0' ? 0 : -1;
	}
	if (flags & MOD_POINTS)
		return starts(params, "procs=", &p) && whole(p, 0, &k->procs, &p) == 0 &&
			       starts(p, " size_kb=", &p) && whole(p, 0, &k->size_kb, &p) == 0 &&
			       *p == '\0'
			       ? 0
			       : -1;
	if (flags & MOD_SIZED)
		return starts(params, "size_kb=", &p) && whole(p, 0, &k->size_kb, &p) == 0 &&
			       *p == '\0'
			       ? 0
			       : -1;
	if ((flags & MOD_REMOTE) && starts(params, "remote=", &p))
		return *p ? 0 : -1;
	return params[0] == '\0' ? 0 : -1;
}

const char *figure_unit(const struct subject *k)
{
	if (k->level)
		return UNIT_OPS;
	return k->mod->flags & MOD_BANDWIDTH ? UNIT_MBS : UNIT_US;
}

int figure_of_cell(const char *table, const char *column, struct subject *k)
{
	const struct table *t = registry_table(table);
	const struct module *m = registry_module(table);

	memset(k, 0, sizeof *k);
	for (size_t c = 0; t && c < t->ncolumns; c++)
		if (strcmp(t->columns[c].header, column) == 0) {
			k->mod = registry_module(t->columns[c].module);
			k->procs = t->columns[c].procs;
			k->size_kb = t->columns[c].size_kb;
			return 0;
		}
	/* a points module's table takes any point: "16p/64K ctxsw" */
	if (m && (m->flags & MOD_POINTS)) {
		if (schema_points_parse(column, &k->procs, &k->size_kb) < 0)
			return -1;
		k->mod = m;
		return 0;
	}
	if (t || !m || strcmp(column, m->name) != 0)
		return -1;
	k->mod = m;
	return 0;
}

int figure_of_level(const char *module, const char *level, int use_procs, struct subject *k)
{
	const struct module *m = registry_module(module);
	const char *end;

	memset(k, 0, sizeof *k);
	if (!m || !(m->flags & MOD_SWEEP) || (use_procs && (m->flags & MOD_THREADS_ONLY)))
		return -1;
	if (whole(level, 1, &k->level, &end) < 0 || *end != '\0')
		return -1;
	k->mod = m;
	k->use_procs = use_procs;
	return 0;
}

const char *figure_scale_mode(const char *params)
{
	if (strncmp(params, "threads=", 8) == 0)
		return "threads";
	if (strncmp(params, "procs=", 6) == 0)
		return "processes";
	return NULL;
}

int figure_table_title(const char *table, const char *unit, char *buf, size_t len)
{
	const struct table *t = registry_table(table);
	const struct module *m = registry_module(table);

	if (t)
		snprintf(buf, len, "%s", t->title);
	else if (m)
		schema_module_title(buf, len, m->name, m->summary, (m->flags & MOD_BANDWIDTH) != 0);
	else
		schema_unknown_title(buf, len, table, unit);
	return t || m;
}
