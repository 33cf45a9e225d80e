/* The harness's side of a module that cannot run here: its unsupported()
 * reason makes the figure "-" with that reason, and nothing is run. */
#include <string.h>

#include "harness.h"
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

UNIT_TEST(test_harness)
{
	struct subject s = { .mod = &unsupported_module };
	struct run_opts o = { .target_ms = 1, .samples = 1, .min_rounds = 1, .max_rounds = 1,
			      .budget_s = 1, .timeout_s = 5, .tmpdir = "/nonexistent" };
	struct measurement m;
	int rc = harness_measure_all(&s, &m, 1, &o, NULL, NULL);

	CHECK("harness an unsupported module is '-' with its reason",
	      rc == 0 && m.status == ST_NA && strcmp(m.reason, "no such facility on this system") == 0);
	CHECK("harness an unsupported module gets no round", m.rounds == 0 && m.reps == 0);
	measurement_release(&m);
}
