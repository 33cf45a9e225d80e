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

void test_registry(void)
{
	CHECK("registry modules sorted and unique", sorted_and_unique());
	CHECK("registry descriptors complete", descriptors_complete());
	CHECK("registry table columns name real modules", columns_resolve());
	CHECK("registry table names do not shadow modules", names_distinct_from_tables());
	CHECK("registry has the four latency tables",
	      registry_table("syscall") && registry_table("proc") && registry_table("ctx") &&
		      registry_table("ipc") && !registry_table("nope"));
	CHECK("registry lookup of a module", registry_module("null") &&
						     !registry_module("no-such-module"));
}
