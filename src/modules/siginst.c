/* sig inst: sigaction() installing a SIGUSR1 handler and taking back the
 * one it replaces, as lmbench lat_sig install asks for it (the old action
 * copied out is part of the call's work).  Each call swaps between two
 * handlers, so every install really changes the disposition. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"

struct siginst {
	struct sigaction orig;
	struct sigaction act[2];
};

static void handler_a(int sig)
{
	(void)sig;
}

static void handler_b(int sig)
{
	(void)sig;
}

/* The disposition is per process, shared by every sweep thread, so the
 * original is saved once here, before any worker can change it. */
static int siginst_setup_shared(struct mod_ctx *ctx)
{
	struct siginst *s = malloc(sizeof *s);
	int i;

	if (!s)
		return mod_fail(ctx, "malloc", errno);
	if (sigaction(SIGUSR1, NULL, &s->orig) == -1) {
		mod_fail(ctx, "sigaction", errno);
		free(s);
		return -1;
	}
	for (i = 0; i < 2; i++) {
		memset(&s->act[i], 0, sizeof s->act[i]);
		s->act[i].sa_handler = i ? handler_b : handler_a;
		s->act[i].sa_flags = 0;
		if (sigemptyset(&s->act[i].sa_mask) == -1) {
			mod_fail(ctx, "sigemptyset", errno);
			free(s);
			return -1;
		}
	}
	ctx->shared = s;
	return 0;
}

static int siginst_run(struct mod_ctx *ctx, uint64_t n)
{
	const struct siginst *s = ctx->shared;
	struct sigaction old;
	uint64_t i;

	for (i = 0; i < n; i++)
		if (sigaction(SIGUSR1, &s->act[i & 1], &old) == -1)
			return mod_fail(ctx, "sigaction", errno);
	return 0;
}

static void siginst_teardown_shared(struct mod_ctx *ctx)
{
	struct siginst *s = ctx->shared;

	if (!s)
		return;
	sigaction(SIGUSR1, &s->orig, NULL);
	free(s);
	ctx->shared = NULL;
}

const struct module module_siginst = {
	.name = "siginst",
	.summary = "sigaction() installing a SIGUSR1 handler, the old one returned",
	.flags = MOD_SWEEP,
	.calls_per_op = 1,
	.setup_shared = siginst_setup_shared,
	.teardown_shared = siginst_teardown_shared,
	.run = siginst_run,
};
