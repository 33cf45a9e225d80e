/* The lifetime of one run or sweep, from the private directory to the
 * exit status. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/affinity.h"
#include "sys/build.h"
#include "sys/contention.h"
#include "sys/fstype.h"
#include "sys/hugepages.h"
#include "sys/interrupt.h"
#include "results/label.h"
#include "cli/session.h"
#include "measure/mhz.h"
#include "modules/lib/membuf.h"
#include "measure/runs.h"
#include "plan/schema.h"
#include "modules/registry.h"

#define IO_TIMEOUT_MS 2000

/* A run's sampling, chosen by measurement on a shared 2-CPU VM
 * (docs/method.md, "Rounds"; the figures in docs/notes/). */
#define RUN_SAMPLE_MS 5
#define RUN_SAMPLES 3
#define RUN_MIN_ROUNDS 5
#define RUN_MAX_ROUNDS 40
#define RUN_PRECISION_PCT 1.0
/* every table in at most 15 s, with rounds enough for each figure's
   interval (the method is in docs/method.md) */
#define RUN_BUDGET_S 14.0
#define DEFAULT_PLACEMENT PLACE_SAME

/* How figures are sampled unless told otherwise: a run samples many
 * short rounds until the median is pinned down; --quick takes two rounds
 * of short samples; a sweep's sample is a whole window. */
void session_defaults(struct run_opts *o, enum session_kind kind, int quick)
{
	if (kind == SESSION_SCALE) {
		o->target_ms = quick ? 50 : 300;
		o->samples = 1;
		o->min_rounds = 3;
		o->max_rounds = quick ? 3 : 8;
		o->precision_pct = 2;
		o->budget_s = quick ? 1 : 10;
	} else if (quick) {
		o->target_ms = 1;
		o->samples = 3;
		o->min_rounds = o->max_rounds = 2;
		o->precision_pct = 0;
		o->budget_s = 1;
	} else {
		o->target_ms = RUN_SAMPLE_MS;
		o->samples = RUN_SAMPLES;
		o->min_rounds = RUN_MIN_ROUNDS;
		o->max_rounds = RUN_MAX_ROUNDS;
		o->precision_pct = RUN_PRECISION_PCT;
		o->budget_s = RUN_BUDGET_S;
	}
}

void session_share_budget(struct session *s, const struct args *a, size_t figures, size_t all)
{
	double share;

	if (a->budget_s > 0 || a->quick || a->reps || s->runs >= 2 || all == 0 || figures >= all)
		return;
	share = s->opts.budget_s * (double)figures / (double)all;
	s->opts.budget_s = share > SESSION_MIN_BUDGET_S ? share : SESSION_MIN_BUDGET_S;
}

/* Without --cpu a run measures on the first CPU it may use that no other
 * osbench is pinned to (two runs at once would otherwise share CPU 0
 * and both be distorted); on the first one when every one is taken. */
static int untaken_cpu(void)
{
	char who[64];

	for (int i = 0, cpu; (cpu = affinity_allowed_cpu(i)) >= 0; i++)
		if (contention_peer(getpid(), cpu, who, sizeof who) == 0)
			return cpu;
	return affinity_first_allowed();
}

static void resolve_opts(struct session *s, const struct args *a, enum session_kind kind)
{
	struct run_opts *o = &s->opts;
	int scale = kind == SESSION_SCALE;

	/* --runs N: the runs are the replication, each one short (quick's
	   sampling), so that many fit where one long one did */
	session_defaults(o, kind, a->quick || (kind == SESSION_RUN && a->runs >= 2));
	if (a->time_ms)
		o->target_ms = a->time_ms;
	if (a->reps)
		o->min_rounds = o->max_rounds = a->reps;
	o->fixed_n = (uint64_t)a->ops;
	if (a->precision_pct > 0)
		o->precision_pct = a->precision_pct;
	if (a->budget_s > 0)
		o->budget_s = a->budget_s;
	/* a sweep is about concurrency: its copies run free unless --cpu */
	if (a->placement_given)
		o->placement = a->placement;
	else if (a->cpu >= 0)
		o->placement = PLACE_SAME;
	else
		o->placement = scale ? PLACE_FREE : DEFAULT_PLACEMENT;
	o->cpu = a->cpu >= 0 ? a->cpu : o->placement == PLACE_FREE ? affinity_first_allowed()
								  : untaken_cpu();
	o->io_timeout_ms = IO_TIMEOUT_MS;
	/* generous: a child normally takes a calibration (a few samples),
	   a warm-up and its samples, each twice when it has a baseline */
	o->timeout_s = a->timeout_s ? a->timeout_s
				    : 30 + (int)(8 * (o->samples + 12) * o->target_ms / 1000.0);
	o->buffer_bytes = (size_t)a->buffer_mb << 20;
	o->remote_host = a->remote_port[0] ? a->remote_host : NULL;
	o->remote_port = a->remote_port[0] ? a->remote_port : NULL;
}

static int open_output(struct session *s, const struct args *a)
{
	if (dest_open(&s->out, a->output, NULL) < 0)
		return -1;
	s->w.f = s->out.f;
	return 0;
}

/* Figures from a sanitized or unoptimised build are not the real ones:
 * say so at every run (the tests, which know, may silence it). */
static void warn_about_build(void)
{
	const char *caveat = build_caveat();

	if (caveat && !getenv("OSBENCH_ACCEPT_BUILD"))
		fprintf(stderr, "osbench: warning: this is %s: its figures are not those of a "
				"plain optimised build\n", caveat);
}

/* The run chooses its CPUs among those it was started on: a --cpu or a
 * spread placement it cannot honour there is refused, naming them. */
static int placement_refused(const struct args *a, const struct run_opts *o)
{
	char cpus[256];

	affinity_describe_allowed(cpus, sizeof cpus);
	if (a->cpu >= 0 && !affinity_is_allowed(a->cpu)) {
		fprintf(stderr, "osbench: --cpu: '%d' is not a cpu this process may run on (%s)\n",
			a->cpu, cpus);
		return 1;
	}
	if (o->placement == PLACE_SPREAD && affinity_allowed_count() < 2) {
		fprintf(stderr, "osbench: --placement: 'spread' needs two cpus, and this process "
				"may run on cpu %s only (give --placement same or --cpu)\n", cpus);
		return 1;
	}
	return 0;
}

static int open_session(struct session *s, const struct args *a, enum session_kind kind,
			int argc, char **argv, int writes)
{
	char err[512];

	memset(s, 0, sizeof *s);
	resolve_opts(s, a, kind);
	if (placement_refused(a, &s->opts))
		return 2;
	/* a system that refuses a signal handler is the machine's state,
	   not bad usage */
	if (interrupt_install() < 0) {
		fprintf(stderr, "osbench: cannot start: signal handlers: %s\n", strerror(errno));
		return 1;
	}
	/* the host facts first, while descriptors are there to read them
	   with: a run at its descriptor limit still says what it ran on */
	struct mhz_reading clock;
	measure_mhz(&clock);
	host_gather(&s->host, a->label, clock.mhz, clock.why, argc, argv);
	if (s->host.mhz_why[0])
		fprintf(stderr, "osbench: note: the Mhz cell is -: %s\n", s->host.mhz_why);
	if (!a->label && label_check(s->host.host, err, sizeof err) < 0) {
		fprintf(stderr, "osbench: host name: %s: give --label NAME\n", err);
		return 2;
	}
	build_describe(s->host.build, sizeof s->host.build);
	snprintf(s->host.placement, sizeof s->host.placement, "%s",
		 placement_name(s->opts.placement));
	warn_about_build();
	if (tmpdir_create(s->tmpdir, sizeof s->tmpdir, err, sizeof err) < 0) {
		fprintf(stderr, "osbench: %s\n", err);
		return 2;
	}
	fs_type(s->tmpdir, s->host.tmpdir_fs, sizeof s->host.tmpdir_fs);
	huge_pages_mode(s->host.huge_pages, sizeof s->host.huge_pages);
	s->opts.buffer_bytes = membuf_plan(s->opts.buffer_bytes, a->quick, s->host.buffer_why,
					   sizeof s->host.buffer_why);
	s->host.buffer_mb = (int)(s->opts.buffer_bytes >> 20);
	s->writes = writes;
	s->runs = a->runs ? a->runs : 1;
	if (writes && open_output(s, a) < 0) {
		tmpdir_remove(s->tmpdir);
		interrupt_reraise(); /* a FIFO's wait for a reader ended by a signal */
		return 2;
	}
	helper_locate(argv[0], s->helper, sizeof s->helper);
	s->opts.tmpdir = s->tmpdir;
	s->opts.helper = s->helper;
	/* runs to be set side by side, today's against a baseline's: each
	   round a fresh process, so that what a process keeps from its start
	   (its pages, its layout) varies within the runs as it does between
	   invocations, instead of biasing every run of one alike */
	if (s->runs >= 2) {
		self_locate(argv[0], s->self, sizeof s->self);
		s->opts.self = s->self;
	}
	s->progress = isatty(STDERR_FILENO);
	s->w.fmt = format_find(a->format);
	s->w.host = &s->host;
	if (writes) {
		writer_begin(&s->w);
		if (dest_flush(&s->out) < 0) {
			tmpdir_remove(s->tmpdir);
			return 2;
		}
	}
	return 0;
}

int session_open(struct session *s, const struct args *a, enum session_kind kind,
		 int argc, char **argv)
{
	return open_session(s, a, kind, argc, argv, 1);
}

int session_open_quiet(struct session *s, const struct args *a, enum session_kind kind,
		       int argc, char **argv)
{
	return open_session(s, a, kind, argc, argv, 0);
}

static void show_progress(void *arg, int round, size_t left)
{
	if (arg)
		fprintf(stderr, "\r\033[Kround %d: %zu figure%s still sampling", round, left,
			left == 1 ? "" : "s");
}

/* "stat", "ctx procs=2 size_kb=0", "scale mutex threads=5" */
static void figure_name(const struct record *r, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s%s%s", strcmp(r->table, SCALE_TABLE) == 0 ? "scale " : "",
		 r->module, r->params[0] ? " " : "", r->params);
}

/* The first few distorted figures are named one per line; the rest are
 * counted at the end. */
#define DISTORTED_NAMED 5

static void warn_distorted(struct session *s, const struct record *r)
{
	char what[128];

	if (s->distorted++ >= DISTORTED_NAMED)
		return;
	figure_name(r, what, sizeof what);
	fprintf(stderr, "osbench: warning: %s is distorted: %s\n", what, r->m.distortion.reason);
}

/* Run r of every figure into m[i * runs + r]; -1 when interrupted. */
static int measure_runs(struct session *s, const struct subject *subjects, size_t n,
			struct measurement *m)
{
	struct measurement *one = calloc(n ? n : 1, sizeof *one);

	if (!one) {
		fprintf(stderr, "osbench: calloc: %s\n", strerror(errno));
		return -1;
	}
	for (int r = 0; r < s->runs; r++) {
		if (harness_measure_all(subjects, one, n, &s->opts, show_progress,
					s->progress ? s : NULL) < 0) {
			for (size_t i = 0; i < n * (size_t)s->runs; i++)
				measurement_release(&m[i]);
			free(one);
			return -1;
		}
		for (size_t i = 0; i < n; i++)
			m[i * (size_t)s->runs + (size_t)r] = one[i];
	}
	free(one);
	return 0;
}

/* Each figure's runs into its record: merged, and each run's figure. */
static void merge_runs(const struct session *s, struct measurement *m, struct record *records,
		       size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct measurement *run = &m[i * (size_t)s->runs];
		if (s->runs == 1) {
			records[i].m = run[0];
			records[i].runs = 0;
			continue;
		}
		for (int r = 0; r < s->runs; r++)
			records[i].run_fastest[r] =
				runs_fastest(&run[r], schema_higher_is_better(records[i].unit));
		runs_merge(run, s->runs, &records[i].m, records[i].run_values);
		records[i].runs = records[i].m.status == ST_OK ? s->runs : 0;
	}
}

_Static_assert(RUNS_MAX <= HOST_REFERENCE_MAX, "the host record keeps every run's reference");

/* The reference's runs into the host record: each run's fastest sample,
   or nothing (with a warning) where a run of it failed, since it is no
   figure of the result. */
static void keep_reference(struct session *s, struct measurement *run)
{
	const struct measurement *failed = NULL;

	for (int r = 0; r < s->runs; r++)
		if ((run[r].status != ST_OK || !(runs_fastest(&run[r], 1) > 0)) && !failed)
			failed = &run[r];
	if (failed)
		fprintf(stderr,
			"osbench: warning: the machine reference failed (%s); check will take "
			"each run's machine factor from its figures alone\n",
			failed->reason[0] ? failed->reason : "no value");
	for (int r = 0; r < s->runs && !failed; r++)
		s->host.reference[r] = runs_fastest(&run[r], 1);
	s->host.reference_runs = failed ? 0 : s->runs;
	for (int r = 0; r < s->runs; r++)
		measurement_release(&run[r]);
}

/* subjects[0..n-1], and with --runs the machine reference after them. */
static struct subject *with_reference(const struct session *s, const struct subject *subjects,
				      size_t n, size_t *total)
{
	struct subject *all = calloc(n + 1, sizeof *all);

	if (!all)
		return NULL;
	if (n)
		memcpy(all, subjects, n * sizeof *all);
	*total = n;
	if (s->runs >= 2)
		all[(*total)++] = (struct subject){ .mod = registry_reference() };
	return all;
}

int session_measure_all(struct session *s, const struct subject *subjects,
			struct record *records, size_t n)
{
	size_t total = 0;
	struct subject *all = with_reference(s, subjects, n, &total);
	struct measurement *m = calloc((total ? total : 1) * (size_t)s->runs, sizeof *m);
	char what[256];

	if (!m || !all) {
		fprintf(stderr, "osbench: calloc: %s\n", strerror(errno));
		free(m);
		free(all);
		return -1;
	}
	if (measure_runs(s, all, total, m) < 0) {
		free(m);
		free(all);
		return -1;
	}
	free(all);
	if (s->progress)
		fputs("\r\033[K", stderr);
	merge_runs(s, m, records, n);
	if (total > n)
		keep_reference(s, &m[n * (size_t)s->runs]);
	for (size_t i = 0; i < n; i++) {
		const struct measurement *got = &records[i].m;
		if (got->status == ST_FAIL) {
			s->failures++;
			figure_name(&records[i], what, sizeof what);
			fprintf(stderr, "osbench: %s: %s\n", what, got->reason);
		}
		s->noisy += got->status == ST_OK && got->noisy;
		if (got->status == ST_OK && got->distortion.reason[0])
			warn_distorted(s, &records[i]);
	}
	free(m);
	return 0;
}

void session_release(struct record *records, size_t n)
{
	for (size_t i = 0; i < n; i++)
		measurement_release(&records[i].m);
}

/* Something left on disk is a failure to say, whatever the figures. */
static int remove_tmpdir(const struct session *s)
{
	if (tmpdir_remove(s->tmpdir) == 0)
		return 0;
	fprintf(stderr, "osbench: could not remove '%s': %s\n", s->tmpdir, strerror(errno));
	return -1;
}

int session_close(struct session *s)
{
	int status = s->failures ? 1 : 0;

	if (s->progress)
		fputs("\r\033[K", stderr);
	if (s->writes)
		writer_end(&s->w);
	/* check writes no figures, so the cv is in no output of its own; its
	   verdicts rest on the spread between runs, which -f long lists */
	if (s->noisy)
		fprintf(stderr, "osbench: warning: %d figure%s scatter%s widely (cv above %.0f%%); "
				"%s\n", s->noisy, s->noisy > 1 ? "s" : "", s->noisy > 1 ? "" : "s",
			NOISY_CV_PCT, s->writes ? "see --format long"
					: "the verdicts rest on the spread between runs, which "
					  "check -f long lists");
	if (s->distorted > DISTORTED_NAMED)
		fprintf(stderr, "osbench: warning: %d more figures are distorted; see the "
				"distorted column of --format long\n", s->distorted - DISTORTED_NAMED);
	if (s->writes)
		status = dest_close(&s->out, status);
	if (remove_tmpdir(s) < 0)
		status = 2;
	return status;
}

int session_abort(struct session *s)
{
	if (s->progress)
		fputs("\r\033[K", stderr);
	if (s->writes)
		dest_abort(&s->out);
	remove_tmpdir(s);
	interrupt_reraise(); /* returns only when no signal came */
	return interrupt_signal() ? 130 : 2;
}
