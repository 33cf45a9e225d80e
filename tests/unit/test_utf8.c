/* UTF-8 characters, cuts on their boundaries, and the writers that must
 * never pass on a byte JSON or XML refuses. */
#include <stdio.h>
#include <string.h>

#include "report/junit.h"
#include "results/writer.h"
#include "sys/utf8.h"
#include "unit.h"

/* What f(s) wrote to a temporary file, into buf. */
static const char *written(void (*f)(FILE *, const char *), const char *s, char *buf,
			   size_t len)
{
	FILE *t = tmpfile();
	size_t n;

	buf[0] = '\0';
	if (!t)
		return "(no temporary file)";
	f(t, s);
	rewind(t);
	n = fread(buf, 1, len - 1, t);
	buf[n] = '\0';
	fclose(t);
	return buf;
}

UNIT_TEST(test_utf8_char)
{
	unsigned cp = 0;

	CHECK("utf8 char: ASCII is one byte", utf8_char("a", 1, &cp) == 1 && cp == 'a');
	CHECK("utf8 char: e acute is two", utf8_char("\xc3\xa9", 2, &cp) == 2 && cp == 0xe9);
	CHECK("utf8 char: U+FFFF is three, a character",
	      utf8_char("\xef\xbf\xbf", 3, &cp) == 3 && cp == 0xffff);
	CHECK("utf8 char: U+1F600 is four", utf8_char("\xf0\x9f\x98\x80", 4, &cp) == 4 &&
						   cp == 0x1f600);
	CHECK("utf8 char: 0xff is none", utf8_char("\xff", 1, &cp) == 0);
	CHECK("utf8 char: a lone continuation byte is none", utf8_char("\x80", 1, NULL) == 0);
	CHECK("utf8 char: a lead byte cut short by the end is none",
	      utf8_char("\xe2\x82", 2, NULL) == 0);
	CHECK("utf8 char: a lead byte before ASCII is none", utf8_char("\xc3" "a", 2, NULL) == 0);
	CHECK("utf8 char: an overlong form is none", utf8_char("\xc0\xaf", 2, NULL) == 0 &&
						    utf8_char("\xe0\x80\xaf", 3, NULL) == 0);
	CHECK("utf8 char: a surrogate is none", utf8_char("\xed\xa0\x80", 3, NULL) == 0);
	CHECK("utf8 char: beyond U+10FFFF is none", utf8_char("\xf4\x90\x80\x80", 4, NULL) == 0);
	CHECK("utf8 check: the offset of the first bad byte",
	      utf8_check("ab\xc3\xa9" "c\xff" "d", 7) == 5 && utf8_check("\xc3\xa9", 2) == 2);
}

UNIT_TEST(test_utf8_cut)
{
	const char *euro3 = "\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac"; /* three euro signs */
	char buf[8];

	CHECK("utf8 cut: on a boundary, as it is", utf8_cut(euro3, 6) == 6);
	CHECK("utf8 cut: one byte into a character, back to its start", utf8_cut(euro3, 4) == 3);
	CHECK("utf8 cut: two bytes into a character, back to its start", utf8_cut(euro3, 5) == 3);
	CHECK("utf8 cut: ASCII anywhere", utf8_cut("abcdef", 4) == 4);
	CHECK("utf8 cut: a four-byte character three bytes in",
	      utf8_cut("a\xf0\x9f\x98\x80", 4) == 1);
	CHECK("utf8 cut: stray continuation bytes are not taken for a character",
	      utf8_cut("\x80\x80\x80\x80", 4) == 4);
	CHECK("utf8 prefix: a %.*s precision that never splits",
	      utf8_prefix(euro3, 7) == 6 && utf8_prefix("ab", 40) == 2);
	CHECK("utf8 printf: cut to fit on a character boundary",
	      utf8_printf(buf, sizeof buf, "x%s", euro3) == 10 && strcmp(buf, "x\xe2\x82\xac\xe2\x82\xac") == 0);
	CHECK("utf8 printf: a cut one byte into a character drops it",
	      utf8_printf(buf, 6, "%s", euro3) == 9 && strcmp(buf, "\xe2\x82\xac") == 0);
	CHECK("utf8 printf: what fits is as snprintf has it",
	      utf8_printf(buf, sizeof buf, "%s", "caf\xc3\xa9") == 5 && strcmp(buf, "caf\xc3\xa9") == 0);
	utf8_mend(buf, sizeof buf, "a\xff" "b");
	CHECK("utf8 mend: a byte that is no character as U+FFFD",
	      strcmp(buf, "a\xef\xbf\xbd" "b") == 0);
	utf8_mend(buf, sizeof buf, "\xff\xff\xff");
	CHECK("utf8 mend: cut to fit, whole characters only",
	      strcmp(buf, "\xef\xbf\xbd\xef\xbf\xbd") == 0);
}

static void junit(FILE *f, const char *s) { junit_text(f, s); }

UNIT_TEST(test_utf8_writers)
{
	char buf[128];

	CHECK("junit text: a byte that is not UTF-8 as U+FFFD",
	      strcmp(written(junit, "a\xff" "b\xc3", buf, sizeof buf),
		     "a\xef\xbf\xbd" "b\xef\xbf\xbd") == 0);
	CHECK("junit text: U+FFFE and U+FFFF, which XML 1.0 cannot carry, as U+FFFD",
	      strcmp(written(junit, "\xef\xbf\xbe\xef\xbf\xbf", buf, sizeof buf),
		     "\xef\xbf\xbd\xef\xbf\xbd") == 0);
	CHECK("junit text: a surrogate's bytes as U+FFFD each",
	      strcmp(written(junit, "\xed\xa0\x80", buf, sizeof buf),
		     "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd") == 0);
	CHECK("junit text: U+FFFD and the rest of Unicode kept",
	      strcmp(written(junit, "\xef\xbf\xbd\xf0\x9f\x98\x80", buf, sizeof buf),
		     "\xef\xbf\xbd\xf0\x9f\x98\x80") == 0);
	CHECK("json string: a byte that is not UTF-8 as U+FFFD",
	      strcmp(written(json_string, "a\xff\"\xe2\x82", buf, sizeof buf),
		     "\"a\xef\xbf\xbd\\\"\xef\xbf\xbd\xef\xbf\xbd\"") == 0);
	CHECK("json string: control characters escaped, UTF-8 kept",
	      strcmp(written(json_string, "\x01\xc3\xa9\xef\xbf\xbf", buf, sizeof buf),
		     "\"\\u0001\xc3\xa9\xef\xbf\xbf\"") == 0);
}
