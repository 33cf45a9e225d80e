/* Statistics on arrays with known answers. */
#include <math.h>

#include "stats/stats.h"
#include "unit.h"

static int near(double a, double b)
{
	return fabs(a - b) < 1e-9 * (fabs(b) + 1);
}

UNIT_TEST(test_stats)
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

/* Order statistics of the median's interval, against the published
 * tables (e.g. Conover, Practical Nonparametric Statistics): for 6
 * samples (x1, x6); 10: (x2, x9); 20: (x6, x15); 100: (x40, x61). */
static void test_median_ci(void)
{
	double v[100], lo, hi, cover;

	for (int i = 0; i < 100; i++)
		v[i] = i + 1;
	cover = stats_median_ci(v, 5, &lo, &hi);
	CHECK("stats ci of 5 samples is the range, 93.75 % only",
	      lo == 1 && hi == 5 && near(cover, 1 - 2.0 / 32));
	cover = stats_median_ci(v, 6, &lo, &hi);
	CHECK("stats ci of 6 samples is (x1, x6) at 96.9 %",
	      lo == 1 && hi == 6 && near(cover, 1 - 2.0 / 64));
	cover = stats_median_ci(v, 10, &lo, &hi);
	CHECK("stats ci of 10 samples is (x2, x9) at 97.9 %",
	      lo == 2 && hi == 9 && near(cover, 1 - 22.0 / 1024));
	stats_median_ci(v, 20, &lo, &hi);
	CHECK("stats ci of 20 samples is (x6, x15)", lo == 6 && hi == 15);
	cover = stats_median_ci(v, 100, &lo, &hi);
	CHECK("stats ci of 100 samples is (x40, x61), at least 95 %",
	      lo == 40 && hi == 61 && cover >= 0.95 && cover < 0.97);
	stats_median_ci(v, 1, &lo, &hi);
	CHECK("stats ci of one sample is that sample", lo == 1 && hi == 1);
}

static void test_holm(void)
{
	double p[] = { 0.01, 0.04, 0.03, 0.005 }, adj[4];
	double one[] = { 0.2 }, adj1[1];

	/* sorted: 0.005 x 4 = 0.02, 0.01 x 3 = 0.03, 0.03 x 2 = 0.06,
	   0.04 x 1 = 0.04 raised to the running 0.06 */
	stats_holm(p, 4, adj);
	CHECK("stats holm adjusts the smallest by n", near(adj[3], 0.02));
	CHECK("stats holm adjusts the second by n - 1", near(adj[0], 0.03));
	CHECK("stats holm keeps the adjusted values monotone",
	      near(adj[2], 0.06) && near(adj[1], 0.06));
	stats_holm(one, 1, adj1);
	CHECK("stats holm of one test changes nothing", near(adj1[0], 0.2));
	double big[] = { 0.6, 0.9 }, adj2[2];
	stats_holm(big, 2, adj2);
	CHECK("stats holm caps at 1", adj2[0] == 1 && adj2[1] == 1);
}

/* The quartiles' intervals by the same rule: ranks from binomial(n, 1/4)
 * and binomial(n, 3/4) (computed independently from the binomial
 * sums): n = 20 gives (x2, x10) and (x11, x19), n = 100 (x17, x35). */
static void test_quantile(void)
{
	double v[100], lo, hi, cover;

	for (int i = 0; i < 100; i++)
		v[i] = i + 1;
	CHECK("stats quantile 0.25 of 1..5 is 2", near(stats_quantile(v, 5, 0.25), 2));
	CHECK("stats quantile interpolates: 0.25 of 1..4 is 1.75", near(stats_quantile(v, 4, 0.25), 1.75));
	CHECK("stats quantile 0.5 is the median", near(stats_quantile(v, 10, 0.5), 5.5));
	CHECK("stats quantile of one sample is it", stats_quantile(v, 1, 0.25) == 1);
	cover = stats_quantile_ci(v, 20, 0.25, &lo, &hi);
	CHECK("stats ci of the lower quartile of 20 is (x2, x10) at 96.2 %",
	      lo == 2 && hi == 10 && fabs(cover - 0.96182296) < 1e-6);
	stats_quantile_ci(v, 20, 0.75, &lo, &hi);
	CHECK("stats ci of the upper quartile of 20 is (x11, x19)", lo == 11 && hi == 19);
	stats_quantile_ci(v, 100, 0.25, &lo, &hi);
	CHECK("stats ci of the lower quartile of 100 is (x17, x35)", lo == 17 && hi == 35);

	double runs[4] = { 3, 1, 4, 2 }, scratch[4];
	CHECK("stats median of unsorted runs: 2.5", near(stats_median_of(runs, 4, scratch), 2.5));
	CHECK("stats median of three of them: 3", near(stats_median_of(runs, 3, scratch), 3));
	CHECK("stats median leaves the runs as they were",
	      runs[0] == 3 && runs[1] == 1 && runs[2] == 4 && runs[3] == 2);
}

UNIT_TEST(test_stats_inference)
{
	test_median_ci();
	test_quantile();
	test_holm();
}
