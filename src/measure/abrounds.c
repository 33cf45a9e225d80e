/* ab's children and rounds.  Every child is started with execve in a
 * process group of its own, its standard output a pipe that carries the
 * protocol's answer; the whole group is killed and the child reaped
 * once it has answered, failed or run out of time. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "measure/abproto.h"
#include "measure/abrounds.h"
#include "measure/abtext.h"
#include "measure/childproc.h"
#include "sys/clock.h"
#include "measure/rounds.h"
#include "stats/stats.h"
#include "sys/compat.h"
#include "sys/forkfail.h"
#include "sys/interrupt.h"
#include "sys/pid.h"
#include "sys/reaper.h"
#include "sys/utf8.h"

extern char **environ;

#define AB_FEWEST_ROUNDS 2

/* snprintf that may cut a long reason short, on purpose (on a character
 * boundary) */
PRINTF_LIKE(3, 4)
static void say(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	utf8_vprintf(buf, len, fmt, ap);
	va_end(ap);
}

/* ---- sides --------------------------------------------------------------- */

static int is_executable_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* words[0] as execvp would find it, but found once, here. */
static int resolve(struct ab_side *s, char *why, size_t len)
{
	const char *w = s->words[0], *path = getenv("PATH");
	const char *dir = path && *path ? path : "/usr/bin:/bin";
	char shown[256];

	if (strchr(w, '/')) {
		snprintf(s->path, sizeof s->path, "%s", w);
		return 0;
	}
	for (;;) {
		const char *colon = strchr(dir, ':');
		size_t dlen = colon ? (size_t)(colon - dir) : strlen(dir);
		int n = snprintf(s->path, sizeof s->path, "%.*s%s%s", (int)dlen, dir,
				 dlen ? "/" : "", w);
		if (n > 0 && (size_t)n < sizeof s->path && is_executable_file(s->path))
			return 0;
		if (!colon)
			break;
		dir = colon + 1;
	}
	abtext_escape(shown, sizeof shown, w);
	utf8_printf(why, len, "'%s': command not found", shown);
	return -1;
}

int ab_side_prepare(struct ab_side *s, const char *name, const char *command, char *why,
		    size_t len)
{
	char *save = NULL;

	memset(s, 0, sizeof *s);
	s->name = name;
	s->command = command;
	abtext_escape(s->shown, sizeof s->shown, command);
	if (strlen(command) >= sizeof s->copy) {
		utf8_printf(why, len, "its command is too long");
		return -1;
	}
	memcpy(s->copy, command, strlen(command) + 1);
	for (char *w = strtok_r(s->copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		if (s->nwords == AB_SIDE_WORDS - 1) {
			utf8_printf(why, len, "its command has more than %d words", AB_SIDE_WORDS - 1);
			return -1;
		}
		s->words[s->nwords++] = w;
	}
	if (s->nwords == 0) {
		utf8_printf(why, len, "'%s' is no command", s->shown);
		return -1;
	}
	return resolve(s, why, len);
}

/* ---- one child ----------------------------------------------------------- */

/* What a side's child needs: its command and request as argv, and
   /dev/null for its standard input. */
struct side_exec {
	const struct ab_side *s;
	char **argv;
	int devnull, merge;
};

/* In the new child: the side's command with the request's words. */
static void exec_side(int out, void *arg)
{
	const struct side_exec *x = arg;
	char msg[PATH_MAX + 128];
	int n;

	interrupt_reset_in_child();
	if (dup2(x->devnull, STDIN_FILENO) < 0 || dup2(out, STDOUT_FILENO) < 0 ||
	    (x->merge && dup2(out, STDERR_FILENO) < 0))
		_exit(127);
	execve(x->s->path, x->argv, environ);
	n = utf8_printf(msg, sizeof msg, "exec '%s': %s\n", x->s->path, strerror(errno));
	if (n > 0 && write(STDOUT_FILENO, msg, (size_t)n) < 0)
		_exit(127);
	_exit(127);
}

static pid_t start_child(const struct ab_side *s, const struct ab_request *q, int merge,
			 int *rfd, char *why, size_t len)
{
	static char buf[AB_MAX_WORDS][AB_WORD_LEN];
	char *argv[AB_SIDE_WORDS + AB_MAX_WORDS + 1], *extra[AB_MAX_WORDS];
	int k = abproto_request_words(q, buf, extra), argc = 0;
	struct side_exec x = { .s = s, .argv = argv, .merge = merge };
	pid_t pid;

	for (int i = 0; i < s->nwords; i++)
		argv[argc++] = s->words[i];
	for (int i = 0; i < k; i++)
		argv[argc++] = extra[i];
	argv[argc] = NULL;
	if ((x.devnull = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0) {
		utf8_printf(why, len, "/dev/null: %s", strerror(errno));
		return -1;
	}
	pid = childproc_start(exec_side, &x, rfd, why, len);
	close(x.devnull);
	return pid;
}

/* Whether the text holds a whole answer. */
static int reply_whole(const void *text, size_t len, void *unused)
{
	(void)unused;
	return abproto_reply_complete(text, len);
}

/* Read the answer by the deadline: 1 complete or ended, 0 more than an
 * answer can be, -2 timed out, -1 interrupted. */
static int read_answer(int rfd, char *buf, size_t cap, size_t *len, double deadline)
{
	const char *call;

	*len = 0;
	switch (childproc_read(rfd, buf, cap, len, deadline, reply_whole, NULL, &call)) {
	case CHILDPROC_INTERRUPTED: return -1;
	case CHILDPROC_TIMED_OUT: return -2;
	case CHILDPROC_FULL: return 0;
	default: return 1; /* whole, or ended (a refused read ends it too) */
	}
}

/* After its answer or an early end of its output, give the child until
 * the deadline (at most EXIT_GRACE_NS) to end by itself, without reaping
 * it: how it ended is then its own doing and not our kill, and what it
 * does on its way out is done (a sanitizer's leak check, whose helper
 * process a kill would leave to init as a zombie pinned to our CPU).
 * The tick grows from 0.1 ms, so that a child that ends at once costs a
 * round little.  1 when it ended (or cannot be told), 0 when it did not
 * and our kill will end it. */
#define EXIT_GRACE_NS 2e9
#define EXIT_TICK_MAX_NS 5000000L
static int await_exit(pid_t pid, double deadline)
{
	struct timespec tick = { .tv_nsec = 100000 };
	double until = clock_ns() + EXIT_GRACE_NS;

	if (deadline < until)
		until = deadline;
	while (pid > 0 && clock_ns() < until && !interrupt_signal()) {
		siginfo_t si;
		memset(&si, 0, sizeof si);
		if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) < 0 && errno != EINTR)
			return 1; /* cannot tell: its status says what it can */
		if (si.si_pid == pid)
			return 1;
		nanosleep(&tick, NULL);
		tick.tv_nsec = tick.tv_nsec * 2 < EXIT_TICK_MAX_NS ? tick.tv_nsec * 2 : EXIT_TICK_MAX_NS;
	}
	return 0;
}

/* One child from start to reaping: 0 with r parsed, 1 with why, 2 with
 * why when it could not be started at all, -1 interrupted. */
static int run_child(const struct ab_side *s, const struct ab_request *q, int timeout_s,
		     int merge, struct ab_reply *r, char *why, size_t len)
{
	static char text[AB_REPLY_MAX];
	char said[256];
	size_t got = 0;
	int rfd = -1, rc, status, ended = 1;
	pid_t pid = start_child(s, q, merge, &rfd, why, len);

	if (pid < 0)
		return 2;
	double deadline = clock_ns() + timeout_s * 1e9;

	rc = read_answer(rfd, text, sizeof text, &got, deadline);
	close(rfd);
	if (rc == 1)
		ended = await_exit(pid, deadline);
	status = childproc_kill_and_reap(pid, rc == 1 && abproto_reply_complete(text, got));
	if (rc == -1)
		return -1;
	if (rc == -2) {
		utf8_printf(why, len, "timed out after %d s", timeout_s);
		return 1;
	}
	/* killed by us for it, so the signal is not its end's story */
	if (rc == 0) {
		snprintf(why, len, "its answer was longer than the %d bytes an answer can be",
			 AB_REPLY_MAX);
		return 1;
	}
	if (abproto_parse_reply(text, got, r, said, sizeof said) == 0)
		return 0;
	if (got == 0 || !abproto_reply_complete(text, got)) {
		char end[128];
		/* our kill is no story of how it ended */
		if (ended)
			childproc_describe_end(status, end, sizeof end);
		else
			snprintf(end, sizeof end, "it closed its output without an answer and "
						  "did not end");
		if (got == 0)
			utf8_printf(why, len, "%s", end);
		else
			say(why, len, "%s; %s", end, said);
	} else {
		utf8_printf(why, len, "%s", said);
	}
	return 1;
}

int ab_handshake(struct ab_side *s, int timeout_s, char *why, size_t len)
{
	struct ab_request q = { .hello = 1, .protocol = AB_PROTOCOL };
	struct ab_reply r;
	char what[300];
	int rc = run_child(s, &q, timeout_s, 1, &r, what, sizeof what);

	if (rc < 0)
		return -2;
	/* a fork or pipe of ours that failed says nothing of what the side is */
	if (rc == 2) {
		utf8_printf(why, len, "could not be started: %s", what);
		return -1;
	}
	if (rc > 0) {
		utf8_printf(why, len, "not an osbench of protocol %d: %s", AB_PROTOCOL, what);
		return -1;
	}
	if (r.protocol != AB_PROTOCOL) {
		utf8_printf(why, len, "it speaks protocol %d, this osbench %d", r.protocol,
			 AB_PROTOCOL);
		return -1;
	}
	if (r.refused) {
		snprintf(why, len, "it refused protocol %d, which it says it speaks", r.refused);
		return -1;
	}
	if (!r.build[0] && r.reason[0]) {
		say(why, len, "it refused the hello: %s", r.reason);
		return -1;
	}
	if (!r.build[0]) {
		utf8_printf(why, len, "not an osbench of protocol %d: it gave no build line",
			    AB_PROTOCOL);
		return -1;
	}
	snprintf(s->version, sizeof s->version, "%s", r.version);
	snprintf(s->build, sizeof s->build, "%s", r.build);
	return 0;
}

/* ---- one figure's rounds ------------------------------------------------- */

static void side_fail(struct ab_outcome *o, const char *why)
{
	o->status = ST_FAIL;
	say(o->reason, sizeof o->reason, "%s", why);
}

/* A side's round into its outcome; -1 when interrupted.  A calibration
 * round (q->n 0) keeps only the counts. */
static int take_side_round(const struct ab_side *side, const struct subject *s,
			   const struct ab_request *q, const struct run_opts *o,
			   struct ab_outcome *out, uint64_t *n, uint64_t *base_n)
{
	static struct ab_reply r;
	double sorted[CHILD_MAX_SAMPLES], value;
	char why[320];
	struct distort_probe probe;
	struct distort_round dr;
	int rc;

	distort_begin(&probe, q->cpu >= 0 && strcmp(q->placement, "free") != 0 ? q->cpu : -1);
	rc = run_child(side, q, o->timeout_s, 0, &r, why, sizeof why);
	if (rc < 0)
		return -1;
	if (rc > 0) {
		side_fail(out, why);
		return 0;
	}
	if (r.protocol != AB_PROTOCOL || r.build[0] || r.refused) {
		side_fail(out, "its answer was not a round's");
		return 0;
	}
	if (!r.status_ok) {
		side_fail(out, r.reason);
		return 0;
	}
	if (r.nsamples < 1 || (q->n && (r.n != q->n || r.base_n != q->base_n))) {
		side_fail(out, "its answer does not match the request");
		return 0;
	}
	if ((s->mod->flags & MOD_BANDWIDTH) && !(r.bytes_per_op > 0)) {
		side_fail(out, "its answer gives no bytes per operation");
		return 0;
	}
	if ((s->mod->flags & MOD_BANDWIDTH) && samples_to_bandwidth(r.samples, r.nsamples, r.bytes_per_op) < 0) {
		side_fail(out, "a sample below the clock's resolution");
		return 0;
	}
	*n = r.n;
	*base_n = r.base_n;
	if (q->n == 0)
		return 0;
	/* a neighbour only ever adds time to a sample: a round's fastest
	   sample (its best rate) is the one it touched least, and the pair's
	   ratio compares the least touched of each side; a sample at the
	   overhead subtraction's floor (0) says only "no more than zero",
	   so the fastest above it stands for the round */
	memcpy(sorted, r.samples, (size_t)r.nsamples * sizeof sorted[0]);
	stats_sort(sorted, (size_t)r.nsamples);
	value = sorted[r.nsamples - 1];
	for (int i = 0; i < r.nsamples && !(s->mod->flags & MOD_BANDWIDTH); i++)
		if (sorted[i] > 0) {
			value = sorted[i];
			break;
		}
	distort_end(&probe, r.wait_pct, getpid(), &dr);
	dr.turns = (s->mod->flags & MOD_TAKES_TURNS) && strcmp(q->placement, "same") == 0;
	distort_add(&out->distort, &dr);
	out->n = r.n;
	if (samples_append(&out->samples, &out->nsamples, &out->cap, r.samples, (size_t)r.nsamples) < 0 ||
	    samples_append(&out->round_values, &out->nrounds, &out->rcap, &value, 1) < 0)
		side_fail(out, "realloc: out of memory");
	return 0;
}

/* The same, and the wall time it took, whatever its outcome. */
static int side_round(const struct ab_side *side, const struct subject *s,
		      const struct ab_request *q, const struct run_opts *o,
		      struct ab_outcome *out, uint64_t *n, uint64_t *base_n)
{
	double t0 = clock_ns();
	int rc = take_side_round(side, s, q, o, out, n, base_n);

	out->seconds += (clock_ns() - t0) / 1e9;
	return rc;
}

/* Both sides' children for one round of one figure, in a random order;
 * a side that fails ends the figure.  -1 when interrupted. */
static int pair_round(const struct ab_side sides[2], const struct subject *s,
		      const struct run_opts *o, struct ab_figure *f, uint64_t n, uint64_t base_n,
		      uint64_t *rng)
{
	int first = (int)(order_random(rng) >> 63);
	struct ab_request q;

	abproto_request_for(s, o, n, base_n, &q);
	for (int k = 0; k < 2; k++) {
		int i = k ? 1 - first : first;
		uint64_t got_n, got_base;
		if (side_round(&sides[i], s, &q, o, &f->side[i], &got_n, &got_base) < 0)
			return -1;
	}
	if (f->side[0].status != ST_OK || f->side[1].status != ST_OK)
		f->active = 0;
	return 0;
}

/* ---- every figure -------------------------------------------------------- */

static void init_figures(const struct subject *subjects, struct ab_figure *out, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *why = subjects[i].mod->unsupported ? subjects[i].mod->unsupported()
							       : NULL;
		memset(&out[i], 0, sizeof out[i]);
		out[i].active = !why;
		for (int k = 0; k < 2 && why; k++) {
			out[i].side[k].status = ST_NA;
			snprintf(out[i].side[k].reason, sizeof out[i].side[k].reason, "%s", why);
		}
	}
}

/* A's calibration child for every figure: its n and base_n are both
 * sides'.  -1 when interrupted. */
static int calibrate_all(const struct subject *subjects, struct ab_figure *figs, size_t n,
			 const struct ab_side sides[2], const struct run_opts *o, uint64_t *cal)
{
	for (size_t i = 0; i < n; i++) {
		struct ab_request q;
		if (!figs[i].active)
			continue;
		abproto_request_for(&subjects[i], o, 0, 0, &q);
		if (side_round(&sides[0], &subjects[i], &q, o, &figs[i].side[0], &cal[2 * i],
			       &cal[2 * i + 1]) < 0)
			return -1;
		if (figs[i].side[0].status != ST_OK) {
			figs[i].active = 0;
			side_fail(&figs[i].side[1], "not measured: A failed to calibrate");
		}
	}
	return 0;
}

static void finish(struct ab_figure *f)
{
	for (int k = 0; k < 2; k++)
		if (f->side[k].status == ST_OK && f->side[k].nsamples > 0)
			distort_finish(&f->side[k].distort, &f->side[k].distortion);
}

static int figure_done(struct ab_figure *f, const struct run_opts *o, ab_done_fn done, void *arg)
{
	size_t rounds = f->side[0].nrounds;

	if (!f->active || (int)rounds >= o->max_rounds)
		return 1;
	if ((int)rounds < o->min_rounds || o->precision_pct <= 0)
		return 0;
	/* from here the data choose the count: the verdict must know the
	   first stage the rule counts from */
	f->first = (size_t)o->min_rounds;
	return done(arg, f);
}

/* What the rounds loop needs of ab's figures. */
struct ab_loop {
	const struct subject *subjects;
	struct ab_figure *figs;
	const struct ab_side *sides;
	const struct run_opts *o;
	ab_done_fn done;
	void *done_arg;
	const uint64_t *cal;
};

static int ab_active(void *arg, size_t i)
{
	return ((struct ab_loop *)arg)->figs[i].active;
}

static int ab_step(void *arg, size_t i, uint64_t *rng)
{
	struct ab_loop *l = arg;

	return pair_round(l->sides, &l->subjects[i], l->o, &l->figs[i], l->cal[2 * i],
			  l->cal[2 * i + 1], rng);
}

static int ab_done(void *arg, size_t i)
{
	struct ab_loop *l = arg;

	return figure_done(&l->figs[i], l->o, l->done, l->done_arg);
}

static void ab_retire(void *arg, size_t i)
{
	((struct ab_loop *)arg)->figs[i].active = 0;
}

static int rounds_all(const struct subject *subjects, struct ab_figure *figs, size_t n,
		      const struct ab_side sides[2], const struct run_opts *o, ab_done_fn done,
		      void *arg, progress_fn progress, void *parg, size_t *order, double *took,
		      uint64_t *cal)
{
	struct ab_loop l = { .subjects = subjects, .figs = figs, .sides = sides, .o = o,
			     .done = done, .done_arg = arg, .cal = cal };
	/* two paired rounds are the fewest an interval needs; the budget
	   counts the calibration too */
	struct rounds r = {
		.n = n, .arg = &l, .active = ab_active, .step = ab_step, .done = ab_done,
		.retire = ab_retire, .fewest = AB_FEWEST_ROUNDS, .budget_s = o->budget_s,
		.start_ns = clock_ns(), .progress = progress, .progress_arg = parg, .took = took,
	};

	if (calibrate_all(subjects, figs, n, sides, o, cal) < 0)
		return -1;
	return rounds_run(&r, order);
}

int ab_measure_all(const struct subject *subjects, struct ab_figure *out, size_t n,
		   const struct ab_side sides[2], const struct run_opts *o, ab_done_fn done,
		   void *done_arg, progress_fn progress, void *progress_arg)
{
	size_t *order = calloc(n ? n : 1, sizeof *order);
	double *took = calloc(n ? n : 1, sizeof *took);
	uint64_t *cal = calloc(2 * (n ? n : 1), sizeof *cal);
	int rc = 0;

	init_figures(subjects, out, n);
	if (!order || !took || !cal) {
		for (size_t i = 0; i < n; i++)
			for (int k = 0; k < 2; k++)
				side_fail(&out[i].side[k], "calloc: out of memory");
	} else {
		rc = rounds_all(subjects, out, n, sides, o, done, done_arg, progress, progress_arg,
				order, took, cal);
		for (size_t i = 0; i < n && rc == 0; i++)
			finish(&out[i]);
	}
	free(order);
	free(took);
	free(cal);
	return rc;
}

void ab_figure_release(struct ab_figure *f)
{
	for (int k = 0; k < 2; k++) {
		free(f->side[k].samples);
		free(f->side[k].round_values);
		f->side[k].samples = f->side[k].round_values = NULL;
	}
}
