/* Small portability helpers shared by every file. */
#ifndef OSBENCH_COMPAT_H
#define OSBENCH_COMPAT_H

#if defined(__GNUC__)
#define PRINTF_LIKE(fmt, first) __attribute__((format(printf, fmt, first)))
#define NOINLINE __attribute__((noinline))
#else
#define PRINTF_LIKE(fmt, first)
#define NOINLINE
#endif

#endif
