/* The one rule for a Host cell (--label, or the host name it defaults
 * to): text every writer can write and every reader read back. */
#ifndef OSBENCH_LABEL_H
#define OSBENCH_LABEL_H

#include <stddef.h>

#define LABEL_MAX 255 /* bytes */

/* 0 when s is 1 to LABEL_MAX bytes of valid UTF-8 without control bytes
 * (0x00-0x1f, 0x7f), tabs or a leading '#' or blank; else -1 with the
 * reason, naming the first bad byte and its position, in err. */
int label_check(const char *s, char *err, size_t errlen);

#endif
