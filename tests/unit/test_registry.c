/* The registry: names unique and sorted, descriptors complete, every
 * table column naming a module that exists. */
#include <string.h>

#include "modules/registry.h"
#include "unit.h"

static int descriptors_complete(void)
{
	for (size_t i = 0; i < registry_nmodules; i++) {
		const struct module *m = registry_modules[i];
		if (!m->name || !*m->name || !m->summary || !*m->summary || !m->run)
			return 0;
		/* a teardown must exist for whatever setup makes */
		if ((m->setup && !m->teardown) || (m->setup_shared && !m->teardown_shared))
			return 0;
		if ((m->flags & MOD_SCALE) && !(m->flags & MOD_SWEEP))
			return 0;
	}
	return 1;
}

/* Only a latency figure calls prepare, and a bandwidth figure is not a
 * sweep's ops/s: neither kind of module may sweep. */
static int prepare_and_bandwidth_never_sweep(void)
{
	for (size_t i = 0; i < registry_nmodules; i++) {
		const struct module *m = registry_modules[i];
		if ((m->prepare || (m->flags & MOD_BANDWIDTH)) && (m->flags & MOD_SWEEP))
			return 0;
	}
	return 1;
}

/* The two columns of a module that differ only in size_kb must be two
 * figures: the command layer tells them apart by params, which only
 * MOD_POINTS (procs and size) and MOD_SIZED (size) modules have. */
static int sized_columns_take_points(void)
{
	for (size_t t = 0; t < registry_ntables; t++)
		for (size_t c = 0; c < registry_tables[t].ncolumns; c++) {
			const struct column *col = &registry_tables[t].columns[c];
			const struct module *m = registry_module(col->module);
			if (m && col->procs && !(m->flags & MOD_POINTS))
				return 0;
			if (m && col->size_kb && !(m->flags & (MOD_POINTS | MOD_SIZED)))
				return 0;
		}
	return 1;
}

static int sorted_and_unique(void)
{
	for (size_t i = 1; i < registry_nmodules; i++)
		if (strcmp(registry_modules[i - 1]->name, registry_modules[i]->name) >= 0)
			return 0;
	return 1;
}

static int columns_resolve(void)
{
	for (size_t t = 0; t < registry_ntables; t++)
		for (size_t c = 0; c < registry_tables[t].ncolumns; c++)
			if (!registry_module(registry_tables[t].columns[c].module))
				return 0;
	return 1;
}

static int names_distinct_from_tables(void)
{
	/* a name that is both is run as the table: only ctx may be both */
	for (size_t t = 0; t < registry_ntables; t++)
		if (registry_module(registry_tables[t].name) &&
		    strcmp(registry_tables[t].name, "ctx") != 0)
			return 0;
	return 1;
}

UNIT_TEST(test_registry)
{
	CHECK("registry modules sorted and unique", sorted_and_unique());
	CHECK("registry descriptors complete", descriptors_complete());
	CHECK("registry table columns name real modules", columns_resolve());
	CHECK("registry table names do not shadow modules", names_distinct_from_tables());
	CHECK("registry has the four latency tables",
	      registry_table("syscall") && registry_table("proc") && registry_table("ctx") &&
		      registry_table("ipc") && !registry_table("nope"));
	CHECK("registry has the fs and bw tables, in that order after ipc",
	      registry_ntables >= 6 && strcmp(registry_tables[4].name, "fs") == 0 &&
		      strcmp(registry_tables[5].name, "bw") == 0 &&
		      strcmp(registry_tables[3].name, "ipc") == 0);
	CHECK("registry: modules with prepare or MOD_BANDWIDTH do not sweep",
	      prepare_and_bandwidth_never_sweep());
	CHECK("registry: columns with a size or procs name modules that take them",
	      sized_columns_take_points());
	CHECK("registry lookup of a module", registry_module("null") &&
						     !registry_module("no-such-module"));
}
