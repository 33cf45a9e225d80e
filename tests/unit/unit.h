/* A very small unit-test kit: each check prints "ok NAME" or
 * "FAIL NAME: detail"; tests/run counts the lines. */
#ifndef OSBENCH_UNIT_H
#define OSBENCH_UNIT_H

#include <stdio.h>

extern int unit_failures;

#define CHECK(name, cond)                                                        \
	do {                                                                     \
		if (cond) {                                                      \
			printf("ok %s\n", (name));                               \
		} else {                                                         \
			printf("FAIL %s: %s (%s:%d)\n", (name), #cond, __FILE__, \
			       __LINE__);                                        \
			unit_failures++;                                         \
		}                                                                \
	} while (0)

/* UNIT_TEST(test_NAME) { ... } defines a group of checks; the Makefile
 * lists every group it finds in tests/unit for main.c, so a new group
 * needs no other edit.  The prototype keeps -Wmissing-prototypes quiet. */
#define UNIT_TEST(name)  \
	void name(void); \
	void name(void)

#endif
