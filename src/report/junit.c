/* The JUnit XML pieces check and ab share. */
#include "report/junit.h"

void junit_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&apos;", out); break;
		default: fputc((unsigned char)*s < 0x20 ? ' ' : *s, out);
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
