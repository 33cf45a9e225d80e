/* The pieces of a JUnit XML report that check and ab share: escaped
 * text, a property line, a time attribute.  Every string that may come
 * from a file or a failure's reason goes through junit_text, so the
 * document stays well-formed XML 1.0 whatever it holds. */
#ifndef OSBENCH_JUNIT_H
#define OSBENCH_JUNIT_H

#include <stdio.h>

/* s escaped for an attribute or element: the five markup characters as
   entities, tab, newline and carriage return as a space, and what XML 1.0
   cannot carry (bytes that are not UTF-8, the other control characters,
   U+FFFE and U+FFFF) as U+FFFD. */
void junit_text(FILE *out, const char *s);

/* <property name="NAME" value="VALUE"/> on a line of its own, at the
   depth of a testcase's properties. */
void junit_property(FILE *out, const char *name, const char *value);

/* ' time="S.mmm"' from whole milliseconds: a suite's time is then the
   exact sum of those its cases show. */
void junit_time(FILE *out, long long ms);

#endif
