/* null call: getppid(), a real system call on glibc, musl and the BSDs
 * (unlike getpid(), which some libcs have cached). */
#include <errno.h>
#include <sys/types.h>
#include <unistd.h>

#include "module.h"

static int null_run(struct mod_ctx *ctx, uint64_t n)
{
	/* a volatile sink, so the compiler cannot drop or merge the calls;
	   unsigned, so summing pids wraps instead of overflowing */
	volatile unsigned long sink = 0;
	/* a failed call (a sandbox's filter) is -1: or-ed in without a
	   branch, so the loop costs what it did, and checked once after it */
	int failed = 0;
	uint64_t i;

	errno = 0;
	for (i = 0; i < n; i++) {
		pid_t p = getppid();
		failed |= p < 0;
		sink += (unsigned long)p;
	}
	(void)sink;
	if (failed)
		return mod_fail(ctx, "getppid", errno ? errno : EPERM);
	return 0;
}

const struct module module_null = {
	.name = "null",
	.summary = "getppid() system call",
	.flags = MOD_SWEEP,
	.calls_per_op = 1,
	.run = null_run,
};
