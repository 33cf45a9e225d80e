/* Failure reasons recorded by modules for the harness to report. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "module.h"

int mod_fail(struct mod_ctx *ctx, const char *call, int errnum)
{
	snprintf(ctx->err, sizeof ctx->err, "%s: %s", call, strerror(errnum));
	return -1;
}

int mod_failf(struct mod_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ctx->err, sizeof ctx->err, fmt, ap);
	va_end(ap);
	return -1;
}
