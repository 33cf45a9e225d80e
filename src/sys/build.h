/* What this binary was built with, so that no figure from a sanitized or
 * unoptimised build passes for a real one. */
#ifndef OSBENCH_BUILD_H
#define OSBENCH_BUILD_H

#include <stddef.h>

/* "gcc 12.2.0, -O2 -g, sanitizers none": the host record's build line. */
void build_describe(char *buf, size_t len);
/* NULL for a plain optimised build; else what makes its figures unlike a
 * real build's ("sanitized (address,undefined)", "unoptimised"). */
const char *build_caveat(void);

#endif
