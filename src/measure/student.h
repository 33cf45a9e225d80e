/* Student's t distribution: the two-sided tail probability of a t
 * statistic and the quantile that bounds a two-sided interval.  What a
 * paired comparison of a few rounds needs (Student, "The probable error
 * of a mean", Biometrika 6(1), 1908). */
#ifndef OSBENCH_STUDENT_H
#define OSBENCH_STUDENT_H

/* P(|T| >= |t|) for T ~ t with df > 0 degrees of freedom. */
double student_two_sided_p(double t, double df);

/* The t with P(|T| >= t) = alpha (0 < alpha < 1): 2.262 for df 9 and
 * alpha 0.05. */
double student_critical(double alpha, double df);

#endif
