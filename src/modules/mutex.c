/* mutex: N workers lock one shared pthread mutex around a short critical
 * region, the MySQL manual's "many threads that acquire and release a mutex
 * over a short critical region frequently" (seed 000).
 *
 * One op is lock + region + unlock, followed by private work of about the
 * same length as the region.  With that 1:1 ratio one worker holds the lock
 * roughly half the time, so two workers could in principle interleave
 * without waiting, and from there on the lock is busy nearly always: the
 * sweep then measures how the mutex behaves when contended but not held
 * 100% of the time, whether it spins and hands over cheaply or is "too
 * anxious to yield" and collapses into context switches.  With no private
 * work at all only lock hand-over would be left, which no application does;
 * with much more the lock would hardly ever be contended. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "module.h"
#include "sys/shmem.h"

#define CACHE_LINE 64
#define WORDS 8     /* touched per op: one cache line */
#define ROUNDS 3    /* passes: some 25 ns uncontended on a current x86 */

/* What the lock protects.  owner is the holder's worker index + 1, or 0:
   a cheap witness that mutual exclusion held. */
struct region {
	uint64_t owner;
	uint64_t count;
	uint64_t words[WORDS];
};

/* Lives in shared memory (shmem_alloc) so forked workers (--procs) see one
   lock. */
struct mutex_shared {
	pthread_mutex_t lock;
	struct region region;
};

/* On its own cache line so private work never contends with anyone. */
struct mutex_worker {
	uint64_t words[WORDS];
	uint64_t id;
};

/* Dependent multiply-adds, so the work cannot be overlapped or skipped;
   volatile so the compiler does every load and store. */
static uint64_t churn(volatile uint64_t *words, uint64_t c)
{
	int r, i;

	for (r = 0; r < ROUNDS; r++) {
		for (i = 0; i < WORDS; i++) {
			c = c * 6364136223846793005u + words[i];
			words[i] = c;
		}
	}
	return c;
}

/* 0 if another worker was seen inside the region. */
static int critical_region(volatile struct region *rg, uint64_t me)
{
	uint64_t c;

	if (rg->owner != 0)
		return 0;
	rg->owner = me;
	c = rg->count + 1;
	rg->count = c;
	churn(rg->words, c);
	if (rg->owner != me)
		return 0;
	rg->owner = 0;
	return 1;
}

/* A default-type mutex, as applications use, made process-shared so the
   same lock works for thread and process sweeps. */
static int init_lock(struct mod_ctx *ctx, pthread_mutex_t *lock)
{
	pthread_mutexattr_t attr;
	int rc;

	rc = pthread_mutexattr_init(&attr);
	if (rc != 0)
		return mod_fail(ctx, "pthread_mutexattr_init", rc);
	rc = pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	if (rc != 0) {
		pthread_mutexattr_destroy(&attr);
		return mod_fail(ctx, "pthread_mutexattr_setpshared", rc);
	}
	rc = pthread_mutex_init(lock, &attr);
	pthread_mutexattr_destroy(&attr);
	if (rc != 0)
		return mod_fail(ctx, "pthread_mutex_init", rc);
	return 0;
}

static int mutex_setup_shared(struct mod_ctx *ctx)
{
	struct mutex_shared *s;

	s = shmem_alloc(sizeof *s, ctx->err, sizeof ctx->err);
	if (s == NULL)
		return -1;
	if (init_lock(ctx, &s->lock) < 0) {
		shmem_free(s, sizeof *s);
		return -1;
	}
	ctx->shared = s;
	return 0;
}

static void mutex_teardown_shared(struct mod_ctx *ctx)
{
	struct mutex_shared *s = ctx->shared;

	if (s == NULL)
		return;
	pthread_mutex_destroy(&s->lock);
	shmem_free(s, sizeof *s);
	ctx->shared = NULL;
}

static int mutex_setup(struct mod_ctx *ctx)
{
	struct mutex_worker *w;
	void *p;
	int rc, i;

	rc = posix_memalign(&p, CACHE_LINE, sizeof *w);
	if (rc != 0)
		return mod_fail(ctx, "posix_memalign", rc);
	w = p;
	for (i = 0; i < WORDS; i++)
		w->words[i] = (uint64_t)i;
	w->id = (uint64_t)ctx->worker + 1;
	ctx->state = w;
	return 0;
}

static int mutex_run(struct mod_ctx *ctx, uint64_t n)
{
	struct mutex_shared *s = ctx->shared;
	struct mutex_worker *w = ctx->state;
	uint64_t i;
	int rc, ok;

	for (i = 0; i < n; i++) {
		rc = pthread_mutex_lock(&s->lock);
		if (rc != 0)
			return mod_fail(ctx, "pthread_mutex_lock", rc);
		ok = critical_region(&s->region, w->id);
		rc = pthread_mutex_unlock(&s->lock);
		if (rc != 0)
			return mod_fail(ctx, "pthread_mutex_unlock", rc);
		if (!ok)
			return mod_failf(ctx, "mutex did not exclude");
		churn(w->words, i);
	}
	return 0;
}

static void mutex_teardown(struct mod_ctx *ctx)
{
	free(ctx->state);
	ctx->state = NULL;
}

const struct module module_mutex = {
	.name = "mutex",
	.summary = "lock + short critical region + unlock of one shared "
		   "pthread mutex",
	.flags = MOD_SCALE | MOD_SWEEP,
	.setup_shared = mutex_setup_shared,
	.teardown_shared = mutex_teardown_shared,
	.setup = mutex_setup,
	.run = mutex_run,
	.teardown = mutex_teardown,
};
