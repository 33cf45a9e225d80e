/* The registry and the schema agree: every latency module has a column,
 * a header names one measurement wherever it stands, points columns are
 * spelled as the schema spells them, and every table written by each
 * format reads back as the same figures, each resolved to the module and
 * unit the contract (written out below, not taken from the registry) says. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "modules/registry.h"
#include "results/resultfile.h"
#include "plan/schema.h"
#include "results/writer.h"
#include "unit.h"

/* The contract, written out here rather than read from the registry: every
 * table in order, each column's header, the module that fills it and its
 * unit.  The registry must say exactly this, and every figure read back
 * must come back as this module and unit. */
struct expected_column {
	const char *table, *header, *module, *unit;
};

static const struct expected_column contract[] = {
	{ "syscall", "null call", "null", UNIT_US },
	{ "syscall", "null I/O", "nullio", UNIT_US },
	{ "syscall", "stat", "stat", UNIT_US },
	{ "syscall", "open clos", "openclose", UNIT_US },
	{ "syscall", "slct TCP", "select", UNIT_US },
	{ "syscall", "sig inst", "siginst", UNIT_US },
	{ "syscall", "sig hndl", "sighndl", UNIT_US },
	{ "proc", "fork proc", "fork", UNIT_US },
	{ "proc", "exec proc", "exec", UNIT_US },
	{ "proc", "sh proc", "sh", UNIT_US },
	{ "ctx", "2p/0K ctxsw", "ctx", UNIT_US },
	{ "ctx", "2p/16K ctxsw", "ctx", UNIT_US },
	{ "ctx", "2p/64K ctxsw", "ctx", UNIT_US },
	{ "ctx", "8p/16K ctxsw", "ctx", UNIT_US },
	{ "ctx", "8p/64K ctxsw", "ctx", UNIT_US },
	{ "ctx", "16p/16K ctxsw", "ctx", UNIT_US },
	{ "ctx", "16p/64K ctxsw", "ctx", UNIT_US },
	{ "ipc", "2p/0K ctxsw", "ctx", UNIT_US },
	{ "ipc", "Pipe", "pipe", UNIT_US },
	{ "ipc", "AF UNIX", "unix", UNIT_US },
	{ "ipc", "UDP", "udp", UNIT_US },
	{ "ipc", "TCP", "tcp", UNIT_US },
	{ "ipc", "TCP conn", "tcpconn", UNIT_US },
	{ "fs", "0K File Create", "fscreate", UNIT_US },
	{ "fs", "0K File Delete", "fsdelete", UNIT_US },
	{ "fs", "10K File Create", "fscreate", UNIT_US },
	{ "fs", "10K File Delete", "fsdelete", UNIT_US },
	{ "fs", "Mmap Latency", "mmap", UNIT_US },
	{ "fs", "Prot Fault", "protfault", UNIT_US },
	{ "fs", "Page Fault", "pagefault", UNIT_US },
	{ "fs", "100fd selct", "selfile", UNIT_US },
	{ "bw", "Pipe", "bwpipe", UNIT_MBS },
	{ "bw", "AF UNIX", "bwunix", UNIT_MBS },
	{ "bw", "TCP", "bwtcp", UNIT_MBS },
	{ "bw", "File reread", "bwfile", UNIT_MBS },
	{ "bw", "Mmap reread", "bwmmap", UNIT_MBS },
	{ "bw", "Bcopy (libc)", "bwcopy", UNIT_MBS },
	{ "bw", "Bcopy (hand)", "bwhcopy", UNIT_MBS },
	{ "bw", "Mem read", "bwread", UNIT_MBS },
	{ "bw", "Mem write", "bwwrite", UNIT_MBS },
	{ "vm", "1-page fault", "pagefault1", UNIT_US },
	{ "vm", "SEGV trip", "segvtrip", UNIT_US },
	{ "mem", "memcpy 2MB", "memcpy2m", UNIT_MBS },
	{ "mem", "copy 8B 2MB", "memcp8", UNIT_MBS },
	{ "mem", "read 8B 2MB", "memrd8", UNIT_MBS },
	{ "mem", "write 8B 2MB", "memwr8", UNIT_MBS },
};
#define NCONTRACT (sizeof contract / sizeof contract[0])

static const struct expected_column *expected(const char *table, const char *header)
{
	for (size_t i = 0; i < NCONTRACT; i++)
		if (strcmp(contract[i].table, table) == 0 && strcmp(contract[i].header, header) == 0)
			return &contract[i];
	return NULL;
}

/* The registry's tables, in order, are the contract's, column by column. */
static int registry_is_the_contract(void)
{
	size_t i = 0;

	for (size_t t = 0; t < registry_ntables; t++)
		for (size_t c = 0; c < registry_tables[t].ncolumns; c++, i++) {
			const struct column *col = &registry_tables[t].columns[c];
			if (i >= NCONTRACT || strcmp(contract[i].table, registry_tables[t].name) != 0 ||
			    strcmp(contract[i].header, col->header) != 0 ||
			    strcmp(contract[i].module, col->module) != 0) {
				printf("# registry %s '%s' (%s) is not the contract's\n",
				       registry_tables[t].name, col->header, col->module);
				return 0;
			}
		}
	if (i != NCONTRACT)
		printf("# the registry has %zu columns, the contract %zu\n", i, NCONTRACT);
	return i == NCONTRACT;
}

static int in_some_table(const struct module *m)
{
	for (size_t t = 0; t < registry_ntables; t++)
		for (size_t c = 0; c < registry_tables[t].ncolumns; c++)
			if (strcmp(registry_tables[t].columns[c].module, m->name) == 0)
				return 1;
	return 0;
}

/* Scaling modules are swept, not tabled; every other module has a cell. */
/* Every latency module but the machine reference, which runs beside the
   tables' figures and is none of them, and which is in none. */
static int every_latency_module_tabled(void)
{
	if (in_some_table(registry_reference())) {
		printf("# the machine reference is in a table\n");
		return 0;
	}
	for (size_t i = 0; i < registry_nmodules; i++)
		if (!(registry_modules[i]->flags & MOD_SCALE) &&
		    registry_modules[i] != registry_reference() && !in_some_table(registry_modules[i])) {
			printf("# module '%s' is in no table\n", registry_modules[i]->name);
			return 0;
		}
	return 1;
}

static int same_measurement(const struct column *a, const struct column *b)
{
	return strcmp(a->module, b->module) == 0 && a->procs == b->procs &&
	       a->size_kb == b->size_kb;
}

/* No table has a header twice, and a header two tables share for one
 * module is one measurement: "2p/0K ctxsw" in ctx and ipc.  (bw's Pipe is
 * another module's: the tables, not the headers, name the figures.) */
static int headers_name_one_measurement(void)
{
	for (size_t t = 0; t < registry_ntables; t++)
		for (size_t c = 0; c < registry_tables[t].ncolumns; c++)
			for (size_t u = 0; u < registry_ntables; u++)
				for (size_t d = 0; d < registry_tables[u].ncolumns; d++) {
					const struct column *x = &registry_tables[t].columns[c];
					const struct column *y = &registry_tables[u].columns[d];
					if ((t != u || c != d) && strcmp(x->header, y->header) == 0 &&
					    (t == u || (strcmp(x->module, y->module) == 0 &&
							!same_measurement(x, y)))) {
						printf("# header '%s' twice\n", x->header);
						return 0;
					}
				}
	return 1;
}

/* A points module's table bears its name; its headers are the schema's. */
static int points_spelled_by_schema(void)
{
	char want[48];

	for (size_t t = 0; t < registry_ntables; t++)
		for (size_t c = 0; c < registry_tables[t].ncolumns; c++) {
			const struct column *col = &registry_tables[t].columns[c];
			const struct module *m = registry_module(col->module);
			if (!(m->flags & MOD_POINTS)) {
				if (col->procs != 0) {
					printf("# '%s': procs for a module without points\n", col->header);
					return 0;
				}
				continue;
			}
			schema_points_header(want, sizeof want, col->procs, col->size_kb);
			if (strcmp(want, col->header) != 0 || !registry_table(m->name))
				return 0;
		}
	return 1;
}

static const char *column_unit(const struct column *c)
{
	return registry_module(c->module)->flags & MOD_BANDWIDTH ? UNIT_MBS : UNIT_US;
}

/* A table is all bandwidths or all times, and its title says which (the
 * reader takes a table-format file's unit from the title). */
static int titles_say_units(void)
{
	for (size_t t = 0; t < registry_ntables; t++) {
		const struct table *tb = &registry_tables[t];
		int mbs = strstr(tb->title, UNIT_MBS) != NULL;
		for (size_t c = 0; c < tb->ncolumns; c++)
			if ((strcmp(column_unit(&tb->columns[c]), UNIT_MBS) == 0) != mbs) {
				printf("# table '%s' column '%s': unit and title disagree\n", tb->name,
				       tb->columns[c].header);
				return 0;
			}
	}
	return 1;
}

static void host_for_test(struct host_info *h)
{
	memset(h, 0, sizeof *h);
	snprintf(h->host, sizeof h->host, "unit");
	snprintf(h->os, sizeof h->os, "Linux 6.1");
	snprintf(h->sysname, sizeof h->sysname, "Linux");
	snprintf(h->release, sizeof h->release, "6.1");
	h->mhz = 2000;
	h->mhz_source = "os";
}

/* Every registry table in one file of this format, values 1, 2, 3, ... */
static char *write_all(const struct format *fmt, const struct host_info *h, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	struct writer w = { .f = f, .fmt = fmt, .host = h };
	int v = 1;

	if (!f)
		return NULL;
	writer_begin(&w);
	for (size_t t = 0; t < registry_ntables; t++) {
		const struct table *tb = &registry_tables[t];
		struct record *cells = calloc(tb->ncolumns, sizeof *cells);
		for (size_t c = 0; cells && c < tb->ncolumns; c++) {
			struct record *r = &cells[c];
			r->table = tb->name;
			r->module = tb->columns[c].module;
			r->unit = column_unit(&tb->columns[c]);
			snprintf(r->column, sizeof r->column, "%s", tb->columns[c].header);
			r->m = (struct measurement){ .status = ST_OK, .value = v, .median = v,
						     .min = v, .max = v, .ci_lo = v, .ci_hi = v,
						     .reps = 3, .rounds = 1, .n = 1 };
			/* samples that hold the figure, as a real one's do */
			if ((r->m.samples = malloc(3 * sizeof *r->m.samples)))
				r->m.samples[0] = r->m.samples[1] = r->m.samples[2] = v;
			v++;
		}
		if (cells)
			writer_table(&w,
				     &(struct section_view){ .name = tb->name, .title = tb->title,
							     .has_mhz = tb->has_mhz,
							     .ncells = tb->ncolumns },
				     cells);
		for (size_t c = 0; cells && c < tb->ncolumns; c++)
			free(cells[c].m.samples);
		free(cells);
	}
	writer_end(&w);
	fclose(f);
	return buf;
}

/* Read back: each table's figures with their modules and values. */
static int round_trip(const struct format *fmt)
{
	struct host_info h;
	struct rfile rf;
	char err[512];
	size_t len = 0;
	char *buf;
	int v = 1, ok = 1;

	host_for_test(&h);
	if (!(buf = write_all(fmt, &h, &len)))
		return 0;
	if (rfile_parse(fmt->name, buf, len, &rf, err, sizeof err) < 0) {
		printf("# %s: %s\n", fmt->name, err);
		free(buf);
		return 0;
	}
	for (size_t t = 0; t < registry_ntables && ok; t++)
		for (size_t c = 0; c < registry_tables[t].ncolumns && ok; c++, v++) {
			const struct column *col = &registry_tables[t].columns[c];
			const struct rfigure *g = rfile_find(&rf, registry_tables[t].name, col->header);
			const struct expected_column *e = expected(registry_tables[t].name, col->header);
			ok = g && e && strcmp(g->module, e->module) == 0 && g->value == v &&
			     strcmp(g->unit, e->unit) == 0;
			if (!ok)
				printf("# %s: '%s' '%s' did not come back\n", fmt->name,
				       registry_tables[t].name, col->header);
		}
	rfile_free(&rf);
	free(buf);
	return ok;
}

static int fields_unique(void)
{
	for (int a = 0; a < F_COUNT; a++)
		for (int b = a + 1; b < F_COUNT; b++)
			if (strcmp(schema_fields[a].long_name, schema_fields[b].long_name) == 0 ||
			    strcmp(schema_fields[a].json_key, schema_fields[b].json_key) == 0)
				return 0;
	return 1;
}

/* osbench's own definitions (the vm and mem tables) share no header and
 * no module with the six lmbench-named tables: no reader may take one of
 * their figures for lmbench's, nor find a lmbench column timing osbench's
 * operation. */
static int is_own_table(const struct table *t)
{
	return strcmp(t->name, "vm") == 0 || strcmp(t->name, "mem") == 0;
}

static int own_names_apart(void)
{
	int own = 0;

	for (size_t t = 0; t < registry_ntables; t++) {
		const struct table *a = &registry_tables[t];
		if (!is_own_table(a))
			continue;
		own++;
		for (size_t u = 0; u < registry_ntables; u++) {
			const struct table *b = &registry_tables[u];
			if (is_own_table(b))
				continue;
			for (size_t c = 0; c < a->ncolumns; c++)
				for (size_t d = 0; d < b->ncolumns; d++)
					if (strcmp(a->columns[c].header, b->columns[d].header) == 0 ||
					    strcmp(a->columns[c].module, b->columns[d].module) == 0) {
						printf("# %s's '%s' meets %s's '%s'\n", a->name,
						       a->columns[c].header, b->name, b->columns[d].header);
						return 0;
					}
		}
	}
	return own == 2;
}

UNIT_TEST(test_schema)
{
	char name[64];

	CHECK("schema the registry's tables and columns are the contract's", registry_is_the_contract());
	CHECK("schema every latency module but the reference has a table column",
	      every_latency_module_tabled());
	CHECK("schema a header names one measurement", headers_name_one_measurement());
	CHECK("schema points headers are the schema's", points_spelled_by_schema());
	CHECK("schema each table's title says its unit", titles_say_units());
	CHECK("schema osbench's own tables share nothing with lmbench's", own_names_apart());
	for (size_t i = 0; formats[i]; i++) {
		snprintf(name, sizeof name, "schema every table reads back from %s", formats[i]->name);
		CHECK(name, round_trip(formats[i]));
	}
	CHECK("schema long names and json keys are unique", fields_unique());
	CHECK("schema finds a field by json key",
	      schema_field_json("value") == F_VALUE && schema_field_json("nope") < 0);
}
