/* thread: pthread_create of a thread that returns at once, then
 * pthread_join (seed 004 blames slow thread creation; MySQL of the time made
 * a thread per connection).  As a latency module it gives the cost of one
 * create + join; in a sweep N workers create at once, threads or processes.
 *
 * Default attributes, as applications create threads: the default stack
 * size and guard page are part of what creation costs on each system, so a
 * small explicit stack would hide exactly the difference being measured. */
#include <pthread.h>
#include <stdint.h>

#include "module.h"

static void *returns_at_once(void *arg)
{
	return arg;
}

static int thread_run(struct mod_ctx *ctx, uint64_t n)
{
	pthread_t t;
	uint64_t i;
	int rc;

	for (i = 0; i < n; i++) {
		/* EAGAIN under a low RLIMIT_NPROC: a fail cell, not a crash */
		rc = pthread_create(&t, NULL, returns_at_once, NULL);
		if (rc != 0)
			return mod_fail(ctx, "pthread_create", rc);
		rc = pthread_join(t, NULL);
		if (rc != 0)
			return mod_fail(ctx, "pthread_join", rc);
	}
	return 0;
}

const struct module module_thread = {
	.name = "thread",
	.summary = "pthread_create + pthread_join of a thread that returns "
		   "at once",
	.flags = MOD_SCALE | MOD_SWEEP,
	/* pthread_create() blocks signals around clone() and gives a dead
	   thread's stack back with madvise(), going on when either is
	   refused; musl's pthread_join() waits on a futex it also spins on */
	.survives = "rt_sigprocmask madvise futex",
	.run = thread_run,
};
