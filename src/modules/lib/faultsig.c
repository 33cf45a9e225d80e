/* SIGSEGV and SIGBUS as one; see faultsig.h. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
/* glibc hides SA_SIGINFO under strict POSIX in some versions */
#define _DEFAULT_SOURCE
#elif defined(__APPLE__) || defined(__FreeBSD__)
#undef _POSIX_C_SOURCE
#endif
#include <errno.h>
#include <string.h>

#include "modules/lib/faultsig.h"

int faultsig_install(struct mod_ctx *ctx, faultsig_handler handler, struct faultsig *f)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	if (sigemptyset(&sa.sa_mask) == -1)
		return mod_fail(ctx, "sigemptyset", errno);
	if (sigaction(SIGSEGV, &sa, &f->old_segv) == -1)
		return mod_fail(ctx, "sigaction SIGSEGV", errno);
	if (sigaction(SIGBUS, &sa, &f->old_bus) == -1) {
		int err = errno;
		(void)sigaction(SIGSEGV, &f->old_segv, NULL);
		return mod_fail(ctx, "sigaction SIGBUS", err);
	}
	return 0;
}

void faultsig_restore(const struct faultsig *f)
{
	(void)sigaction(SIGSEGV, &f->old_segv, NULL);
	(void)sigaction(SIGBUS, &f->old_bus, NULL);
}
