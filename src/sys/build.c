/* Build provenance: the compiler from its own macros, the flags and the
 * sanitizers the Makefile passed, cross-checked with the macros the
 * compilers define for the sanitizers they can announce. */
#include <stdio.h>
#include <string.h>

#include "sys/build.h"

#ifndef OSBENCH_CFLAGS
#define OSBENCH_CFLAGS "unknown"
#endif
#ifndef OSBENCH_SANITIZE
#define OSBENCH_SANITIZE ""
#endif

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BUILT_WITH_ASAN 1
#endif
#if __has_feature(thread_sanitizer)
#define BUILT_WITH_TSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define BUILT_WITH_ASAN 1
#endif
#if defined(__SANITIZE_THREAD__)
#define BUILT_WITH_TSAN 1
#endif

static void compiler(char *buf, size_t len)
{
#if defined(__clang__)
	snprintf(buf, len, "clang %d.%d.%d", __clang_major__, __clang_minor__,
		 __clang_patchlevel__);
#elif defined(__GNUC__)
	snprintf(buf, len, "gcc %d.%d.%d", __GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__);
#else
	snprintf(buf, len, "unknown compiler");
#endif
}

#if defined(BUILT_WITH_ASAN) || defined(BUILT_WITH_TSAN)
static void append(char *buf, size_t len, const char *word)
{
	size_t used = strlen(buf);

	if (!strstr(buf, word))
		snprintf(buf + used, len - used, "%s%s", used ? "," : "", word);
}
#endif

/* The Makefile's SANITIZE list, plus what the compiler says it added
 * although nobody told the Makefile (-fsanitize in CFLAGS). */
static const char *sanitizers(void)
{
	static char list[128];

	snprintf(list, sizeof list, "%s", OSBENCH_SANITIZE);
#if defined(BUILT_WITH_ASAN)
	append(list, sizeof list, "address");
#endif
#if defined(BUILT_WITH_TSAN)
	append(list, sizeof list, "thread");
#endif
	return list;
}

void build_describe(char *buf, size_t len)
{
	char cc[64];
	const char *san = sanitizers();

	compiler(cc, sizeof cc);
	snprintf(buf, len, "%s, %s%s, sanitizers %s", cc, OSBENCH_CFLAGS,
#if defined(__OPTIMIZE__)
		 "",
#else
		 " (unoptimised)",
#endif
		 san[0] ? san : "none");
}

const char *build_caveat(void)
{
	static char why[160];
	const char *san = sanitizers();

	if (san[0]) {
		snprintf(why, sizeof why, "a sanitized build (%s)", san);
		return why;
	}
#if !defined(__OPTIMIZE__)
	return "an unoptimised build";
#else
	return NULL;
#endif
}
