/* Several runs of one figure as one measurement; see runs.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/distort.h"
#include "measure/runs.h"
#include "stats/stats.h"
#include "sys/utf8.h"

static void release_all(struct measurement *run, int nruns)
{
	for (int r = 0; r < nruns; r++)
		measurement_release(&run[r]);
}

/* The first run that did not give a figure, a failure before a "-". */
static int first_not_ok(const struct measurement *run, int nruns)
{
	int na = -1;

	for (int r = 0; r < nruns; r++) {
		if (run[r].status == ST_FAIL)
			return r;
		if (run[r].status == ST_NA && na < 0)
			na = r;
	}
	return na;
}

/* The run whose figure is the median (the lower middle one of an even
 * count): its sample size stands for the merged figure's. */
static int median_run(const double *values, int nruns)
{
	double sorted[RUNS_MERGE_MAX];
	double mid;

	memcpy(sorted, values, (size_t)nruns * sizeof *sorted);
	stats_sort(sorted, (size_t)nruns);
	mid = sorted[(nruns - 1) / 2];
	for (int r = 0; r < nruns; r++)
		if (values[r] == mid)
			return r;
	return 0;
}

static double median_of(const double *values, int nruns)
{
	double sorted[RUNS_MERGE_MAX];

	return stats_median_of(values, (size_t)nruns, sorted);
}

/* Every run's samples, in the order taken, and their summary. */
static int pool_samples(const struct measurement *run, int nruns, struct measurement *out)
{
	size_t total = 0, at = 0;
	double *sorted;
	struct summary sum;

	for (int r = 0; r < nruns; r++)
		total += (size_t)run[r].reps;
	out->samples = malloc((total ? total : 1) * sizeof *out->samples);
	sorted = malloc((total ? total : 1) * sizeof *sorted);
	if (!out->samples || !sorted) {
		free(out->samples);
		free(sorted);
		out->samples = NULL;
		return -1;
	}
	for (int r = 0; r < nruns; r++) {
		memcpy(out->samples + at, run[r].samples, (size_t)run[r].reps * sizeof *sorted);
		at += (size_t)run[r].reps;
	}
	out->reps = (int)total;
	memcpy(sorted, out->samples, total * sizeof *sorted);
	if (total) {
		stats_summarise(sorted, total, &sum);
		stats_median_ci(sorted, total, &out->ci_lo, &out->ci_hi);
		out->median = sum.median;
		out->min = sum.min;
		out->max = sum.max;
		out->cv_pct = sum.cv_pct;
	}
	free(sorted);
	return 0;
}

static double mean_known(double sum, int n)
{
	return n > 0 ? sum / n : -1;
}

/* The runs' shares averaged; distorted, with the first distorted run's
 * reason, when at least one run in DISTORTED_ROUND_SHARE was, the rule
 * each run applied to its rounds. */
static void merge_distortion(const struct measurement *run, int nruns, struct distortion *out)
{
	double sum[3] = { 0 };
	int n[3] = { 0 }, distorted = 0, first = -1;

	memset(out, 0, sizeof *out);
	for (int r = 0; r < nruns; r++) {
		const struct distortion *d = &run[r].distortion;
		const double v[3] = { d->wait_pct, d->steal_pct, d->throttled_pct };
		for (int k = 0; k < 3; k++)
			if (v[k] >= 0) {
				sum[k] += v[k];
				n[k]++;
			}
		out->spoilt_rounds += d->spoilt_rounds;
		if (d->reason[0] && distorted++ == 0)
			first = r;
	}
	out->wait_pct = mean_known(sum[0], n[0]);
	out->steal_pct = mean_known(sum[1], n[1]);
	out->throttled_pct = mean_known(sum[2], n[2]);
	if (first >= 0 && distorted * DISTORTED_ROUND_SHARE >= nruns)
		utf8_printf(out->reason, sizeof out->reason, "%d of %d runs: %.*s", distorted, nruns,
			    utf8_prefix(run[first].distortion.reason, 160),
			    run[first].distortion.reason);
}

/* Every run took its time, whether or not it gave a figure. */
static double total_seconds(const struct measurement *run, int nruns)
{
	double sum = 0;

	for (int r = 0; r < nruns; r++)
		sum += run[r].seconds;
	return sum;
}

int runs_merge(struct measurement *run, int nruns, struct measurement *out, double *values)
{
	int bad = first_not_ok(run, nruns), mid;
	double seconds = total_seconds(run, nruns);

	if (bad >= 0) {
		*out = run[bad];
		out->seconds = seconds;
		run[bad].samples = NULL;
		release_all(run, nruns);
		return 0;
	}
	for (int r = 0; r < nruns; r++)
		values[r] = run[r].value;
	mid = median_run(values, nruns);
	*out = run[mid];
	out->samples = NULL;
	out->seconds = seconds;
	out->value = median_of(values, nruns);
	out->rounds = out->vcsw_per_op = out->ivcsw_per_op = out->cpu_pct = 0;
	int usage_unknown = 0;
	for (int r = 0; r < nruns; r++) {
		out->rounds += run[r].rounds;
		out->vcsw_per_op += run[r].vcsw_per_op / nruns;
		out->ivcsw_per_op += run[r].ivcsw_per_op / nruns;
		out->cpu_pct += run[r].cpu_pct / nruns;
		usage_unknown |= run[r].cpu_pct < 0 || run[r].vcsw_per_op < 0;
	}
	if (usage_unknown)
		out->vcsw_per_op = out->ivcsw_per_op = out->cpu_pct = USAGE_UNKNOWN;
	if (pool_samples(run, nruns, out) < 0) {
		release_all(run, nruns);
		out->status = ST_FAIL;
		utf8_printf(out->reason, sizeof out->reason, "merging runs: %s", strerror(ENOMEM));
		return -1;
	}
	/* the interval is of the pooled samples' median; where the runs
	   disagree more than the samples do, it is stretched to hold the
	   figure, which is the runs' median */
	if (out->value < out->ci_lo)
		out->ci_lo = out->value;
	if (out->value > out->ci_hi)
		out->ci_hi = out->value;
	out->noisy = out->cv_pct > NOISY_CV_PCT;
	merge_distortion(run, nruns, &out->distortion);
	release_all(run, nruns);
	return 0;
}

double runs_fastest(const struct measurement *m, int higher_better)
{
	double best = 0;

	for (int i = 0; m->samples && i < m->reps; i++) {
		double v = m->samples[i];
		if (v > 0 && (best == 0 || (higher_better ? v > best : v < best)))
			best = v;
	}
	return best > 0 ? best : m->value;
}
