/* Labels: what a Host cell may hold.  A tab or newline would split the
 * tab-separated formats, a control byte makes the file "binary" to the
 * reader (and an ESC reaches the terminal), a leading '#' turns the cell
 * into a comment, invalid UTF-8 makes invalid JSON, and a label cut to
 * fit could split a character: so all of them are refused, not mended. */
#include <stdio.h>
#include <string.h>

#include "results/label.h"
#include "sys/utf8.h"

int label_check(const char *s, char *err, size_t errlen)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);

	if (n == 0) {
		utf8_printf(err, errlen, "empty");
		return -1;
	}
	if (n > LABEL_MAX) {
		utf8_printf(err, errlen, "%zu bytes long, at most %d", n, LABEL_MAX);
		return -1;
	}
	if (p[0] == '#' || p[0] == ' ') {
		utf8_printf(err, errlen, "starts with '%c'", p[0]);
		return -1;
	}
	for (size_t i = 0; i < n;) {
		size_t len = utf8_char(s + i, n - i, NULL);
		if (p[i] < 0x20 || p[i] == 0x7f) {
			utf8_printf(err, errlen, "control byte 0x%02x at byte %zu", p[i], i + 1);
			return -1;
		}
		if (len == 0) {
			utf8_printf(err, errlen, "byte 0x%02x at byte %zu is not UTF-8", p[i], i + 1);
			return -1;
		}
		i += len;
	}
	return 0;
}
