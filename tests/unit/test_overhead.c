/* The overhead subtraction: the overhead's least touched sample is taken
 * off every sample of the operation. */
#include <math.h>

#include "stats/overhead.h"
#include "unit.h"

static int near(double a, double b)
{
	return fabs(a - b) < 1e-9 * (fabs(b) + 1);
}

UNIT_TEST(test_overhead)
{
	/* two of three overhead samples three times as long, as when
	   something took the CPU during them: the median would be 300 ns and
	   every figure 0.2 us short, yet still above 0 */
	const double op_ns[] = { 1000, 1100, 1050 };
	const double touched[] = { 300, 300, 100 };
	const double calm[] = { 100, 101, 102 };
	const double dearer[] = { 2000, 2000, 2000 };
	double out[3];

	CHECK("overhead the fastest sample when others were touched",
	      near(overhead_subtract(op_ns, 3, 1, touched, 3, 1, out), 100));
	CHECK("overhead every sample less the fastest overhead",
	      near(out[0], 0.9) && near(out[1], 1.0) && near(out[2], 0.95));
	CHECK("overhead calm samples: the fastest of them",
	      near(overhead_subtract(op_ns, 3, 1, calm, 3, 1, out), 100) && near(out[0], 0.9));
	CHECK("overhead per operation of each side's own count",
	      near(overhead_subtract(op_ns, 3, 10, touched, 3, 4, out), 25) &&
		      near(out[0], 0.075));
	overhead_subtract(op_ns, 3, 1, dearer, 3, 1, out);
	CHECK("overhead a sample below its overhead counts as 0, never negative",
	      out[0] == 0 && out[1] == 0 && out[2] == 0);
	CHECK("overhead one sample of it is enough",
	      near(overhead_subtract(op_ns, 1, 1, touched + 2, 1, 1, out), 100) &&
		      near(out[0], 0.9));
}
