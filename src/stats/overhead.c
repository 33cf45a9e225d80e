/* The overhead subtraction; see overhead.h. */
#include "stats/overhead.h"

double overhead_subtract(const double *op_ns, int k, double op_ops, const double *base_ns,
			 int nbase, double base_ops, double *out_us)
{
	double fastest = base_ns[0];

	for (int i = 1; i < nbase; i++)
		if (base_ns[i] < fastest)
			fastest = base_ns[i];
	fastest /= base_ops;
	for (int i = 0; i < k; i++) {
		double us = (op_ns[i] / op_ops - fastest) / 1000.0;

		out_us[i] = us > 0 ? us : 0;
	}
	return fastest;
}
