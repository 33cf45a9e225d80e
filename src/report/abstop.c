/* ab's stopping rule: how many rounds a figure needs, fixed by its first
 * stage. */
#include <math.h>

#include "stats/chisq.h"
#include "stats/student.h"
#include "report/abstop.h"
#include "report/paired.h"

void ab_stop_plan_init(struct ab_stop_plan *plan, size_t first, double precision, size_t most)
{
	double df = first > 1 ? (double)(first - 1) : 1;

	*plan = (struct ab_stop_plan){
		.first = first,
		.most = most,
		.precision = precision,
		.factor = student_critical(PAIRED_ALPHA, df) *
			  sqrt(df / chisq_quantile(1 - AB_SPREAD_BOUND, df)),
	};
}

/* The standard deviation of log(b[i] / a[i]) over n rounds; -1 when a
 * value is not positive. */
static double log_ratio_sd(const double *a, const double *b, size_t n)
{
	double sum = 0, ss = 0, mean;

	for (size_t i = 0; i < n; i++) {
		if (!(a[i] > 0) || !(b[i] > 0))
			return -1;
		sum += log(b[i] / a[i]);
	}
	mean = sum / (double)n;
	for (size_t i = 0; i < n; i++) {
		double d = log(b[i] / a[i]) - mean;
		ss += d * d;
	}
	return sqrt(ss / (double)(n - 1));
}

int ab_stop_enough(const struct ab_stop_plan *plan, const double *a, const double *b, size_t n)
{
	double sd, need;

	if (n >= plan->most)
		return 1;
	if (plan->first < 2 || n < plan->first || !(plan->precision > 0))
		return 0;
	/* a round at 0 cannot be judged, and more rounds will not mend it */
	if ((sd = log_ratio_sd(a, b, plan->first)) < 0)
		return 1;
	need = plan->factor * sd / plan->precision;
	return (double)n >= need * need;
}
