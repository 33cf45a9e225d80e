/* UTF-8 characters and cuts on their boundaries; see utf8.h. */
#include <stdio.h>
#include <string.h>

#include "sys/utf8.h"

size_t utf8_char(const char *s, size_t n, unsigned *cp)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned c;
	size_t len;

	if (n == 0)
		return 0;
	if (p[0] < 0x80) {
		len = 1, c = p[0];
	} else {
		if (p[0] >= 0xc2 && p[0] <= 0xdf)
			len = 2, c = p[0] & 0x1fu;
		else if (p[0] >= 0xe0 && p[0] <= 0xef)
			len = 3, c = p[0] & 0x0fu;
		else if (p[0] >= 0xf0 && p[0] <= 0xf4)
			len = 4, c = p[0] & 0x07u;
		else
			return 0;
		if (len > n)
			return 0;
		for (size_t i = 1; i < len; i++) {
			if ((p[i] & 0xc0) != 0x80)
				return 0;
			c = c << 6 | (p[i] & 0x3fu);
		}
		/* 0xc2 as the lowest lead already rules out two-byte overlongs */
		if ((len == 3 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) ||
		    (len == 4 && (c < 0x10000 || c > 0x10ffff)))
			return 0;
	}
	if (cp)
		*cp = c;
	return len;
}

size_t utf8_check(const char *s, size_t n)
{
	size_t i = 0, len;

	while (i < n && (len = utf8_char(s + i, n - i, NULL)) > 0)
		i += len;
	return i;
}

size_t utf8_cut(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t lead = n, need;

	/* a character is at most four bytes: its lead is at most three
	   continuation bytes back from the end */
	while (lead > 0 && n - lead < 3 && (p[lead - 1] & 0xc0) == 0x80)
		lead--;
	if (lead == 0 || p[lead - 1] < 0xc0)
		return n;
	lead--;
	need = p[lead] >= 0xf0 ? 4 : p[lead] >= 0xe0 ? 3 : 2;
	return n - lead < need ? lead : n;
}

int utf8_prefix(const char *s, size_t max)
{
	return (int)utf8_cut(s, strnlen(s, max));
}

int utf8_vprintf(char *buf, size_t len, const char *fmt, va_list ap)
{
	int n = vsnprintf(buf, len, fmt, ap);

	if (len > 0 && n >= 0 && (size_t)n >= len)
		buf[utf8_cut(buf, len - 1)] = '\0';
	return n;
}

int utf8_printf(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = utf8_vprintf(buf, len, fmt, ap);
	va_end(ap);
	return n;
}

void utf8_mend(char *dst, size_t len, const char *src)
{
	size_t n = strlen(src), used = 0;

	if (len == 0)
		return;
	for (size_t i = 0; i < n;) {
		size_t c = utf8_char(src + i, n - i, NULL);
		const char *piece = c ? src + i : UTF8_REPLACEMENT;
		size_t plen = c ? c : sizeof UTF8_REPLACEMENT - 1;
		if (used + plen >= len)
			break;
		memcpy(dst + used, piece, plen);
		used += plen;
		i += c ? c : 1;
	}
	dst[used] = '\0';
}
