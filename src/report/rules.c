/* check's verdict rules, in the order they are tried: see rules.h and
 * docs/method.md's verdict table. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/rules.h"
#include "sys/utf8.h"

const char *const basis_names[BASIS_COUNT] = {
	[BASIS_RUNS] = "runs", [BASIS_RELATIVE] = "relative", [BASIS_ONE_RUN] = "one-run",
	[BASIS_TOLERANCE] = "tolerance",
};

/* A ratio in r's own sense as times: above 1 is slower whatever the unit. */
static double as_times(double ratio, int higher_better)
{
	return higher_better ? 1 / ratio : ratio;
}

static double gross_of(const struct rule_in *in)
{
	return 1 + in->tol > RULES_GROSS ? 1 + in->tol : RULES_GROSS;
}

/* slower, faster or ok for an interval [lo, hi] as times against a
   factor: wholly beyond it either way, or not. */
static enum verdict beyond(double lo, double hi, double factor)
{
	return lo > factor ? V_SLOWER : hi < 1 / factor ? V_FASTER : V_OK;
}

static void decide(struct judgement *j, enum verdict v, enum basis b, const struct run_ratio *shown)
{
	j->v = v;
	j->basis = b;
	j->shown = shown;
}

static enum verdict plain(const struct rule_in *in)
{
	return verdict_band(in->rr, in->tol, in->higher_better, 0);
}

/* As measured: with --relative, against the typical figure's move too. */
static enum verdict measured(const struct rule_in *in)
{
	if (in->typical > 0 && in->typical != 1)
		return verdict_band_machine(in->rr, in->typical, in->tol, in->higher_better, 0);
	return plain(in);
}

/* ---- the rules ---------------------------------------------------------- */

static int rule_incomparable(const struct rule_in *in, struct judgement *j)
{
	if (!in->incomparable)
		return 0;
	decide(j, V_UNCLEAR, BASIS_RUNS, in->rr);
	utf8_printf(j->note, sizeof j->note, "%s", in->incomparable);
	return 1;
}

static int rule_tolerance_only(const struct rule_in *in, struct judgement *j)
{
	if (!in->tolerance_only)
		return 0;
	decide(j, verdict_band(in->rr, in->tol, in->higher_better, 1), BASIS_TOLERANCE, in->rr);
	return 1;
}

/* No spread between runs: one run a side, or runs that agree exactly.
   Only a change beyond what this host's moods do to one figure, with
   each side's own interval beyond it too, is a change. */
static int rule_no_interval(const struct rule_in *in, struct judgement *j)
{
	const struct run_ratio *r = in->rr;
	int hb = in->higher_better;
	double g = gross_of(in), e = 1 + r->rounding, lo, hi;

	if (verdict_has_interval(r))
		return 0;
	if (in->within_lo > 0 && in->within_hi > 0) {
		lo = as_times(hb ? in->within_hi : in->within_lo, hb);
		hi = as_times(hb ? in->within_lo : in->within_hi, hb);
	} else {
		lo = as_times(r->ratio, hb) / e;
		hi = as_times(r->ratio, hb) * e;
	}
	decide(j, beyond(lo, hi, g), r->spread == SPREAD_NONE ? BASIS_ONE_RUN : BASIS_RUNS, r);
	if (j->v != V_OK) {
		j->gross = 1;
		utf8_printf(j->note, sizeof j->note,
			    "a gross change: %.3f, beyond x%g%s; the verdict rests on %s",
			    r->ratio, g, in->within_lo > 0 ? " with each side's own interval" : "",
			    r->spread == SPREAD_NONE ? "one run a side"
						     : "runs that agree exactly, a spread of none");
		return 1;
	}
	j->v = V_UNCLEAR;
	utf8_printf(j->note, sizeof j->note, "%s: only a change beyond x%g counts%s",
		    r->spread == SPREAD_NONE ? "one run a side, no interval (--runs 3)"
					     : "the runs agree exactly: no spread to judge by",
		    g, in->within_lo > 0 ? ", each side's own interval beyond it too" : "");
	return 1;
}

/* The whole interval as measured beyond what this host's moods do: a
   change whatever the rest of the machine did. */
static int rule_gross(const struct rule_in *in, struct judgement *j)
{
	const struct run_ratio *r = in->rr;
	int hb = in->higher_better;
	double lo = as_times(hb ? r->hi : r->lo, hb), hi = as_times(hb ? r->lo : r->hi, hb);
	enum verdict v = beyond(lo, hi, gross_of(in));

	if (v == V_OK)
		return 0;
	decide(j, v, BASIS_RUNS, r);
	j->gross = 1;
	utf8_printf(j->note, sizeof j->note, "a gross change: the whole interval beyond x%g",
		    gross_of(in));
	return 1;
}

/* Why a row is unclear: a stray past the band that Holm holds back;
   "" where it is not one. */
static void unclear_note(const struct rule_in *in, const struct run_ratio *r, struct judgement *j)
{
	if (verdict_interval_in_band(r, in->tol) &&
	    !verdict_within_half(as_times(r->ratio, in->higher_better), in->tol))
		utf8_printf(j->note, sizeof j->note,
			    "within the band, but moved %.3f, past half of it (x%.3f): too near "
			    "the tolerance to call ok",
			    r->ratio, sqrt(1 + in->tol));
	else if (r->p >= 0 && r->p < VERDICT_ALPHA && r->p_family >= VERDICT_ALPHA &&
		 verdict_band(r, in->tol, in->higher_better, 1) != V_OK) {
		j->leaning = verdict_band(r, in->tol, in->higher_better, 1);
		utf8_printf(j->note, sizeof j->note,
			    "beyond the tolerance and its own interval excludes 1, but not "
			    "significant with every figure counted (p %.2g, Holm)",
			    r->p_family);
	}
}

/* Whose spread stands for both sides, where one side has one run. */
static void spread_note(const struct rule_in *in, struct judgement *j)
{
	if (in->rr->spread == SPREAD_BASE)
		utf8_printf(j->note, sizeof j->note,
			    "one current run: the baseline's spread stands for both");
	else if (in->rr->spread == SPREAD_CURRENT)
		utf8_printf(j->note, sizeof j->note,
			    "one baseline run: the current spread stands for both");
}

/* The whole machine moved beyond any mood of this host's, and beyond
   what its runs moved within a side: no mood did that, so the move is
   taken as measured (a kernel that slows every figure alike). */
static int rule_beyond_moods(const struct rule_in *in, struct judgement *j)
{
	double move = as_times(in->machine_move, in->higher_better);
	double limit = in->mood_span > RULES_MOOD ? in->mood_span : RULES_MOOD;

	if (!in->rel || !(move > 0) || (move <= limit && move >= 1 / limit))
		return 0;
	decide(j, plain(in), BASIS_RUNS, in->rr);
	utf8_printf(j->note, sizeof j->note,
		    "the whole machine moved %.3f, beyond the x%.2f of this host's moods and of "
		    "its runs within a side: taken as measured",
		    move, limit);
	return 1;
}

/* Unclear, where the runs' own spread alone would have told: what is
   not known is how far the figure follows the machine's move between the
   sides (most where the move goes further than the runs moved within
   them), so the note says what the runs alone said and that the move
   holds it back. */
static void held_by_move(const struct rule_in *in, const struct run_ratio *r, struct judgement *j)
{
	struct run_ratio alone = *r;
	enum verdict v;

	if (!(r->alone_lo > 0))
		return;
	alone.lo = r->alone_lo;
	alone.hi = r->alone_hi;
	alone.p_family = -1;
	if ((v = verdict_band(&alone, in->tol, in->higher_better, 0)) == V_UNCLEAR)
		return;
	j->by_move = 1;
	j->leaning = v == V_SLOWER || v == V_FASTER ? v : V_UNCLEAR;
	utf8_printf(j->note, sizeof j->note,
		    "%s by its runs alone, %.3f (%.3f-%.3f), %.3f as measured, but the machine "
		    "moved %.3f between the sides, and how far this figure follows such a move "
		    "is known only roughly",
		    verdict_names[v], r->ratio, r->alone_lo, r->alone_hi, in->rr->ratio,
		    in->machine_move);
}

/* Against the rest of its runs: the machine's move between the sides
   taken out by the figure's own sensitivity to it, the basis wherever
   the runs line up (docs/method.md). */
static int rule_relative(const struct rule_in *in, struct judgement *j)
{
	const struct run_ratio *r = in->rel, *m = in->rr, *t = in->rel_tight;

	if (!r)
		return 0;
	if (t && verdict_band(t, in->tol, in->higher_better, 0) == V_OK) {
		decide(j, V_OK, BASIS_RELATIVE, t);
		utf8_printf(j->note, sizeof j->note,
			    "as measured %.3f (%.3f-%.3f); the machine moved it %.3f, the figures "
			    "following such a move alike to %.2f",
			    m->ratio, m->lo, m->hi, m->ratio / t->ratio, in->across_sd);
		return 1;
	}
	decide(j, verdict_band(r, in->tol, in->higher_better, 0), BASIS_RELATIVE, r);
	if (j->v == V_UNCLEAR)
		unclear_note(in, r, j);
	if (j->v == V_UNCLEAR && !j->note[0])
		held_by_move(in, r, j);
	if (!j->note[0])
		utf8_printf(j->note, sizeof j->note,
			    "as measured %.3f (%.3f-%.3f); the machine moved it %.3f, following "
			    "its runs' factor by %.2f",
			    m->ratio, m->lo, m->hi, m->ratio / r->ratio, r->slope);
	return 1;
}

/* As measured: the runs' own interval, where the runs do not line up
   with the rest of the figures' (or too few figures tell the machine's
   move). */
static int rule_measured(const struct rule_in *in, struct judgement *j)
{
	decide(j, measured(in), BASIS_RUNS, in->rr);
	spread_note(in, j);
	if (j->v == V_UNCLEAR && in->typical > 0 && in->typical != 1 &&
	    plain(in) != V_UNCLEAR)
		utf8_printf(j->note, sizeof j->note,
			    "moved with the machine: %s as measured, %.3f (%.3f-%.3f), but the "
			    "typical figure moved %.3f, and relative to it this one is %.3f",
			    verdict_names[plain(in)], in->rr->ratio, in->rr->lo, in->rr->hi,
			    as_times(in->typical, in->higher_better), in->rr->ratio / in->typical);
	else if (j->v == V_UNCLEAR)
		unclear_note(in, in->rr, j);
	return 1;
}

static int (*const rules[])(const struct rule_in *, struct judgement *) = {
	rule_incomparable, rule_tolerance_only, rule_no_interval, rule_gross, rule_beyond_moods,
	rule_relative, rule_measured,
};

/* Something took the CPU from a side's runs, so even their fastest
   samples may read slow: the current side slower, or the baseline
   making the current side look faster, is not a change. */
static void hold_back_distorted(const struct rule_in *in, struct judgement *j)
{
	const char *why = j->v == V_SLOWER ? in->distorted_cur
			  : j->v == V_FASTER ? in->distorted_base : NULL;

	if (!why) {
		const char *side = in->distorted_cur ? "current" : in->distorted_base ? "baseline" : NULL;
		size_t used = strlen(j->note);
		if (side)
			utf8_printf(j->note + used, sizeof j->note - used,
				    "%s%s distorted, judged by its runs' fastest samples",
				    used ? "; " : "", side);
		return;
	}
	utf8_printf(j->note, sizeof j->note, "%s by its runs' fastest samples, but %s distorted: %.*s",
		    verdict_names[j->v], j->v == V_SLOWER ? "current" : "baseline",
		    utf8_prefix(why, 200), why);
	j->v = V_UNCLEAR;
}

/* A figure that drifts on its own between invocations: a change claimed
   from the runs (not a gross one, which is beyond any drift) must hold
   once the interval is widened by that drift. */
static void hold_back_drift(const struct rule_in *in, struct judgement *j)
{
	const struct run_ratio *r = j->shown;
	double widen = exp(2 * RULES_DRIFT_SD);
	double lo = as_times(in->higher_better ? r->hi : r->lo, in->higher_better) / widen;
	double hi = as_times(in->higher_better ? r->lo : r->hi, in->higher_better) * widen;

	if (!in->drifts || (j->v != V_SLOWER && j->v != V_FASTER) || j->gross ||
	    (j->basis != BASIS_RUNS && j->basis != BASIS_RELATIVE))
		return;
	if ((j->v == V_SLOWER && lo > 1) || (j->v == V_FASTER && hi < 1))
		return;
	utf8_printf(j->note, sizeof j->note,
		    "%s by its runs (%.3f), but within what %s drifts between invocations %s "
		    "(x%.2f either way)",
		    verdict_names[j->v], r->ratio,
		    in->drifts == RULES_DRIFTS_BUSY ? "this figure" : "process creation",
		    in->drifts == RULES_DRIFTS_BUSY ? "on a busy host" : "minutes apart", widen);
	j->v = V_UNCLEAR;
}

/* One side's run went through a busy spell and the other's did not: the
   spell moves figures its own waits do not show (a busy CPU keeps its
   clock up, and hands a ring of processes the CPU differently), so a
   change claimed from the runs, not a gross one, is not this host's. */
static void hold_back_busy(const struct rule_in *in, struct judgement *j)
{
	if (!in->busy_mismatch || (j->v != V_SLOWER && j->v != V_FASTER) || j->gross)
		return;
	utf8_printf(j->note, sizeof j->note, "%s by its runs (%.3f), but %s", verdict_names[j->v],
		    j->shown->ratio, in->busy_mismatch);
	j->v = V_UNCLEAR;
}

/* A change the mean of the runs' logs claims must hold for the median
   run too, on the same basis (the machine's move taken out alike): a
   few runs of a spell the run factors did not take out can carry a
   mean, never a median. */
static void hold_back_few_runs(const struct rule_in *in, struct judgement *j)
{
	const struct run_ratio *r = j->shown;
	double machine, q, up = 1 + in->tol, e = 1 + r->rounding;

	if (!(in->median_ratio > 0) || (j->v != V_SLOWER && j->v != V_FASTER) || j->gross ||
	    (j->basis != BASIS_RUNS && j->basis != BASIS_RELATIVE) || !(r->ratio > 0))
		return;
	machine = in->rr->ratio / r->ratio;
	q = as_times(in->median_ratio / machine, in->higher_better);
	if ((j->v == V_SLOWER && q / e > up) || (j->v == V_FASTER && q * e < 1 / up))
		return;
	utf8_printf(j->note, sizeof j->note,
		    "%s by the mean of its runs (%.3f), but its median run moved %.3f, within the "
		    "band: a few runs carry the change",
		    verdict_names[j->v], r->ratio, in->median_ratio / machine);
	j->v = V_UNCLEAR;
}

/* An ok against the rest of its runs must hold as measured or against
   the machine reference too, by its ratio within half the band (the
   relative interval already says how well it is known): where the
   figures' shared move was the kernel's (a change of every call moves
   them all, and not the reference's loop), taking it out read a changed
   figure as unchanged.  The reference's move is read both as it is and
   as the figure follows its runs' factor. */
static int within_half_against(const struct rule_in *in, double move)
{
	return verdict_within_half(as_times(in->rr->ratio, in->higher_better) / move, in->tol);
}

static void hold_back_reference_ok(const struct rule_in *in, struct judgement *j)
{
	double slope = j->shown->slope > 0 ? j->shown->slope : 1, move = in->reference_move;

	if (j->v != V_OK || j->basis != BASIS_RELATIVE || !(move > 0) ||
	    within_half_against(in, 1) || within_half_against(in, move) ||
	    within_half_against(in, pow(move, slope)))
		return;
	utf8_printf(j->note, sizeof j->note,
		    "ok against the rest of its runs (%.3f), but %.3f as measured, and the "
		    "machine reference, which no kernel change moves, moved %.3f: a change of "
		    "every figure alike reads so",
		    j->shown->ratio, in->rr->ratio, move);
	j->v = V_UNCLEAR;
}

/* Unclear only because the interval that decided is too wide to say:
   it holds 1 (no change leans either way), reaches past the band, and
   no other reason (a setup, one run) holds it.  One the machine's move
   widened, ok by its runs alone, is of them: the machine that moved
   during the first look's runs is often back by the second's. */
static int only_wide(const struct rule_in *in, const struct judgement *j)
{
	const struct run_ratio *r = j->shown;

	return j->v == V_UNCLEAR && !in->incomparable && !in->tolerance_only && !j->gross &&
	       j->leaning == V_UNCLEAR &&
	       (j->basis == BASIS_RUNS || j->basis == BASIS_RELATIVE) && verdict_has_interval(r) &&
	       r->lo <= 1 && r->hi >= 1 && !verdict_interval_in_band(r, in->tol);
}

void rules_judge(const struct rule_in *in, struct judgement *out)
{
	*out = (struct judgement){ .v = V_UNCLEAR, .basis = BASIS_RUNS, .shown = in->rr,
				   .leaning = V_UNCLEAR };
	for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
		if (rules[i](in, out))
			break;
	hold_back_drift(in, out);
	hold_back_few_runs(in, out);
	hold_back_reference_ok(in, out);
	hold_back_busy(in, out);
	hold_back_distorted(in, out);
	out->wide = only_wide(in, out);
}
