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
#include "measure/order.h"
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

/* Append v[0..k-1] to the growing array *a (*n used, *cap allocated). */
static int append(double **a, size_t *n, size_t *cap, const double *v, int k)
{
	if (k <= 0)
		return 0; /* nothing to copy, and *a may still be NULL */
	if (*n + (size_t)k > *cap) {
		size_t c = (*cap ? *cap * 2 : 64) + (size_t)k;
		double *p = realloc(*a, c * sizeof *p);
		if (!p)
			return -1;
		*a = p;
		*cap = c;
	}
	memcpy(*a + *n, v, (size_t)k * sizeof *v);
	*n += (size_t)k;
	return 0;
}

/* A bandwidth module's samples, microseconds per op, as MB/s: bytes per
 * microsecond are megabytes (10^6 bytes) per second.  -1 for a sample
 * the clock could not see. */
static int to_bandwidth(double *samples, int n, double bytes_per_op)
{
	for (int i = 0; i < n; i++) {
		if (!(samples[i] > 0))
			return -1;
		samples[i] = bytes_per_op / samples[i];
	}
	return 0;
}

static void take_report(struct figure *f, const struct child_report *r, double *samples)
{
	if (r->status != ST_OK) {
		set_fail(f->m, "%s", r->reason);
		return;
	}
	if ((f->s->mod->flags & MOD_BANDWIDTH) &&
	    to_bandwidth(samples, r->nsamples, r->bytes_per_op) < 0) {
		set_fail(f->m, "a sample below the clock's resolution");
		return;
	}
	if (r->nops < 0 || r->nops > CHILD_MAX_OPS ||
	    append(&f->samples, &f->nsamples, &f->cap, samples, r->nsamples) < 0 ||
	    append(&f->ops, &f->nops, &f->ops_cap, r->ops, r->nops) < 0) {
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

/* Active figures into order[], shuffled; returns how many. */
static size_t round_order(const struct figure *figs, size_t n, size_t *order, uint64_t *rng)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (figs[i].active)
			order[k++] = i;
	order_shuffle(order, k, rng);
	return k;
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

/* Every round: the figures still sampling, in a new order; a round that
 * would start past the budget does not (the first always runs). */
static int run_rounds(struct figure *figs, size_t n, const struct run_opts *o, size_t *order,
		      double *scratch, progress_fn progress, void *arg)
{
	uint64_t rng = (uint64_t)clock_ns() ^ ((uint64_t)getpid() << 32) ^ 0x9e3779b97f4a7c15u;
	double start = clock_ns(), budget_ns = o->budget_s * 1e9;

	for (int round = 1;; round++) {
		size_t k = round_order(figs, n, order, &rng), left = 0;
		int out_of_time = 0;
		for (size_t i = 0; i < k && !out_of_time; i++) {
			if (round > 1 && clock_ns() - start > budget_ns)
				out_of_time = 1;
			else if (run_round(&figs[order[i]], o) < 0)
				return -1;
		}
		for (size_t i = 0; i < n; i++) {
			if (figs[i].active && (out_of_time || figure_done(&figs[i], o, scratch)))
				figs[i].active = 0;
			left += figs[i].active != 0;
		}
		if (progress)
			progress(arg, round, left);
		if (left == 0)
			return 0;
	}
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
	double *scratch = calloc(most_samples(o) + CHILD_MAX_SAMPLES, sizeof *scratch);
	int rc = 0;

	if (!figs || !order || !scratch) {
		for (size_t i = 0; i < n; i++) {
			memset(&out[i], 0, sizeof out[i]);
			set_fail(&out[i], "calloc: %s", strerror(ENOMEM));
		}
	} else {
		init_figures(subjects, out, n, o, figs);
		rc = run_rounds(figs, n, o, order, scratch, progress, arg);
		for (size_t i = 0; i < n && rc == 0; i++)
			finish_figure(&figs[i], scratch);
		for (size_t i = 0; i < n; i++) {
			free(figs[i].samples);
			free(figs[i].ops);
		}
	}
	free(figs);
	free(order);
	free(scratch);
	return rc;
}

void measurement_release(struct measurement *m)
{
	free(m->samples);
	m->samples = NULL;
}
