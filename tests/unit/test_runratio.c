/* check's unit of replication: the interval of a ratio from the runs'
 * spread, the t quantiles behind it, the verdict at the edges of the
 * tolerance band, a second look, and the merging of runs. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "measure/runs.h"
#include "stats/stats.h"
#include "stats/student.h"
#include "report/verdict.h"
#include "unit.h"

static int near(double a, double b, double rel)
{
	return fabs(a - b) <= rel * fabs(b);
}

/* Published two-sided 95 % points of Student's t. */
static void t_quantiles(void)
{
	CHECK("t quantile df 1: 12.7062", near(student_t_quantile(0.975, 1), 12.706205, 1e-6));
	CHECK("t quantile df 2: 4.3027", near(student_t_quantile(0.975, 2), 4.302653, 1e-6));
	CHECK("t quantile df 4: 2.7764", near(student_t_quantile(0.975, 4), 2.776445, 1e-6));
	CHECK("t quantile df 10: 2.2281", near(student_t_quantile(0.975, 10), 2.228139, 1e-6));
	CHECK("t quantile df 1000: near the normal 1.9623",
	      near(student_t_quantile(0.975, 1000), 1.962339, 1e-5));
	CHECK("t quantile below the median is the mirror",
	      near(student_t_quantile(0.025, 4), -2.776445, 1e-6));
	CHECK("t cdf at 0 is one half", near(student_t_cdf(0, 3), 0.5, 1e-12));
}

/* Both sides three runs, logs 0, 0.1, -0.1 (variance 0.01): se =
   sqrt(0.01/3 + 0.01/3) = 0.0816497, Welch df = 4, half-width
   2.776445 * 0.0816497 = 0.226692; ratio of medians 2. */
static void welch_interval(void)
{
	double base[3] = { 1, exp(0.1), exp(-0.1) };
	double cur[3] = { 2, 2 * exp(0.1), 2 * exp(-0.1) };
	struct run_ratio r;

	verdict_run_ratio(base, 3, cur, 3, 0, &r);
	CHECK("interval three runs a side: ratio of the medians", near(r.ratio, 2, 1e-12));
	CHECK("interval three runs a side: both sides' spread", r.spread == SPREAD_BOTH);
	CHECK("interval three runs a side: Welch df 4", near(r.df, 4, 1e-9));
	CHECK("interval three runs a side: lo 2 e^-0.226692",
	      near(r.lo, 2 * exp(-0.226692), 1e-5));
	CHECK("interval three runs a side: hi 2 e^0.226692", near(r.hi, 2 * exp(0.226692), 1e-5));
	CHECK("interval three runs a side: p small", r.p > 0 && r.p < 0.01);
	CHECK("interval three runs a side: 2x is slower", verdict_band(&r, 0.1, 0, 0) == V_SLOWER);
	CHECK("interval three runs a side: 2x ops/s is faster",
	      verdict_band(&r, 0.1, 1, 0) == V_FASTER);
}

/* One baseline run: the current side's spread stands for both, se =
   0.1 sqrt(1 + 1/3) = 0.115470, df 2, half-width 4.302653 * 0.115470. */
static void one_run_a_side(void)
{
	double base[1] = { 1 };
	double cur[3] = { 1.5, 1.5 * exp(0.1), 1.5 * exp(-0.1) };
	struct run_ratio r;
	double half = 4.302653 * 0.1 * sqrt(4.0 / 3);

	verdict_run_ratio(base, 1, cur, 3, 0, &r);
	CHECK("interval one baseline run: the current spread stands for both",
	      r.spread == SPREAD_CURRENT);
	CHECK("interval one baseline run: df 2", near(r.df, 2, 1e-12));
	CHECK("interval one baseline run: lo", near(r.lo, 1.5 * exp(-half), 1e-5));
	CHECK("interval one baseline run: hi", near(r.hi, 1.5 * exp(half), 1e-5));
	CHECK("interval one baseline run: holds 1, so unclear",
	      r.lo < 1 && verdict_band(&r, 0.1, 0, 0) == V_UNCLEAR);
	verdict_run_ratio(cur, 3, base, 1, 0, &r);
	CHECK("interval one current run: the baseline's spread", r.spread == SPREAD_BASE);
	verdict_run_ratio(base, 1, base, 1, 0, &r);
	CHECK("interval one run a side: none, unclear",
	      r.spread == SPREAD_NONE && verdict_band(&r, 0.1, 0, 0) == V_UNCLEAR);
	CHECK("interval one run a side, the tolerance alone: ok", verdict_band(&r, 0.1, 0, 1) == V_OK);
}

/* Runs that agree exactly are no evidence of certainty: no interval, no
   p, and so no verdict of the band (the gross-change rule alone may
   speak, report/rules.c). */
static void equal_runs(void)
{
	double base[3] = { 1, 1, 1 }, cur[3] = { 1.2, 1.2, 1.2 };
	struct run_ratio r;

	verdict_run_ratio(base, 3, cur, 3, 0, &r);
	CHECK("interval equal runs: a spread of zero, no interval",
	      r.spread == SPREAD_ZERO && !verdict_has_interval(&r) && near(r.ratio, 1.2, 1e-12));
	CHECK("interval equal runs: no p", r.p < 0);
	CHECK("interval equal runs: 20 % beyond 10 % is unclear, not slower",
	      verdict_band(&r, 0.1, 0, 0) == V_UNCLEAR);
	verdict_run_ratio(base, 3, base, 3, 0, &r);
	CHECK("interval equal runs, same figure: unclear, not ok", verdict_band(&r, 0.1, 0, 0) == V_UNCLEAR);
}

/* The ratio is the geometric means' (the interval's centre), and each
   side's geometric mean travels with it, so that ratio = cur / base. */
static void one_estimator(void)
{
	double base[3] = { 1, 2, 4 }, cur[3] = { 3, 3, 24 };
	struct run_ratio r;

	verdict_run_ratio(base, 3, cur, 3, 0, &r);
	CHECK("estimator: base is the geometric mean 2", near(r.base_mean, 2, 1e-12));
	CHECK("estimator: current is the geometric mean 6", near(r.cur_mean, 6, 1e-12));
	CHECK("estimator: ratio = current / baseline", near(r.ratio, r.cur_mean / r.base_mean, 1e-12));
	CHECK("estimator: the interval is centred on the ratio",
	      near(sqrt(r.lo * r.hi), r.ratio, 1e-9));
}

static enum verdict band(double ratio, double lo, double hi, double rounding, int higher_better)
{
	struct run_ratio r = { .ratio = ratio, .lo = lo, .hi = hi, .rounding = rounding,
			       .spread = SPREAD_BOTH };

	return verdict_band(&r, 0.1, higher_better, 0);
}

/* The band of 10 %: 1/1.1 to 1.1, its edges inclusive for ok, the ratio
   strictly beyond them for a change. */
static void band_edges(void)
{
	CHECK("band: interval exactly the band is ok", band(1, 1 / 1.1, 1.1, 0, 0) == V_OK);
	/* ok needs the ratio within half the band too (x1.049 at 10 %) */
	CHECK("band: within the band, ratio 1.04: ok", band(1.04, 1.0, 1.09, 0, 0) == V_OK);
	CHECK("band: within the band, ratio 1.06 past half: unclear",
	      band(1.06, 1.02, 1.09, 0, 0) == V_UNCLEAR);
	CHECK("band: within the band, ratio 1/1.06 past half: unclear",
	      band(1 / 1.06, 1 / 1.09, 0.98, 0, 0) == V_UNCLEAR);
	CHECK("band: ops/s 1.06 past half: unclear", band(1.06, 1.02, 1.09, 0, 1) == V_UNCLEAR);
	CHECK("band: half of 10 % is x1.0488", verdict_within_half(1.0488, 0.1) &&
						  !verdict_within_half(1.0489, 0.1));
	CHECK("band: interval past the lower edge is unclear", band(1, 0.9, 1.05, 0, 0) == V_UNCLEAR);
	CHECK("band: interval past the upper edge is unclear", band(1, 0.95, 1.11, 0, 0) == V_UNCLEAR);
	CHECK("band: ratio on the edge is not beyond it", band(1.1, 1.01, 1.2, 0, 0) == V_UNCLEAR);
	CHECK("band: ratio beyond, interval above 1: slower", band(1.11, 1.01, 1.2, 0, 0) == V_SLOWER);
	CHECK("band: ratio beyond, interval holding 1: unclear", band(1.11, 0.99, 1.2, 0, 0) == V_UNCLEAR);
	CHECK("band: mirrored below: faster", band(1 / 1.11, 0.8, 0.99, 0, 0) == V_FASTER);
	CHECK("band: ratio on the lower edge: unclear", band(1 / 1.1, 0.8, 0.99, 0, 0) == V_UNCLEAR);
	CHECK("band: ops/s halved is slower", band(0.5, 0.4, 0.6, 0, 1) == V_SLOWER);
	CHECK("band: ops/s doubled is faster", band(2, 1.8, 2.2, 0, 1) == V_FASTER);
	/* one of many figures: its own interval is not enough */
	{
		struct run_ratio r = { .ratio = 1.15, .lo = 1.05, .hi = 1.26, .p = 0.01,
				       .p_family = 0.21, .spread = SPREAD_BOTH };
		CHECK("band: beyond, own interval above 1, Holm p 0.21: unclear",
		      verdict_band(&r, 0.1, 0, 0) == V_UNCLEAR);
		r.p_family = 0.049;
		CHECK("band: the same with Holm p 0.049: slower", verdict_band(&r, 0.1, 0, 0) == V_SLOWER);
		r.p_family = -1;
		CHECK("band: the same alone (no family): slower", verdict_band(&r, 0.1, 0, 0) == V_SLOWER);
		/* the band route had no correction: a job's false alarms grew as
		   the tolerance shrank; now Holm holds every route */
		r = (struct run_ratio){ .ratio = 1.48, .lo = 1.28, .hi = 1.71, .p = 0.008,
					.p_family = 0.16, .spread = SPREAD_BOTH };
		CHECK("band: the whole interval beyond the band but Holm's p 0.16: unclear",
		      verdict_band(&r, 0.1, 0, 0) == V_UNCLEAR);
		r.p_family = 0.04;
		CHECK("band: the same with Holm's p 0.04: slower", verdict_band(&r, 0.1, 0, 0) == V_SLOWER);
		r = (struct run_ratio){ .ratio = 0.6, .lo = 0.5, .hi = 0.9, .p = 0.008,
					.p_family = 0.16, .spread = SPREAD_BOTH };
		CHECK("band: wholly below the band, Holm's p 0.16: unclear",
		      verdict_band(&r, 0.1, 0, 0) == V_UNCLEAR);
		r = (struct run_ratio){ .ratio = 1 / 1.15, .lo = 0.8, .hi = 0.95, .p = 0.01,
					.p_family = 0.06, .spread = SPREAD_BOTH };
		CHECK("band: faster needs the family too", verdict_band(&r, 0.1, 0, 0) == V_UNCLEAR);
	}
	/* a two-digit baseline cell, 0.27 for 0.2749: a real +14 % read as
	   1.16 is within rounding of the 15 % edge, so not slower */
	{
		struct run_ratio r = { .ratio = 0.3135 / 0.27, .lo = 1.12, .hi = 1.20,
				       .rounding = 0.005 / 0.27, .spread = SPREAD_CURRENT };
		CHECK("band: a rounded baseline cell cannot make a change",
		      verdict_band(&r, 0.15, 0, 0) == V_UNCLEAR);
	}
}

static enum verdict with_machine(double ratio, double lo, double hi, double machine,
				 int higher_better)
{
	struct run_ratio r = { .ratio = ratio, .lo = lo, .hi = hi, .spread = SPREAD_BOTH };

	return verdict_band_machine(&r, machine, 0.1, higher_better, 0);
}

/* Every figure 20 % slower: as measured a change, relative to the typical
   figure none, so unclear; a figure 40 % slower where the typical one
   moved 10 % is slower both ways. */
static void machine_moved(void)
{
	CHECK("machine: no move is as measured", with_machine(1.2, 1.15, 1.25, 1, 0) == V_SLOWER);
	CHECK("machine: none known (0) is as measured",
	      with_machine(1.2, 1.15, 1.25, 0, 0) == V_SLOWER);
	CHECK("machine: moved with the machine is unclear",
	      with_machine(1.2, 1.15, 1.25, 1.2, 0) == V_UNCLEAR);
	CHECK("machine: beyond the machine's move too is slower",
	      with_machine(1.4, 1.35, 1.45, 1.1, 0) == V_SLOWER);
	CHECK("machine: faster with a faster machine is unclear",
	      with_machine(0.8, 0.78, 0.82, 0.8, 0) == V_UNCLEAR);
	CHECK("machine: unmoved while the machine slowed 20 % is unclear",
	      with_machine(1, 0.98, 1.02, 1.2, 0) == V_UNCLEAR);
	CHECK("machine: ok both ways is ok", with_machine(1, 0.97, 1.03, 1.04, 0) == V_OK);
	/* a rate's move is the inverse of the times': ops/s halved with the
	   machine's ops/s halved too */
	CHECK("machine: a rate that moved with the machine is unclear",
	      with_machine(0.5, 0.45, 0.55, 0.5, 1) == V_UNCLEAR);
	CHECK("machine: a rate halved on an unmoved machine is slower",
	      with_machine(0.5, 0.45, 0.55, 1, 1) == V_SLOWER);
	{
		struct run_ratio r = { .ratio = 1.2, .spread = SPREAD_NONE };
		CHECK("machine: no interval stays unclear",
		      verdict_band_machine(&r, 1.2, 0.1, 0, 0) == V_UNCLEAR);
		CHECK("machine: the tolerance alone ignores the machine",
		      verdict_band_machine(&r, 1.2, 0.1, 0, 1) == V_SLOWER);
	}
}

static void second_look(void)
{
	CHECK("confirm: slower twice is slower", verdict_confirmed(V_SLOWER, V_SLOWER) == V_SLOWER);
	CHECK("confirm: faster then slower is unclear",
	      verdict_confirmed(V_FASTER, V_SLOWER) == V_UNCLEAR);
	CHECK("confirm: slower then ok is unclear", verdict_confirmed(V_SLOWER, V_OK) == V_UNCLEAR);
}

static void merged_runs(void)
{
	double s0[2] = { 1, 3 }, s1[2] = { 5, 7 }, s2[2] = { 2, 4 }, values[3];
	struct measurement run[3] = {
		{ .status = ST_OK, .value = 2, .reps = 2, .rounds = 1, .n = 10, .seconds = 1.5 },
		{ .status = ST_OK, .value = 6, .reps = 2, .rounds = 1, .n = 20, .seconds = 2.25 },
		{ .status = ST_OK, .value = 3, .reps = 2, .rounds = 1, .n = 30, .seconds = 0.25 },
	}, out;

	run[0].samples = malloc(sizeof s0);
	run[1].samples = malloc(sizeof s1);
	run[2].samples = malloc(sizeof s2);
	if (!run[0].samples || !run[1].samples || !run[2].samples) {
		CHECK("merge runs: memory", 0);
		return;
	}
	memcpy(run[0].samples, s0, sizeof s0);
	memcpy(run[1].samples, s1, sizeof s1);
	memcpy(run[2].samples, s2, sizeof s2);
	CHECK("merge runs: ok", runs_merge(run, 3, &out, values) == 0);
	CHECK("merge runs: the figure is the median of the runs' figures", out.value == 3);
	CHECK("merge runs: each run's figure in order",
	      values[0] == 2 && values[1] == 6 && values[2] == 3);
	CHECK("merge runs: all samples, in order", out.reps == 6 && out.samples &&
							  out.samples[2] == 5 && out.samples[5] == 4);
	CHECK("merge runs: rounds add up, n of the median run", out.rounds == 3 && out.n == 30);
	CHECK("merge runs: every run's seconds add up", out.seconds == 4.0);
	CHECK("merge runs: the interval holds the figure", out.ci_lo <= 3 && out.ci_hi >= 3);
	CHECK("merge runs: the runs' samples released",
	      !run[0].samples && !run[1].samples && !run[2].samples);
	measurement_release(&out);

	/* a run that failed took its time like the others */
	struct measurement failed[2] = {
		{ .status = ST_OK, .value = 2, .seconds = 1.5 },
		{ .status = ST_FAIL, .reason = "crashed", .seconds = 0.5 },
	};
	CHECK("merge runs with a failed run: a fail, every run's seconds",
	      runs_merge(failed, 2, &out, values) == 0 && out.status == ST_FAIL && out.seconds == 2.0);
	measurement_release(&out);
}

UNIT_TEST(test_run_ratio)
{
	t_quantiles();
	welch_interval();
	one_run_a_side();
	equal_runs();
	one_estimator();
	machine_moved();
	band_edges();
	second_look();
	merged_runs();
}
