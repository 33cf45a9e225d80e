/* What run and scale share: the private directory, the host record, the
 * output, the failure count, and a clean end on any path. */
#ifndef OSBENCH_SESSION_H
#define OSBENCH_SESSION_H

#include <limits.h>

#include "cli/args.h"
#include "cli/io.h"
#include "harness.h"
#include "sys/host.h"
#include "results/writer.h"

struct session {
	struct run_opts opts;
	struct host_info host;
	struct writer w;
	struct dest out;
	int writes;           /* 0: measures for check, prints nothing */
	char tmpdir[PATH_MAX];
	char helper[PATH_MAX];
	char self[PATH_MAX];  /* this binary, for the rounds of --runs */
	int failures;
	int noisy;
	int distorted;        /* figures something took the CPU from */
	int progress;         /* stderr is a terminal */
	int runs;             /* --runs N: independent runs of every figure */
};

/* Defaults: latency runs and sweeps differ in sample length and count. */
enum session_kind { SESSION_RUN, SESSION_SCALE };

/* How figures are sampled unless the options say otherwise (help prints
 * these). */
void session_defaults(struct run_opts *o, enum session_kind kind, int quick);

/* run's budget is for the default run's figures, every table's (all):
 * a run of fewer gets their share of it, at least SESSION_MIN_BUDGET_S,
 * so that one table alone takes seconds, not the whole budget; unless
 * --budget, --quick, --reps or --runs says otherwise. */
#define SESSION_MIN_BUDGET_S 1.0
void session_share_budget(struct session *s, const struct args *a, size_t figures, size_t all);
/* Everything before the first measurement; 2 (with the message printed)
 * when the options or the environment are unusable, else 0. */
int session_open(struct session *s, const struct args *a, enum session_kind kind,
		 int argc, char **argv);
/* The same for measuring only (check): no output is opened or written. */
int session_open_quiet(struct session *s, const struct args *a, enum session_kind kind,
		       int argc, char **argv);
/* Measure subjects[i] into records[i].m for every i < n, in rounds,
 * saying on stderr why each failure failed; -1 when interrupted.  With
 * --runs N, N runs one after another, each calibrating and sampling
 * afresh; records[i] gets them merged and each run's figure. */
int session_measure_all(struct session *s, const struct subject *subjects,
			struct record *records, size_t n);
/* Free what session_measure_all gave the records. */
void session_release(struct record *records, size_t n);
/* The output is whole: finish and commit it, clean up; the exit status
 * (2 when the output or the private directory failed). */
int session_close(struct session *s);
/* A failure before the output was whole, or an interruption: drop the
 * output (an existing -o file stays as it was) and remove everything;
 * ends the process by the signal when one came, else 2. */
int session_abort(struct session *s);

#endif
