/* check's verdict rules: a table of them, each one function that either
 * decides a figure's verdict, with the basis it rests on and the note
 * saying why, or passes it to the next.  The first rule that decides
 * wins, so no second pass has to work out which one fired. */
#ifndef OSBENCH_REPORT_RULES_H
#define OSBENCH_REPORT_RULES_H

#include <stddef.h>

#include "report/verdict.h"

/* What a verdict rests on: the runs as measured, each run against its
 * run's machine factor, one run a side (only a gross change), or the
 * tolerance alone (--no-stats). */
enum basis { BASIS_RUNS, BASIS_RELATIVE, BASIS_ONE_RUN, BASIS_TOLERANCE, BASIS_COUNT };

extern const char *const basis_names[BASIS_COUNT];

/* A figure that moved more than this factor (or the band, where that is
 * wider) is a gross change: more than this host's moods were seen to
 * move one figure between two invocations (docs/method.md). */
#define RULES_GROSS 2.0

/* The whole machine (the mean of the runs' factors) moved between the
 * sides by less than this factor, or than its runs moved within a side:
 * what this host's moods do (docs/method.md).  Beyond both, a move of
 * every figure alike is taken as measured: no mood did that. */
#define RULES_MOOD 1.4

/* How far a figure that drifts on its own between invocations (a module
 * with the MOD_DRIFTS trait) moves from one to another beyond its runs'
 * interval, as the standard deviation of the log of its ratio.  Over
 * eight jobs twenty minutes apart on an unchanged, calm host it was 0.03
 * to 0.06, and the largest move, exec's 0.86 with the machine unmoved,
 * must be held by twice it (docs/method.md).  A `slower` or `faster` must
 * hold with its interval widened by twice it. */
#define RULES_DRIFT_SD 0.08
enum { RULES_DRIFTS_ALWAYS = 1, RULES_DRIFTS_BUSY = 2 };

/* A run went through a busy spell when at least this many of its figures
 * were distorted (something took their CPU). */
#define RULES_BUSY_FIGURES 2

/* What the rules see of one figure. */
struct rule_in {
	const struct run_ratio *rr;  /* as measured, its p_family set */
	const struct run_ratio *rel; /* each run against its factor; NULL: none */
	const struct run_ratio *rel_tight; /* rel with how far the figures follow
	                                      the machine's move read off the job,
	                                      narrower than the prior: may find
	                                      the figure ok, never a change; NULL:
	                                      none */
	double across_sd;            /* with rel_tight: that spread */
	double typical;              /* --relative: the typical figure's move in
	                                rr's sense; 1 where none */
	/* one run a side: the ratio's bounds from each side's own interval
	   of its median (the samples of its one run); 0 where a side's file
	   does not give them */
	double within_lo, within_hi;
	double tol;
	int higher_better;
	int tolerance_only;
	const char *incomparable;    /* why the sides cannot be held to each
	                                other; NULL where they can */
	/* with rel: the machine's move between the sides in rr's sense
	   (1: none), and the widest its runs moved within a side (>= 1) */
	double machine_move, mood_span;
	/* why something took the CPU from a side's runs (judged by their
	   fastest samples); NULL where nothing did */
	const char *distorted_base, *distorted_cur;
	int drifts;                  /* its figure drifts between invocations:
	                                RULES_DRIFTS_ALWAYS (process creation)
	                                or RULES_DRIFTS_BUSY (processes that
	                                take turns, both sides' runs busy);
	                                0 where not */
	/* one side's run went through a busy spell and the other's did
	   not: what says so; NULL where both or neither did */
	const char *busy_mismatch;
	/* the sides' median runs' ratio as measured, in rr's sense: what a
	   claim must hold for too, so that a few runs of a spell the run
	   factors did not take out cannot carry it; 0 where none */
	double median_ratio;
	/* the machine reference's move between the sides as a time (above
	   1: slower), which no kernel change moves; 0 where a side lacks it */
	double reference_move;
};

struct judgement {
	enum verdict v;
	enum basis basis;
	const struct run_ratio *shown; /* the ratio and interval that decided */
	int gross;                     /* a change beyond anything the host does */
	int by_move;                   /* unclear only for how far the figure
	                                  follows the machine's move between
	                                  the sides: its runs alone would tell */
	enum verdict leaning;          /* unclear, but slower or faster by its
	                                  own interval, held back only by the
	                                  family (Holm) or the machine's move:
	                                  what a second look may confirm;
	                                  V_UNCLEAR where none */
	int wide;                      /* unclear only for its interval, which
	                                  holds 1 and reaches past the band
	                                  (the machine's move may have widened
	                                  it): what a second look may find ok */
	char note[320];
};

/* The verdict of the first rule that decides. */
void rules_judge(const struct rule_in *in, struct judgement *out);

#endif
