/* What is not the operation, taken off each of its samples. */
#ifndef OSBENCH_OVERHEAD_H
#define OSBENCH_OVERHEAD_H

/* out_us[i]: op_ns[i] over op_ops operations, less the overhead per
 * operation, in us, and 0 where that is not above 0 (never a negative
 * time), for i < k.  The overhead is the fastest of base_ns[0..nbase-1]
 * over base_ops operations (nbase >= 1): the overhead's loop does the
 * same work every time, so whatever a sample took beyond its fastest was
 * taken by something else.  Returns the overhead per operation, in ns. */
double overhead_subtract(const double *op_ns, int k, double op_ops, const double *base_ns,
			 int nbase, double base_ops, double *out_us);

#endif
