/* Helper processes of the modules; see proc.h. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "modules/lib/fdio.h"
#include "modules/lib/proc.h"
#include "sys/affinity.h"
#include "sys/closefds.h"
#include "sys/forkfail.h"
#include "sys/utf8.h"

/* A forked helper keeps at most this many descriptors of its own (and
   the end its last words go to). */
#define KEEP_MAX 8
/* Without a descriptor listing, close this many at most (a limit of
   millions would make every helper spin for a long time). */
#define CLOSE_SCAN_MAX 65536

static int kept(const int *keep, int nkeep, int fd)
{
	int i;

	for (i = 0; i < nkeep; i++)
		if (keep[i] == fd)
			return i;
	return -1;
}

/* Close what /dev/fd lists. Returns 0 when the listing was trustworthy
   (it showed every descriptor we keep; FreeBSD without fdescfs shows
   only 0-2), -1 when the caller must fall back to a scan. */
static int close_listed(const int *keep, int nkeep)
{
	int batch[256], seen[KEEP_MAX + 1];
	struct dirent *e;
	int i, n, more, dfd, fd, k;
	DIR *d;

	do {
		d = opendir("/dev/fd");
		if (!d)
			return -1;
		dfd = dirfd(d);
		n = more = 0;
		memset(seen, 0, sizeof seen);
		while ((e = readdir(d))) {
			char *end;
			long v = strtol(e->d_name, &end, 10);

			if (end == e->d_name || *end || v < 3 || v == dfd)
				continue;
			fd = (int)v;
			k = kept(keep, nkeep, fd);
			if (k >= 0)
				seen[k] = 1;
			else if (n < (int)(sizeof batch / sizeof batch[0]))
				batch[n++] = fd;
			else
				more = 1;
		}
		closedir(d);
		for (i = 0; i < n; i++)
			close(batch[i]);
		for (i = 0; i < nkeep; i++)
			if (keep[i] > 2 && !seen[kept(keep, nkeep, keep[i])])
				return -1;
	} while (more);
	return nkeep > 0 ? 0 : -1;
}

static void close_scan(const int *keep, int nkeep)
{
	long max = sysconf(_SC_OPEN_MAX);
	int fd;

	if (max < 0 || max > CLOSE_SCAN_MAX)
		max = CLOSE_SCAN_MAX;
	for (fd = 3; fd < max; fd++)
		if (kept(keep, nkeep, fd) < 0)
			close(fd);
}

void proc_child_init(const int *keep, int nkeep, int peer)
{
	/* The harness may have handlers (cleanup on SIGTERM, a watchdog
	   alarm) that must never run in a helper. */
	static const int sigs[] = {
		SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGALRM, SIGUSR1, SIGUSR2,
		SIGPIPE, SIGCHLD,
	};
	struct sigaction sa;
	int keep_all[KEEP_MAX + 1];
	char err[128];
	sigset_t none;
	size_t i;

	int say_fd = proc_why_child();

	/* the parent already gone: nobody to tell */
	if (pid_die_with_parent() < 0)
		_exit(1);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, NULL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (nkeep > KEEP_MAX)
		nkeep = KEEP_MAX;
	memcpy(keep_all, keep, (size_t)nkeep * sizeof keep[0]);
	if (say_fd >= 0)
		keep_all[nkeep++] = say_fd;
	if (closefds_above_stdio(keep_all, nkeep) < 0 &&
	    close_listed(keep_all, nkeep) < 0)
		close_scan(keep_all, nkeep);
	/* a peer that cannot go where --placement says would time the
	   wrong thing: it leaves, and the module fails on its absence */
	if (affinity_place_peer(peer, err, sizeof err) < 0)
		proc_child_fail(err, 0);
}

int proc_fork_fail(struct mod_ctx *ctx, int err)
{
	char said[200];

	if (err != EAGAIN)
		return mod_fail(ctx, "fork", err);
	return mod_failf(ctx, "fork: %s", fork_failure(err, said, sizeof said));
}

pid_t proc_fork(struct mod_ctx *ctx, const int *keep, int nkeep,
		void *release)
{
	pid_t pid;

	proc_why_prepare();
	pid = fork();
	if (pid < 0)
		return proc_fork_fail(ctx, errno);
	if (pid == 0) {
		proc_child_init(keep, nkeep, 1);
		/* Nothing in the helper uses it; freed, it is not reported
		   lost when the helper exits (valgrind checks every
		   process). */
		free(release);
	}
	return pid;
}

void proc_echo_child(int in, int out)
{
	if (fdio_echo(in, out) < 0)
		proc_child_fail("echo", errno);
	_exit(0);
}

pid_t proc_echo_fork(struct mod_ctx *ctx, int in, int out, void *release)
{
	int keep[2] = { in, out };
	pid_t pid = proc_fork(ctx, keep, 2, release);

	if (pid == 0)
		proc_echo_child(in, out);
	return pid;
}

/* Reap what has exited; returns how many are still running, and sets
   *refused when waitpid itself was refused (a sandbox): then no waiting
   will ever see one exit. */
static int reap_some(pid_t *pids, int n, int *refused)
{
	int i, st, left = 0;
	pid_t r;

	for (i = 0; i < n; i++) {
		if (pids[i] <= 0)
			continue;
		r = pid_wait(pids[i], &st, WNOHANG);
		if (r == pids[i] || (r < 0 && errno == ECHILD)) {
			pids[i] = 0;
			continue;
		}
		if (r < 0 && errno != EINTR)
			*refused = 1;
		left++;
	}
	return left;
}

void proc_reap(pid_t *pids, int n, int grace_ms)
{
	const struct timespec ms = { 0, 1000000 };
	int i, st, waited, refused = 0;

	/* Counting sleeps rather than reading the clock: modules never
	   read it, and the bound only needs to be roughly right. */
	for (waited = 0; reap_some(pids, n, &refused) > 0; waited++) {
		if (waited >= grace_ms || refused) {
			for (i = 0; i < n; i++) {
				if (pids[i] <= 0)
					continue;
				/* one that cannot be killed (a sandbox refusing
				   kill()) may be waiting for us to end: waiting
				   for it would never return, and it ends with us */
				if (pid_signal(pids[i], SIGKILL) == 0)
					(void)proc_wait(pids[i], &st);
				pids[i] = 0;
			}
			return;
		}
		nanosleep(&ms, NULL);
	}
}
