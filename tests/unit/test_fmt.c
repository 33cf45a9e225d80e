/* Values printed like the seed tables. */
#include <string.h>

#include "results/fmt.h"
#include "unit.h"

static int prints(double v, const char *want)
{
	char buf[32];

	return strcmp(fmt_seed(v, buf, sizeof buf), want) == 0;
}

void test_fmt(void)
{
	CHECK("fmt below 0.1: three significant digits", prints(0.0421, "0.0421"));
	CHECK("fmt below 0.01: three significant digits", prints(0.00512, "0.00512"));
	CHECK("fmt below 10: two decimals", prints(0.42, "0.42"));
	CHECK("fmt below 10: two decimals (4.47)", prints(4.47, "4.47"));
	CHECK("fmt below 100: one decimal", prints(18.24, "18.2"));
	CHECK("fmt 100 and above: no decimals", prints(3021.4, "3021"));
	CHECK("fmt rounding up to 10 takes one decimal", prints(9.999, "10.0"));
	CHECK("fmt rounding up to 100 takes no decimals", prints(99.96, "100"));
	CHECK("fmt 0.1 itself: two decimals", prints(0.1, "0.10"));
	CHECK("fmt just below 0.1 rounds to two decimals", prints(0.09996, "0.10"));
	CHECK("fmt 0.0999 keeps three significant digits", prints(0.0999, "0.0999"));
}
