/* Isolation of each measurement in a child process, with a watchdog.
 *
 * The child runs in its own process group, so a module's own children
 * are swept away with it; a crash, a hang or an interrupted run leaves
 * nothing behind. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "affinity.h"
#include "compat.h"
#include "harness.h"
#include "interrupt.h"

PRINTF_LIKE(2, 3)
static void set_fail(struct measurement *m, const char *fmt, ...)
{
	va_list ap;

	m->status = ST_FAIL;
	va_start(ap, fmt);
	vsnprintf(m->reason, sizeof m->reason, fmt, ap);
	va_end(ap);
}

void harness_ctx_init(struct mod_ctx *c, const struct subject *s,
		      const struct run_opts *o)
{
	memset(c, 0, sizeof *c);
	c->tmpdir = o->tmpdir;
	c->helper = o->helper;
	c->remote_host = o->remote_host;
	c->remote_port = o->remote_port;
	c->procs = s->procs;
	c->size_kb = s->size_kb;
	c->workers = s->level > 0 ? s->level : 1;
	c->io_timeout_ms = o->io_timeout_ms;
	c->ops_per_iter = 1;
}

/* Test-only faults, so the tests can prove that a failing, crashing or
 * hanging module becomes a `fail` cell: OSBENCH_TEST_FAULT=MODULE:KIND or
 * MODULE:KIND@LEVEL (one level of a sweep), KIND being fail, crash or
 * hang.  Returns 1 when a fault was applied. */
static int apply_test_fault(const struct subject *s, struct measurement *m)
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
	}
	set_fail(m, "forced failure (OSBENCH_TEST_FAULT)");
	return 1;
}

static int write_all(int fd, const void *buf, size_t len)
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

static void child_main(int wfd, const struct subject *s, const struct run_opts *o)
{
	struct measurement m;

	memset(&m, 0, sizeof m);
	interrupt_reset_in_child();
	if (o->cpu >= 0 && affinity_pin(o->cpu, m.reason, sizeof m.reason) < 0)
		m.status = ST_FAIL;
	else if (!apply_test_fault(s, &m)) {
		if (s->level > 0)
			harness_sweep(s, o, &m);
		else
			harness_latency(s, o, &m);
	}
	_exit(write_all(wfd, &m, sizeof m) == 0 ? 0 : 3);
}

static void describe_end(int status, struct measurement *m)
{
	if (WIFSIGNALED(status))
		set_fail(m, "measurement killed by signal %d (%s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
	else
		set_fail(m, "measurement ended with status %d",
			 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

/* Kill the child's whole group, then reap the child.  The group leader is
 * still unreaped when we kill, so its id cannot have been reused. */
static int kill_and_reap(pid_t pid)
{
	int status = 0;

	if (kill(-pid, SIGKILL) < 0 && errno != ESRCH)
		kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			return 0;
	}
	return status;
}

/* Wait for the child's result: 1 complete, 0 ended early, -2 timed out,
 * -1 interrupted. */
static int await_result(int rfd, struct measurement *m, int timeout_s)
{
	size_t got = 0;
	double deadline = clock_ns() + timeout_s * 1e9;

	while (got < sizeof *m) {
		struct pollfd pfd[2] = {
			{ .fd = rfd, .events = POLLIN },
			{ .fd = interrupt_fd(), .events = POLLIN },
		};
		double left_ms = (deadline - clock_ns()) / 1e6;
		if (interrupt_signal())
			return -1;
		if (left_ms <= 0)
			return -2;
		int r = poll(pfd, interrupt_fd() >= 0 ? 2 : 1, (int)left_ms + 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return 0;
		if (r == 0 || !(pfd[0].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		ssize_t n = read(rfd, (char *)m + got, sizeof *m - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return 0;
		got += (size_t)n;
	}
	return 1;
}

int harness_measure(const struct subject *s, const struct run_opts *o,
		    struct measurement *out)
{
	int fds[2];
	pid_t pid;

	memset(out, 0, sizeof *out);
	/* the child must not inherit buffered output it could flush twice */
	fflush(NULL);
	if (pipe(fds) < 0) {
		set_fail(out, "pipe: %s", strerror(errno));
		return 0;
	}
	if (fcntl(fds[0], F_SETFD, FD_CLOEXEC) < 0 || fcntl(fds[1], F_SETFD, FD_CLOEXEC) < 0) {
		set_fail(out, "fcntl: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return 0;
	}
	pid = fork();
	if (pid < 0) {
		set_fail(out, "fork: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return 0;
	}
	if (pid == 0) {
		setpgid(0, 0);
		close(fds[0]);
		child_main(fds[1], s, o);
	}
	/* both sides set the group, so neither can race the other; the
	   parent's call may fail harmlessly once the child has exec'd or
	   ended, and the child's own call is the one that matters */
	(void)setpgid(pid, pid);
	close(fds[1]);

	int got = await_result(fds[0], out, o->timeout_s);
	close(fds[0]);
	int status = kill_and_reap(pid);
	if (got == -1)
		return -1;
	if (got == -2) {
		memset(out, 0, sizeof *out);
		set_fail(out, "timed out after %d s", o->timeout_s);
	} else if (got == 0) {
		memset(out, 0, sizeof *out);
		describe_end(status, out);
	}
	return 0;
}
