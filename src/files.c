/* Files osbench itself makes: the private temp dir, the output file, and
 * the path of the exec helper. */
/* realpath() is in the XSI part of POSIX */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"

int tmpdir_create(char *path, size_t len, char *err, size_t errlen)
{
	const char *base = getenv("TMPDIR");

	if (!base || !*base)
		base = "/tmp";
	if ((size_t)snprintf(path, len, "%s/osbench.XXXXXX", base) >= len) {
		snprintf(err, errlen, "temp directory '%s': name too long", base);
		return -1;
	}
	if (!mkdtemp(path)) {
		snprintf(err, errlen, "temp directory '%s': %s", base, strerror(errno));
		return -1;
	}
	return 0;
}

int tmpdir_remove(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	char child[PATH_MAX];
	int rc = 0;

	if (!d)
		return errno == ENOENT ? 0 : -1;
	while ((e = readdir(d)) != NULL) {
		struct stat st;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if ((size_t)snprintf(child, sizeof child, "%s/%s", path, e->d_name) >= sizeof child)
			continue;
		if (lstat(child, &st) == 0 && S_ISDIR(st.st_mode))
			rc |= tmpdir_remove(child);
		else if (unlink(child) < 0 && errno != ENOENT)
			rc = -1;
	}
	closedir(d);
	if (rmdir(path) < 0 && errno != ENOENT)
		rc = -1;
	return rc;
}

static int is_executable(const char *p)
{
	return access(p, X_OK) == 0;
}

/* The directory holding the running binary, from argv[0] and PATH. */
static int binary_dir(const char *argv0, char *dir, size_t len)
{
	char found[PATH_MAX], real[PATH_MAX];
	const char *path = getenv("PATH");

	found[0] = '\0';
	if (strchr(argv0, '/')) {
		snprintf(found, sizeof found, "%s", argv0);
	} else if (path) {
		const char *p = path;
		while (*p && !found[0]) {
			size_t n = strcspn(p, ":");
			char cand[PATH_MAX];
			if ((size_t)snprintf(cand, sizeof cand, "%.*s/%s", (int)n, p, argv0) <
				    sizeof cand && is_executable(cand))
				snprintf(found, sizeof found, "%s", cand);
			p += n + (p[n] == ':');
		}
	}
	if (!found[0] || !realpath(found, real))
		return -1;
	char *slash = strrchr(real, '/');
	*slash = '\0';
	snprintf(dir, len, "%s", real[0] ? real : "/");
	return 0;
}

void helper_locate(const char *argv0, char *path, size_t len)
{
	const char *env = getenv("OSBENCH_HELPER");
	char dir[PATH_MAX], installed[PATH_MAX + 64];

	if (env && *env) {
		snprintf(path, len, "%s", env);
		return;
	}
	if (binary_dir(argv0, dir, sizeof dir) < 0) {
		snprintf(path, len, "osbench-helper");
		return;
	}
	snprintf(installed, sizeof installed, "%s/../libexec/osbench/osbench-helper", dir);
	snprintf(path, len, "%s/osbench-helper", dir);
	if (!is_executable(path) && is_executable(installed))
		snprintf(path, len, "%s", installed);
}

/* A target that exists and is not a regular file (/dev/null, a fifo,
 * /dev/stdout) is written in place: renaming over it would replace a
 * device node with a file. */
static int is_special(const char *target)
{
	struct stat st;

	return stat(target, &st) == 0 && !S_ISREG(st.st_mode);
}

int outfile_open(struct outfile *o, const char *target, char *err, size_t errlen)
{
	int fd;

	o->target = target;
	o->f = NULL;
	o->tmp[0] = '\0';
	if (is_special(target)) {
		if (!(o->f = fopen(target, "w"))) {
			snprintf(err, errlen, "output '%s': %s", target, strerror(errno));
			return -1;
		}
		return 0;
	}
	if ((size_t)snprintf(o->tmp, sizeof o->tmp, "%s.XXXXXX", target) >= sizeof o->tmp) {
		snprintf(err, errlen, "output '%s': name too long", target);
		return -1;
	}
	fd = mkstemp(o->tmp);
	if (fd < 0) {
		snprintf(err, errlen, "output '%s': %s", target, strerror(errno));
		o->tmp[0] = '\0';
		return -1;
	}
	/* mkstemp makes 0600; a result file is as readable as any other */
	if (fchmod(fd, 0644) < 0 || !(o->f = fdopen(fd, "w"))) {
		snprintf(err, errlen, "output '%s': %s", target, strerror(errno));
		close(fd);
		unlink(o->tmp);
		o->tmp[0] = '\0';
		return -1;
	}
	return 0;
}

int outfile_commit(struct outfile *o, char *err, size_t errlen)
{
	int in_place = o->tmp[0] == '\0';
	int failed = fflush(o->f) != 0 || ferror(o->f) ||
		     (!in_place && fsync(fileno(o->f)) < 0);
	int saved = errno;

	if (fclose(o->f) != 0 && !failed) {
		failed = 1;
		saved = errno;
	}
	o->f = NULL;
	if (!failed && (in_place || rename(o->tmp, o->target) == 0))
		return 0;
	if (!failed)
		saved = errno;
	snprintf(err, errlen, "output '%s': %s", o->target, strerror(saved));
	if (!in_place)
		unlink(o->tmp);
	return -1;
}

void outfile_abort(struct outfile *o)
{
	if (o->f) {
		fclose(o->f);
		o->f = NULL;
	}
	if (o->tmp[0])
		unlink(o->tmp);
}
