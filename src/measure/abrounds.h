/* The parent's side of `osbench ab`: each side's command line, the
 * handshake that proves it an osbench of this protocol, and the rounds:
 * for every figure still sampling, one exec'd child of A and one of B,
 * in a random order, B at A's calibration.  A child that dies, hangs or
 * says what the protocol does not is that side's failure for the figure,
 * with the reason. */
#ifndef OSBENCH_ABROUNDS_H
#define OSBENCH_ABROUNDS_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "harness.h"
#include "measure/distort.h"

#define AB_SIDE_WORDS 64

struct ab_side {
	const char *name;     /* "A" or "B" */
	const char *command;  /* as given */
	char shown[4 * 4096]; /* as messages and comment lines show it
	                         (abtext_escape: \n, \x01) */
	char copy[4096];      /* command, split at blanks in place */
	char *words[AB_SIDE_WORDS];
	int nwords;
	char path[PATH_MAX];  /* words[0], found on PATH when it has no '/' */
	char version[32], build[200]; /* from the handshake */
};

/* One side of one figure. */
struct ab_outcome {
	enum status status;
	char reason[256];
	double *samples;      /* every sample, in the order taken */
	size_t nsamples, cap;
	double *round_values; /* each round's value: its fastest sample (a
	                         rate's highest) */
	size_t nrounds, rcap;
	uint64_t n;           /* ops in one sample (A's calibration) */
	double seconds;       /* wall time of its children, A's calibration too */
	struct distort_acc distort; /* what took the CPU from its rounds */
	struct distortion distortion; /* and the verdict on it, at the end */
};

struct ab_figure {
	struct ab_outcome side[2]; /* A, B */
	int active;
	size_t first;         /* 0: the rounds were counted in advance (--reps,
	                         --quick) or by the budget alone; else the
	                         rounds of the first stage, from which done
	                         chose how many more */
};

/* Split command at blanks into s; -1 with why (no shell: quotes are
 * characters like any other). */
int ab_side_prepare(struct ab_side *s, const char *name, const char *command, char *why,
		    size_t len);
/* Start the side with the hello request and read its answer: 0 (version
 * and build filled in), -1 refused with why (what the side said), -2
 * interrupted. */
int ab_handshake(struct ab_side *s, int timeout_s, char *why, size_t len);

/* Whether a figure's rounds so far are enough; called after each round
 * once min_rounds, the first stage, are done (f->first says so). */
typedef int (*ab_done_fn)(void *arg, const struct ab_figure *f);

/* Measure subjects[0..n-1] on both sides into out[0..n-1] (each freed
 * with ab_figure_release); -1 only when interrupted. */
int ab_measure_all(const struct subject *subjects, struct ab_figure *out, size_t n,
		   const struct ab_side sides[2], const struct run_opts *o, ab_done_fn done,
		   void *done_arg, progress_fn progress, void *progress_arg);
void ab_figure_release(struct ab_figure *f);

#endif
