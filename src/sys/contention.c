/* Reading what took CPU time away from a measurement; see contention.h.
 * Linux counts all four; elsewhere each reader says it cannot tell. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/affinity.h"
#include "sys/contention.h"

/* The whole of a small /proc or /sys file, NUL-terminated: its length,
 * or -1. */
static ssize_t read_small(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t got = 0;

	if (fd < 0)
		return -1;
	while (got + 1 < len) {
		ssize_t n = read(fd, buf + got, len - 1 - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	buf[got] = '\0';
	if (close(fd) < 0)
		return -1;
	return (ssize_t)got;
}

int contention_wait_ns(double *ns)
{
	char buf[128];
	unsigned long long run, wait;

	if (read_small("/proc/thread-self/schedstat", buf, sizeof buf) < 0 &&
	    read_small("/proc/self/schedstat", buf, sizeof buf) < 0)
		return -1;
	if (sscanf(buf, "%llu %llu", &run, &wait) != 2)
		return -1;
	*ns = (double)wait;
	return 0;
}

/* "cpuN user nice system idle iowait irq softirq steal ...": steal is the
 * eighth number. */
static int stat_line(const char *line, double *steal, double *total)
{
	unsigned long long v[8] = { 0 };
	const char *p = line;

	while (*p && !isspace((unsigned char)*p))
		p++;
	for (int i = 0; i < 8; i++) {
		char *end;
		errno = 0;
		v[i] = strtoull(p, &end, 10);
		if (end == p || errno)
			return -1;
		p = end;
	}
	*steal = (double)v[7];
	*total = 0;
	for (int i = 0; i < 8; i++)
		*total += (double)v[i];
	return 0;
}

int contention_steal(int cpu, double *steal, double *total)
{
	static char buf[16384];
	char want[24];
	size_t wlen;

	if (read_small("/proc/stat", buf, sizeof buf) < 0)
		return -1;
	if (cpu < 0)
		snprintf(want, sizeof want, "cpu ");
	else
		snprintf(want, sizeof want, "cpu%d ", cpu);
	wlen = strlen(want);
	for (const char *line = buf; *line;) {
		const char *nl = strchr(line, '\n');
		if (strncmp(line, want, wlen) == 0)
			return stat_line(line, steal, total);
		if (!nl)
			break;
		line = nl + 1;
	}
	return -1;
}

/* Whether the comma-separated names hold name exactly ("cpu" is not
 * "cpuset"). */
static int has_name(const char *names, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = names; *p;) {
		const char *comma = strchr(p, ',');
		size_t n = comma ? (size_t)(comma - p) : strlen(p);
		if (n == len && strncmp(p, name, len) == 0)
			return 1;
		if (!comma)
			break;
		p = comma + 1;
	}
	return 0;
}

/* The cgroup path of this process for controller ("" for v2's unified
 * line), into out. */
static int cgroup_path(const char *controller, char *out, size_t len)
{
	char buf[4096];

	if (read_small("/proc/self/cgroup", buf, sizeof buf) < 0)
		return -1;
	for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
		char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
		if (!c2)
			continue;
		*c2 = '\0';
		const char *names = c1 + 1;
		int match = controller[0] ? has_name(names, controller)
					  : strcmp(line, "0") == 0 && names[0] == '\0';
		if (match) {
			snprintf(out, len, "%s", c2 + 1);
			return 0;
		}
	}
	return -1;
}

static int cpu_stat_field(const char *path, const char *field, double *v)
{
	char buf[1024];
	size_t flen = strlen(field);

	if (read_small(path, buf, sizeof buf) < 0)
		return -1;
	for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
		if (strncmp(line, field, flen) == 0 && line[flen] == ' ') {
			*v = strtod(line + flen + 1, NULL);
			return 0;
		}
	return -1;
}

int contention_throttled_ns(double *ns)
{
	char cg[2048], path[2600];
	double v;

	if (cgroup_path("", cg, sizeof cg) == 0) {
		snprintf(path, sizeof path, "/sys/fs/cgroup%s/cpu.stat", cg);
		if (cpu_stat_field(path, "throttled_usec", &v) == 0) {
			*ns = v * 1000.0;
			return 0;
		}
	}
	if (cgroup_path("cpu", cg, sizeof cg) == 0) {
		static const char *const mounts[] = { "/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct" };
		for (size_t i = 0; i < sizeof mounts / sizeof mounts[0]; i++) {
			snprintf(path, sizeof path, "%s%s/cpu.stat", mounts[i],
				 strcmp(cg, "/") == 0 ? "" : cg);
			if (cpu_stat_field(path, "throttled_time", &v) == 0) {
				*ns = v;
				return 0;
			}
		}
	}
	return -1;
}

/* ---- another osbench ---------------------------------------------------- */

/* The most other osbench processes a figure's reason names. */
#define PEERS_NAMED 3

static pid_t parent_of(pid_t pid)
{
	char path[64], buf[512];
	const char *close_paren;
	long ppid;

	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	if (read_small(path, buf, sizeof buf) < 0)
		return -1;
	/* the name in parentheses may itself hold spaces and parentheses */
	close_paren = strrchr(buf, ')');
	if (!close_paren || sscanf(close_paren + 1, " %*c %ld", &ppid) != 1)
		return -1;
	return (pid_t)ppid;
}

/* Whether a lies on b's line of parents (a == b counts). */
static int is_ancestor(pid_t a, pid_t b)
{
	for (int depth = 0; b > 1 && depth < 64; depth++) {
		if (a == b)
			return 1;
		b = parent_of(b);
	}
	return a == b;
}

/* Whether the list ("0-3,6") holds cpu and fewer CPUs than are online:
 * a process pinned where it competes with us. */
static int pinned_to(const char *list, int cpu)
{
	int count = 0, has = 0;

	for (const char *p = list; *p && *p != '\n';) {
		char *end;
		long lo = strtol(p, &end, 10), hi = lo;
		if (end == p)
			return 0;
		if (*end == '-') {
			p = end + 1;
			hi = strtol(p, &end, 10);
			if (end == p)
				return 0;
		}
		count += (int)(hi - lo + 1);
		has |= cpu >= lo && cpu <= hi;
		p = *end == ',' ? end + 1 : end;
	}
	return has && count < affinity_online_cpus();
}

/* "osbench (pid 7)", "osbench (pids 7, 9)" */
static void name_peers(const long *pids, int n, char *who, size_t len)
{
	size_t used = (size_t)snprintf(who, len, "osbench (pid%s", n > 1 ? "s" : "");

	for (int i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(who + used, len - used, "%s%ld", i ? ", " : " ", pids[i]);
	if (used < len)
		snprintf(who + used, len - used, ")");
}

/* Whether the status text is of a process that has ended (a zombie its
 * parent has not reaped, or one being reaped): it takes no CPU. */
static int has_ended(const char *status)
{
	const char *state = strstr(status, "\nState:");

	if (!state)
		return 0;
	state += strlen("\nState:");
	while (*state == ' ' || *state == '\t')
		state++;
	return *state == 'Z' || *state == 'X';
}

static int pinned_osbench(pid_t pid, int cpu)
{
	char path[64], buf[2048];
	const char *list;

	snprintf(path, sizeof path, "/proc/%ld/comm", (long)pid);
	if (read_small(path, buf, sizeof buf) < 0 || strcmp(buf, "osbench\n") != 0)
		return 0;
	snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
	if (read_small(path, buf, sizeof buf) < 0 || has_ended(buf))
		return 0;
	list = strstr(buf, "\nCpus_allowed_list:");
	if (!list)
		return 0;
	list += strlen("\nCpus_allowed_list:");
	while (*list == ' ' || *list == '\t')
		list++;
	return pinned_to(list, cpu);
}

int contention_peer(pid_t self, int cpu, char *who, size_t len)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	long pids[PEERS_NAMED];
	int found = 0;

	if (!d)
		return -1;
	while (found < PEERS_NAMED && (e = readdir(d)) != NULL) {
		char *end;
		long pid = strtol(e->d_name, &end, 10);
		if (end == e->d_name || *end || pid <= 1 || pid == self)
			continue;
		if (!pinned_osbench((pid_t)pid, cpu) || is_ancestor(self, (pid_t)pid) ||
		    is_ancestor((pid_t)pid, self))
			continue;
		pids[found++] = pid;
	}
	if (closedir(d) < 0)
		return -1;
	if (found)
		name_peers(pids, found, who, len);
	return found > 0;
}
