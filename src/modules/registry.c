/* The one list of modules and latency tables: adding a module is its
 * file plus one line here. */
#include <stdio.h>
#include <string.h>

#include "modules/registry.h"

/* One line per module, sorted by name (`osbench list` prints them in
 * this order): module_NAME is what src/modules/NAME.c exports. */
#define MODULES(X) \
	X(bwcopy) \
	X(bwfile) \
	X(bwhcopy) \
	X(bwmmap) \
	X(bwpipe) \
	X(bwread) \
	X(bwtcp) \
	X(bwunix) \
	X(bwwrite) \
	X(ctx) \
	X(exec) \
	X(fork) \
	X(fscreate) \
	X(fsdelete) \
	X(malloc) \
	X(memcp8) \
	X(memcpy2m) \
	X(memrd8) \
	X(memwr8) \
	X(mmap) \
	X(mutex) \
	X(null) \
	X(nullio) \
	X(openclose) \
	X(pagefault) \
	X(pagefault1) \
	X(pipe) \
	X(protfault) \
	X(reference) \
	X(segvtrip) \
	X(select) \
	X(selfile) \
	X(sh) \
	X(sighndl) \
	X(siginst) \
	X(stat) \
	X(tcp) \
	X(tcpconn) \
	X(tcprr) \
	X(thread) \
	X(udp) \
	X(unix)

#define DECLARE(name) extern const struct module module_##name;
MODULES(DECLARE)
#undef DECLARE

#define ENTRY(name) &module_##name,
const struct module *const registry_modules[] = { MODULES(ENTRY) };
#undef ENTRY
const size_t registry_nmodules = sizeof registry_modules / sizeof registry_modules[0];

static const struct column syscall_columns[] = {
	{ .header = "null call", .module = "null" },
	{ .header = "null I/O", .module = "nullio" },
	{ .header = "stat", .module = "stat" },
	{ .header = "open clos", .module = "openclose" },
	{ .header = "slct TCP", .module = "select" },
	{ .header = "sig inst", .module = "siginst" },
	{ .header = "sig hndl", .module = "sighndl" },
};

static const struct column proc_columns[] = {
	{ .header = "fork proc", .module = "fork" },
	{ .header = "exec proc", .module = "exec" },
	{ .header = "sh proc", .module = "sh" },
};

static const struct column ctx_columns[] = {
	{ .header = "2p/0K ctxsw", .module = "ctx", .procs = 2, .size_kb = 0 },
	{ .header = "2p/16K ctxsw", .module = "ctx", .procs = 2, .size_kb = 16 },
	{ .header = "2p/64K ctxsw", .module = "ctx", .procs = 2, .size_kb = 64 },
	{ .header = "8p/16K ctxsw", .module = "ctx", .procs = 8, .size_kb = 16 },
	{ .header = "8p/64K ctxsw", .module = "ctx", .procs = 8, .size_kb = 64 },
	{ .header = "16p/16K ctxsw", .module = "ctx", .procs = 16, .size_kb = 16 },
	{ .header = "16p/64K ctxsw", .module = "ctx", .procs = 16, .size_kb = 64 },
};

static const struct column ipc_columns[] = {
	{ .header = "2p/0K ctxsw", .module = "ctx", .procs = 2, .size_kb = 0 },
	{ .header = "Pipe", .module = "pipe" },
	{ .header = "AF UNIX", .module = "unix" },
	{ .header = "UDP", .module = "udp" },
	{ .header = "TCP", .module = "tcp" },
	{ .header = "TCP conn", .module = "tcpconn" },
};

static const struct column fs_columns[] = {
	{ .header = "0K File Create", .module = "fscreate", .size_kb = 0 },
	{ .header = "0K File Delete", .module = "fsdelete", .size_kb = 0 },
	{ .header = "10K File Create", .module = "fscreate", .size_kb = 10 },
	{ .header = "10K File Delete", .module = "fsdelete", .size_kb = 10 },
	{ .header = "Mmap Latency", .module = "mmap" },
	{ .header = "Prot Fault", .module = "protfault" },
	{ .header = "Page Fault", .module = "pagefault" },
	{ .header = "100fd selct", .module = "selfile" },
};

static const struct column bw_columns[] = {
	{ .header = "Pipe", .module = "bwpipe" },
	{ .header = "AF UNIX", .module = "bwunix" },
	{ .header = "TCP", .module = "bwtcp" },
	{ .header = "File reread", .module = "bwfile" },
	{ .header = "Mmap reread", .module = "bwmmap" },
	{ .header = "Bcopy (libc)", .module = "bwcopy" },
	{ .header = "Bcopy (hand)", .module = "bwhcopy" },
	{ .header = "Mem read", .module = "bwread" },
	{ .header = "Mem write", .module = "bwwrite" },
};

/* osbench's own definitions, under names that are not lmbench's: faults
 * that are one fault each and the whole round trip of a caught one ... */
static const struct column vm_columns[] = {
	{ .header = "1-page fault", .module = "pagefault1" },
	{ .header = "SEGV trip", .module = "segvtrip" },
};

/* ... and memory streams of machine words in 2 MB pages. */
static const struct column mem_columns[] = {
	{ .header = "memcpy 2MB", .module = "memcpy2m" },
	{ .header = "copy 8B 2MB", .module = "memcp8" },
	{ .header = "read 8B 2MB", .module = "memrd8" },
	{ .header = "write 8B 2MB", .module = "memwr8" },
};

#define COLUMNS(a) .columns = (a), .ncolumns = sizeof(a) / sizeof((a)[0])

const struct table registry_tables[] = {
	{ .name = "syscall", .has_mhz = 1, COLUMNS(syscall_columns),
	  .title = "syscall: processor, processes - times in microseconds - smaller is better" },
	{ .name = "proc", .has_mhz = 1, COLUMNS(proc_columns),
	  .title = "proc: process creation - times in microseconds - smaller is better" },
	{ .name = "ctx", .has_mhz = 0, COLUMNS(ctx_columns),
	  .title = "ctx: context switching - times in microseconds - smaller is better" },
	{ .name = "ipc", .has_mhz = 0, COLUMNS(ipc_columns),
	  .title = "ipc: local communication latencies - times in microseconds - smaller is better" },
	{ .name = "fs", .has_mhz = 0, COLUMNS(fs_columns),
	  .title = "fs: file & VM system latencies - times in microseconds - smaller is better" },
	{ .name = "bw", .has_mhz = 0, COLUMNS(bw_columns),
	  .title = "bw: local communication bandwidths in MB/s - bigger is better" },
	{ .name = "vm", .has_mhz = 0, COLUMNS(vm_columns),
	  .title = "vm: osbench's own VM latencies, not lmbench's - times in microseconds - smaller is better" },
	{ .name = "mem", .has_mhz = 0, COLUMNS(mem_columns),
	  .title = "mem: osbench's own memory bandwidths, 8-byte words in 2 MB pages, in MB/s - bigger is better" },
};
const size_t registry_ntables = sizeof registry_tables / sizeof registry_tables[0];

const struct module *registry_module(const char *name)
{
	for (size_t i = 0; i < registry_nmodules; i++)
		if (strcmp(registry_modules[i]->name, name) == 0)
			return registry_modules[i];
	return NULL;
}

const struct table *registry_table(const char *name)
{
	for (size_t i = 0; i < registry_ntables; i++)
		if (strcmp(registry_tables[i].name, name) == 0)
			return &registry_tables[i];
	return NULL;
}

void registry_names_with(unsigned flags, char *buf, size_t len)
{
	size_t n = 0, used = 0, k = 0;

	for (size_t i = 0; i < registry_nmodules; i++)
		n += (registry_modules[i]->flags & flags) == flags;
	buf[0] = '\0';
	for (size_t i = 0; i < registry_nmodules && used < len; i++) {
		if ((registry_modules[i]->flags & flags) != flags)
			continue;
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 k == 0 ? "" : k + 1 == n ? " and " : ", ",
					 registry_modules[i]->name);
		k++;
	}
}

const struct module *registry_reference(void)
{
	return &module_reference;
}
