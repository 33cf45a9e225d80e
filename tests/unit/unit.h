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

void test_stats(void);
void test_stats_inference(void);
void test_verdict(void);
void test_fmt(void);
void test_fmt_cell(void);
void test_run_ratio(void);
void test_args(void);
void test_registry(void);
void test_fsfiles(void);
void test_resultfile(void);
void test_svg(void);
void test_plot(void);
void test_schema(void);
void test_harness(void);
void test_paired(void);
void test_abproto(void);
void test_figure(void);
void test_plan(void);

#endif
