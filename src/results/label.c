/* Labels: what a Host cell may hold.  A tab or newline would split the
 * tab-separated formats, a control byte makes the file "binary" to the
 * reader (and an ESC reaches the terminal), a leading '#' turns the cell
 * into a comment, invalid UTF-8 makes invalid JSON, and a label cut to
 * fit could split a character: so all of them are refused, not mended. */
#include <stdio.h>
#include <string.h>

#include "results/label.h"

/* Length of the UTF-8 sequence starting at p (at most n bytes left), or
 * 0 when it is not one: no overlong forms, no surrogates, nothing above
 * U+10FFFF. */
static size_t utf8_length(const unsigned char *p, size_t n)
{
	unsigned cp;
	size_t len;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		len = 2, cp = p[0] & 0x1f;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		len = 3, cp = p[0] & 0x0f;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		len = 4, cp = p[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return len;
}

int label_check(const char *s, char *err, size_t errlen)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);

	if (n == 0) {
		snprintf(err, errlen, "empty");
		return -1;
	}
	if (n > LABEL_MAX) {
		snprintf(err, errlen, "%zu bytes long, at most %d", n, LABEL_MAX);
		return -1;
	}
	if (p[0] == '#' || p[0] == ' ') {
		snprintf(err, errlen, "starts with '%c'", p[0]);
		return -1;
	}
	for (size_t i = 0; i < n;) {
		size_t len = utf8_length(p + i, n - i);
		if (p[i] < 0x20 || p[i] == 0x7f) {
			snprintf(err, errlen, "control byte 0x%02x at byte %zu", p[i], i + 1);
			return -1;
		}
		if (len == 0) {
			snprintf(err, errlen, "byte 0x%02x at byte %zu is not UTF-8", p[i], i + 1);
			return -1;
		}
		i += len;
	}
	return 0;
}
