/* Values printed like the seed tables. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "results/fmt.h"
#include "unit.h"

static int prints(double v, const char *want)
{
	char buf[32];

	return strcmp(fmt_seed(v, buf, sizeof buf), want) == 0;
}

UNIT_TEST(test_fmt)
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

static int cell_prints(double v, const char *want)
{
	char buf[32];

	return strcmp(fmt_cell(v, buf, sizeof buf), want) == 0;
}

/* A run's cells: four significant digits, so that no cell's rounding
   moves a ratio by more than 0.1 % (0.2749 was written 0.27: 1.8 %) */
UNIT_TEST(test_fmt_cell)
{
	double worst = 0;

	CHECK("fmt cell below 1: four significant digits", cell_prints(0.2749, "0.2749"));
	CHECK("fmt cell below 0.1: four significant digits", cell_prints(0.04213, "0.04213"));
	CHECK("fmt cell below 10", cell_prints(4.2134, "4.213"));
	CHECK("fmt cell below 100", cell_prints(42.134, "42.13"));
	CHECK("fmt cell below 1000", cell_prints(421.34, "421.3"));
	CHECK("fmt cell 1000 and above: whole numbers", cell_prints(3021.4, "3021"));
	CHECK("fmt cell keeps trailing zeros", cell_prints(0.2, "0.2000"));
	for (double v = 0.0101; v < 5000; v *= 1.0137) {
		char buf[32];
		double back = strtod(fmt_cell(v, buf, sizeof buf), NULL);
		double err = fabs(back - v) / v;
		if (err > worst)
			worst = err;
	}
	CHECK("fmt cell: rounding within 0.05 % of the figure", worst <= 0.0005);
}
