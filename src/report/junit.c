/* The JUnit XML pieces check and ab share. */
#include <string.h>

#include "report/junit.h"
#include "sys/utf8.h"

/* What XML 1.0 can carry (its Char production) besides tab, newline
 * and carriage return: not the other C0 controls, and not U+FFFE or
 * U+FFFF, not even as character references. */
static int xml_char(unsigned cp)
{
	return cp >= 0x20 && cp != 0xfffe && cp != 0xffff;
}

void junit_text(FILE *out, const char *s)
{
	size_t n = strlen(s), len;
	unsigned cp = 0;

	for (size_t i = 0; i < n; i += len ? len : 1) {
		len = utf8_char(s + i, n - i, &cp);
		if (len == 0) {
			fputs(UTF8_REPLACEMENT, out); /* a byte that is no character */
			continue;
		}
		switch (cp) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&apos;", out); break;
		/* legal, but an attribute would turn them into spaces anyway */
		case '\t': case '\n': case '\r': fputc(' ', out); break;
		default:
			if (xml_char(cp))
				fwrite(s + i, 1, len, out);
			else
				fputs(UTF8_REPLACEMENT, out);
		}
	}
}

void junit_property(FILE *out, const char *name, const char *value)
{
	fputs("        <property name=\"", out);
	junit_text(out, name);
	fputs("\" value=\"", out);
	junit_text(out, value);
	fputs("\"/>\n", out);
}

void junit_time(FILE *out, long long ms)
{
	fprintf(out, " time=\"%lld.%03lld\"", ms / 1000, ms % 1000);
}
