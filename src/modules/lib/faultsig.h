/* The protection-fault modules' signal handlers: one handler for both
 * SIGSEGV and SIGBUS (some systems raise SIGBUS for a protection fault
 * on a mapping), installed and put back as one. */
#ifndef OSBENCH_FAULTSIG_H
#define OSBENCH_FAULTSIG_H

#include <signal.h>

#include "module.h"

struct faultsig {
	struct sigaction old_segv, old_bus;
};

typedef void (*faultsig_handler)(int sig, siginfo_t *info, void *uctx);

/* Install handler (SA_SIGINFO) for SIGSEGV and SIGBUS, keeping the old
   actions in f; on failure neither is changed and the reason is in
   ctx->err. */
int faultsig_install(struct mod_ctx *ctx, faultsig_handler handler, struct faultsig *f);
/* Put back what faultsig_install found. */
void faultsig_restore(const struct faultsig *f);

#endif
