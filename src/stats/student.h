/* Student's t distribution: its tail probabilities and quantiles, what
 * the paired comparison of ab and check's interval of a ratio need (few
 * rounds or runs, so few degrees of freedom; Student, "The probable error
 * of a mean", Biometrika 6(1), 1908). */
#ifndef OSBENCH_STUDENT_H
#define OSBENCH_STUDENT_H

/* P(|T| >= |t|) for T ~ t with df > 0 degrees of freedom. */
double student_two_sided_p(double t, double df);

/* The t with P(|T| >= t) = alpha (0 < alpha < 1): 2.262 for df 9 and
 * alpha 0.05. */
double student_critical(double alpha, double df);

/* P(T <= t) for T with df degrees of freedom (df > 0, not necessarily
 * whole: Welch's approximation gives fractions). */
double student_t_cdf(double t, double df);

/* The t with P(T <= t) = p, 0 < p < 1; to about 1e-10. */
double student_t_quantile(double p, double df);

#endif
