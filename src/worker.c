/* One worker's life: the module's setup, the measurement, its teardown.
 * Written once for a latency figure's single worker and for every copy
 * of a sweep. */
#include <stdio.h>

#include "child.h"

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
