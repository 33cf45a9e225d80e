/* check's judgement of a baseline against current figures, and its
 * report. */
#ifndef OSBENCH_REPORT_CHECK_H
#define OSBENCH_REPORT_CHECK_H

#include <stdio.h>

#include "report/check_row.h"
#include "report/dearer.h"
#include "report/rules.h"
#include "report/setup.h"
#include "report/verdict.h"
#include "results/writer.h"
#include "results/resultfile.h"

/* The default tolerance, in percent; docs/notes/2026-12-01-check.md has the A/A and A/B
 * rates that chose it.  The interval is 95 %. */
#define CHECK_TOLERANCE_PCT 10.0
#define CHECK_INTERVAL_PCT 95
/* rerun mode measures the current side in this many runs unless --runs */
#define CHECK_RUNS 20

/* How the figures are judged. */
struct check_opts {
	double tol;            /* a fraction: 0.1 */
	int tolerance_only;    /* --no-stats: the ratio against the band alone */
	int trust_file_create; /* judge File Create where the host makes it unclear */
	int strict;            /* unclear fails too */
	int relative;          /* --relative: judge each figure against the
	                          typical figure's move as well as measured */
	double machine;        /* that move (current / baseline as times): 0
	                          for that of the figures judged, where at least
	                          CHECK_SHIFT_FIGURES compare */
	const struct dearer *dearer; /* how much dearer every call got, where a
	                                second look is judged: the first look's
	                                fit, since it is the kernel's and not the
	                                look's; NULL: fitted over the rows */
};

/* The ratio, interval and p a row's verdict rests on. */
const struct run_ratio *check_shown(const struct check_row *r);
/* Whether a row has a ratio to show, and an interval. */
int check_has_ratio(const struct check_row *r);
int check_has_interval(const struct check_row *r);

/* What a second look is asked to confirm in a judged row: its slower or
 * faster, or the one its own interval leans to where only the family or
 * the machine's move held it back (leaning); V_UNCLEAR where nothing.
 * The second look's family is the rows it is asked about alone, so a
 * leaning it confirms is as sure as a first look's change (docs/method.md). */
enum verdict check_claim_of(const struct check_row *r);

/* What a figure measured again stands at, given its first look and the
 * second's verdict: a change the first look saw (or leaned to) only
 * where the second says so too; one whose first interval was only too
 * wide to tell, what the second says, a change included (its first look
 * told nothing); any other, its first verdict (docs/method.md). */
enum verdict check_stands(const struct check_row *first, enum verdict again);

/* The figures a second look measures beside its changes to tell each
 * run's machine factor: more than the fewest that tell one, since a
 * factor of few figures is known roughly under a busy host. */
#define CHECK_REFERENCES (CHECK_RUN_FIGURES + 3)

/* Up to CHECK_REFERENCES judged rows that may stand for the machine in a
 * second look, those the first look found ok before the unclear ones,
 * the cheapest first within each (a figure whose file does not say what
 * it cost, last): their indexes appended to idx[k...] (room for n); the
 * new k.  idx[0..k-1] are the figures measured again for their own
 * sake, none of which stands for the machine too. */
size_t check_references(const struct check_row *rows, size_t n, size_t *idx, size_t k);

/* A machine-wide move: at least this many figures with a value on both
 * sides, the typical one moved by at least SHIFT_PCT, and at least three
 * in four moved the same way. */
#define CHECK_SHIFT_FIGURES 5
#define CHECK_SHIFT_PCT 5.0

/* Over the figures with a value on both sides, counted once: the median
 * of their ratios as times (a rate's inverted, so above 1 is slower in
 * every unit), 0 when there are none, and how many moved that way. */
struct check_move {
	int compared, alike;
	double typical;
};

struct check_tally {
	int n[V_COUNT];
	int basis[BASIS_COUNT]; /* what the verdicts rest on */
	int figures, unchecked; /* figures counted once */
	int again;              /* measured again */
	int fastest;            /* judged by their runs' fastest samples */
	int by_move;            /* unclear only for the machine's move */
};

/* The current figure matching a baseline one: same table and column (and
 * for a sweep the same module), in any of the current files; *in says
 * which. */
const struct rfigure *check_current_of(const struct rfigure *b, const struct rfile *cur,
				       int ncur, const struct rfile **in);
/* Rows for every baseline figure with a value, then one for each figure
 * only a current file has (new); a baseline fail or "-" has nothing to
 * hold the current run to, so it is only counted.  A figure in two
 * tables (ctx 2p/0K) gets a row in each, the second marked same_as the
 * first.  rows has room for the baseline's figures and every current
 * file's. */
size_t check_rows(const struct rfile *base, const struct rfile *cur, int ncur,
		  struct check_row *rows, int *unchecked);
/* Judge rows[0..n-1]: each ratio and interval as measured, the same
 * with each run divided by its run's machine factor (from the figures
 * counted once, or from the reference rows where there are any), the
 * setups that make a figure incomparable, Holm over the p-values of both
 * views of the figures counted once, and each verdict by the rules of
 * report/rules.h.  Where the figures tell that every system call got
 * dearer (report/dearer.h), the run factors are read with what that did
 * to each figure taken out, so that a figure's verdict against them keeps
 * it.  fit (unless NULL) gets the fit judged by.  Returns the move judged
 * against with --relative (1: none), -1 when out of memory. */
double check_judge(const struct rfile *base, struct check_row *rows, size_t n,
		   const struct check_opts *o, struct check_reference *ref, struct dearer *fit);
/* The move of the figures counted once; -1 when out of memory. */
int check_move_of(const struct check_row *rows, size_t n, struct check_move *m);
/* Whether m's typical move is machine-wide (see CHECK_SHIFT_*). */
int check_machine_wide(const struct check_move *m);
/* The verdicts' tally, figures counted once. */
void check_count(const struct check_row *rows, size_t n, int unchecked, struct check_tally *t);
/* The exit status the tally asks for: 1 for slower, fail, missing (and
 * unclear when strict), else 0. */
int check_status(const struct check_tally *t, int strict);

/* What a report shows besides the rows. */
struct check_report_in {
	const struct rfile *base;
	const char *current;  /* the current file's path, or "" when measured now */
	const char *host;     /* whose figures the current ones are */
	const struct setup_diff *setup;
	size_t nsetup;
	const struct check_opts *opts;
	const struct check_move *move;
	double reference_move; /* check_reference_move(); 0: not on both sides */
	const struct check_reference *reference; /* what the judgement made of it */
	const struct rfile *cur_file; /* the current side's file, or NULL */
	const struct dearer *dearer;  /* how much dearer every call looks; NULL */
};

/* The one-line tally that ends the table format ("check: 7 figures: ..."),
 * then the figures that are slower, faster, fail or missing named on a
 * line, and the unclear ones on another. */
void check_summary(FILE *out, const struct check_report_in *in, const struct check_row *rows,
		   size_t n, const struct check_tally *t);
/* format: "table", "long", "json" or "junit". */
void check_report(FILE *out, const char *format, const struct check_report_in *in,
		  const struct check_row *rows, size_t n, const struct check_tally *t);

#endif
