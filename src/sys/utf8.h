/* UTF-8 text: the one rule for what a character is, and cuts to a fixed
 * size that never split one.  Reasons, labels, host facts and notes hold
 * paths and names from the user and the system; cut in the middle of a
 * character they make a JSON or XML document undecodable, and a reader
 * that validates refuses osbench's own file. */
#ifndef OSBENCH_SYS_UTF8_H
#define OSBENCH_SYS_UTF8_H

#include <stdarg.h>
#include <stddef.h>

#include "sys/compat.h"

/* U+FFFD, for bytes that are not a character */
#define UTF8_REPLACEMENT "\xef\xbf\xbd"

/* The length (1 to 4) of the UTF-8 character at s, n bytes being left,
 * with its code point in *cp (cp may be NULL); 0 when the bytes there
 * are not one: a stray continuation byte, a sequence cut short, an
 * overlong form, a surrogate or beyond U+10FFFF. */
size_t utf8_char(const char *s, size_t n, unsigned *cp);

/* The offset of the first byte of s[0..n) that is not part of a UTF-8
 * character, or n when all of it is UTF-8. */
size_t utf8_check(const char *s, size_t n);

/* At most n: the length of s[0..n) less a character that the end cuts
 * short, so that s[0..result) ends on a character boundary. */
size_t utf8_cut(const char *s, size_t n);

/* The length of s, at most max, cut on a character boundary: as the
 * precision of "%.*s", for a quote that never splits a character. */
int utf8_prefix(const char *s, size_t max);

/* snprintf, except that text too long for buf is cut on a character
 * boundary, never inside one.  Returns snprintf's value. */
PRINTF_LIKE(3, 4)
int utf8_printf(char *buf, size_t len, const char *fmt, ...);
PRINTF_LIKE(3, 0)
int utf8_vprintf(char *buf, size_t len, const char *fmt, va_list ap);

/* src into dst (len bytes, always terminated) with every byte that is
 * not part of a UTF-8 character as U+FFFD, cut on a character boundary:
 * text any reader and writer of ours takes. */
void utf8_mend(char *dst, size_t len, const char *src);

#endif
