/* The chi-square distribution's quantiles: what an upper confidence
 * bound of a standard deviation from few values needs (n - 1 values'
 * sum of squares over sigma^2 is chi-square on n - 1 degrees of freedom
 * when they are normal). */
#ifndef OSBENCH_CHISQ_H
#define OSBENCH_CHISQ_H

/* The x with P(X <= x) = p for X chi-square on df > 0 degrees of
 * freedom, 0 < p < 1; to about 1e-10 relative.  NAN outside those
 * ranges.  4.168 for p 0.1 and df 9. */
double chisq_quantile(double p, double df);

#endif
