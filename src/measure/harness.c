/* The parent's side of measuring: rounds over every requested figure in
 * a new random order each time, one isolated child per figure per round
 * under a watchdog, and the rule that stops a figure (precise enough,
 * enough rounds, or the budget spent).
 *
 * Each child runs in its own process group, so a module's own children
 * are swept away with it; a crash, a hang or an interrupted run leaves
 * nothing behind. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "measure/abproto.h"
#include "measure/child.h"
#include "measure/childproc.h"
#include "measure/distort.h"
#include "measure/rounds.h"
#include "sys/compat.h"
#include "stats/stats.h"
#include "sys/utf8.h"

extern char **environ;

static const char *const placement_names[] = {
	[PLACE_FREE] = "free", [PLACE_SAME] = "same", [PLACE_SPREAD] = "spread",
};

const char *placement_name(enum placement p)
{
	return placement_names[p];
}

int placement_parse(const char *text, enum placement *out)
{
	for (size_t i = 0; i < sizeof placement_names / sizeof placement_names[0]; i++)
		if (strcmp(text, placement_names[i]) == 0) {
			*out = (enum placement)i;
			return 0;
		}
	return -1;
}

/* One figure while its rounds go on. */
struct figure {
	const struct subject *s;
	struct measurement *m;
	int active;           /* still sampling */
	uint64_t n, base_n;   /* from the first round */
	unsigned ops_per_iter;
	double *samples;
	size_t nsamples, cap;
	double ops_sum;       /* ops in one sample, summed over rounds */
	double *ops;          /* the tail's single-op times, every round's */
	size_t nops, ops_cap;
	int op_batch;
	double vcsw, ivcsw, cpu_pct; /* per-round values, summed */
	int usage_unknown;    /* a round's were USAGE_UNKNOWN */
	struct distort_acc distort;
};

PRINTF_LIKE(2, 3)
static void set_fail(struct measurement *m, const char *fmt, ...)
{
	va_list ap;

	m->status = ST_FAIL;
	va_start(ap, fmt);
	utf8_vprintf(m->reason, sizeof m->reason, fmt, ap);
	va_end(ap);
}

/* ---- one child ---------------------------------------------------------- */

/* Whether all of the bytes asked for are there. */
static int all_of(const void *buf, size_t got, void *want)
{
	(void)buf;
	return got == *(const size_t *)want;
}

/* The report and its samples by the deadline, as childproc_read says; a
   report claiming more samples than a child takes reads as one that
   ended early. */
static enum childproc_read await_report(int rfd, struct child_report *r, double *samples,
					int timeout_s, const char **call)
{
	double deadline = clock_ns() + timeout_s * 1e9;
	size_t want = sizeof *r, got = 0;
	enum childproc_read rc = childproc_read(rfd, r, want, &got, deadline, all_of, &want, call);

	if (rc != CHILDPROC_WHOLE)
		return rc;
	if (r->nsamples < 0 || r->nsamples > CHILD_MAX_SAMPLES)
		return CHILDPROC_ENDED;
	want = (size_t)r->nsamples * sizeof samples[0];
	got = 0;
	return childproc_read(rfd, samples, want, &got, deadline, all_of, &want, call);
}

/* The round as words for this binary's ab-child entry, reporting on fd. */
static void round_request(const struct job *j, int fd, struct ab_request *q)
{
	const struct run_opts *o = j->o;

	abproto_request_for(j->s, o, j->calibrate ? 0 : j->n, j->calibrate ? 0 : j->base_n, q);
	q->report_fd = fd;
	q->level = j->s->level;
	q->use_procs = j->s->use_procs;
	q->tail = !j->no_tail;
	snprintf(q->helper, sizeof q->helper, "%s", o->helper ? o->helper : "");
	snprintf(q->remote_host, sizeof q->remote_host, "%s", o->remote_host ? o->remote_host : "");
	snprintf(q->remote_port, sizeof q->remote_port, "%s", o->remote_port ? o->remote_port : "");
}

/* In the forked child: the round in a fresh image of this binary, so
 * that each round starts from its own address space and pages rather
 * than the ones this process has held since it started.  Where the exec
 * cannot be made, the round runs here as it would without one. */
static void exec_round(const struct job *j, int fd)
{
	static struct ab_request q;
	static char buf[AB_MAX_WORDS][AB_WORD_LEN];
	char *argv[AB_MAX_WORDS + 2], *words[AB_MAX_WORDS];
	int k, flags = fcntl(fd, F_GETFD);

	round_request(j, fd, &q);
	k = abproto_request_words(&q, buf, words);
	argv[0] = (char *)j->o->self;
	for (int i = 0; i < k; i++)
		argv[1 + i] = words[i];
	argv[1 + k] = NULL;
	if (flags >= 0 && fcntl(fd, F_SETFD, flags & ~FD_CLOEXEC) == 0) {
		execve(j->o->self, argv, environ);
		(void)fcntl(fd, F_SETFD, flags);
	}
}

/* The round in the new child: in a fresh image of this binary where
   one is asked for and can be had, else here. */
static void round_body(int wfd, void *arg)
{
	const struct job *j = arg;

	if (j->o->self && j->o->self[0])
		exec_round(j, wfd);
	child_main(wfd, j);
}

/* ---- one round of one figure -------------------------------------------- */

static void take_report(struct figure *f, const struct child_report *r, double *samples)
{
	if (r->status != ST_OK) {
		set_fail(f->m, "%s", r->reason);
		return;
	}
	if ((f->s->mod->flags & MOD_BANDWIDTH) &&
	    samples_to_bandwidth(samples, r->nsamples, r->bytes_per_op) < 0) {
		set_fail(f->m, "a sample below the clock's resolution");
		return;
	}
	if (r->nops < 0 || r->nops > CHILD_MAX_OPS ||
	    samples_append(&f->samples, &f->nsamples, &f->cap, samples, (size_t)r->nsamples) < 0 ||
	    samples_append(&f->ops, &f->nops, &f->ops_cap, r->ops, (size_t)r->nops) < 0) {
		set_fail(f->m, "realloc: %s", strerror(ENOMEM));
		return;
	}
	if (f->m->rounds == 0) {
		f->n = r->n;
		f->base_n = r->base_n;
		f->ops_per_iter = r->ops_per_iter;
	}
	if (r->nops)
		f->op_batch = r->op_batch;
	f->m->rounds++;
	f->ops_sum += (double)r->n * r->ops_per_iter;
	f->vcsw += r->vcsw_per_op;
	f->ivcsw += r->ivcsw_per_op;
	f->cpu_pct += r->cpu_pct;
	f->usage_unknown |= r->cpu_pct < 0 || r->vcsw_per_op < 0 || r->ivcsw_per_op < 0;
}

/* -1 when interrupted; a failure of any kind is in f->m. */
static int take_round(struct figure *f, const struct run_opts *o)
{
	/* --ops: every round times the iterations asked for, uncalibrated */
	struct job j = { .s = f->s, .o = o, .calibrate = f->m->rounds == 0 && !o->fixed_n,
			 .n = o->fixed_n ? o->fixed_n : f->n,
			 .base_n = o->fixed_n ? o->fixed_n : f->base_n };
	static double samples[CHILD_MAX_SAMPLES];
	struct child_report r;
	int rfd = -1;
	enum childproc_read got;
	struct distort_probe probe;
	char why[sizeof f->m->reason];
	pid_t pid;

	distort_begin(&probe, o->placement == PLACE_FREE ? -1 : o->cpu);
	pid = childproc_start(round_body, &j, &rfd, why, sizeof why);
	if (pid < 0) {
		set_fail(f->m, "%s", why);
		return 0;
	}
	memset(&r, 0, sizeof r);
	const char *call = "read";
	got = await_report(rfd, &r, samples, o->timeout_s, &call);
	int read_errno = errno;
	close(rfd);
	int status = childproc_kill_and_reap(pid, got == CHILDPROC_WHOLE);
	if (got == CHILDPROC_INTERRUPTED)
		return -1;
	if (got == CHILDPROC_REFUSED) {
		set_fail(f->m, "%s of the child's report: %s", call, strerror(read_errno));
	} else if (got == CHILDPROC_TIMED_OUT) {
		set_fail(f->m, "timed out after %d s", o->timeout_s);
	} else if (got != CHILDPROC_WHOLE) {
		childproc_describe_end(status, why, sizeof why);
		set_fail(f->m, "measurement %s", why);
	} else {
		take_report(f, &r, samples);
		struct distort_round dr;
		distort_end(&probe, r.wait_pct, getpid(), &dr);
		dr.turns = (f->s->mod->flags & MOD_TAKES_TURNS) && o->placement == PLACE_SAME;
		distort_add(&f->distort, &dr);
	}
	return 0;
}

/* A round and the wall time it took, whatever its outcome: a CI report
 * says how long each figure held the machine. */
static int run_round(struct figure *f, const struct run_opts *o)
{
	double t0 = clock_ns();
	int rc = take_round(f, o);

	f->m->seconds += (clock_ns() - t0) / 1e9;
	return rc;
}

/* ---- rounds ------------------------------------------------------------- */

/* The figure so far and its 95 % interval (scratch gets the samples
 * sorted). */
static double figure_value(const struct figure *f, double *scratch, double *lo, double *hi)
{
	double q = FIGURE_QUANTILE;

	memcpy(scratch, f->samples, f->nsamples * sizeof *scratch);
	stats_sort(scratch, f->nsamples);
	stats_quantile_ci(scratch, f->nsamples, q, lo, hi);
	return stats_quantile(scratch, f->nsamples, q);
}

/* Whether a figure has what it needs after a round. */
static int figure_done(const struct figure *f, const struct run_opts *o, double *scratch)
{
	double lo, hi, value;

	if (f->m->status != ST_OK || f->m->rounds >= o->max_rounds)
		return 1;
	if (f->m->rounds < o->min_rounds || o->precision_pct <= 0)
		return 0;
	value = figure_value(f, scratch, &lo, &hi);
	return value > 0 && (hi - lo) / 2 <= value * o->precision_pct / 100.0;
}

/* The tail from every round's single ops: percentiles, stalls and the
 * distribution at each percentile (the ops sorted in place). */
static void finish_tail(struct figure *f, struct tail *t)
{
	size_t n = f->nops;

	memset(t, 0, sizeof *t);
	if (n == 0)
		return;
	stats_sort(f->ops, n);
	t->nops = (int)n;
	t->batch = f->op_batch;
	t->p50 = stats_quantile(f->ops, n, 0.50);
	t->p99 = stats_quantile(f->ops, n, 0.99);
	t->p999 = stats_quantile(f->ops, n, 0.999);
	t->max = f->ops[n - 1];
	for (size_t i = 0; i < n; i++)
		t->stalls += f->ops[i] > TAIL_STALL_FACTOR * t->p50;
	for (int i = 0; i < TAIL_CDF_POINTS; i++)
		t->cdf[i] = stats_quantile(f->ops, n, i / (double)(TAIL_CDF_POINTS - 1));
}

static void finish_figure(struct figure *f, double *scratch)
{
	struct measurement *m = f->m;
	struct summary sum;
	double rounds = m->rounds;

	if (m->status != ST_OK)
		return;
	m->value = figure_value(f, scratch, &m->ci_lo, &m->ci_hi);
	/* interpolation keeps the value within its bounds but for rounding */
	m->ci_lo = m->ci_lo < m->value ? m->ci_lo : m->value;
	m->ci_hi = m->ci_hi > m->value ? m->ci_hi : m->value;
	stats_summarise(scratch, f->nsamples, &sum);
	m->median = sum.median;
	m->min = sum.min;
	m->max = sum.max;
	m->cv_pct = sum.cv_pct;
	m->noisy = sum.cv_pct > NOISY_CV_PCT;
	m->reps = (int)f->nsamples;
	m->n = (uint64_t)(f->ops_sum / rounds + 0.5);
	m->vcsw_per_op = f->vcsw / rounds;
	m->ivcsw_per_op = f->ivcsw / rounds;
	m->cpu_pct = f->cpu_pct / rounds;
	if (f->usage_unknown)
		m->vcsw_per_op = m->ivcsw_per_op = m->cpu_pct = USAGE_UNKNOWN;
	distort_finish(&f->distort, &m->distortion);
	m->samples = f->samples;
	f->samples = NULL;
	finish_tail(f, &m->tail);
	if (f->s->level == 0 && m->value <= 0)
		set_fail(m, "below the resolution of the overhead subtraction");
}

static void init_figures(const struct subject *subjects, struct measurement *out, size_t n,
			 const struct run_opts *o, struct figure *figs)
{
	for (size_t i = 0; i < n; i++) {
		const char *why = subjects[i].mod->unsupported ? subjects[i].mod->unsupported()
							       : NULL;
		memset(&out[i], 0, sizeof out[i]);
		out[i].placement = o->placement;
		figs[i] = (struct figure){ .s = &subjects[i], .m = &out[i], .active = !why };
		if (why) {
			out[i].status = ST_NA;
			snprintf(out[i].reason, sizeof out[i].reason, "%s", why);
		}
	}
}

/* What the rounds loop needs of run's figures. */
struct run_loop {
	struct figure *figs;
	const struct run_opts *o;
	double *scratch;
};

static int run_active(void *arg, size_t i)
{
	return ((struct run_loop *)arg)->figs[i].active;
}

static int run_step(void *arg, size_t i, uint64_t *rng)
{
	struct run_loop *l = arg;

	(void)rng;
	return run_round(&l->figs[i], l->o);
}

static int run_done(void *arg, size_t i)
{
	struct run_loop *l = arg;

	return figure_done(&l->figs[i], l->o, l->scratch);
}

static void run_retire(void *arg, size_t i)
{
	((struct run_loop *)arg)->figs[i].active = 0;
}

/* Every round: the figures still sampling, in a new order; a figure's
 * round that would end past the budget does not start (the first always
 * runs), and the others go on while theirs fit. */
static int run_rounds(struct figure *figs, size_t n, const struct run_opts *o, size_t *order,
		      double *took, double *scratch, progress_fn progress, void *arg)
{
	struct run_loop l = { .figs = figs, .o = o, .scratch = scratch };
	struct rounds r = {
		.n = n, .arg = &l, .active = run_active, .step = run_step, .done = run_done,
		.retire = run_retire, .fewest = 1, .budget_s = o->budget_s, .start_ns = clock_ns(),
		.progress = progress, .progress_arg = arg, .took = took,
	};

	return rounds_run(&r, order);
}

static size_t most_samples(const struct run_opts *o)
{
	return (size_t)o->max_rounds * (size_t)o->samples;
}

int harness_measure_all(const struct subject *subjects, struct measurement *out, size_t n,
			const struct run_opts *o, progress_fn progress, void *arg)
{
	struct figure *figs = calloc(n ? n : 1, sizeof *figs);
	size_t *order = calloc(n ? n : 1, sizeof *order);
	double *took = calloc(n ? n : 1, sizeof *took);
	double *scratch = calloc(most_samples(o) + CHILD_MAX_SAMPLES, sizeof *scratch);
	int rc = 0;

	if (!figs || !order || !took || !scratch) {
		for (size_t i = 0; i < n; i++) {
			memset(&out[i], 0, sizeof out[i]);
			set_fail(&out[i], "calloc: %s", strerror(ENOMEM));
		}
	} else {
		init_figures(subjects, out, n, o, figs);
		rc = run_rounds(figs, n, o, order, took, scratch, progress, arg);
		for (size_t i = 0; i < n && rc == 0; i++)
			finish_figure(&figs[i], scratch);
		for (size_t i = 0; i < n; i++) {
			free(figs[i].samples);
			free(figs[i].ops);
		}
	}
	free(figs);
	free(order);
	free(took);
	free(scratch);
	return rc;
}

void measurement_release(struct measurement *m)
{
	free(m->samples);
	m->samples = NULL;
}
