/* The JUnit pieces check and ab share: escaping, properties, times. */
#include <stdio.h>
#include <string.h>

#include "report/junit.h"
#include "unit.h"

/* What f wrote to a temporary file, into buf. */
static const char *written(void (*f)(FILE *, const void *), const void *arg, char *buf, size_t len)
{
	FILE *t = tmpfile();
	size_t n = 0;

	buf[0] = '\0';
	if (!t)
		return "(no temporary file)";
	f(t, arg);
	rewind(t);
	n = fread(buf, 1, len - 1, t);
	buf[n] = '\0';
	fclose(t);
	return buf;
}

static void text(FILE *out, const void *s) { junit_text(out, s); }
static void property(FILE *out, const void *s) { junit_property(out, "n<1>", s); }
static void time_ms(FILE *out, const void *ms) { junit_time(out, *(const long long *)ms); }

UNIT_TEST(test_junit)
{
	char buf[256];
	long long ms = 3845, small = 7;

	CHECK("junit text: the five markup characters as entities",
	      strcmp(written(text, "a&b<c>d\"e'f", buf, sizeof buf),
		     "a&amp;b&lt;c&gt;d&quot;e&apos;f") == 0);
	CHECK("junit text: tab, newline and return as a space",
	      strcmp(written(text, "a\tb\nc\rd", buf, sizeof buf), "a b c d") == 0);
	CHECK("junit text: a control character, which XML 1.0 cannot carry, as U+FFFD",
	      strcmp(written(text, "a\001c\x1f" "d", buf, sizeof buf),
		     "a\xef\xbf\xbd" "c\xef\xbf\xbd" "d") == 0);
	CHECK("junit text: UTF-8 kept as it is",
	      strcmp(written(text, "\xc2\xb5s", buf, sizeof buf), "\xc2\xb5s") == 0);
	CHECK("junit property: name and value escaped, a line of its own",
	      strcmp(written(property, "x\"y", buf, sizeof buf),
		     "        <property name=\"n&lt;1&gt;\" value=\"x&quot;y\"/>\n") == 0);
	CHECK("junit time: whole milliseconds as seconds",
	      strcmp(written(time_ms, &ms, buf, sizeof buf), " time=\"3.845\"") == 0);
	CHECK("junit time: below a second, zero-padded",
	      strcmp(written(time_ms, &small, buf, sizeof buf), " time=\"0.007\"") == 0);
}
