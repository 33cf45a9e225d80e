/* The concurrency sweep, inside the measuring child: N copies of a
 * module's operation start together and run for a fixed window, each
 * counting into its own cache line; ops/s, CPU use and context switches
 * per op come out.  Copies are threads, or processes with --procs. */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "measure/child.h"
#include "sys/forkfail.h"
#include "sys/pid.h"
#include "sys/shmem.h"
#include "sys/utf8.h"

/* A batch of run() between two looks at the stop flag lasts about this
 * long, so the window's end is overrun by no more than that. */
#define BATCH_NS 200000.0
#define WORKER_STACK (512 * 1024)

/* Requests each copy keeps for the tail: a uniform sample of the
 * window's (reservoir sampling), so a stall late in it counts as much
 * as one early. */
#define SLOT_REQUESTS 64

/* What one copy did in one window. */
struct slot {
	_Alignas(64) uint64_t ops;
	double cpu_us, vcsw, ivcsw; /* processes only: the copy's and its helpers' */
	int usage_failed;     /* a getrusage() behind them was refused */
	int failed;
	char reason[256];
	uint64_t requests;    /* requests timed (MOD_REQUESTS) */
	double request_us[SLOT_REQUESTS];
};

/* Everything the copies share; in processes mode it lives in a shared
 * mapping. */
struct arena {
	atomic_int stop;
	struct slot slots[];
};

struct rep_result {
	double ops, wall_ns, cpu_us, vcsw, ivcsw;
	int usage_failed;
	int failed;
	char reason[256];
	int nrequests;        /* request times taken from the copies */
	double request_us[CHILD_MAX_OPS];
};

static double rusage_cpu_us(const struct rusage *r)
{
	return (double)(r->ru_utime.tv_sec + r->ru_stime.tv_sec) * 1e6 +
	       (double)(r->ru_utime.tv_usec + r->ru_stime.tv_usec);
}

/* xorshift64*: a copy's own generator for the reservoir (never random()). */
static uint64_t next_random(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * UINT64_C(2685821657736338717);
}

/* A request module's copy: every request between two clock reads (a
 * request lasts tens of microseconds, the reads some 50 ns), a uniform
 * sample of them kept in the slot. */
static void time_requests(const struct module *mod, struct mod_ctx *c, atomic_int *stop,
			  struct slot *slot)
{
	uint64_t rng = 0x9e3779b97f4a7c15u ^ ((uint64_t)c->worker << 32) ^ (uint64_t)clock_ns();

	while (!atomic_load_explicit(stop, memory_order_relaxed)) {
		double t0 = clock_ns();
		if (mod->run(c, 1) < 0) {
			slot->failed = 1;
			utf8_printf(slot->reason, sizeof slot->reason, "%s", c->err);
			return;
		}
		double us = (clock_ns() - t0) / 1000.0 / c->ops_per_iter;
		uint64_t k = slot->requests++;
		if (k < SLOT_REQUESTS)
			slot->request_us[k] = us;
		else if ((k = next_random(&rng) % (k + 1)) < SLOT_REQUESTS)
			slot->request_us[k] = us;
		slot->ops += c->ops_per_iter;
	}
}

/* Run batches until the stop flag; the batch grows until it lasts about
 * BATCH_NS, so looking at the flag costs nothing measurable. */
static void run_until_stopped(const struct module *mod, struct mod_ctx *c,
			      atomic_int *stop, struct slot *slot)
{
	uint64_t batch = 1;

	if (mod->flags & MOD_REQUESTS) {
		time_requests(mod, c, stop, slot);
		return;
	}

	while (!atomic_load_explicit(stop, memory_order_relaxed)) {
		double t0 = clock_ns();
		if (mod->run(c, batch) < 0) {
			slot->failed = 1;
			utf8_printf(slot->reason, sizeof slot->reason, "%s", c->err);
			return;
		}
		slot->ops += batch * c->ops_per_iter;
		if (clock_ns() - t0 < BATCH_NS && batch < (UINT64_C(1) << 30))
			batch *= 2;
	}
}

static void record_setup_failure(struct slot *slot, const struct mod_ctx *c)
{
	slot->failed = 1;
	utf8_printf(slot->reason, sizeof slot->reason, "%s",
		    c->err[0] ? c->err : "setup failed without a reason");
}

/* 0, or -1 (r zeroed) where getrusage() was refused. */
static int usage_self(struct rusage *r)
{
	if (getrusage(RUSAGE_SELF, r) == 0)
		return 0;
	memset(r, 0, sizeof *r);
	return -1;
}

/* Everything reaped so far by this process: a module's helper processes
 * (echo servers, the tcprr server) are reaped only at teardown, so this is
 * read around a copy's or a level's whole life. */
static int usage_children(struct rusage *r)
{
	if (getrusage(RUSAGE_CHILDREN, r) == 0)
		return 0;
	memset(r, 0, sizeof *r);
	return -1;
}

static void add_delta(double *cpu, double *v, double *iv, const struct rusage *a,
		      const struct rusage *b)
{
	*cpu += rusage_cpu_us(b) - rusage_cpu_us(a);
	*v += (double)(b->ru_nvcsw - a->ru_nvcsw);
	*iv += (double)(b->ru_nivcsw - a->ru_nivcsw);
}

/* ---- threads ---------------------------------------------------------- */

struct gate {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int arrived;  /* copies done with setup (or failed in it) */
	int go;       /* 1: run, -1: abandon */
	int stopped;  /* copies out of their loop */
	int release;  /* copies may tear down */
};

struct thread_worker {
	const struct module *mod;
	struct mod_ctx ctx;
	struct gate *gate;
	struct arena *arena;
	struct slot *slot;
	pthread_t tid;
};

static void gate_bump(struct gate *g, int *counter)
{
	pthread_mutex_lock(&g->mu);
	(*counter)++;
	pthread_cond_broadcast(&g->cv);
	pthread_mutex_unlock(&g->mu);
}

/* Wait until *value is at least want; at once when want is 0 (no copy
 * started: nobody will ever arrive). */
static void gate_wait_count(struct gate *g, int *value, int want)
{
	pthread_mutex_lock(&g->mu);
	while (*value < want)
		pthread_cond_wait(&g->cv, &g->mu);
	pthread_mutex_unlock(&g->mu);
}

/* Wait until *value is set (non-zero); returns it. */
static int gate_wait_set(struct gate *g, int *value)
{
	pthread_mutex_lock(&g->mu);
	while (*value == 0)
		pthread_cond_wait(&g->cv, &g->mu);
	int v = *value;
	pthread_mutex_unlock(&g->mu);
	return v;
}

/* A thread copy's appointments: arrive after setup (or its failure),
 * wait for the go, run, say it stopped, wait to be released. */
static void thread_measure(void *arg, struct mod_ctx *ctx, int setup_ok)
{
	struct thread_worker *w = arg;

	if (!setup_ok)
		record_setup_failure(w->slot, ctx);
	gate_bump(w->gate, &w->gate->arrived);
	if (gate_wait_set(w->gate, &w->gate->go) > 0 && setup_ok)
		run_until_stopped(w->mod, ctx, &w->arena->stop, w->slot);
	gate_bump(w->gate, &w->gate->stopped);
	gate_wait_set(w->gate, &w->gate->release);
}

static void *thread_main(void *arg)
{
	struct thread_worker *w = arg;

	worker_lifecycle(w->mod, &w->ctx, thread_measure, w);
	return NULL;
}

static void sleep_ns(double ns)
{
	struct timespec ts = { .tv_sec = (time_t)(ns / 1e9),
			       .tv_nsec = (long)(ns - (double)(time_t)(ns / 1e9) * 1e9) };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

static void gate_set(struct gate *g, int *field, int value)
{
	pthread_mutex_lock(&g->mu);
	*field = value;
	pthread_cond_broadcast(&g->cv);
	pthread_mutex_unlock(&g->mu);
}

static int start_threads(struct thread_worker *w, int n, struct rep_result *r)
{
	pthread_attr_t attr;
	int started = 0, err;

	if ((err = pthread_attr_init(&attr)) != 0) {
		utf8_printf(r->reason, sizeof r->reason, "pthread_attr_init: %s", strerror(err));
		r->failed = 1;
		return 0;
	}
	if (WORKER_STACK >= PTHREAD_STACK_MIN)
		(void)pthread_attr_setstacksize(&attr, WORKER_STACK);
	for (; started < n; started++) {
		err = pthread_create(&w[started].tid, &attr, thread_main, &w[started]);
		if (err != 0) {
			utf8_printf(r->reason, sizeof r->reason,
				    "pthread_create: %s (thread %d of %d)", strerror(err),
				    started + 1, n);
			r->failed = 1;
			break;
		}
	}
	pthread_attr_destroy(&attr);
	return started;
}

static void window_threads(const struct subject *s, const struct run_opts *o,
			   const struct mod_ctx *base, struct arena *arena,
			   struct rep_result *r)
{
	int n = s->level;
	struct gate g = { .mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER };
	struct thread_worker *w = calloc((size_t)n, sizeof *w);
	struct rusage ru0, ru1;

	if (!w) {
		r->failed = 1;
		utf8_printf(r->reason, sizeof r->reason, "calloc: %s", strerror(ENOMEM));
		return;
	}
	for (int i = 0; i < n; i++) {
		w[i] = (struct thread_worker){ .mod = s->mod, .ctx = *base, .gate = &g,
					       .arena = arena, .slot = &arena->slots[i] };
		w[i].ctx.worker = i;
	}
	int started = start_threads(w, n, r);
	gate_wait_count(&g, &g.arrived, started);
	if (started < n) {
		gate_set(&g, &g.go, -1);
	} else {
		int refused = usage_self(&ru0) < 0;
		double t0 = clock_ns();
		gate_set(&g, &g.go, 1);
		sleep_ns(o->target_ms * 1e6);
		atomic_store(&arena->stop, 1);
		gate_wait_count(&g, &g.stopped, n);
		r->wall_ns = clock_ns() - t0;
		r->usage_failed = (usage_self(&ru1) < 0) | refused;
		r->cpu_us = rusage_cpu_us(&ru1) - rusage_cpu_us(&ru0);
		r->vcsw = (double)(ru1.ru_nvcsw - ru0.ru_nvcsw);
		r->ivcsw = (double)(ru1.ru_nivcsw - ru0.ru_nivcsw);
	}
	gate_set(&g, &g.release, 1);
	for (int i = 0; i < started; i++)
		pthread_join(w[i].tid, NULL);
	free(w);
}

/* ---- processes -------------------------------------------------------- */

/* A process copy's part: report setup, wait for the go (the parent
 * closing the go pipe), run, recording its own resource use. */
struct process_worker {
	const struct module *mod;
	struct arena *arena;
	struct slot *slot;
	int ready_fd, go_fd;
};

static void process_measure(void *arg, struct mod_ctx *c, int setup_ok)
{
	struct process_worker *w = arg;
	struct rusage s0, s1;
	char byte;

	if (!setup_ok)
		record_setup_failure(w->slot, c);
	if (write(w->ready_fd, setup_ok ? "r" : "f", 1) != 1)
		_exit(1);
	while (read(w->go_fd, &byte, 1) < 0 && errno == EINTR)
		;
	if (setup_ok && !atomic_load(&w->arena->stop)) {
		int refused = usage_self(&s0) < 0;
		run_until_stopped(w->mod, c, &w->arena->stop, w->slot);
		w->slot->usage_failed |= (usage_self(&s1) < 0) | refused;
		add_delta(&w->slot->cpu_us, &w->slot->vcsw, &w->slot->ivcsw, &s0, &s1);
	}
}

static void process_main(const struct module *mod, struct mod_ctx *c,
			 struct arena *arena, struct slot *slot, int ready_fd, int go_fd)
{
	struct process_worker w = { .mod = mod, .arena = arena, .slot = slot,
				    .ready_fd = ready_fd, .go_fd = go_fd };
	struct rusage k0, k1;

	int refused = usage_children(&k0) < 0;
	worker_lifecycle(mod, c, process_measure, &w);
	/* the copy's own helpers, reaped by teardown, count too */
	slot->usage_failed |= (usage_children(&k1) < 0) | refused;
	add_delta(&slot->cpu_us, &slot->vcsw, &slot->ivcsw, &k0, &k1);
	if (write(ready_fd, "s", 1) != 1)
		_exit(1);
	_exit(0);
}

/* Read one byte from each of n copies; a copy that died gives EOF. */
static int collect_bytes(int fd, int n)
{
	int got = 0;
	char buf[64];

	while (got < n) {
		size_t want = (size_t)(n - got) < sizeof buf ? (size_t)(n - got) : sizeof buf;
		ssize_t r = read(fd, buf, want);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += (int)r;
	}
	return got;
}

static int fork_copies(const struct subject *s, const struct mod_ctx *base,
		       struct arena *arena, int ready[2], int go[2], pid_t *pids,
		       struct rep_result *r)
{
	int started = 0;

	for (; started < s->level; started++) {
		pid_t pid = fork();
		if (pid < 0) {
			char why[200];
			utf8_printf(r->reason, sizeof r->reason, "fork: %s (process %d of %d)",
				    fork_failure(errno, why, sizeof why), started + 1, s->level);
			r->failed = 1;
			break;
		}
		if (pid == 0) {
			struct mod_ctx c = *base;
			if (pid_die_with_parent() < 0)
				_exit(1);
			c.worker = started;
			close(ready[0]);
			close(go[1]);
			/* the parent's list, of no use to a copy: freed, it is
			   not reported lost when the copy exits (valgrind
			   checks every process) */
			free(pids);
			process_main(s->mod, &c, arena, &arena->slots[started], ready[1], go[0]);
		}
		pids[started] = pid;
	}
	return started;
}

static void reap_all(pid_t *pids, int n, struct rep_result *r)
{
	for (int i = 0; i < n; i++) {
		int status = 0;
		pid_t got;
		while ((got = pid_wait(pids[i], &status, 0)) < 0 && errno == EINTR)
			;
		if (got < 0) {
			if (!r->failed) {
				r->failed = 1;
				utf8_printf(r->reason, sizeof r->reason, "waitpid: %s (copy %d of %d)",
					    strerror(errno), i + 1, n);
			}
			continue;
		}
		if (!r->failed && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
			r->failed = 1;
			utf8_printf(r->reason, sizeof r->reason, "copy %d of %d ended abnormally (%s)",
				    i + 1, n, WIFSIGNALED(status) ? strsignal(WTERMSIG(status)) : "exit status");
		}
	}
}

static void window_processes(const struct subject *s, const struct run_opts *o,
			     const struct mod_ctx *base, struct arena *arena,
			     struct rep_result *r)
{
	int ready[2], go[2], n = s->level;
	pid_t *pids = calloc((size_t)n, sizeof *pids);

	if (!pids || pipe(ready) < 0) {
		utf8_printf(r->reason, sizeof r->reason, "pipe: %s", strerror(errno ? errno : ENOMEM));
		r->failed = 1;
		free(pids);
		return;
	}
	if (pipe(go) < 0) {
		utf8_printf(r->reason, sizeof r->reason, "pipe: %s", strerror(errno));
		r->failed = 1;
		close(ready[0]);
		close(ready[1]);
		free(pids);
		return;
	}
	int started = fork_copies(s, base, arena, ready, go, pids, r);
	close(ready[1]);
	close(go[0]);
	int arrived = collect_bytes(ready[0], started);
	if (started < n || arrived < started)
		atomic_store(&arena->stop, 1);
	double t0 = clock_ns();
	close(go[1]); /* the go: every copy's read returns at once */
	if (!atomic_load(&arena->stop)) {
		sleep_ns(o->target_ms * 1e6);
		atomic_store(&arena->stop, 1);
	}
	collect_bytes(ready[0], started);
	r->wall_ns = clock_ns() - t0;
	close(ready[0]);
	reap_all(pids, started, r);
	free(pids);
	for (int i = 0; i < started; i++) {
		r->cpu_us += arena->slots[i].cpu_us;
		r->vcsw += arena->slots[i].vcsw;
		r->ivcsw += arena->slots[i].ivcsw;
		r->usage_failed |= arena->slots[i].usage_failed;
	}
}

/* ---- one level -------------------------------------------------------- */

/* NULL with the reason in err. */
static struct arena *arena_new(int n, int shared, size_t *len, char *err,
			       size_t errlen)
{
	void *p = NULL;
	int rc;

	*len = sizeof(struct arena) + (size_t)n * sizeof(struct slot);
	if (shared)
		return shmem_alloc(*len, err, errlen);
	/* the slots are cache-line aligned; calloc promises less */
	rc = posix_memalign(&p, 64, *len);
	if (rc != 0) {
		utf8_printf(err, errlen, "posix_memalign: %s", strerror(rc));
		return NULL;
	}
	memset(p, 0, *len);
	return p;
}

static void arena_free(struct arena *a, int shared, size_t len)
{
	if (shared)
		shmem_free(a, len);
	else
		free(a);
}

/* The copies' request samples, an equal share from each, as many as a
 * report holds. */
static void gather_requests(const struct arena *a, int copies, struct rep_result *r)
{
	int share = CHILD_MAX_OPS / copies;

	if (share < 1)
		share = 1;
	for (int i = 0; i < copies && r->nrequests < CHILD_MAX_OPS; i++) {
		uint64_t kept = a->slots[i].requests < SLOT_REQUESTS ? a->slots[i].requests
								     : SLOT_REQUESTS;
		for (uint64_t k = 0; k < kept && k < (uint64_t)share && r->nrequests < CHILD_MAX_OPS;
		     k++)
			r->request_us[r->nrequests++] = a->slots[i].request_us[k];
	}
}

static void one_window(const struct subject *s, const struct run_opts *o,
		       const struct mod_ctx *base, struct rep_result *r)
{
	size_t len;
	struct arena *arena;

	memset(r, 0, sizeof *r);
	arena = arena_new(s->level, s->use_procs, &len, r->reason, sizeof r->reason);
	if (!arena) {
		r->failed = 1;
		return;
	}
	atomic_init(&arena->stop, 0);
	if (s->use_procs)
		window_processes(s, o, base, arena, r);
	else
		window_threads(s, o, base, arena, r);
	for (int i = 0; i < s->level; i++) {
		if (arena->slots[i].failed && !r->failed) {
			r->failed = 1;
			utf8_printf(r->reason, sizeof r->reason, "%s", arena->slots[i].reason);
		}
		r->ops += (double)arena->slots[i].ops;
	}
	if (!r->failed && r->ops <= 0) {
		r->failed = 1;
		utf8_printf(r->reason, sizeof r->reason, "no operation completed in the window");
	}
	gather_requests(arena, s->level, r);
	arena_free(arena, s->use_procs, len);
}

/* Each of k windows gets its share of the report's request times. */
static void keep_requests(struct child_report *r, const struct rep_result *w, int k)
{
	int room = CHILD_MAX_OPS / k;

	for (int n = 0; n < w->nrequests && n < room && r->nops < CHILD_MAX_OPS; n++)
		r->ops[r->nops++] = w->request_us[n];
	if (r->nops)
		r->op_batch = 1;
}

/* One round of a sweep level: o->samples windows, each a sample in
 * ops/s.  With threads the module's helper processes (the tcprr server,
 * forked children) belong to this process and the lifecycle counts them
 * over the window ops; process copies counted theirs themselves. */
void sweep_body(const struct job *j, struct mod_ctx *base, struct child_report *r,
		double *samples)
{
	double ops = 0, wall = 0, cpu = 0, v = 0, iv = 0;
	int k = j->o->samples, usage_failed = 0;

	for (int i = 0; i < k; i++) {
		struct rep_result w;
		one_window(j->s, j->o, base, &w);
		if (w.failed) {
			r->status = ST_FAIL;
			utf8_printf(r->reason, sizeof r->reason, "%s", w.reason);
			return;
		}
		samples[i] = w.ops / w.wall_ns * 1e9;
		keep_requests(r, &w, k);
		ops += w.ops;
		wall += w.wall_ns;
		cpu += w.cpu_us;
		v += w.vcsw;
		iv += w.ivcsw;
		usage_failed |= w.usage_failed;
	}
	r->nsamples = k;
	r->ops_per_iter = 1;
	r->n = (uint64_t)(ops / k);
	r->cpu_pct = 100.0 * cpu / (wall / 1000.0);
	r->vcsw_per_op = v / ops;
	r->ivcsw_per_op = iv / ops;
	if (usage_failed)
		r->vcsw_per_op = r->ivcsw_per_op = r->cpu_pct = USAGE_UNKNOWN;
	r->wall_us_per_op = wall / 1000.0 / ops;
	r->run_ops = j->s->use_procs ? 0 : ops;
}
