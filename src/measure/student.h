/* Student's t distribution: the tail and the quantiles check's interval
 * of a ratio needs (few runs a side, so few degrees of freedom). */
#ifndef OSBENCH_STUDENT_H
#define OSBENCH_STUDENT_H

/* P(T <= t) for T with df degrees of freedom (df > 0, not necessarily
 * whole: Welch's approximation gives fractions). */
double student_t_cdf(double t, double df);

/* The t with P(T <= t) = p, 0 < p < 1; to about 1e-10. */
double student_t_quantile(double p, double df);

#endif
