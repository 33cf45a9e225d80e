/* ab's paired interval and test on known data, Holm over its p, and its
 * verdicts. */
#include <math.h>

#include "stats/student.h"
#include "report/paired.h"
#include "unit.h"

static int near(double x, double want, double tol)
{
	return fabs(x - want) <= tol;
}

static void test_student(void)
{
	/* closed forms: df 1 is Cauchy, df 2 has p = 1 - t / sqrt(t^2 + 2) */
	CHECK("student df 1: p of t = 1 is 1/2", near(student_two_sided_p(1, 1), 0.5, 1e-12));
	CHECK("student df 2: p of t = 2", near(student_two_sided_p(2, 2), 1 - 2 / sqrt(6), 1e-12));
	CHECK("student df 1: 97.5 % quantile 12.7062",
	      near(student_critical(0.05, 1), 12.7062047, 1e-6));
	CHECK("student df 9: 97.5 % quantile 2.2622", near(student_critical(0.05, 9), 2.2621572, 1e-6));
	CHECK("student df 1000: close to the normal's 1.96",
	      near(student_critical(0.05, 1000), 1.9623391, 1e-6));
	CHECK("student t = 0: p is 1", near(student_two_sided_p(0, 5), 1, 1e-12));
}

static void test_t_interval(void)
{
	/* Student's own paired data (1908; Cushny and Peebles' hours of extra
	   sleep, drug 2 minus drug 1, one tie at 0 and two at 1.3): the
	   published t = 4.0621 on 9 df, p = 0.002833, 95 % interval 0.7001142
	   to 2.4598858 (R's t.test(extra ~ group, sleep, paired = TRUE)) */
	static const double sleep[] = { 1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4 };
	static const double three[] = { 1, 2, 3 };
	static const double flat[] = { 0.25, 0.25, 0.25, 0.25 };
	static const double zeros[] = { 0, 0, 0 };
	struct paired_t t;

	paired_t_test(sleep, 10, PAIRED_ALPHA, &t);
	CHECK("paired t sleep data: mean 1.58", near(t.mean, 1.58, 1e-12));
	CHECK("paired t sleep data: p 0.002833", near(t.p, 0.002833, 5e-7));
	CHECK("paired t sleep data: interval 0.7001142 to 2.4598858",
	      near(t.lo, 0.7001142, 5e-7) && near(t.hi, 2.4598858, 5e-7));

	/* by hand: mean 2, sd 1, se 1/sqrt(3), t = sqrt(12) on 2 df, whose p
	   is 1 - sqrt(12/14); t(0.975, 2) = 4.302653 */
	paired_t_test(three, 3, PAIRED_ALPHA, &t);
	CHECK("paired t 1,2,3: p 1 - sqrt(6/7)", near(t.p, 1 - sqrt(12.0 / 14.0), 1e-9));
	CHECK("paired t 1,2,3: interval 2 -+ 4.302653/sqrt(3)",
	      near(t.lo, 2 - 4.3026527 / sqrt(3), 1e-6) && near(t.hi, 2 + 4.3026527 / sqrt(3), 1e-6));

	paired_t_test(flat, 4, PAIRED_ALPHA, &t);
	CHECK("paired t all equal: the interval is the value",
	      t.lo == 0.25 && t.hi == 0.25 && t.mean == 0.25);
	CHECK("paired t all equal and not 0: p 0", t.p == 0);
	paired_t_test(zeros, 3, PAIRED_ALPHA, &t);
	CHECK("paired t all 0: p 1", t.p == 1 && t.lo == 0 && t.hi == 0);
	paired_t_test(three, 1, PAIRED_ALPHA, &t);
	CHECK("paired t one pair: no interval, no p", isnan(t.lo) && isnan(t.hi) && t.p < 0);
}

static void test_ratio_and_holm(void)
{
	static const double a[] = { 2, 4, 8, 1 };
	static const double b[] = { 2.2, 4.4, 8.8, 1.1 };
	static const double bad[] = { 2, 0, 8, 1 };
	struct paired_ratio r[4];
	double adj[4];

	CHECK("paired ratio equal sides", paired_ratio_test(a, a, 4, 0, &r[0]) == 0 &&
						  r[0].ratio == 1 && r[0].lo == 1 && r[0].hi == 1 &&
						  r[0].p == 1);
	CHECK("paired ratio 10 % every round",
	      paired_ratio_test(a, b, 4, 0, &r[1]) == 0 && near(r[1].ratio, 1.1, 1e-12) &&
		      near(r[1].lo, 1.1, 1e-12) && near(r[1].hi, 1.1, 1e-12) && r[1].p == 0);
	CHECK("paired ratio refuses a value of 0", paired_ratio_test(a, bad, 4, 0, &r[2]) < 0);

	/* p 0.01, 0.04, 0.03 and one figure without: Holm multiplies the
	   sorted p by 3, 2, 1 and keeps them rising: 0.03, 0.06, 0.06 */
	r[0].p = 0.01;
	r[1].p = 0.04;
	r[2].p = -1;
	r[3].p = 0.03;
	CHECK("paired holm runs", paired_holm(r, 4, adj) == 0);
	CHECK("paired holm: 0.03, 0.06, none, 0.06",
	      near(adj[0], 0.03, 1e-12) && near(adj[1], 0.06, 1e-12) && adj[2] == -1 &&
		      near(adj[3], 0.06, 1e-12));
}

static enum ab_verdict judged(const double *a, const double *b, size_t n, double tol)
{
	struct paired_ratio r;

	if (paired_ratio_test(a, b, n, 0, &r) < 0)
		return AB_FAIL;
	return paired_verdict(&r, r.p, tol, 0);
}

static void test_ab_verdicts(void)
{
	double a[12], b[12], wide[12];
	struct paired_ratio r;

	/* the rounds wander by 30 %; B follows A, 10 % slower and a little
	   noisy, or 10 % slower on average but by anything from -30 to +50 % */
	for (int i = 0; i < 12; i++) {
		a[i] = 1 + 0.3 * sin(i);
		b[i] = a[i] * 1.1 * (1 + 0.002 * cos(3 * i));
		wide[i] = a[i] * 1.1 * (i % 2 ? 1.35 : 1 / 1.35);
	}
	CHECK("ab verdict identical sides: same", judged(a, a, 12, 0.03) == AB_SAME);
	CHECK("ab verdict clean 10 % shift: slower", judged(a, b, 12, 0.03) == AB_SLOWER);
	CHECK("ab verdict clean 10 % shift in a rate: faster",
	      paired_ratio_test(a, b, 12, 0, &r) == 0 && paired_verdict(&r, r.p, 0.03, 1) == AB_FASTER);
	CHECK("ab verdict clean 10 % shift, faster side", judged(b, a, 12, 0.03) == AB_FASTER);
	CHECK("ab verdict 10 % shift with a wide interval at 3 %: unclear",
	      judged(a, wide, 12, 0.03) == AB_UNCLEAR);
	CHECK("ab verdict clean 10 % shift within a 15 % tolerance: same",
	      judged(a, b, 12, 0.15) == AB_SAME);
	CHECK("ab verdict: Holm's p above alpha keeps a shift from slower",
	      paired_ratio_test(a, b, 12, 0, &r) == 0 && paired_verdict(&r, 0.2, 0.03, 0) == AB_UNCLEAR);
	CHECK("ab verdict one round: unclear", judged(a, b, 1, 0.03) == AB_UNCLEAR);
}

UNIT_TEST(test_paired)
{
	test_student();
	test_t_interval();
	test_ratio_and_holm();
	test_ab_verdicts();
}
