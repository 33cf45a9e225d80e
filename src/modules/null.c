/* null call: getppid(), a real system call on glibc, musl and the BSDs
 * (unlike getpid(), which some libcs have cached). */
#include <unistd.h>

#include "module.h"

static int null_run(struct mod_ctx *ctx, uint64_t n)
{
	/* a volatile sink, so the compiler cannot drop or merge the calls;
	   unsigned, so summing pids wraps instead of overflowing */
	volatile unsigned long sink = 0;
	uint64_t i;

	(void)ctx;
	for (i = 0; i < n; i++)
		sink += (unsigned long)getppid();
	(void)sink;
	return 0;
}

const struct module module_null = {
	.name = "null",
	.summary = "getppid() system call",
	.flags = MOD_SWEEP,
	.run = null_run,
};
