/* One row of check's judgement, and what the machine reference did in
 * it: shared by the judgement (check.c) and the view of each figure
 * against the rest of its runs (check_relative.c). */
#ifndef OSBENCH_REPORT_CHECK_ROW_H
#define OSBENCH_REPORT_CHECK_ROW_H

#include "report/rules.h"
#include "report/verdict.h"
#include "results/resultfile.h"
#include "results/writer.h"

/* One baseline figure's judgement, or a figure only the current side
 * has (is_new: b and c both the current figure, verdict new). */
struct check_row {
	const struct rfigure *b, *c;
	const struct rfile *cur_file;
	struct run_ratio rr;  /* have_ratio: both sides have a value */
	int have_ratio;
	struct run_ratio rel; /* have_rel: the ratio with each run divided by
	                         its run's machine factor (report/runfactor.h) */
	int have_rel;
	struct run_ratio rel_tight; /* have_tight: rel with how far the figures
	                               follow the machine's move read off the
	                               job, where that is narrower than the
	                               prior: what may find it ok, never a
	                               change (docs/method.md) */
	int have_tight;
	int reference;        /* measured again only to tell the machine's move
	                         in a second look: judged, never reported */
	int is_new;
	enum verdict v;
	enum basis basis;     /* what v rests on */
	int shows_rel;        /* the ratio shown is rel, not rr */
	char note[320];       /* why unclear, whose spread, measured again; "" */
	int confirmed;        /* measured again in rerun mode */
	int by_move;          /* unclear only for how far it follows the
	                         machine's move between the sides (rules.h) */
	enum verdict leaning; /* unclear, but slower or faster held back only
	                         by the family or the move (rules.h) */
	int wide;             /* unclear only for its interval's width (rules.h) */
	int claimed;          /* measured again to confirm the first look's
	                         change, which that look's family counted:
	                         judged on its own p, outside the second's */
	double seconds;       /* spent measuring the current figure, a second
	                         look included; -1 when its file does not say */
	long same_as;         /* the row this figure repeats under another table, -1 */
	/* what each side's runs are judged by: each run's fastest sample
	   (a rate's highest: the one least touched) where both files keep
	   every run's samples alike (fastest), else each run's figure */
	double bser[RUNS_MAX], cser[RUNS_MAX];
	size_t nbser, ncser;
	int fastest;
};

/* What the machine reference did in a judgement: follow, the
 * correlation of the figures' run factors with it within the sides (NAN
 * where not told); used, whether the machine's move was read off it. */
struct check_reference {
	double follow;
	int used;
};

/* The reference is read only where the figures followed it within the
 * sides at least this well: on this VM the reference and what enters
 * the kernel have moods of their own as well as shared ones. */
#define CHECK_REFERENCE_FOLLOW 0.5

/* Each run's machine factor needs at least this many figures that both
 * sides measured in at least two runs each, as many runs as the first. */
#define CHECK_RUN_FIGURES 5

#endif
