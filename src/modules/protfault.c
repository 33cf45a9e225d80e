/* Prot Fault: lmbench `lat_sig prot`, the protection fault alone.  A
 * one-byte write to a page of a file mapped shared and read-only raises
 * SIGSEGV; the handler leaves the page as it is and returns, so the write
 * faults again at once, op after op, until the handler has counted the
 * sample's n and jumps out.  From that, as lmbench does, the cost of
 * catching a signal is taken away: each op also sends kill(pid, 0), and
 * the baseline is kill(pid, SIGUSR1) caught by an empty handler, so per op
 * the figure is fault + delivery + return + send - (send + delivery +
 * return), the fault alone, lmbench's figure.
 *
 * That difference is small beside either cost (a few tenths of a
 * microsecond out of a few), so the harness's rule for a subtraction
 * holds it honest: a sample below the baseline counts as zero, and a
 * figure whose median is not above zero is `fail`, never a number.  The
 * handler checks that each fault is what the column claims, a write
 * refused by the page's protection (SEGV_ACCERR), not a missing mapping.
 * The whole round trip a program that catches its faults pays (the
 * handler making the page writable, the write completing) is the vm
 * table's SEGV trip, module segvtrip.
 *
 * Not sweepable: signal handlers and kill() belong to the whole process. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
/* glibc hides SA_SIGINFO's si_code values under strict POSIX */
#define _DEFAULT_SOURCE
#elif defined(__APPLE__) || defined(__FreeBSD__)
#undef _POSIX_C_SOURCE
#endif
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

#include "modules/lib/datafile.h"
#include "modules/lib/faultsig.h"
#include "module.h"
#include "sys/pid.h"

/* faults one write takes before the handler lets it go: the count must
   fit a sig_atomic_t */
#define BATCH 100000

/* What the handlers need, at file scope: a handler can reach no ctx. */
static char *page;
static size_t page_len;
static volatile sig_atomic_t faults_left, wrong_kind, usr1_caught;
static sigjmp_buf escape;

struct prot_state {
	struct faultsig old;
	struct sigaction old_usr1;
	int fd;
	pid_t self;
};

static int on_our_page(const siginfo_t *si)
{
	const char *a = si->si_addr;

	return page && a >= page && a < page + page_len;
}

/* A fault anywhere else is a real one: the default action then ends the
 * process when the instruction faults again. */
static void on_fault(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	if (!on_our_page(si)) {
		signal(sig, SIG_DFL);
		return;
	}
#ifdef SEGV_ACCERR
	if (sig == SIGSEGV && si->si_code != SEGV_ACCERR)
		wrong_kind = 1;
#endif
	faults_left = faults_left - 1;
	if (faults_left <= 0 || wrong_kind)
		siglongjmp(escape, 1);
}

static void on_usr1(int sig)
{
	(void)sig;
	usr1_caught = usr1_caught + 1;
}

/* A blocked SIGUSR1 would pend instead of being caught: refuse it before
 * anything is timed. */
static int check_unblocked(struct mod_ctx *ctx)
{
	sigset_t cur;
	int err = pthread_sigmask(SIG_SETMASK, NULL, &cur);

	if (err)
		return mod_fail(ctx, "pthread_sigmask", err);
	if (sigismember(&cur, SIGUSR1) == 1 || sigismember(&cur, SIGSEGV) == 1)
		return mod_failf(ctx, "pthread_sigmask: SIGUSR1 or SIGSEGV is blocked in the "
				 "measuring thread");
	return 0;
}

static int install(struct mod_ctx *ctx, struct prot_state *s)
{
	struct sigaction su;

	memset(&su, 0, sizeof su);
	su.sa_handler = on_usr1;
	if (sigemptyset(&su.sa_mask) == -1)
		return mod_fail(ctx, "sigemptyset", errno);
	if (faultsig_install(ctx, on_fault, &s->old) < 0)
		return -1;
	if (sigaction(SIGUSR1, &su, &s->old_usr1) == -1) {
		int err = errno;
		faultsig_restore(&s->old);
		return mod_fail(ctx, "sigaction SIGUSR1", err);
	}
	return 0;
}

/* One page of a file, shared and read-only, as lmbench maps it; read once
 * so that every fault is the write's refusal and never a page coming in. */
static int map_page(struct mod_ctx *ctx, struct prot_state *s)
{
	long pg = sysconf(_SC_PAGESIZE);
	void *p;

	if (pg <= 0)
		return mod_failf(ctx, "sysconf _SC_PAGESIZE: %s",
				 pg < 0 ? strerror(errno) : "no page size");
	page_len = (size_t)pg;
	s->fd = datafile_open(ctx, "protfault", page_len, DATAFILE_LMBENCH_WRITES);
	if (s->fd < 0)
		return -1;
	p = mmap(NULL, page_len, PROT_READ, MAP_SHARED, s->fd, 0);
	if (p == MAP_FAILED) {
		mod_fail(ctx, "mmap", errno);
		(void)close(s->fd);
		return -1;
	}
	s->self = pid_self();
	if (s->self == -1) {
		int err = errno;
		(void)munmap(p, page_len);
		(void)close(s->fd);
		return mod_fail(ctx, "getpid", err);
	}
	page = p;
	(void)*(volatile char *)page;
	return 0;
}

static void unmap_page(struct prot_state *s)
{
	(void)munmap(page, page_len);
	page = NULL;
	(void)close(s->fd);
}

static int protfault_setup(struct mod_ctx *ctx)
{
	struct prot_state *s;

	if (check_unblocked(ctx) < 0)
		return -1;
	s = calloc(1, sizeof *s);
	if (!s)
		return mod_fail(ctx, "calloc", errno);
	if (map_page(ctx, s) < 0) {
		free(s);
		return -1;
	}
	if (install(ctx, s) < 0) {
		unmap_page(s);
		free(s);
		return -1;
	}
	ctx->state = s;
	return 0;
}

/* k faults of one write; the mask the handler ran under is restored by
 * the jump out (sigsetjmp's 1). */
static int fault_times(struct mod_ctx *ctx, sig_atomic_t k)
{
	faults_left = k;
	wrong_kind = 0;
	if (sigsetjmp(escape, 1) == 0) {
		*(volatile char *)page = 1;
		return mod_failf(ctx, "a write to a read-only page did not fault");
	}
	if (wrong_kind)
		return mod_failf(ctx, "a write to a read-only page faulted, but not "
				 "on the page's protection (si_code not SEGV_ACCERR)");
	return 0;
}

/* The sends that the baseline's sends cancel, then the faults. */
static int protfault_run(struct mod_ctx *ctx, uint64_t n)
{
	const struct prot_state *s = ctx->state;

	for (uint64_t i = 0; i < n; i++)
		if (pid_signal(s->self, 0) == -1)
			return mod_fail(ctx, "kill", errno);
	while (n > 0) {
		sig_atomic_t k = n < BATCH ? (sig_atomic_t)n : BATCH;
		if (fault_times(ctx, k) < 0)
			return -1;
		n -= (uint64_t)k;
	}
	return 0;
}

/* lmbench's catch: a signal sent to self and caught by an empty handler;
 * each must have arrived before kill() returns. */
static int protfault_baseline(struct mod_ctx *ctx, uint64_t n)
{
	const struct prot_state *s = ctx->state;

	for (uint64_t i = 0; i < n; i++) {
		sig_atomic_t before = usr1_caught;
		if (pid_signal(s->self, SIGUSR1) == -1)
			return mod_fail(ctx, "kill", errno);
		if (usr1_caught != before + 1)
			return mod_failf(ctx, "kill: SIGUSR1 not caught before kill() returned");
	}
	return 0;
}

static void protfault_teardown(struct mod_ctx *ctx)
{
	struct prot_state *s = ctx->state;

	if (!s)
		return;
	faultsig_restore(&s->old);
	(void)sigaction(SIGUSR1, &s->old_usr1, NULL);
	unmap_page(s);
	free(s);
	ctx->state = NULL;
}

const struct module module_protfault = {
	.name = "protfault",
	.summary = "lmbench's prot: a write refused by a read-only page, its handler returning, less a caught signal",
	.flags = MOD_TMPDIR,
	/* sigsetjmp() saves the signal mask and ignores a refusal; every
	   fault is still checked caught */
	.survives = "rt_sigprocmask",
	.setup = protfault_setup,
	.run = protfault_run,
	.baseline = protfault_baseline,
	.teardown = protfault_teardown,
};
