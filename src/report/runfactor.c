/* Each run's machine factor, from the figures the run measured. */
#include <math.h>
#include <stdlib.h>

#include "report/runfactor.h"
#include "stats/stats.h"

/* The log of figure g's geometric mean over both sides' runs. */
static double log_centre(const double *base, size_t nb, const double *cur, size_t nc)
{
	double sum = 0;

	for (size_t r = 0; r < nb; r++)
		sum += log(base[r]);
	for (size_t r = 0; r < nc; r++)
		sum += log(cur[r]);
	return sum / (double)(nb + nc);
}

/* Run r's factor on one side: the median over the figures of
   log(value) - centre, as a ratio. */
static double factor_of(const double *const *side, size_t r, const double *centre, size_t ng,
			double *scratch)
{
	for (size_t g = 0; g < ng; g++)
		scratch[g] = log(side[g][r]) - centre[g];
	stats_sort(scratch, ng);
	return exp(stats_quantile(scratch, ng, 0.5));
}

int run_factors(const double *const *base, const double *const *cur, size_t ng, size_t nb,
		size_t nc, double *fb, double *fc)
{
	double *centre = malloc(ng * sizeof *centre), *scratch = malloc(ng * sizeof *scratch);

	if (!centre || !scratch) {
		free(centre);
		free(scratch);
		return -1;
	}
	for (size_t g = 0; g < ng; g++)
		centre[g] = log_centre(base[g], nb, cur[g], nc);
	for (size_t r = 0; r < nb; r++)
		fb[r] = factor_of(base, r, centre, ng, scratch);
	for (size_t r = 0; r < nc; r++)
		fc[r] = factor_of(cur, r, centre, ng, scratch);
	free(centre);
	free(scratch);
	return 0;
}
