/* One worker's life: the module's setup, the measurement, its teardown,
 * written once for a latency figure's single worker and for every copy
 * of a sweep; and the resource-use reading both take. */
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>

#include "measure/child.h"

void usage_of(int who, struct usage *u)
{
	struct rusage r;

	memset(u, 0, sizeof *u);
	if (getrusage(who, &r) < 0) {
		u->failed = 1;
		return;
	}
	u->cpu_us = (double)(r.ru_utime.tv_sec + r.ru_stime.tv_sec) * 1e6 +
		    (double)(r.ru_utime.tv_usec + r.ru_stime.tv_usec);
	u->vcsw = (double)r.ru_nvcsw;
	u->ivcsw = (double)r.ru_nivcsw;
	u->faults = (double)r.ru_minflt + (double)r.ru_majflt;
}

void worker_lifecycle(const struct module *mod, struct mod_ctx *ctx, worker_measure_fn measure,
		      void *arg)
{
	int ok = !mod->setup || mod->setup(ctx) == 0;

	if (!ok && !ctx->err[0])
		snprintf(ctx->err, sizeof ctx->err, "%s: setup failed without a reason", mod->name);
	measure(arg, ctx, ok);
	if (ok && mod->teardown)
		mod->teardown(ctx);
}
