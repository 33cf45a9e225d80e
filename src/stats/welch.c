/* Welch on the log scale; see welch.h. */
#include <math.h>

#include "stats/stats.h"
#include "stats/welch.h"


/* The sample variance of log(v[i]) about their mean m; 0 for one value. */
static double log_variance(const double *v, size_t n, double m)
{
	double ss = 0;

	if (n < 2)
		return 0;
	for (size_t i = 0; i < n; i++)
		ss += (log(v[i]) - m) * (log(v[i]) - m);
	return ss / (double)(n - 1);
}

void welch_log_ratio(const double *base, size_t nb, const double *cur, size_t nc,
		     struct welch *out)
{
	double nbd = (double)nb, ncd = (double)nc;

	out->log_base = stats_log_mean(base, nb);
	out->log_cur = stats_log_mean(cur, nc);
	out->se = out->df = 0;
	double vb = log_variance(base, nb, out->log_base), vc = log_variance(cur, nc, out->log_cur);
	if (nb < 2 && nc < 2) {
		out->spread = WELCH_NONE;
		return;
	}
	if (nb < 2 || nc < 2) {
		double v = nb < 2 ? vc : vb;
		out->se = sqrt(v * (1 / nbd + 1 / ncd));
		out->df = (nb < 2 ? ncd : nbd) - 1;
		out->spread = nb < 2 ? WELCH_CURRENT : WELCH_BASE;
		return;
	}
	double eb = vb / nbd, ec = vc / ncd;
	out->se = sqrt(eb + ec);
	out->df = eb + ec > 0 ? (eb + ec) * (eb + ec) / (eb * eb / (nbd - 1) + ec * ec / (ncd - 1))
			      : nbd + ncd - 2;
	out->spread = WELCH_BOTH;
}
