/* Orphans of our children come back to us and end (see reaper.h). */
#if defined(__linux__)
#define _GNU_SOURCE
#include <sys/prctl.h>
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/pid.h"
#include "sys/reaper.h"

/* pids taken per look; more are found by the next one */
#define BATCH 256
/* a descendant that forks faster than we kill would keep us here */
#define MAX_PASSES 10000

static int adopted; /* 1 a subreaper, -1 cannot be one here */

static void become_reaper(void)
{
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
	adopted = prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0 ? 1 : -1;
#else
	adopted = -1;
#endif
}

/* The pids in "12 345 " (a cut last one dropped when the text was cut). */
static int parse_pids(char *text, int cut, pid_t *out, int cap)
{
	int n = 0;
	char *end = text + strlen(text);

	if (cut)
		while (end > text && end[-1] != ' ')
			*--end = '\0';
	for (char *p = text; *p && n < cap;) {
		char *next;
		long v = strtol(p, &next, 10);
		if (next == p)
			break;
		if (v > 0)
			out[n++] = (pid_t)v;
		p = next;
		while (*p == ' ' || *p == '\n')
			p++;
	}
	return n;
}

/* Read what fits of a small /proc file into buf; its length, -1 on failure. */
static ssize_t read_small(const char *path, char *buf, size_t cap, int *cut)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t got = 0;

	if (fd < 0)
		return -1;
	while (got < cap - 1) {
		ssize_t n = read(fd, buf + got, cap - 1 - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int saved = errno;
			close(fd);
			errno = saved;
			return -1;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	*cut = got == cap - 1;
	buf[got] = '\0';
	if (close(fd) < 0)
		return -1;
	return (ssize_t)got;
}

/* The parent in /proc/PID/stat: "PID (COMM) STATE PPID ..."; the name
 * may hold anything, so the fields are counted after its last ')'. */
static pid_t parent_of(const char *name)
{
	char path[64], buf[512];
	int cut;

	if (snprintf(path, sizeof path, "/proc/%s/stat", name) >= (int)sizeof path ||
	    read_small(path, buf, sizeof buf, &cut) < 0)
		return -1;
	char *close_paren = strrchr(buf, ')');
	char state;
	long ppid;
	if (!close_paren || sscanf(close_paren + 1, " %c %ld", &state, &ppid) != 2)
		return -1;
	return (pid_t)ppid;
}

/* Without the kernel's list of children (CONFIG_PROC_CHILDREN): every
 * process's parent, from /proc. */
static int scan_proc(pid_t self, pid_t *out, int cap)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while (n < cap && (e = readdir(d)) != NULL) {
		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		if (parent_of(e->d_name) == self)
			out[n++] = (pid_t)strtol(e->d_name, NULL, 10);
	}
	if (closedir(d) < 0)
		return -1;
	return n;
}

/* Our children now, at most cap of them; -1 when they cannot be listed.
 * This process does not start children from other threads, so the main
 * thread's list is all of them. */
static int list_children(pid_t self, pid_t *out, int cap)
{
	char path[80], buf[BATCH * 12];
	int cut;

	snprintf(path, sizeof path, "/proc/%ld/task/%ld/children", (long)self, (long)self);
	if (read_small(path, buf, sizeof buf, &cut) < 0)
		return errno == ENOENT ? scan_proc(self, out, cap) : -1;
	return parse_pids(buf, cut, out, cap);
}

/* Kill one child, its group with it: our child, unreaped, still holds
 * its id, so a group of that id is one it made. */
static int kill_child(pid_t pid)
{
	int group = pid_signal_group(pid, SIGKILL) == 0;
	int alone = pid_signal(pid, SIGKILL) == 0;

	return group || alone ? 0 : -1;
}

static void reap(pid_t pid, int flags)
{
	int status;

	while (pid_wait(pid, &status, flags) < 0 && errno == EINTR)
		;
}

int reaper_sweep(void)
{
	pid_t self, kids[BATCH];
	int failed = 0;

	if (!adopted)
		become_reaper();
	if (adopted < 0)
		return 0;
	if ((self = pid_self()) < 0)
		return -1;
	for (int pass = 0; pass < MAX_PASSES; pass++) {
		int n = list_children(self, kids, BATCH), unkillable = 0;
		if (n <= 0)
			return n < 0 || failed ? -1 : 0;
		/* each generation killed hands the next one to us */
		for (int i = 0; i < n; i++) {
			int refused = kill_child(kids[i]) < 0;
			/* one we may not kill may never end: reaped only if done */
			reap(kids[i], refused ? WNOHANG : 0);
			unkillable += refused;
		}
		if (unkillable == n)
			return -1;
		failed |= unkillable > 0;
	}
	return -1;
}
