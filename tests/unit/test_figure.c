/* A figure's identity (plan/figure.h): every registry column and every
 * sweep level goes to its params text and back to the same key. */
#include <stdio.h>
#include <string.h>

#include "modules/registry.h"
#include "plan/figure.h"
#include "plan/plan.h"
#include "plan/schema.h"
#include "unit.h"

/* The key back from its own params text, for the same module. */
static int round_trips(const struct subject *k, const char *remote)
{
	char params[160];
	struct subject back = { .mod = k->mod, .procs = -1, .level = -1 };

	figure_params(k, remote, params, sizeof params);
	return figure_params_parse(params, k->level > 0, &back) == 0 && figure_equal(k, &back);
}

static int every_column(void)
{
	for (size_t t = 0; t < registry_ntables; t++) {
		const struct table *tb = &registry_tables[t];
		for (size_t c = 0; c < tb->ncolumns; c++) {
			const struct column *col = &tb->columns[c];
			struct subject k;
			const char *unit;
			if (figure_of_cell(tb->name, col->header, &k) < 0 ||
			    k.mod != registry_module(col->module) || k.procs != col->procs ||
			    k.size_kb != col->size_kb || k.level != 0 || !round_trips(&k, NULL)) {
				printf("# %s '%s'\n", tb->name, col->header);
				return 0;
			}
			/* a bandwidth module's figure is MB/s, and the bw table holds
			   only those */
			unit = figure_unit(&k);
			if (strcmp(unit, k.mod->flags & MOD_BANDWIDTH ? UNIT_MBS : UNIT_US) != 0 ||
			    (strcmp(tb->name, "bw") == 0 && strcmp(unit, UNIT_MBS) != 0)) {
				printf("# %s '%s': unit %s\n", tb->name, col->header, unit);
				return 0;
			}
		}
	}
	return 1;
}

/* A module outside every table is a table of its own name. */
static int every_loose_module(void)
{
	int found = 0;

	for (size_t i = 0; i < registry_nmodules; i++) {
		const struct module *m = registry_modules[i];
		struct subject k;
		if (registry_table(m->name) || (m->flags & MOD_POINTS))
			continue;
		found = 1;
		if (figure_of_cell(m->name, m->name, &k) < 0 || k.mod != m || !round_trips(&k, NULL))
			return 0;
	}
	return found;
}

static int every_level(void)
{
	static const int levels[] = { 1, 2, 5, 10, 20, 35, 50, 256, 4096 };
	int swept = 0;

	for (size_t i = 0; i < registry_nmodules; i++) {
		const struct module *m = registry_modules[i];
		for (int procs = 0; procs < 2 && (m->flags & MOD_SWEEP); procs++)
			for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++) {
				struct subject k;
				char level[16], params[160];
				int can = !(procs && (m->flags & MOD_THREADS_ONLY));
				snprintf(level, sizeof level, "%d", levels[l]);
				if ((figure_of_level(m->name, level, procs, &k) == 0) != can)
					return 0;
				if (!can)
					continue;
				figure_params(&k, NULL, params, sizeof params);
				if (k.level != levels[l] || k.use_procs != procs || !round_trips(&k, NULL) ||
				    strcmp(figure_unit(&k), UNIT_OPS) != 0 ||
				    strcmp(figure_scale_mode(params), procs ? "processes" : "threads") != 0)
					return 0;
				swept++;
			}
	}
	return swept > 0;
}

static int parse_refuses(const char *module, const char *params, int sweep)
{
	struct subject k = { .mod = registry_module(module) };

	return k.mod && figure_params_parse(params, sweep, &k) < 0;
}

UNIT_TEST(test_figure)
{
	struct subject a, b, k;
	char buf[256];

	CHECK("figure every registry column round-trips through its params", every_column());
	CHECK("figure every loose module is a table of its own", every_loose_module());
	CHECK("figure every sweep level round-trips, threads and processes", every_level());
	CHECK("figure a figure in two tables is one",
	      figure_of_cell("ctx", "2p/0K ctxsw", &a) == 0 &&
		      figure_of_cell("ipc", "2p/0K ctxsw", &b) == 0 && figure_equal(&a, &b));
	CHECK("figure a points table takes any point",
	      figure_of_cell("ctx", "3p/8K ctxsw", &k) == 0 && k.procs == 3 && k.size_kb == 8 &&
		      round_trips(&k, NULL));
	CHECK("figure cells osbench does not know",
	      figure_of_cell("syscall", "nope", &k) < 0 && figure_of_cell("nope", "x", &k) < 0 &&
		      figure_of_cell("ctx", "2p/0K", &k) < 0 &&
		      figure_of_level("nope", "2", 0, &k) < 0 &&
		      figure_of_level("mutex", "0", 0, &k) < 0 &&
		      figure_of_level("mutex", "02", 0, &k) < 0);
	k = (struct subject){ .mod = registry_module("tcp") };
	figure_params(&k, "peer:7100", buf, sizeof buf);
	CHECK("figure a remote figure says its peer", strcmp(buf, "remote=peer:7100") == 0 &&
							   round_trips(&k, "peer:7100"));
	CHECK("figure params that no figure has",
	      parse_refuses("ctx", "procs=2", 0) && parse_refuses("ctx", "procs=02 size_kb=0", 0) &&
		      parse_refuses("ctx", "procs=2 size_kb=0 x", 0) &&
		      parse_refuses("null", "size_kb=1", 0) && parse_refuses("mutex", "threads=0", 1) &&
		      parse_refuses("mutex", "threads=", 1) && parse_refuses("mutex", "", 1));
	CHECK("figure scale mode of other params", figure_scale_mode("size_kb=1") == NULL);
	CHECK("figure titles: the registry's, a loose module's, by unit",
	      figure_table_title("syscall", UNIT_US, buf, sizeof buf) == 1 &&
		      strcmp(buf, registry_table("syscall")->title) == 0 &&
		      figure_table_title("mystery", UNIT_MBS, buf, sizeof buf) == 0 &&
		      strstr(buf, UNIT_MBS) != NULL);
}

/* ---- plan/plan.h ------------------------------------------------------- */

static size_t table_columns(const char *name)
{
	return registry_table(name)->ncolumns;
}

UNIT_TEST(test_plan)
{
	static struct plan p;
	const char *ctx_ipc[] = { "ctx", "ipc" }, *one[] = { "stat" }, *bad_names[] = { "null", "nosuch" };
	const int procs[] = { 2, 4 }, sizes[] = { 0 };
	const char *points[] = { "ctx" };
	const char *bad = NULL;
	int rc;

	rc = plan_from_names(&p, &(struct plan_request){ .names = ctx_ipc, .nnames = 2 }, &bad);
	CHECK("plan two tables, a figure in both counted once",
	      rc == 0 && p.n == 2 && plan_collect(&p) == 0 &&
		      p.figs.n == table_columns("ctx") + table_columns("ipc") - 1 &&
		      p.sections[1].figure[0] == p.sections[0].figure[0]);
	rc = plan_from_names(&p, &(struct plan_request){ .names = one, .nnames = 1 }, &bad);
	CHECK("plan a module is its table's column alone",
	      rc == 0 && p.n == 1 && strcmp(p.sections[0].name, "syscall") == 0 &&
		      p.sections[0].ncols == 1 && strcmp(p.sections[0].cols[0].header, "stat") == 0);
	rc = plan_from_names(&p, &(struct plan_request){ .names = NULL, .nnames = 0 }, &bad);
	CHECK("plan no names: every table", rc == 0 && p.n == registry_ntables);
	rc = plan_from_names(&p,
			     &(struct plan_request){ .names = points, .nnames = 1, .procs = procs,
						     .nprocs = 2, .sizes = sizes, .nsizes = 1 },
			     &bad);
	CHECK("plan a points module at the points asked for",
	      rc == 0 && p.n == 1 && p.sections[0].ncols == 2 &&
		      strcmp(p.sections[0].cols[1].header, "4p/0K ctxsw") == 0 &&
		      plan_collect(&p) == 0 && p.figs.n == 2 && p.figs.keys[1].procs == 4);
	rc = plan_from_names(&p, &(struct plan_request){ .names = bad_names, .nnames = 2 }, &bad);
	CHECK("plan an unknown name is named", rc == PLAN_UNKNOWN && bad && strcmp(bad, "nosuch") == 0);
	CHECK("plan uses remote only with a remote module",
	      plan_from_names(&p, &(struct plan_request){ .names = one, .nnames = 1 }, &bad) == 0 &&
		      !plan_uses(&p, MOD_REMOTE) &&
		      plan_from_names(&p, &(struct plan_request){ .names = ctx_ipc, .nnames = 2 },
				      &bad) == 0 &&
		      plan_uses(&p, MOD_REMOTE));
	plan_figures_free(&p.figs);
}
