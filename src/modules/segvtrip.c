/* SEGV trip (vm table, osbench's own): a one-byte write to a page mapped
 * read-only, caught by a SIGSEGV handler that makes the page writable
 * (mprotect()), after which the write completes; per fault.  The figure
 * is the whole of it: the trap, the kernel's refusal, the signal's
 * delivery, the handler's mprotect() and the return.
 *
 * Re-protecting for the next op is kept off the clock by the prepare
 * hook: the ops of a sample write to pages 0, 1, 2, ... of a pool of
 * private anonymous pages, and prepare(n) makes the first n of them
 * present (written once) and read-only.  Only a sample of more ops than
 * the pool holds (4096: 16 MB, far beyond a default sample) re-protects
 * the pool inside the sample when it wraps, one mprotect() per 4096 ops.
 * The pages are written before they are protected, so the write after
 * the handler needs no page allocated: the fault is a protection fault
 * and nothing else.
 *
 * lmbench `lat_sig prot` (the fs table's Prot Fault, module protfault)
 * differs: its handler leaves the page read-only, so the write faults
 * again at once, and it subtracts the cost of catching a signal sent with
 * kill(); its figure is the fault alone, a difference of two signal
 * costs, where this one is the whole round trip a program that catches
 * its protection faults pays.
 *
 * Not sweepable: a signal handler belongs to the whole process. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
/* glibc hides MAP_ANONYMOUS under strict POSIX */
#define _DEFAULT_SOURCE
#elif defined(__APPLE__) || defined(__FreeBSD__)
#undef _POSIX_C_SOURCE
#endif
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "module.h"
#include "modules/lib/faultsig.h"

#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
#define MAP_ANONYMOUS MAP_ANON
#endif

#define POOL_PAGES 4096

/* What the handler needs, at file scope: a handler can reach no ctx. */
static char *pool;
static size_t page, pool_len;
static volatile sig_atomic_t caught, handler_errno, armed;
static sigjmp_buf escape;

struct pf_state {
	struct faultsig old;
	size_t populated;      /* pages 0..populated-1 have been written */
};

/* Writable again: the faulting page, when it is one of ours.  A fault
 * anywhere else is a real one: the default action then ends the process
 * when the instruction faults again.  mprotect() is not on POSIX's list of
 * async-signal-safe calls, but it is a plain system call everywhere. */
static void on_fault(int sig, siginfo_t *si, void *uc)
{
	char *a = si->si_addr;

	(void)uc;
	if (!pool || a < pool || a >= pool + pool_len) {
		signal(sig, SIG_DFL);
		return;
	}
	if (mprotect(pool + (size_t)(a - pool) / page * page, page,
		     PROT_READ | PROT_WRITE) == -1) {
		/* back to run(), when it is there to take the error */
		if (!armed) {
			signal(sig, SIG_DFL);
			return;
		}
		handler_errno = errno;
		siglongjmp(escape, 1);
	}
	caught = caught + 1;
}


static int segvtrip_setup(struct mod_ctx *ctx)
{
	long pg = sysconf(_SC_PAGESIZE);
	struct pf_state *s;
	void *p;

	if (pg <= 0)
		return mod_failf(ctx, "sysconf _SC_PAGESIZE: %s",
				 pg < 0 ? strerror(errno) : "no page size");
	s = calloc(1, sizeof *s);
	if (!s)
		return mod_fail(ctx, "calloc", errno);
	page = (size_t)pg;
	pool_len = page * POOL_PAGES;
	p = mmap(NULL, pool_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		mod_fail(ctx, "mmap", errno);
		free(s);
		return -1;
	}
	if (faultsig_install(ctx, on_fault, &s->old) < 0) {
		(void)munmap(p, pool_len);
		free(s);
		return -1;
	}
	pool = p;
	ctx->state = s;
	return 0;
}

/* Pages 0..k-1 present and read-only. */
static int protect(struct mod_ctx *ctx, struct pf_state *s, size_t k)
{
	if (k == 0)
		return 0;
	/* the pages written before are still writable: the last sample's
	   handler made them so, and the pages above it were never protected */
	for (; s->populated < k; s->populated++)
		pool[s->populated * page] = 1;
	if (mprotect(pool, k * page, PROT_READ) == -1)
		return mod_fail(ctx, "mprotect", errno);
	return 0;
}

static int segvtrip_prepare(struct mod_ctx *ctx, uint64_t n)
{
	return protect(ctx, ctx->state, n < POOL_PAGES ? (size_t)n : POOL_PAGES);
}

/* The writes of ops 0..n-1, each expected to fault once. */
static int write_pages(struct mod_ctx *ctx, struct pf_state *s, uint64_t n)
{
	volatile char *p = pool;
	size_t k = 0;

	for (uint64_t i = 0; i < n; i++, k++) {
		if (k == POOL_PAGES) {
			if (protect(ctx, s, POOL_PAGES) < 0)
				return -1;
			k = 0;
		}
		caught = 0;
		p[k * page] = 2;
		if (caught != 1)
			return mod_failf(ctx, "a write to a read-only page did not fault");
	}
	return 0;
}

static int segvtrip_run(struct mod_ctx *ctx, uint64_t n)
{
	int rc;

	if (sigsetjmp(escape, 1)) {
		armed = 0;
		return mod_fail(ctx, "mprotect in the SIGSEGV handler", handler_errno);
	}
	armed = 1;
	rc = write_pages(ctx, ctx->state, n);
	armed = 0;
	return rc;
}

static void segvtrip_teardown(struct mod_ctx *ctx)
{
	struct pf_state *s = ctx->state;

	if (!s)
		return;
	faultsig_restore(&s->old);
	(void)munmap(pool, pool_len);
	pool = NULL;
	free(s);
	ctx->state = NULL;
}

const struct module module_segvtrip = {
	.name = "segvtrip",
	.summary = "the whole protection-fault round trip: a write to a read-only page, a SIGSEGV handler mprotect()s it writable",
	/* as protfault's: sigsetjmp() saves the signal mask and ignores a
	   refusal */
	.survives = "rt_sigprocmask",
	.setup = segvtrip_setup,
	.run = segvtrip_run,
	.teardown = segvtrip_teardown,
	.prepare = segvtrip_prepare,
};
