/* ab's text of a side: one line of valid UTF-8, cut between characters,
 * a command escaped so that it reads back as given. */
#include <string.h>

#include "measure/abtext.h"
#include "unit.h"

UNIT_TEST(test_abtext)
{
	char out[64];

	abtext_clean(out, sizeof out, "a\tb\x1b[2Jc\r\nd");
	CHECK("abtext clean: control bytes are blanks", strcmp(out, "a b [2Jc  d") == 0);
	abtext_clean(out, sizeof out, "x\xff" "y\xc3" "z\xef\xbf\xbe" "\xc3\xa9");
	CHECK("abtext clean: what is not UTF-8, and U+FFFE, is '?'; a whole character stays",
	      strcmp(out, "x?y?z???\xc3\xa9") == 0);
	abtext_clean(out, 5, "ab\xe2\x82\xac");
	CHECK("abtext clean: cut before a character that does not fit", strcmp(out, "ab") == 0);
	abtext_clean(out, 6, "ab\xe2\x82\xac");
	CHECK("abtext clean: and keeps one that does", strcmp(out, "ab\xe2\x82\xac") == 0);
	abtext_escape(out, sizeof out, "env X=a\nb\\c\t\x01\xff \xc3\xa9");
	CHECK("abtext escape: C-style, a valid character kept",
	      strcmp(out, "env X=a\\nb\\\\c\\t\\x01\\xff \xc3\xa9") == 0);
	abtext_escape(out, 4, "a\nb");
	CHECK("abtext escape: an escape is never cut", strcmp(out, "a\\n") == 0);
	abtext_escape(out, 3, "a\nb");
	CHECK("abtext escape: nor split", strcmp(out, "a") == 0);
	CHECK("abtext whole: the cut backs off to the character's start",
	      abtext_whole("ab\xe2\x82\xac", 3) == 2 && abtext_whole("ab\xe2\x82\xac", 5) == 5 &&
		      abtext_whole("ab", 9) == 2);
}
