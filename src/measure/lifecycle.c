/* The measuring child's one lifecycle: placement, the module's shared
 * setup, the body (a latency round or a sweep round), the shared
 * teardown, the helper processes' resource use, and the report to the
 * parent.  Every figure's child goes through here. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>

#include "sys/affinity.h"
#include "measure/child.h"
#include "sys/contention.h"
#include "sys/interrupt.h"
#include "sys/utf8.h"

static void fail_report(struct child_report *r, const char *reason)
{
	r->status = ST_FAIL;
	utf8_printf(r->reason, sizeof r->reason, "%s",
		    reason[0] ? reason : "module failed without a reason");
}

/* What a test-only fault asks of a round that still runs. */
enum { FAULT_NONE, FAULT_NODROP, FAULT_SLOW_BASE };

static void ctx_init(struct mod_ctx *c, const struct job *j, int fault)
{
	const struct run_opts *o = j->o;

	memset(c, 0, sizeof *c);
	c->tmpdir = o->tmpdir;
	c->helper = o->helper;
	c->remote_host = o->remote_host;
	c->remote_port = o->remote_port;
	c->procs = j->s->procs;
	c->size_kb = j->s->size_kb;
	c->workers = j->s->level > 0 ? j->s->level : 1;
	c->io_timeout_ms = o->io_timeout_ms;
	c->buffer_bytes = o->buffer_bytes;
	c->ops_per_iter = 1;
	c->test_nodrop = fault == FAULT_NODROP;
	c->test_slow_base = fault == FAULT_SLOW_BASE;
}

/* Pin this process (its children inherit it) for same and spread; under
 * spread the module's peers move on to the following CPUs as they start.
 * The command layer decides (a sweep runs free unless --cpu pins it). */
static int place(const struct job *j, struct child_report *r)
{
	enum placement p = j->o->placement;

	if (p == PLACE_FREE)
		return 0;
	if (affinity_pin(j->o->cpu, r->reason, sizeof r->reason) < 0) {
		r->status = ST_FAIL;
		return -1;
	}
	if (p == PLACE_SPREAD)
		affinity_spread_peers(j->o->cpu);
	return 0;
}

/* Test-only faults, so the tests can prove that a failing, crashing or
 * hanging module becomes a `fail` cell: OSBENCH_TEST_FAULT=MODULE:KIND or
 * MODULE:KIND@LEVEL (one level of a sweep), KIND being fail, crash or
 * hang; escape, which leaves a process in a session of its own and
 * hangs; nodrop, which asks a MOD_FAULTS module to leave its pages
 * mapped (*fault is FAULT_NODROP and the module runs), so that the
 * harness's fault count must fail it; or slowbase (FAULT_SLOW_BASE),
 * which makes the baseline samples read as if disturbed.  Returns 1 when
 * a fault was applied instead of the round. */
static int apply_test_fault(const struct subject *s, struct child_report *r, int *fault)
{
	const char *spec = getenv("OSBENCH_TEST_FAULT");
	size_t len = strlen(s->mod->name);
	const char *at;

	if (!spec || strncmp(spec, s->mod->name, len) != 0 || spec[len] != ':')
		return 0;
	spec += len + 1;
	at = strchr(spec, '@');
	if (at && atoi(at + 1) != s->level)
		return 0;
	len = at ? (size_t)(at - spec) : strlen(spec);
	if (len == 5 && strncmp(spec, "crash", len) == 0) {
		signal(SIGSEGV, SIG_DFL);
		raise(SIGSEGV);
	} else if (len == 4 && strncmp(spec, "hang", len) == 0) {
		for (;;)
			pause();
	} else if (len == 6 && strncmp(spec, "escape", len) == 0) {
		/* a descendant in a session of its own, out of the group's
		   reach (a module that runs setsid), and the child hangs */
		pid_t pid = fork();
		if (pid == 0 && setsid() >= 0)
			for (;;)
				pause();
		if (pid == 0)
			_exit(1);
		for (;;)
			pause();
	} else if (len == 6 && strncmp(spec, "nodrop", len) == 0) {
		*fault = FAULT_NODROP;
		return 0;
	} else if (len == 8 && strncmp(spec, "slowbase", len) == 0) {
		*fault = FAULT_SLOW_BASE;
		return 0;
	}
	fail_report(r, "forced failure (OSBENCH_TEST_FAULT)");
	return 1;
}

/* The helpers' share: a module's helper processes (echo servers, the ctx
 * ring) are reaped only at teardown and forked children of fork/exec as
 * they go, so their resource use is read around the whole child and
 * spread over every op the module's run() made. */
static void add_helpers(struct child_report *r, const struct usage *a, const struct usage *b)
{
	double cpu_per_op = (b->cpu_us - a->cpu_us) / r->run_ops;

	if (r->cpu_pct < 0)
		return; /* the module's own share is unknown already */
	if (a->failed || b->failed) {
		r->vcsw_per_op = r->ivcsw_per_op = r->cpu_pct = USAGE_UNKNOWN;
		return;
	}
	r->vcsw_per_op += (b->vcsw - a->vcsw) / r->run_ops;
	r->ivcsw_per_op += (b->ivcsw - a->ivcsw) / r->run_ops;
	if (r->wall_us_per_op > 0)
		r->cpu_pct += 100.0 * cpu_per_op / r->wall_us_per_op;
}

static void lifecycle(const struct job *j, struct child_report *r, double *samples, int fault)
{
	const struct module *mod = j->s->mod;
	struct mod_ctx c;
	struct usage k0, k1;

	double wait0, t0 = clock_ns();
	int have_wait = j->s->level == 0 && contention_wait_ns(&wait0) == 0;

	ctx_init(&c, j, fault);
	usage_of(RUSAGE_CHILDREN, &k0);
	if (mod->setup_shared && mod->setup_shared(&c) < 0) {
		fail_report(r, c.err);
		return;
	}
	if (j->s->level > 0)
		sweep_body(j, &c, r, samples);
	else
		latency_body(j, &c, r, samples);
	if (mod->teardown_shared)
		mod->teardown_shared(&c);
	usage_of(RUSAGE_CHILDREN, &k1);
	if (r->status == ST_OK && r->run_ops > 0)
		add_helpers(r, &k0, &k1);
	r->wait_pct = -1;
	double wait1, wall = clock_ns() - t0;
	if (have_wait && contention_wait_ns(&wait1) == 0 && wall > 0)
		r->wait_pct = 100.0 * (wait1 - wait0) / wall;
}

int child_write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len > 0) {
		ssize_t w = write(fd, p, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

void child_round(const struct job *j, struct child_report *r, double *samples)
{
	int fault = FAULT_NONE;

	memset(r, 0, sizeof *r);
	if (place(j, r) == 0 && !apply_test_fault(j->s, r, &fault))
		lifecycle(j, r, samples, fault);
	if (r->status != ST_OK)
		r->nsamples = 0;
}

void child_main(int fd, const struct job *j)
{
	static double samples[CHILD_MAX_SAMPLES];
	struct child_report r;

	interrupt_reset_in_child();
	child_round(j, &r, samples);
	if (child_write_all(fd, &r, sizeof r) < 0 ||
	    child_write_all(fd, samples, (size_t)r.nsamples * sizeof samples[0]) < 0)
		_exit(3);
	_exit(0);
}
