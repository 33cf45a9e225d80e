/* sig hndl: kill(getpid(), SIGUSR1) caught by a handler, minus the cost of
 * kill(getpid(), 0).  Not sweepable: kill() targets the process, so with
 * several threads the signals would land on any of them and merge. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "module.h"
#include "sys/pid.h"

/* A handler can reach no ctx: file scope is the only place for its count. */
static volatile sig_atomic_t caught;

struct sighndl {
	struct sigaction orig;
	pid_t self;
};

static void on_usr1(int sig)
{
	(void)sig;
	caught = caught + 1;
}

/* A blocked SIGUSR1 would pend instead of being handled: refuse it before
 * anything is timed rather than report every signal lost. */
static int check_unblocked(struct mod_ctx *ctx)
{
	sigset_t cur;
	int err = pthread_sigmask(SIG_SETMASK, NULL, &cur);

	if (err)
		return mod_fail(ctx, "pthread_sigmask", err);
	if (sigismember(&cur, SIGUSR1) == 1)
		return mod_failf(ctx, "pthread_sigmask: SIGUSR1 is blocked in the "
				 "measuring thread");
	return 0;
}

static int sighndl_setup(struct mod_ctx *ctx)
{
	struct sighndl *s;
	struct sigaction sa;

	if (check_unblocked(ctx) == -1)
		return -1;
	s = malloc(sizeof *s);
	if (!s)
		return mod_fail(ctx, "malloc", errno);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_usr1;
	sa.sa_flags = 0;
	if (sigemptyset(&sa.sa_mask) == -1) {
		mod_fail(ctx, "sigemptyset", errno);
		free(s);
		return -1;
	}
	if (sigaction(SIGUSR1, &sa, &s->orig) == -1) {
		mod_fail(ctx, "sigaction", errno);
		free(s);
		return -1;
	}
	s->self = pid_self();
	if (s->self == -1) {
		mod_fail(ctx, "getpid", errno);
		sigaction(SIGUSR1, &s->orig, NULL);
		free(s);
		return -1;
	}
	ctx->state = s;
	return 0;
}

/* POSIX has a signal a process sends itself delivered before kill()
 * returns, when no other thread has it unblocked; so each op checks that
 * its own signal arrived: none may be lost or merged. */
static int sighndl_run(struct mod_ctx *ctx, uint64_t n)
{
	const struct sighndl *s = ctx->state;
	uint64_t i;

	for (i = 0; i < n; i++) {
		caught = 0;
		if (pid_signal(s->self, SIGUSR1) == -1)
			return mod_fail(ctx, "kill", errno);
		if (caught != 1)
			return mod_failf(ctx, "kill: SIGUSR1 %s",
					 caught ? "caught more than once"
						: "not caught before kill() returned "
						  "(another thread has it unblocked?)");
	}
	return 0;
}

/* The same loop with signal 0: the permission check and call, no delivery. */
static int sighndl_baseline(struct mod_ctx *ctx, uint64_t n)
{
	const struct sighndl *s = ctx->state;
	uint64_t i;

	for (i = 0; i < n; i++) {
		caught = 0;
		if (pid_signal(s->self, 0) == -1)
			return mod_fail(ctx, "kill", errno);
		if (caught != 0)
			return mod_failf(ctx, "kill: a stray SIGUSR1 was caught");
	}
	return 0;
}

static void sighndl_teardown(struct mod_ctx *ctx)
{
	struct sighndl *s = ctx->state;

	if (!s)
		return;
	sigaction(SIGUSR1, &s->orig, NULL);
	free(s);
	ctx->state = NULL;
}

const struct module module_sighndl = {
	.name = "sighndl",
	.summary = "SIGUSR1 sent to self and caught, minus kill(pid, 0)",
	.flags = 0,
	.calls_per_op = 1,
	.setup = sighndl_setup,
	.run = sighndl_run,
	.baseline = sighndl_baseline,
	.teardown = sighndl_teardown,
};
