/* The SVG layer: escaping of user data and numbers in attributes. */
#include <math.h>
#include <string.h>

#include "report/svg.h"
#include "unit.h"

#define FFFD "\xef\xbf\xbd"

static int escapes(const char *in, size_t max_chars, const char *want)
{
	char buf[128];

	return strcmp(svg_escape_buf(in, max_chars, buf, sizeof buf), want) == 0;
}

static int num_is(double v, const char *want)
{
	char buf[32];

	return strcmp(svg_num(v, buf, sizeof buf), want) == 0;
}

static void test_escaping(void)
{
	char small[6];

	CHECK("svg escapes the five XML specials", escapes("a<b&c\"'>", 0, "a&lt;b&amp;c&quot;&#39;&gt;"));
	CHECK("svg keeps plain text", escapes("hostA 2p/16K ctxsw", 0, "hostA 2p/16K ctxsw"));
	CHECK("svg keeps valid UTF-8", escapes("na\xc3\xafve \xe2\x82\xac", 0, "na\xc3\xafve \xe2\x82\xac"));
	CHECK("svg replaces a control character", escapes("a\x01" "b", 0, "a" FFFD "b"));
	CHECK("svg replaces a stray byte", escapes("a\xff", 0, "a" FFFD));
	CHECK("svg replaces a truncated sequence", escapes("a\xc3", 0, "a" FFFD));
	CHECK("svg replaces an overlong encoding", escapes("\xc0\xaf", 0, FFFD FFFD));
	CHECK("svg replaces a UTF-16 surrogate", escapes("\xed\xa0\x80", 0, FFFD FFFD FFFD));
	CHECK("svg replaces U+FFFF", escapes("\xef\xbf\xbf", 0, FFFD));
	CHECK("svg tab and newline become spaces", escapes("a\tb\nc", 0, "a b c"));
	CHECK("svg cuts after max characters", escapes("abcdef", 3, "abc\xe2\x80\xa6"));
	CHECK("svg cuts at character boundaries", escapes("\xc3\xa9\xc3\xa9\xc3\xa9", 2, "\xc3\xa9\xc3\xa9\xe2\x80\xa6"));
	CHECK("svg no cut at exactly max characters", escapes("abc", 3, "abc"));
	CHECK("svg a full buffer never splits an entity",
	      strcmp(svg_escape_buf("a&b", 0, small, sizeof small), "a") == 0);
	CHECK("svg counts characters, not bytes", svg_text_chars("\xc3\xa9<\xff") == 3);
}

static void test_numbers(void)
{
	CHECK("svg number: integer without decimals", num_is(12.0, "12"));
	CHECK("svg number: trailing zero dropped", num_is(12.5, "12.5"));
	CHECK("svg number: two decimals at most", num_is(3.14159, "3.14"));
	CHECK("svg number: negative", num_is(-7.25, "-7.25"));
	CHECK("svg number: no minus zero", num_is(-0.001, "0"));
	CHECK("svg number: NaN becomes 0", num_is(NAN, "0"));
	CHECK("svg number: infinity becomes 0", num_is(INFINITY, "0"));
	CHECK("svg number: huge values bounded", num_is(1e300, "1000000000"));
	CHECK("svg colours differ", strcmp(svg_colour(0), svg_colour(1)) != 0);
	CHECK("svg colours cycle", strcmp(svg_colour(0), svg_colour(8)) == 0);
}

UNIT_TEST(test_svg)
{
	test_escaping();
	test_numbers();
}
