/* ab's text of a side: cleaned or escaped to one valid UTF-8 line. */
#include <stdio.h>
#include <string.h>

#include "measure/abtext.h"
#include "sys/utf8.h"

/* Length of the UTF-8 character at p (n bytes left), or 0 when it is
 * none that XML and JSON both take: no overlong form, no surrogate,
 * nothing above U+10FFFF, neither U+FFFE nor U+FFFF. */
static size_t char_length(const unsigned char *p, size_t n)
{
	unsigned cp = 0;
	size_t len = utf8_char((const char *)p, n, &cp);

	return cp == 0xfffe || cp == 0xffff ? 0 : len;
}

static int is_control(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}

/* How the character at p (clen bytes; 0: not one) is shown: esc (or a
 * constant), or NULL when it is shown as it is. */
static const char *shown_as(const unsigned char *p, size_t clen, int escape, char esc[8])
{
	if (clen > 1 || (clen == 1 && !is_control(p[0]) && !(escape && p[0] == '\\')))
		return NULL;
	if (!escape)
		return clen ? " " : "?";
	switch (p[0]) {
	case '\n': return "\\n";
	case '\t': return "\\t";
	case '\r': return "\\r";
	case '\\': return "\\\\";
	}
	snprintf(esc, 8, "\\x%02x", p[0]);
	return esc;
}

/* src shown character by character, as many whole ones as fit. */
static void convert(char *dst, size_t len, const char *src, int escape)
{
	const unsigned char *p = (const unsigned char *)src;
	size_t n = strlen(src), used = 0;

	for (size_t i = 0; i < n;) {
		char esc[8];
		size_t clen = char_length(p + i, n - i);
		const char *shown = shown_as(p + i, clen, escape, esc);
		size_t plen = shown ? strlen(shown) : clen;
		if (used + plen >= len)
			break;
		memcpy(dst + used, shown ? shown : src + i, plen);
		used += plen;
		i += shown ? 1 : clen;
	}
	dst[used] = '\0';
}

void abtext_clean(char *dst, size_t len, const char *src)
{
	convert(dst, len, src, 0);
}

void abtext_escape(char *dst, size_t len, const char *src)
{
	convert(dst, len, src, 1);
}

size_t abtext_whole(const char *src, size_t max)
{
	size_t n = strlen(src);

	if (n <= max)
		return n;
	while (max > 0 && ((unsigned char)src[max] & 0xc0) == 0x80)
		max--;
	return max;
}
