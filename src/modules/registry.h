/* Every module and every latency table, in one place.  A module's traits
 * (--remote, --procs/--size points, how it sweeps) are its descriptor's
 * flags: the command layer asks them here and never names a module.  A
 * points module (MOD_POINTS) has a table of its own name. */
#ifndef OSBENCH_REGISTRY_H
#define OSBENCH_REGISTRY_H

#include <stddef.h>
#include "module.h"

/* One cell of a latency table: a module, with its parameters. */
struct column {
	const char *header;   /* exactly as the seeds print it (a contract) */
	const char *module;
	int procs;            /* for modules taking points (ctx) */
	int size_kb;
};

struct table {
	const char *name;     /* `osbench run NAME` */
	const char *title;    /* the `#` line above the table */
	int has_mhz;          /* Host OS Mhz, or Host OS */
	const struct column *columns;
	size_t ncolumns;
};

/* Modules sorted by name. */
extern const struct module *const registry_modules[];
extern const size_t registry_nmodules;
extern const struct table registry_tables[];
extern const size_t registry_ntables;

const struct module *registry_module(const char *name);
/* "tcp, tcpconn and udp": the modules with every bit of flags, for
   messages and help; "" when none has them. */
void registry_names_with(unsigned flags, char *buf, size_t len);
const struct table *registry_table(const char *name);
/* The machine reference every run of --runs measures beside its figures
   (src/modules/reference.c). */
const struct module *registry_reference(void);

#endif
