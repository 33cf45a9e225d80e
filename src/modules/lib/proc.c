/* Helper processes of the modules; see proc.h. */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "modules/lib/fdio.h"
#include "modules/lib/proc.h"
#include "sys/affinity.h"

/* A forked helper keeps at most this many descriptors of its own. */
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
	int batch[256], seen[KEEP_MAX];
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
	sigset_t none;
	size_t i;

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
	if (close_listed(keep, nkeep) < 0)
		close_scan(keep, nkeep);
	/* a peer that cannot go where --placement says would time the
	   wrong thing: it leaves, and the module fails on its absence */
	if (affinity_place_peer(peer) < 0)
		_exit(1);
}

pid_t proc_fork(struct mod_ctx *ctx, const int *keep, int nkeep,
		void *release)
{
	pid_t pid = fork();

	if (pid < 0)
		return mod_fail(ctx, "fork", errno);
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
	_exit(fdio_echo(in, out) < 0 ? 1 : 0);
}

pid_t proc_echo_fork(struct mod_ctx *ctx, int in, int out, void *release)
{
	int keep[2] = { in, out };
	pid_t pid = proc_fork(ctx, keep, 2, release);

	if (pid == 0)
		proc_echo_child(in, out);
	return pid;
}

/* Reap what has exited; returns how many are still running. */
static int reap_some(pid_t *pids, int n)
{
	int i, st, left = 0;
	pid_t r;

	for (i = 0; i < n; i++) {
		if (pids[i] <= 0)
			continue;
		r = pid_wait(pids[i], &st, WNOHANG);
		if (r == pids[i] || (r < 0 && errno == ECHILD))
			pids[i] = 0;
		else
			left++;
	}
	return left;
}

void proc_reap(pid_t *pids, int n, int grace_ms)
{
	const struct timespec ms = { 0, 1000000 };
	int i, st, waited;

	/* Counting sleeps rather than reading the clock: modules never
	   read it, and the bound only needs to be roughly right. */
	for (waited = 0; reap_some(pids, n) > 0; waited++) {
		if (waited >= grace_ms) {
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
