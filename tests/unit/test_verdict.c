/* check's verdict logic on known samples. */
#include <math.h>

#include "unit.h"
#include "report/verdict.h"

static enum verdict judged(const struct verdict_in *in, double tol)
{
	return verdict_judge(in, tol, verdict_p(in), 0.05);
}

UNIT_TEST(test_verdict)
{
	double base[20], same[20], slow[20], near[20], wide_a[3] = { 1, 5, 9 },
						      wide_b[3] = { 2, 6, 12 };
	struct verdict_in in;

	for (int i = 0; i < 20; i++) {
		base[i] = same[i] = 1.0 + 0.01 * i;
		slow[i] = base[i] * 1.5;
		near[i] = base[i] * 1.05;
	}
	in = (struct verdict_in){ .base = 1.095, .cur = 1.095, .base_samples = base,
				  .cur_samples = same, .nbase = 20, .ncur = 20 };
	CHECK("verdict identical samples: p is 1", verdict_p(&in) == 1);
	CHECK("verdict identical samples: ok", judged(&in, 0.1) == V_OK);

	in.cur = 1.095 * 1.5;
	in.cur_samples = slow;
	CHECK("verdict shifted samples: significant", verdict_p(&in) < 1e-6);
	CHECK("verdict shifted samples: slower", judged(&in, 0.1) == V_SLOWER);
	in.higher_better = 1;
	CHECK("verdict shifted ops/s: faster", judged(&in, 0.1) == V_FASTER);
	in.higher_better = 0;

	in.cur = 1.095 * 1.05;
	in.cur_samples = near;
	CHECK("verdict 5 % shift: significant", verdict_p(&in) < 0.05);
	CHECK("verdict 5 % shift within a 10 % tolerance: ok", judged(&in, 0.1) == V_OK);
	CHECK("verdict 5 % shift beyond a 2 % tolerance: slower", judged(&in, 0.02) == V_SLOWER);

	/* medians 5 and 6 (+20 %) but the samples overlap: not significant */
	in = (struct verdict_in){ .base = 5, .cur = 6, .base_samples = wide_a,
				  .cur_samples = wide_b, .nbase = 3, .ncur = 3 };
	CHECK("verdict overlapping samples: not significant", verdict_p(&in) > 0.05);
	CHECK("verdict beyond tolerance but not significant: ok", judged(&in, 0.1) == V_OK);
	CHECK("verdict: a correction that makes p large keeps it ok",
	      verdict_judge(&in, 0.1, 0.5, 0.05) == V_OK);

	/* a table-format baseline: the sign test of the current samples */
	in = (struct verdict_in){ .base = 1.0, .cur = 1.095 * 1.5, .cur_samples = slow,
				  .ncur = 20 };
	CHECK("verdict against a bare baseline: sign test p = 2^-19",
	      fabs(verdict_p(&in) - pow(2, -19)) < 1e-12);
	CHECK("verdict against a bare baseline: slower", judged(&in, 0.1) == V_SLOWER);

	/* no samples on either side: the tolerance alone */
	in = (struct verdict_in){ .base = 1.0, .cur = 1.2 };
	CHECK("verdict without samples: no p", verdict_p(&in) < 0);
	CHECK("verdict without samples: tolerance alone says slower", judged(&in, 0.1) == V_SLOWER);
	CHECK("verdict without samples: within tolerance ok", judged(&in, 0.25) == V_OK);
	in.cur = 0.8;
	CHECK("verdict without samples: faster below the mirrored bound", judged(&in, 0.2) == V_FASTER);
}
