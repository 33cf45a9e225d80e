/* read 8B 2MB (mem table, osbench's own): MB/s of summing the 8-byte
 * words of 1 MB of a buffer larger than the caches, four running sums
 * (membuf_sum), the next 1 MB each op, round the buffer, the buffer in
 * 2 MB pages where the system gives them on request (modules/lib/membuf.c):
 * how fast this machine reads memory, where lmbench's Mem read (bwread)
 * times a 4-byte chain in the pages a buffer gets unasked. */
#include "modules/lib/membuf.h"
#include "module.h"

const struct module module_memrd8 = {
	.name = "memrd8",
	.summary = "MB/s of summing the 8-byte words of a buffer larger than the caches, in 2 MB pages, 1 MB an op",
	.flags = MOD_BANDWIDTH | MOD_HUGE_PAGES | MOD_BUFFER,
	.setup = membuf_setup_huge,
	.run = membuf_run_sum,
	.teardown = membuf_teardown,
};
