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
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
/* glibc hides MAP_ANONYMOUS under strict POSIX; elsewhere the shm_open
   fallback below needs nothing beyond POSIX */
#define _DEFAULT_SOURCE
#endif

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "module.h"

#if defined(MAP_ANONYMOUS)
#define ANON_FLAG MAP_ANONYMOUS
#elif defined(MAP_ANON)
#define ANON_FLAG MAP_ANON
#endif

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

/* Lives in a MAP_SHARED mapping so forked workers (--procs) see one lock. */
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

static void *map_shared(struct mod_ctx *ctx, size_t len)
{
	void *p;
#if defined(ANON_FLAG)
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | ANON_FLAG,
		 -1, 0);
	if (p == MAP_FAILED) {
		mod_fail(ctx, "mmap", errno);
		return NULL;
	}
#else
	/* Strict POSIX has no anonymous mappings: a shared memory object,
	   unlinked at once, is the portable equivalent. */
	char name[32];
	int fd = -1, k, err;

	for (k = 0; k < 16 && fd < 0; k++) {
		snprintf(name, sizeof name, "/osbench-mutex.%ld.%d",
			 (long)getpid(), k);
		fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0) {
		mod_fail(ctx, "shm_open", errno);
		return NULL;
	}
	if (shm_unlink(name) < 0) {
		err = errno;
		close(fd);
		mod_fail(ctx, "shm_unlink", err);
		return NULL;
	}
	if (ftruncate(fd, (off_t)len) < 0) {
		err = errno;
		close(fd);
		mod_fail(ctx, "ftruncate", err);
		return NULL;
	}
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		err = errno;
		close(fd);
		mod_fail(ctx, "mmap", err);
		return NULL;
	}
	if (close(fd) < 0) {
		err = errno;
		munmap(p, len);
		mod_fail(ctx, "close", err);
		return NULL;
	}
#endif
	return p;
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

	s = map_shared(ctx, sizeof *s);
	if (s == NULL)
		return -1;
	if (init_lock(ctx, &s->lock) < 0) {
		munmap(s, sizeof *s);
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
	munmap(s, sizeof *s);
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
