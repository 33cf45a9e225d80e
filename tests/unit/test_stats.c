/* Statistics on arrays with known answers. */
#include <math.h>

#include "stats.h"
#include "unit.h"

static int near(double a, double b)
{
	return fabs(a - b) < 1e-9 * (fabs(b) + 1);
}

void test_stats(void)
{
	double odd[] = { 5, 1, 4, 2, 3 };
	double even[] = { 10, 2, 8, 4 };
	double one[] = { 7 };
	double same[] = { 3, 3, 3 };
	double cv[] = { 2, 4, 4, 4, 5, 5, 7, 9 }; /* mean 5, sample sd 2.138 */
	struct summary s;

	stats_summarise(odd, 5, &s);
	CHECK("stats median of odd count", near(s.median, 3));
	CHECK("stats min and max", near(s.min, 1) && near(s.max, 5));
	stats_summarise(even, 4, &s);
	CHECK("stats median of even count averages the middle two", near(s.median, 6));
	stats_summarise(one, 1, &s);
	CHECK("stats one sample: median is it, cv 0", near(s.median, 7) && s.cv_pct == 0);
	stats_summarise(same, 3, &s);
	CHECK("stats equal samples have cv 0", s.cv_pct == 0);
	stats_summarise(cv, 8, &s);
	CHECK("stats cv is sample sd over mean", fabs(s.cv_pct - 42.7617987) < 1e-6);
}
