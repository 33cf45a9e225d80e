/* Failure reasons recorded by modules for the harness to report.  A
 * helper that left first said why (proc_child_fail): what the module saw
 * is that reason's consequence, so the reason is what is reported. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "module.h"
#include "modules/lib/lastwords.h"
#include "sys/utf8.h"

int mod_fail(struct mod_ctx *ctx, const char *call, int errnum)
{
	if (!proc_why_take(ctx->err, sizeof ctx->err))
		utf8_printf(ctx->err, sizeof ctx->err, "%s: %s", call, strerror(errnum));
	return -1;
}

int mod_failf(struct mod_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	if (proc_why_take(ctx->err, sizeof ctx->err))
		return -1;
	va_start(ap, fmt);
	utf8_vprintf(ctx->err, sizeof ctx->err, fmt, ap);
	va_end(ap);
	return -1;
}
