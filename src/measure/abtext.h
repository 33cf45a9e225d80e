/* What ab shows of a side, its command and what it said, as text that
 * holds on one line of a terminal, a comment line, JSON and XML: valid
 * UTF-8 without control bytes, cut only between characters. */
#ifndef OSBENCH_ABTEXT_H
#define OSBENCH_ABTEXT_H

#include <stddef.h>

/* src into dst (len bytes, len >= 1) as it may be shown: a control byte
 * and a byte that is not UTF-8 (or U+FFFE, U+FFFF) become a blank and a
 * '?'; cut to fit before a character, never inside one. */
void abtext_clean(char *dst, size_t len, const char *src);
/* The same, but escaped C-style where clean would lose what it was: \n,
 * \t, \r, \\ and \xNN (a control byte or one that is not UTF-8); so a
 * command reads back as it was given. */
void abtext_escape(char *dst, size_t len, const char *src);
/* The bytes of the longest start of src, at most max, that ends
 * between characters. */
size_t abtext_whole(const char *src, size_t max);

#endif
