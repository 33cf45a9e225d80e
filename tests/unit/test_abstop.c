/* ab's stopping rule on simulated paired rounds: the rule ab runs
 * (report/abstop.c) and the interval and verdict ab prints
 * (report/paired.c), with log-normal rounds from a seeded generator
 * instead of processes.  A rule that stops when the rounds happen to
 * agree shows here as an interval that misses the true ratio more often
 * than 5 %, and as a +2 % change called slower at a 3 % tolerance. */
#include <math.h>
#include <stdint.h>

#include "stats/chisq.h"
#include "report/abstop.h"
#include "report/paired.h"
#include "unit.h"

/* ab's defaults: --precision 1 %, at most 40 rounds (cli/session.c) */
#define SIM_PRECISION 0.01
#define SIM_MOST 40
#define SIM_TRIALS 10000
#define SIM_TRUE_RATIO 1.02
#define SIM_TOLERANCE 0.03
/* three standard errors of a rate measured over SIM_TRIALS trials */
#define SIM_Z 3.0

static int near(double x, double want, double tol)
{
	return fabs(x - want) <= tol;
}

/* xorshift64*: the same stream on every host */
static double uniform(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return ((double)((*s * 0x2545f4914f6cdd1dULL) >> 11) + 0.5) / 9007199254740992.0;
}

static double normal(uint64_t *s)
{
	double u = uniform(s), v = uniform(s);

	return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

/* One figure's rounds until the rule says enough, as abrounds.c asks it
 * (after every round from the first stage on; done at the most): a
 * spell common to both sides of a round, which the pairing cancels,
 * and each side's own noise, sd of the log ratio sigma. */
static size_t simulate(const struct ab_stop_plan *plan, double sigma, double *a, double *b,
		       uint64_t *s)
{
	size_t n = 0;

	for (;;) {
		double spell = 0.1 * normal(s);
		a[n] = exp(spell + sigma / sqrt(2) * normal(s));
		b[n] = SIM_TRUE_RATIO * exp(spell + sigma / sqrt(2) * normal(s));
		n++;
		if (n >= SIM_MOST || (n >= plan->first && ab_stop_enough(plan, a, b, n)))
			return n;
	}
}

static void test_stop_simulation(void)
{
	static const double sigmas[] = { 0.015, 0.02 };
	struct ab_stop_plan plan;
	double a[SIM_MOST], b[SIM_MOST], cover_min, slower_max;
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	int covered = 0, slower = 0, broken = 0;
	char name[160];

	ab_stop_plan_init(&plan, AB_FIRST_STAGE, SIM_PRECISION, SIM_MOST);
	for (int t = 0; t < SIM_TRIALS; t++) {
		struct paired_ratio r;
		size_t n = simulate(&plan, sigmas[t % 2], a, b, &seed);
		if (paired_ratio_test(a, b, n, plan.first, &r) < 0) {
			broken++;
			continue;
		}
		covered += r.lo <= SIM_TRUE_RATIO && SIM_TRUE_RATIO <= r.hi;
		slower += paired_verdict(&r, r.p, SIM_TOLERANCE, 0) == AB_SLOWER;
	}
	/* the claim is about the true rates; the measured ones may fall
	   short of it by sampling error, allowed for here */
	cover_min = 0.94 - SIM_Z * sqrt(0.94 * 0.06 / SIM_TRIALS);
	slower_max = 0.01 + SIM_Z * sqrt(0.01 * 0.99 / SIM_TRIALS);
	CHECK("ab stop simulation: every trial judged", broken == 0);
	snprintf(name, sizeof name, "ab stop simulation: 95 %% interval covers %.4f >= %.4f",
		 (double)covered / SIM_TRIALS, cover_min);
	CHECK(name, (double)covered / SIM_TRIALS >= cover_min);
	snprintf(name, sizeof name, "ab stop simulation: +2 %% at 3 %% slower %.4f <= %.4f",
		 (double)slower / SIM_TRIALS, slower_max);
	CHECK(name, (double)slower / SIM_TRIALS <= slower_max);
}

static void test_stop_rule(void)
{
	struct ab_stop_plan plan;
	double a[SIM_MOST], b[SIM_MOST], zero[SIM_MOST];
	struct paired_ratio r;

	/* first stage: log ratios alternate +-0.02, sd 0.0211; t 2.262 and
	   k sqrt(9 / 4.168) make that 0.0701 over 0.01 squared: 50 rounds,
	   so the most, 40 */
	ab_stop_plan_init(&plan, 10, 0.01, 40);
	CHECK("ab stop plan: t times the spread's 90 % upper bound",
	      near(plan.factor, 2.2621572 * sqrt(9 / 4.1681590), 1e-6));
	for (int i = 0; i < SIM_MOST; i++) {
		a[i] = 1;
		b[i] = exp(i < 10 ? (i % 2 ? 0.02 : -0.02) : 0.001);
		zero[i] = i == 3 ? 0 : 1;
	}
	CHECK("ab stop: not before the first stage ends", !ab_stop_enough(&plan, a, b, 9));
	/* rounds 11 on agree exactly: the old rule would stop on them */
	CHECK("ab stop: later rounds that agree do not end it", !ab_stop_enough(&plan, a, b, 39));
	CHECK("ab stop: the most ends it", ab_stop_enough(&plan, a, b, 40));
	ab_stop_plan_init(&plan, 10, 0.2, 40);
	CHECK("ab stop: a first stage precise enough ends it", ab_stop_enough(&plan, a, b, 10));
	CHECK("ab stop: a round at 0 ends it (more cannot mend it)",
	      ab_stop_enough(&plan, zero, b, 10));

	/* the cells are the geometric means the ratio pairs: B/A is B / A */
	CHECK("paired ratio: B/A is B over A",
	      paired_ratio_test(a, b, 20, 10, &r) == 0 && near(r.ratio, r.b / r.a, 1e-12 * r.ratio) &&
		      near(r.a, 1, 1e-12));
	CHECK("paired ratio: first stage's interval wider than the later rounds'",
	      r.first == 10 && r.lo < r.ratio && r.hi > r.ratio && r.hi / r.lo > 1.02);
}

static void test_chisq(void)
{
	/* tables (Abramowitz and Stegun 26.8; R's qchisq) */
	CHECK("chisq 10 % quantile df 9: 4.168159", near(chisq_quantile(0.1, 9), 4.168159, 1e-6));
	CHECK("chisq 5 % quantile df 4: 0.710723", near(chisq_quantile(0.05, 4), 0.710723, 1e-6));
	CHECK("chisq 97.5 % quantile df 1: 5.023886", near(chisq_quantile(0.975, 1), 5.023886, 1e-6));
	CHECK("chisq median df 2: 2 ln 2", near(chisq_quantile(0.5, 2), 2 * log(2), 1e-9));
	CHECK("chisq 95 % quantile df 30: 43.77297", near(chisq_quantile(0.95, 30), 43.772972, 1e-5));
	CHECK("chisq outside its range: NAN", isnan(chisq_quantile(0, 3)) && isnan(chisq_quantile(0.5, 0)));
}

UNIT_TEST(test_abstop)
{
	test_chisq();
	test_stop_rule();
	test_stop_simulation();
}
