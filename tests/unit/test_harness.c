/* The harness's side of a module that cannot run here: its unsupported()
 * reason makes the figure "-" with that reason, and nothing is run. */
#include <string.h>

#include "harness.h"
#include "measure/distort.h"
#include "unit.h"


static const char *not_here(void)
{
	return "no such facility on this system";
}

static int count_run(struct mod_ctx *ctx, uint64_t n)
{
	(void)ctx;
	(void)n;
	return 0;
}

static const struct module unsupported_module = {
	.name = "unittest",
	.summary = "a module this system cannot run",
	.unsupported = not_here,
	.run = count_run,
};

/* rounds rounds, the first spoilt of them waiting wait_pct for the CPU,
 * the rest calm; steal and throttling unknown */
static void distortion_of(int rounds, int spoilt, double wait_pct, struct distortion *d)
{
	struct distort_acc a;

	memset(&a, 0, sizeof a);
	for (int i = 0; i < rounds; i++) {
		struct distort_round r = { .wait_pct = i < spoilt ? wait_pct : 1.0,
					   .steal_pct = -1, .throttled_pct = -1 };
		distort_add(&a, &r);
	}
	distort_finish(&a, d);
}

static void test_distortion_rule(void)
{
	struct distortion d;

	distortion_of(8, 2, 95.0, &d);
	CHECK("distort a quarter of the rounds waiting: distorted, the worst rounds said",
	      strcmp(d.reason, "waited for its cpu 95% of the time in 2 of 8 rounds") == 0 &&
		      d.spoilt_rounds == 2 && d.steal_pct == -1 && d.throttled_pct == -1);
	distortion_of(9, 2, 95.0, &d);
	CHECK("distort fewer than a quarter: not distorted", !d.reason[0] && d.spoilt_rounds == 2);
	distortion_of(8, 8, WAIT_LIMIT_PCT, &d);
	CHECK("distort a wait at the limit is not past it", !d.reason[0] && d.spoilt_rounds == 0);
	distortion_of(4, 4, 60.0, &d);
	CHECK("distort every round waiting 60%: says so",
	      strcmp(d.reason, "waited for its cpu 60% of the time") == 0);

	struct distort_acc a;
	struct distort_round peer = { .wait_pct = -1, .steal_pct = 0, .throttled_pct = 0,
				      .peer = "osbench (pid 7)" };
	memset(&a, 0, sizeof a);
	distort_add(&a, &peer);
	distort_finish(&a, &d);
	CHECK("distort another osbench on the cpu: named; the wait unknown",
	      strcmp(d.reason, "osbench (pid 7) pinned to the same cpu") == 0 && d.wait_pct == -1);
}

static void test_unsupported(void)
{
	struct subject s = { .mod = &unsupported_module };
	struct run_opts o = { .target_ms = 1, .samples = 1, .min_rounds = 1, .max_rounds = 1,
			      .budget_s = 1, .timeout_s = 5, .tmpdir = "/nonexistent" };
	struct measurement m;
	int rc = harness_measure_all(&s, &m, 1, &o, NULL, NULL);

	CHECK("harness an unsupported module is '-' with its reason",
	      rc == 0 && m.status == ST_NA && strcmp(m.reason, "no such facility on this system") == 0);
	CHECK("harness an unsupported module gets no round", m.rounds == 0 && m.reps == 0);
	CHECK("harness an unsupported module took no time", m.seconds == 0);
	measurement_release(&m);
}

UNIT_TEST(test_harness)
{
	test_unsupported();
	test_distortion_rule();
}
