/* check's verdict rules on their own (report/rules.c), and a seeded
 * simulation of the family-wise error of whole checks (report/check.c):
 * how often a job of unchanged figures is red, at tolerances 0, 2 % and
 * 10 %: many short runs a side, each figure following the machine by a
 * sensitivity of its own. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/check.h"
#include "report/rules.h"
#include "unit.h"

static struct run_ratio ratio(double r, double lo, double hi, double p_family)
{
	return (struct run_ratio){ .ratio = r, .lo = lo, .hi = hi, .p = p_family,
				   .p_family = p_family, .spread = SPREAD_BOTH };
}

static struct judgement judge(const struct run_ratio *rr, const struct run_ratio *rel)
{
	struct rule_in in = { .rr = rr, .rel = rel, .typical = 1, .tol = 0.1 };
	struct judgement j;

	rules_judge(&in, &j);
	return j;
}

static void one_run_rules(void)
{
	struct run_ratio r = { .ratio = 3, .spread = SPREAD_NONE, .p = -1, .p_family = -1 };
	struct rule_in in = { .rr = &r, .typical = 1, .tol = 0.1 };
	struct judgement j;

	rules_judge(&in, &j);
	CHECK("rules one run: 3x is a gross change", j.v == V_SLOWER && j.basis == BASIS_ONE_RUN);
	CHECK("rules one run: the note says it rests on one run",
	      strstr(j.note, "rests on one run a side") != NULL);
	r.ratio = 1.5;
	rules_judge(&in, &j);
	CHECK("rules one run: 1.5x is unclear", j.v == V_UNCLEAR && j.basis == BASIS_ONE_RUN);
	r.ratio = 2.5;
	in.within_lo = 1.6;
	in.within_hi = 3.5;
	rules_judge(&in, &j);
	CHECK("rules one run: 2.5x whose own interval reaches below 2x is unclear", j.v == V_UNCLEAR);
	r.ratio = 1 / 3.0;
	in.within_lo = in.within_hi = 0;
	in.higher_better = 1;
	rules_judge(&in, &j);
	CHECK("rules one run: a third of the ops/s is slower", j.v == V_SLOWER);
	r.spread = SPREAD_ZERO;
	r.ratio = 1.3;
	in.higher_better = 0;
	rules_judge(&in, &j);
	CHECK("rules runs that agree exactly: 1.3x is unclear", j.v == V_UNCLEAR && j.basis == BASIS_RUNS);
}

static void two_views(void)
{
	struct run_ratio rr, rel;
	struct judgement j;

	rr = ratio(1.3, 1.2, 1.4, 0.001);
	j = judge(&rr, NULL);
	CHECK("rules one view: slower on the runs", j.v == V_SLOWER && j.basis == BASIS_RUNS && j.shown == &rr);
	/* the host 10 % quicker in the current invocation: 1.2 against the
	   runs, 1.08 as measured */
	rr = ratio(1.08, 0.9, 1.3, 0.5);
	rel = ratio(1.2, 1.15, 1.25, 0.001);
	rel.slope = 1;
	j = judge(&rr, &rel);
	CHECK("rules beyond its runs though not as measured: slower, relative",
	      j.v == V_SLOWER && j.basis == BASIS_RELATIVE && j.shown == &rel);
	CHECK("rules relative: the note gives the ratio as measured",
	      strstr(j.note, "as measured 1.080 (0.900-1.300)") != NULL);
	/* everything moved 20 %, this one too */
	rr = ratio(1.2, 1.15, 1.25, 0.001);
	rel = ratio(1.0, 0.97, 1.03, 1);
	rel.slope = 1.1;
	j = judge(&rr, &rel);
	CHECK("rules moved with the machine only: ok, relative", j.v == V_OK &&
								     j.basis == BASIS_RELATIVE && j.shown == &rel);
	CHECK("rules moved with the machine: the note says how far it followed",
	      strstr(j.note, "the machine moved it 1.200, following its runs' factor by 1.10") != NULL);
	rel = ratio(1.05, 0.95, 1.16, 1);
	j = judge(&rr, &rel);
	CHECK("rules relative interval past the band: unclear, relative",
	      j.v == V_UNCLEAR && j.basis == BASIS_RELATIVE);
	rel = ratio(1.16, 1.12, 1.2, 0.2);
	rel.p = 0.001;
	j = judge(&rr, &rel);
	CHECK("rules relative change that Holm holds back: unclear",
	      j.v == V_UNCLEAR && strstr(j.note, "not significant with every figure counted") != NULL);
	CHECK("rules Holm holds back a change: it leans, not only too wide", !j.wide);
	CHECK("rules Holm holds it back: it leans slower, for a second look", j.leaning == V_SLOWER);
	rel = ratio(1 / 1.16, 1 / 1.2, 1 / 1.12, 0.2);
	rel.p = 0.001;
	j = judge(&rr, &rel);
	CHECK("rules Holm holds back a faster one: it leans faster", j.leaning == V_FASTER);
	rel = ratio(1.16, 0.98, 1.3, 0.4);
	rel.p = 0.08;
	j = judge(&rr, &rel);
	CHECK("rules an interval that holds 1: unclear, leaning nowhere",
	      j.v == V_UNCLEAR && j.leaning == V_UNCLEAR);
	CHECK("rules an interval that holds 1 past the band: only too wide, for a second look",
	      j.wide);
	rel = ratio(1.16, 0.98, 1.3, 0.4);
	rel.p = 0.08;
	rel.alone_lo = 1.12;
	rel.alone_hi = 1.2;
	j = judge(&rr, &rel);
	CHECK("rules held by the machine's move alone: it leans slower",
	      j.v == V_UNCLEAR && j.by_move && j.leaning == V_SLOWER);
	CHECK("rules held by the machine's move: not only too wide", !j.wide);
	/* the job's own spread of sensitivities, narrower than the prior:
	   it may find the figure ok, never a change */
	{
		struct run_ratio tight = ratio(1.16, 1.12, 1.2, 0.001);
		struct rule_in in = { .rr = &rr, .rel = &rel, .rel_tight = &tight, .across_sd = 0.12,
				      .typical = 1, .tol = 0.1 };
		rules_judge(&in, &j);
		CHECK("rules the job's narrower spread never makes a change",
		      j.v == V_UNCLEAR && j.shown == &rel);
		tight = ratio(1.01, 0.97, 1.05, 1);
		rules_judge(&in, &j);
		CHECK("rules the job's narrower spread may find it ok, and the note says how alike",
		      j.v == V_OK && j.shown == &tight && strstr(j.note, "alike to 0.12") != NULL);
	}
	rel = ratio(1.03, 0.9, 1.17, 1);
	rel.p = 0.2;
	rel.alone_lo = 1.0;
	rel.alone_hi = 1.06;
	j = judge(&rr, &rel);
	CHECK("rules ok by its runs alone, held by the move: leaning nowhere",
	      j.v == V_UNCLEAR && j.by_move && j.leaning == V_UNCLEAR);
	CHECK("rules ok by its runs alone, held by the move: for a second look, which may "
	      "find the machine back",
	      j.wide);
	rel = ratio(1.3, 1.2, 1.4, 0.001);
	j = judge(&rr, &rel);
	CHECK("rules slower outright: no leaning", j.v == V_SLOWER && j.leaning == V_UNCLEAR);
	rr = ratio(2.4, 2.2, 2.6, 0.001);
	rel = ratio(1.0, 0.97, 1.03, 1);
	j = judge(&rr, &rel);
	CHECK("rules an interval wholly beyond x2: a gross change, whatever the machine did",
	      j.v == V_SLOWER && j.basis == BASIS_RUNS && strstr(j.note, "gross") != NULL);
	/* --relative with no run factors: ok as measured, but not against
	   the typical figure's 1.2 */
	{
		struct run_ratio ok = ratio(1.02, 0.97, 1.07, 1);
		struct rule_in in = { .rr = &ok, .typical = 1.2, .tol = 0.1 };
		rules_judge(&in, &j);
		CHECK("rules --relative without factors: unclear on the runs",
		      j.v == V_UNCLEAR && j.basis == BASIS_RUNS && j.shown == &ok);
	}
	{
		struct rule_in in = { .rr = &rr, .rel = &rel, .typical = 1, .tol = 0.1,
				      .incomparable = "placement same -> spread" };
		rules_judge(&in, &j);
		CHECK("rules incomparable setups: unclear with the reason",
		      j.v == V_UNCLEAR && strcmp(j.note, "placement same -> spread") == 0);
	}
}

/* ---- the family's error, simulated -------------------------------------- */

static double uniform(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return ((double)(*s >> 11) + 0.5) / 9007199254740992.0;
}

static double gauss(uint64_t *s)
{
	return sqrt(-2 * log(uniform(s))) * cos(6.283185307179586 * uniform(s));
}

#define SIM_FIGS 22
#define SIM_RUNS 20

/* One side of a host: every run's factor shared by its figures (sd 8 %,
   independent from run to run: the assumption the error rates rest on)
   about the side's own mood (0: no move between the sides), each figure
   following it by a sensitivity of its own (0.5 to 1.8, as this host's
   figures do), and its own noise 3 %.  kernel: what a change of the
   kernel adds to every figure's log, first: to the first figure's
   besides; kernel_mood: a mood of the host's that moves every figure by
   its sensitivity, as mood does, and not the reference.  With
   mood_alike, every figure follows the side's mood by 1, as this host's
   figures followed a whole invocation's move, give or take mood_spread
   (a standard deviation, drawn once a figure a side), whatever it shows
   within the side.  With reference, each run's machine reference (MB/s)
   follows the factor by 1, with noise of its own of 1 %.  With
   seed_tables, the figures are those of the four seed tables, each of
   its module and at its cost on this project's VM (seed_figures), and
   every system call they make costs dearer_us more on this side. */
struct sim {
	double mood, kernel, first, kernel_mood, mood_spread, dearer_us;
	int mood_alike, reference, seed_tables;
};

/* The seed tables' figures, in microseconds as a 2-CPU VM measured
   them, and the system calls each op makes: what a dearer call adds to
   it, whatever its module declares (the fit reads the declarations; a
   ring's figure subtracts its own calls, and process creation makes
   more than the few counted here, which cost little beside it). */
static const struct {
	const char *module;
	double us, calls;
} seed_figures[SIM_FIGS] = {
	{ "null", 0.123, 1 }, { "nullio", 0.150, 1 }, { "stat", 0.450, 1 },
	{ "openclose", 0.83, 2 }, { "select", 5.0, 1 }, { "siginst", 0.18, 1 },
	{ "sighndl", 1.06, 1 }, { "fork", 93, 3 }, { "exec", 940, 20 },
	{ "sh", 1890, 40 }, { "ctx", 1.01, 0 }, { "ctx", 1.04, 0 },
	{ "ctx", 1.11, 0 }, { "ctx", 2.18, 0 }, { "ctx", 2.34, 0 },
	{ "ctx", 2.15, 0 }, { "ctx", 2.37, 0 }, { "pipe", 2.9, 4 },
	{ "unix", 4.95, 4 }, { "udp", 5.4, 4 }, { "tcp", 6.7, 4 },
	{ "tcpconn", 10.3, 5 },
};

/* Figure g's cost on a side of how, with what a dearer call adds. */
static double sim_cost(const struct sim *how, size_t g)
{
	if (!how->seed_tables)
		return (double)(g + 1);
	return seed_figures[g].us + seed_figures[g].calls * how->dearer_us;
}

static int sim_side(struct rfile *f, const struct sim *how, uint64_t *seed)
{
	double factor[SIM_RUNS];

	memset(f, 0, sizeof *f);
	f->figs = calloc(SIM_FIGS, sizeof *f->figs);
	f->pool = calloc(SIM_FIGS * SIM_RUNS, sizeof *f->pool);
	if (!f->figs || !f->pool)
		return -1;
	double within = how->mood_alike ? 0 : how->mood;

	for (int r = 0; r < SIM_RUNS; r++)
		factor[r] = within + 0.08 * gauss(seed);
	for (size_t g = 0; g < SIM_FIGS; g++) {
		struct rfigure *x = &f->figs[g];
		snprintf(x->table, sizeof x->table, "t%zu", g);
		snprintf(x->column, sizeof x->column, "c");
		if (how->seed_tables)
			snprintf(x->module, sizeof x->module, "%s", seed_figures[g].module);
		else
			snprintf(x->module, sizeof x->module, "m%zu", g);
		snprintf(x->unit, sizeof x->unit, "us");
		x->status = ST_OK;
		x->runs = SIM_RUNS;
		x->run_off = g * SIM_RUNS;
		x->seconds = -1;
		double alike = how->mood_alike ? how->mood * (1 + how->mood_spread * gauss(seed)) : 0;
		for (int r = 0; r < SIM_RUNS; r++)
			f->pool[g * SIM_RUNS + r] =
				sim_cost(how, g) *
				exp((0.5 + 1.3 * (double)g / (SIM_FIGS - 1)) *
					    (factor[r] + how->kernel_mood) +
				    alike + how->kernel + (g == 0 ? how->first : 0) +
				    0.03 * gauss(seed));
		x->value = f->pool[g * SIM_RUNS + 1];
	}
	f->nfigs = SIM_FIGS;
	f->npool = f->pool_cap = SIM_FIGS * SIM_RUNS;
	for (int r = 0; how->reference && r < SIM_RUNS; r++)
		f->reference[r] = 50000 * exp(-factor[r] - (how->mood - within) - 0.01 * gauss(seed));
	f->reference_runs = how->reference ? SIM_RUNS : 0;
	return 0;
}

/* One simulated job, base against cur, judged with the dearer-call fit
   (given NULL: fitted over the job) or with the one given: each
   figure's verdict and ratio against its runs (0 where none), and the
   fit judged by; -1 when out of memory. */
struct sim_seen {
	enum verdict v[SIM_FIGS];
	double rel[SIM_FIGS];
	struct dearer fit;
};

static int sim_judged(double tol, const struct sim *base, const struct sim *cur,
		      const struct dearer *given, uint64_t *seed, struct sim_seen *out)
{
	struct rfile a, b;
	struct check_row rows[2 * SIM_FIGS + 1];
	struct check_opts o = { .tol = tol, .dearer = given };
	int unchecked, rc = -1;

	if (sim_side(&a, base, seed) == 0 && sim_side(&b, cur, seed) == 0) {
		size_t n = check_rows(&a, &b, 1, rows, &unchecked);
		if (n >= SIM_FIGS && check_judge(&a, rows, n, &o, NULL, &out->fit) >= 0) {
			rc = 0;
			for (size_t g = 0; g < SIM_FIGS; g++) {
				out->v[g] = rows[g].v;
				out->rel[g] = rows[g].have_rel ? rows[g].rel.ratio : 0;
			}
		}
	}
	rfile_free(&a);
	rfile_free(&b);
	return rc;
}

/* One simulated job against its baseline: how many figures are slower
   and how many faster (figure 0 alone when first_only); -1 when out of
   memory. */
struct sim_count {
	int slower, faster, ok;
};

static int sim_pair(double tol, const struct sim *base, const struct sim *cur, uint64_t *seed,
		    int first_only, struct sim_count *got)
{
	struct sim_seen seen;

	*got = (struct sim_count){ 0 };
	if (sim_judged(tol, base, cur, NULL, seed, &seen) < 0)
		return -1;
	for (size_t g = 0; g < (first_only ? 1 : SIM_FIGS); g++) {
		got->slower += seen.v[g] == V_SLOWER;
		got->ok += seen.v[g] == V_OK;
		got->faster += seen.v[g] == V_FASTER;
	}
	return 0;
}

/* Whether one simulated job is red or claims a change: any figure
   slower or faster; -1 when out of memory. */
static int sim_job(double tol, uint64_t *seed)
{
	static const struct sim calm = { 0 };
	struct sim_count got;

	if (sim_pair(tol, &calm, &calm, seed, 0, &got) < 0)
		return -1;
	return got.slower + got.faster > 0;
}

static void family_error(void)
{
	static const double tols[] = { 0, 0.02, 0.10 };
	const int jobs = 1500;
	uint64_t seed = 0x2545f4914f6cdd1dULL;

	for (size_t t = 0; t < sizeof tols / sizeof tols[0]; t++) {
		int red = 0, failed = 0;
		char name[96];
		for (int j = 0; j < jobs; j++) {
			int c = sim_job(tols[t], &seed);
			failed |= c < 0;
			red += c > 0;
		}
		/* 5 % and three of its standard errors over this many jobs */
		double rate = (double)red / jobs, bound = 0.05 + 3 * sqrt(0.05 * 0.95 / jobs);
		snprintf(name, sizeof name,
			 "rules family error at tolerance %g%%: %.1f%% of %d unchanged jobs red",
			 100 * tols[t], 100 * rate, jobs);
		CHECK(name, !failed && rate <= bound);
	}
}

/* A figure that drifts between invocations (process creation): a change
   its runs claim must hold beyond that drift; a gross one always does. */
static void drift_rules(void)
{
	struct run_ratio rr = ratio(1.2, 1.12, 1.28, 0.001), rel = ratio(1.25, 1.15, 1.35, 0.001);
	struct rule_in in = { .rr = &rr, .rel = &rel, .typical = 1, .tol = 0.1,
			      .drifts = RULES_DRIFTS_ALWAYS };
	struct judgement j;
	double widen = exp(2 * RULES_DRIFT_SD);

	rel.slope = 1;
	rules_judge(&in, &j);
	CHECK("rules drift: 1.25 (1.15-1.35) within the drift is unclear",
	      j.v == V_UNCLEAR && j.basis == BASIS_RELATIVE);
	CHECK("rules drift: the note says what its runs said and why it is held back",
	      strstr(j.note, "slower by its runs (1.250), but within what process creation drifts") !=
		      NULL);
	in.drifts = 0;
	rules_judge(&in, &j);
	CHECK("rules drift: the same figure without the trait is slower", j.v == V_SLOWER);
	in.drifts = RULES_DRIFTS_ALWAYS;
	rel = ratio(1.6, 1.02 * widen, 1.8, 0.001);
	rel.slope = 1;
	rules_judge(&in, &j);
	CHECK("rules drift: a change whose interval clears the drift is slower", j.v == V_SLOWER);
	rel = ratio(1 / 1.25, 1 / 1.35, 1 / 1.15, 0.001);
	rel.slope = 1;
	rules_judge(&in, &j);
	CHECK("rules drift: faster within the drift is unclear too", j.v == V_UNCLEAR);
	in.drifts = RULES_DRIFTS_BUSY;
	rules_judge(&in, &j);
	CHECK("rules drift on a busy host: held back, and the note says so",
	      j.v == V_UNCLEAR &&
		      strstr(j.note, "faster by its runs (0.800), but within what this figure drifts "
				     "between invocations on a busy host") != NULL);
	rr = ratio(3, 2.6, 3.4, 0.001);
	in.rel = NULL;
	rules_judge(&in, &j);
	CHECK("rules drift: a gross change stands", j.v == V_SLOWER && strstr(j.note, "gross"));
}

/* A change the mean of the runs claims holds only where the median run
   moved past the band too, on the same basis: a baseline whose runs went
   through a few spells (TCP conn in a calm gate: 7 of 40 runs at 12-19
   us where the rest read 10) must not make a clean job read faster. */
static void few_runs_rules(void)
{
	struct run_ratio rr = ratio(0.907, 0.856, 0.960, 0.001), rel = ratio(0.948, 0.912, 0.985, 0.01);
	struct rule_in in = { .rr = &rr, .rel = &rel, .typical = 1, .tol = 0.05,
			      .median_ratio = 0.960 };
	struct judgement j;

	rel.slope = 2.95;
	rules_judge(&in, &j);
	CHECK("rules few runs: faster by the mean, the median run unmoved, is unclear",
	      j.v == V_UNCLEAR && j.basis == BASIS_RELATIVE);
	CHECK("rules few runs: the note gives the median run's move on the same basis",
	      strstr(j.note, "faster by the mean of its runs (0.948), but its median run moved "
			     "1.003, within the band") != NULL);
	in.median_ratio = 0.90;
	rules_judge(&in, &j);
	CHECK("rules few runs: the median run past the band too: faster", j.v == V_FASTER);
	in.median_ratio = 0;
	rules_judge(&in, &j);
	CHECK("rules few runs: no median given: faster", j.v == V_FASTER);
	rr = ratio(1.25, 1.15, 1.35, 0.001);
	in = (struct rule_in){ .rr = &rr, .typical = 1, .tol = 0.1, .median_ratio = 1.04 };
	rules_judge(&in, &j);
	CHECK("rules few runs: slower as measured, the median run 1.04: unclear",
	      j.v == V_UNCLEAR && j.basis == BASIS_RUNS && strstr(j.note, "a few runs carry"));
	in.median_ratio = 1 / 1.25;
	in.higher_better = 1;
	rr = ratio(1 / 1.25, 1 / 1.35, 1 / 1.15, 0.001);
	rules_judge(&in, &j);
	CHECK("rules few runs: a rate a fifth lower in its median run too: slower", j.v == V_SLOWER);
	rr = ratio(3, 2.6, 3.4, 0.001);
	in = (struct rule_in){ .rr = &rr, .typical = 1, .tol = 0.1, .median_ratio = 1.0 };
	rules_judge(&in, &j);
	CHECK("rules few runs: a gross change stands", j.v == V_SLOWER && j.gross);
}

/* An ok against the rest of the runs must hold as measured or against
   the machine reference: a filter that made every call dearer (stat
   1.065 as measured under load, 2026-12-06) moved the figures the
   relative basis takes out, and not the reference. */
static void reference_ok_rules(void)
{
	struct run_ratio rr = ratio(1.065, 1.021, 1.110, 0.001), rel = ratio(0.997, 0.938, 1.059, 0.9);
	struct rule_in in = { .rr = &rr, .rel = &rel, .typical = 1, .tol = 0.1,
			      .machine_move = 1, .mood_span = 1, .reference_move = 1.007 };
	struct judgement j;

	rel.slope = 0.92;
	rules_judge(&in, &j);
	CHECK("rules reference ok: ok against its runs, moved as measured, the reference still: unclear",
	      j.v == V_UNCLEAR && j.basis == BASIS_RELATIVE && j.shown == &rel);
	CHECK("rules reference ok: the note gives both readings",
	      strcmp(j.note, "ok against the rest of its runs (0.997), but 1.065 as measured, and "
			     "the machine reference, which no kernel change moves, moved 1.007: a "
			     "change of every figure alike reads so") == 0);
	in.reference_move = 1.06;
	rules_judge(&in, &j);
	CHECK("rules reference ok: the reference moved with it: ok", j.v == V_OK);
	in.reference_move = 0;
	rules_judge(&in, &j);
	CHECK("rules reference ok: no reference: ok", j.v == V_OK);
	in.reference_move = 1.007;
	rr = ratio(1.03, 0.99, 1.07, 0.2);
	rules_judge(&in, &j);
	CHECK("rules reference ok: within half the band as measured: ok", j.v == V_OK);
	rr = ratio(1.076, 1.008, 1.149, 0.03);
	rel.slope = 1.67;
	in.reference_move = 1.02;
	rules_judge(&in, &j);
	CHECK("rules reference ok: the reference's move as the figure follows its runs holds it",
	      j.v == V_OK);
	rel.slope = 1;
	rules_judge(&in, &j);
	CHECK("rules reference ok: followed alike, it does not", j.v == V_UNCLEAR);
	rr = ratio(1 / 1.065, 1 / 1.110, 1 / 1.021, 0.001);
	rel = ratio(1 / 0.997, 1 / 1.059, 1 / 0.938, 0.9);
	in.higher_better = 1;
	in.reference_move = 1.007;
	rules_judge(&in, &j);
	CHECK("rules reference ok: a rate that fell as measured, the reference still: unclear",
	      j.v == V_UNCLEAR && strstr(j.note, "but 0.939 as measured"));
}

/* Counts of figure 0 slower, and of jobs that claim any change, over
   jobs simulated jobs of base against cur. */
struct sim_tally {
	int first_slower, first_ok, claimed, failed;
};

static void sim_many(int jobs, const struct sim *base, const struct sim *cur, uint64_t *seed,
		     struct sim_tally *t)
{
	struct sim_count got;

	*t = (struct sim_tally){ 0 };
	for (int j = 0; j < jobs; j++) {
		t->failed |= sim_pair(0.1, base, cur, seed, 0, &got) < 0;
		t->claimed += got.slower + got.faster > 0;
		t->failed |= sim_pair(0.1, base, cur, seed, 1, &got) < 0;
		t->first_slower += got.slower;
		t->first_ok += got.ok;
	}
}

/* Unchanged jobs of base against cur: how many claim a change, held to
   5 % and three of its standard errors. */
static void unchanged_jobs(const char *what, const struct sim *base, const struct sim *cur,
			   uint64_t *seed)
{
	const int jobs = 200;
	double bound = 0.05 + 3 * sqrt(0.05 * 0.95 / jobs);
	struct sim_tally t;
	char name[160];

	sim_many(jobs, base, cur, seed, &t);
	snprintf(name, sizeof name, "rules reference: %s: %.1f%% of %d unchanged jobs claim a change",
		 what, 100.0 * t.claimed / jobs, jobs);
	CHECK(name, !t.failed && (double)t.claimed / jobs <= bound);
}

/* The machine reference: a machine that moved is taken out by the
   reference's move, so that a figure 20 % slower is still seen; a move
   every figure makes beyond the reference is a mood of the host's or the
   kernel's, taken halfway and known to half, so that neither a kernel
   mood nor such a change is claimed from it alone. */
static void reference_anchor(void)
{
	const struct sim calm = { .reference = 1 }, blind = { 0 };
	const struct sim moved_first = { .mood = 0.15, .first = log(1.25), .reference = 1 };
	const struct sim blind_moved_first = { .mood = 0.15, .first = log(1.25) };
	const struct sim moved = { .mood = 0.15, .reference = 1 };
	const struct sim kernel_mood = { .kernel_mood = 0.15, .reference = 1 };
	const struct sim per_call = { .kernel = log(1.03), .first = log(1.2 / 1.03), .reference = 1 };
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	struct sim_tally t;
	char name[160];

	sim_many(20, &calm, &per_call, &seed, &t);
	snprintf(name, sizeof name,
		 "rules reference: every call dearer, the cheapest figure 20 %% slower, the rest "
		 "3 %%: slower %d of 20",
		 t.first_slower);
	CHECK(name, !t.failed && t.first_slower >= 19);
	sim_many(40, &calm, &moved_first, &seed, &t);
	int seen = t.first_slower;
	sim_many(40, &blind, &blind_moved_first, &seed, &t);
	snprintf(name, sizeof name,
		 "rules reference: machine moved 15 %%, a figure 25 %% slower: slower %d of 40 "
		 "with its reference, %d without",
		 seen, t.first_slower);
	CHECK(name, !t.failed && seen > t.first_slower);
	unchanged_jobs("machine moved 15 %, reference along", &calm, &moved, &seed);
	unchanged_jobs("a kernel mood of 15 % the reference misses", &calm, &kernel_mood, &seed);
}

/* A machine that moved between the sides well beyond its runs' spread
   (28 %, three standard deviations of a run's factor), each figure
   following it by 1 give or take a spread: how far they follow such a
   move is read off how far they moved from it.  Where they followed it
   alike, half of them or more are ok (with the prior's 0.5 alone:
   none), and a figure 20 % slower never is, one 12 % slower (past the
   10 % band) seldom; where their sensitivities
   strayed as far as the prior, an unchanged job still seldom claims a
   change (with the prior alone: 18-21 % did). */
static void move_spread(void)
{
	const struct sim calm = { 0 }, calm_ref = { .reference = 1 };
	const struct sim alike = { .mood = 0.25, .mood_spread = 0.05, .mood_alike = 1 };
	const struct sim alike_ref = { .mood = 0.25, .mood_spread = 0.05, .mood_alike = 1,
				       .reference = 1 };
	const struct sim strays = { .mood = 0.25, .mood_spread = 0.3, .mood_alike = 1 };
	const struct sim strays_far = { .mood = 0.25, .mood_spread = 0.5, .mood_alike = 1 };
	const struct sim strays_ref = { .mood = 0.25, .mood_spread = 0.5, .mood_alike = 1,
					.reference = 1 };
	const struct sim alike_first = { .mood = 0.25, .mood_spread = 0.05, .mood_alike = 1,
					 .first = log(1.2) };
	const struct sim edge_first = { .mood = 0.25, .mood_spread = 0.05, .mood_alike = 1,
					.first = log(1.12) };
	uint64_t seed = 0x853c49e6748fea9bULL;
	struct sim_tally t;
	char name[160];
	int ok = 0, failed = 0;

	for (int j = 0; j < 20; j++) {
		struct rfile a, b;
		struct check_row rows[2 * SIM_FIGS + 1];
		struct check_opts o = { .tol = 0.1 };
		int unchecked;
		failed |= sim_side(&a, &calm, &seed) < 0;
		failed |= sim_side(&b, &alike, &seed) < 0;
		size_t n = failed ? 0 : check_rows(&a, &b, 1, rows, &unchecked);
		failed |= !failed && check_judge(&a, rows, n, &o, NULL, NULL) < 0;
		for (size_t i = 0; i < n && !failed; i++)
			ok += rows[i].v == V_OK;
		rfile_free(&a);
		rfile_free(&b);
	}
	snprintf(name, sizeof name,
		 "rules move: machine 28 %% slower, figures following it alike: %d of %d ok", ok,
		 20 * SIM_FIGS);
	CHECK(name, !failed && 2 * ok >= 20 * SIM_FIGS);
	unchanged_jobs("machine moved 28 %, figures following it alike", &calm, &alike, &seed);
	unchanged_jobs("machine moved 28 %, alike, reference along", &calm_ref, &alike_ref, &seed);
	unchanged_jobs("machine moved 28 %, sensitivities to it spread 0.3", &calm, &strays, &seed);
	unchanged_jobs("machine moved 28 %, sensitivities to it spread 0.5", &calm, &strays_far, &seed);
	unchanged_jobs("machine moved 28 %, spread 0.5, reference along", &calm_ref, &strays_ref,
		       &seed);
	sim_many(20, &calm, &alike_first, &seed, &t);
	snprintf(name, sizeof name,
		 "rules move: machine moved 28 %%, a figure 20 %% slower: ok %d of 20, slower %d",
		 t.first_ok, t.first_slower);
	CHECK(name, !t.failed && t.first_ok == 0);
	sim_many(40, &calm, &edge_first, &seed, &t);
	snprintf(name, sizeof name,
		 "rules move: machine moved 28 %%, a figure 12 %% slower, past the band: ok %d of 40",
		 t.first_ok);
	CHECK(name, !t.failed && t.first_ok <= 2);
}

/* ---- a dearer call, simulated -------------------------------------------- */

/* Of jobs unchanged jobs of base against cur: how many claimed a change
   and how many told a dearer call; failed when out of memory. */
struct seed_tally {
	int claimed, told, failed;
};

static void seed_unchanged(int jobs, double tol, const struct sim *base, const struct sim *cur,
			   uint64_t *seed, struct seed_tally *t)
{
	struct sim_seen got;

	*t = (struct seed_tally){ 0 };
	for (int j = 0; j < jobs; j++) {
		if (sim_judged(tol, base, cur, NULL, seed, &got) < 0) {
			t->failed = 1;
			continue;
		}
		t->told += dearer_told(&got.fit);
		for (size_t g = 0; g < SIM_FIGS; g++)
			if (got.v[g] == V_SLOWER || got.v[g] == V_FASTER) {
				t->claimed++;
				break;
			}
	}
}

/* Unchanged jobs of base against cur claim a change no more often than
   5 % and three of its standard errors. */
static void seed_claims(const char *what, int jobs, double tol, const struct sim *base,
			const struct sim *cur, uint64_t *seed)
{
	double bound = 0.05 + 3 * sqrt(0.05 * 0.95 / jobs);
	struct seed_tally t;
	char name[200];

	seed_unchanged(jobs, tol, base, cur, seed, &t);
	snprintf(name, sizeof name,
		 "rules dearer: seed tables, %s: %.1f%% of %d jobs claim a change, %d told a "
		 "dearer call",
		 what, 100.0 * t.claimed / jobs, jobs, t.told);
	CHECK(name, !t.failed && (double)t.claimed / jobs <= bound);
}

/* The fit may tell a dearer call where there is none, and then take a
   pattern of the machine's for the kernel's: unchanged jobs of the seed
   tables' figures, calm at three tolerances, and with the machine moved
   15 % between the sides, the figures that make the most calls per us
   following it least, claim a change no more often than 5 % and three
   of its standard errors; and where the machine moved 16 % with each
   figure's sensitivity to it drawn anew (a pattern of the job's own),
   the fit tells a dearer call in at most 1 % of the jobs. */
static void dearer_family_error(void)
{
	static const double tols[] = { 0, 0.02, 0.10 };
	const struct sim calm = { .seed_tables = 1 }, calm_ref = { .seed_tables = 1, .reference = 1 };
	const struct sim moved = { .seed_tables = 1, .mood = 0.15 };
	const struct sim moved_ref = { .seed_tables = 1, .mood = 0.15, .reference = 1 };
	const struct sim strays = { .seed_tables = 1, .mood = 0.15, .mood_spread = 0.5,
				    .mood_alike = 1 };
	const int jobs = 400;
	uint64_t seed = 0xda942042e4dd58b5ULL;
	struct seed_tally t;
	char name[200];

	for (size_t k = 0; k < sizeof tols / sizeof tols[0]; k++) {
		snprintf(name, sizeof name, "unchanged at tolerance %g%%", 100 * tols[k]);
		seed_claims(name, jobs, tols[k], &calm, &calm, &seed);
	}
	seed_claims("machine moved 15 %", jobs, 0.1, &calm, &moved, &seed);
	seed_claims("machine moved 15 %, reference along", jobs, 0.1, &calm_ref, &moved_ref, &seed);
	seed_unchanged(jobs, 0.1, &calm, &strays, &seed, &t);
	snprintf(name, sizeof name,
		 "rules dearer: seed tables, machine moved 16 %%, sensitivities spread 0.5: %d of "
		 "%d jobs told a dearer call",
		 t.told, jobs);
	CHECK(name, !t.failed && t.told <= jobs / 100);
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Over STAT_JOBS jobs of every call dearer, with the fit and with none: how
   often stat (figure 2) is slower, and the median of its ratio against
   its runs. */
struct stat_seen {
	int slower[2], failed;
	double median[2];
};

#define STAT_JOBS 40

static void stat_under(const struct sim *base, const struct sim *cur, uint64_t *seed,
		       struct stat_seen *t)
{
	static const struct dearer none = { 0 };
	double rel[2][STAT_JOBS];
	struct sim_seen got;

	*t = (struct stat_seen){ 0 };
	for (int j = 0; j < STAT_JOBS; j++)
		for (int with = 0; with < 2; with++) {
			if (sim_judged(0.1, base, cur, with ? NULL : &none, seed, &got) < 0) {
				t->failed = 1;
				rel[with][j] = 0;
				continue;
			}
			t->slower[with] += got.v[2] == V_SLOWER;
			rel[with][j] = got.rel[2];
		}
	for (int with = 0; with < 2; with++) {
		qsort(rel[with], STAT_JOBS, sizeof rel[with][0], by_value);
		t->median[with] = rel[with][STAT_JOBS / 2];
	}
}

/* Every call dearer by 60 % of a null call moves stat 16.4 %, and every
   figure that makes calls some of that: the run factors read without
   what the fit tells the calls did keep stat's move in its ratio against
   them, where read off the moved figures they took a part of it away.
   Calm, and with the machine 5 % slower with its reference along. */
static void dearer_seen(void)
{
	const struct sim base = { .seed_tables = 1, .reference = 1 };
	const struct sim dearer = { .seed_tables = 1, .reference = 1, .dearer_us = 0.6 * 0.123 };
	const struct sim moved = { .seed_tables = 1, .reference = 1, .dearer_us = 0.6 * 0.123,
				   .mood = 0.05 };
	const double truth = (0.450 + 0.6 * 0.123) / 0.450;
	uint64_t seed = 0x6a09e667f3bcc908ULL;
	struct stat_seen t;
	char name[200];

	for (int m = 0; m < 2; m++) {
		stat_under(&base, m ? &moved : &dearer, &seed, &t);
		snprintf(name, sizeof name,
			 "rules dearer: every call 60 %% of a null call dearer%s: stat (%.3f) slower "
			 "%d of %d with the fit, %d without; its median ratio %.3f with, %.3f without",
			 m ? ", machine moved 5 %" : "", truth, t.slower[1], STAT_JOBS, t.slower[0],
			 t.median[1], t.median[0]);
		CHECK(name, !t.failed && t.slower[1] >= STAT_JOBS * 9 / 10 &&
				    t.slower[1] >= t.slower[0] &&
				    fabs(log(t.median[1] / truth)) < 0.5 * fabs(log(t.median[0] / truth)));
	}
}

/* A second look's references: the cheapest of the figures the first look
   found ok, then the cheapest unclear ones; never a change, a repeat, a
   figure with no runs to line up, or one taken twice. */
static void second_look_references(void)
{
	enum { ROWS = 14 };
	struct check_row rows[ROWS];
	size_t idx[ROWS], k;
	int bad;
	/* verdict and seconds of each row: 0 and 1 are the changes; 2-9
	   unclear and cheap (moved with the change), 10-12 ok and dearer; 13
	   ok but a repeat */
	for (size_t i = 0; i < ROWS; i++)
		rows[i] = (struct check_row){ .same_as = -1, .have_rel = 1, .v = V_UNCLEAR,
					      .seconds = 0.1 + 0.01 * (double)i };
	rows[0].v = V_SLOWER;
	rows[1].v = V_FASTER;
	for (size_t i = 10; i < ROWS; i++) {
		rows[i].v = V_OK;
		rows[i].seconds = 2 - 0.1 * (double)i;
	}
	rows[13].same_as = 10;
	rows[9].have_rel = 0;
	rows[2].leaning = V_SLOWER;
	rows[3].v = V_OK;
	rows[3].leaning = V_SLOWER;
	CHECK("second look: asked to confirm a change, or the way an unclear one leans",
	      check_claim_of(&rows[0]) == V_SLOWER && check_claim_of(&rows[1]) == V_FASTER &&
		      check_claim_of(&rows[2]) == V_SLOWER && check_claim_of(&rows[4]) == V_UNCLEAR &&
		      check_claim_of(&rows[3]) == V_UNCLEAR);
	rows[4].wide = 1;
	struct check_row ok_row = { .v = V_OK };
	CHECK("second look: a change stands where it is seen again, never turned about",
	      check_stands(&rows[0], V_SLOWER) == V_SLOWER &&
		      check_stands(&rows[0], V_OK) == V_UNCLEAR &&
		      check_stands(&rows[1], V_SLOWER) == V_UNCLEAR &&
		      check_stands(&rows[2], V_SLOWER) == V_SLOWER);
	CHECK("second look: one only too wide at first takes what the second look says",
	      check_stands(&rows[4], V_OK) == V_OK && check_stands(&rows[4], V_SLOWER) == V_SLOWER &&
		      check_stands(&rows[4], V_FASTER) == V_FASTER &&
		      check_stands(&rows[4], V_UNCLEAR) == V_UNCLEAR);
	CHECK("second look: one it was not asked about keeps its first verdict",
	      check_stands(&ok_row, V_SLOWER) == V_OK && check_stands(&rows[5], V_SLOWER) == V_UNCLEAR);
	rows[4].wide = 0;
	idx[0] = 2;
	k = check_references(rows, ROWS, idx, 1);
	bad = 0;
	for (size_t j = 1; j < k; j++)
		bad |= idx[j] == 2;
	CHECK("second look: a figure measured for its own sake is not its reference too", !bad);
	rows[2].leaning = V_UNCLEAR;
	rows[3].v = V_UNCLEAR;
	rows[3].leaning = V_UNCLEAR;
	idx[0] = 0;
	idx[1] = 1;
	k = check_references(rows, ROWS, idx, 2);
	CHECK("second look: as many references as it takes", k == 2 + CHECK_REFERENCES);
	CHECK("second look: the ok ones first, the cheapest first",
	      idx[2] == 12 && idx[3] == 11 && idx[4] == 10);
	CHECK("second look: then the cheapest unclear ones",
	      idx[5] == 2 && idx[6] == 3 && idx[7] == 4 && idx[8] == 5 && idx[9] == 6);
	bad = 0;
	for (size_t j = 2; j < k; j++)
		bad |= idx[j] <= 1 || idx[j] == 13 || idx[j] == 9;
	CHECK("second look: never a change, a repeat or a figure without runs", !bad);
	rows[12].v = rows[11].v = rows[10].v = V_UNCLEAR;
	for (size_t i = 2; i < ROWS; i++)
		rows[i].have_rel = i < 4;
	k = check_references(rows, ROWS, idx, 2);
	CHECK("second look: fewer where fewer may stand", k == 4 && idx[2] == 2 && idx[3] == 3);
}

/* A second look's family: a change the first look claimed is confirmed
   on its own p (the first look's family counted it already), while the
   figures it only leaned on share Holm's family among themselves. */
static void second_look_family(void)
{
	const struct sim calm = { 0 }, first = { .first = log(1.08) };
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	struct rfile a, b;
	struct check_row rows[2 * SIM_FIGS + 1];
	struct check_opts o = { .tol = 0.02 };
	double p[2] = { -1, -1 }, fam[2] = { -1, -1 };
	int unchecked, failed = sim_side(&a, &calm, &seed) < 0 || sim_side(&b, &first, &seed) < 0;
	size_t n = failed ? 0 : check_rows(&a, &b, 1, rows, &unchecked);

	for (int claimed = 1; claimed >= 0 && !failed; claimed--) {
		for (size_t i = 0; i < n; i++) {
			rows[i].claimed = i == 0 && claimed;
			rows[i].reference = i >= 5;
		}
		failed |= check_judge(&a, rows, n, &o, NULL, NULL) < 0 || !rows[0].have_rel;
		p[claimed] = rows[0].rel.p;
		fam[claimed] = rows[0].rel.p_family;
	}
	CHECK("second look: a claimed change's p is its own",
	      !failed && p[1] > 0 && fam[1] == p[1] && rows[0].rr.p_family >= 0);
	CHECK("second look: a leaning one's p counts the four beside it",
	      !failed && p[0] > 0 && fabs(fam[0] - (5 * p[0] < 1 ? 5 * p[0] : 1)) < 1e-12 * fam[0]);
	rfile_free(&a);
	rfile_free(&b);
}

UNIT_TEST(test_rules)
{
	second_look_references();
	second_look_family();
	reference_anchor();
	move_spread();
	one_run_rules();
	two_views();
	drift_rules();
	few_runs_rules();
	reference_ok_rules();
	family_error();
	dearer_family_error();
	dearer_seen();
}
