/* Files osbench itself makes: the private temp dir, the output file, and
 * the path of the exec helper. */
/* realpath() and fchown() semantics we rely on are in the XSI part of POSIX */
#define _XOPEN_SOURCE 700
#if defined(__linux__)
#define _GNU_SOURCE /* fopencookie: see sink_open */
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sys/files.h"
#include "sys/interrupt.h"
#include "sys/utf8.h"

/* The private directory stays open, as a directory stream, from its
 * creation to its removal: listing it then needs no new descriptor and
 * no memory (the stream's buffer is taken at creation), so it is removed
 * even when a run has used up every descriptor the limit allows or the
 * allocator fails.  One directory per process at a time (run and scale
 * each make and remove their own). */
static DIR *tmpdir_dir;
static char *tmpdir_path;

/* The directory as a stream; NULL with errno.  fdopendir needs fcntl(),
 * which a sandbox may deny: the path still names the directory. */
static DIR *open_stream(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;

	if (d || fd < 0)
		return d;
	close(fd);
	return opendir(path);
}

int tmpdir_create(char *path, size_t len, char *err, size_t errlen)
{
	const char *base = getenv("TMPDIR");

	if (!base || !*base)
		base = "/tmp";
	if ((size_t)snprintf(path, len, "%s/osbench.XXXXXX", base) >= len) {
		utf8_printf(err, errlen, "temp directory '%s': name too long", base);
		return -1;
	}
	if (!mkdtemp(path)) {
		utf8_printf(err, errlen, "temp directory '%s': %s", base, strerror(errno));
		return -1;
	}
	if (tmpdir_dir) {
		closedir(tmpdir_dir);
		tmpdir_dir = NULL;
	}
	free(tmpdir_path);
	tmpdir_dir = open_stream(path);
	tmpdir_path = tmpdir_dir ? strdup(path) : NULL;
	if (!tmpdir_dir || !tmpdir_path) {
		int e = tmpdir_dir ? ENOMEM : errno;
		utf8_printf(err, errlen, "temp directory '%s': %s", path, strerror(e));
		if (tmpdir_dir)
			closedir(tmpdir_dir);
		tmpdir_dir = NULL;
		rmdir(path);
		return -1;
	}
	return 0;
}

/* "DIR/NAME" on the heap, or NULL. */
static char *join(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *p = malloc(n);

	if (p)
		snprintf(p, n, "%s/%s", dir, name);
	return p;
}

/* Unlink every entry of d but directories; the first subdirectory found
 * comes back in *sub (heap) so the caller can close d before descending:
 * one descriptor at a time, whatever the depth. */
static int empty_files(DIR *d, const char *path, char **sub)
{
	struct dirent *e;
	int rc = 0;

	*sub = NULL;
	while ((e = readdir(d)) != NULL) {
		struct stat st;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (unlinkat(dirfd(d), e->d_name, 0) == 0 || errno == ENOENT)
			continue;
		if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISDIR(st.st_mode)) {
			if (!(*sub = join(path, e->d_name)))
				rc = -1;
			break;
		}
		rc = -1;
	}
	return rc;
}

/* Remove path and everything below it; d, when not NULL, is path already
 * open (it is consumed, and read from its start).  A tree without
 * subdirectories needs no memory. */
static int remove_tree(const char *path, DIR *d)
{
	for (;;) {
		char *sub;
		int rc;

		if (d)
			rewinddir(d);
		else if (!(d = open_stream(path)))
			return errno == ENOENT ? 0 : -1;
		rc = empty_files(d, path, &sub);
		closedir(d);
		d = NULL;
		if (!sub) {
			if (rc < 0)
				return -1;
			break;
		}
		rc = remove_tree(sub, NULL);
		free(sub);
		if (rc < 0)
			return -1; /* scanning again would find it again */
	}
	return rmdir(path) < 0 && errno != ENOENT ? -1 : 0;
}

int tmpdir_remove(const char *path)
{
	DIR *d = NULL;

	if (tmpdir_path && strcmp(path, tmpdir_path) == 0) {
		d = tmpdir_dir;
		tmpdir_dir = NULL;
		free(tmpdir_path);
		tmpdir_path = NULL;
	}
	return remove_tree(path, d);
}

static int is_executable(const char *p)
{
	return access(p, X_OK) == 0;
}

/* The running binary's own path, on the heap, or NULL: from the system,
 * never from PATH (which may find another osbench) or a bare argv[0]
 * (which execve would look up in the current directory). */
static char *own_binary(const char *argv0)
{
#if defined(__linux__)
	char *self = realpath("/proc/self/exe", NULL);
	if (self)
		return self;
#elif defined(__FreeBSD__)
	char *self = realpath("/proc/curproc/file", NULL);
	if (self)
		return self;
#endif
	/* without /proc (or elsewhere): argv[0] only when it is a path */
	return strchr(argv0, '/') ? realpath(argv0, NULL) : NULL;
}

/* The directory holding the running binary, on the heap (paths can be
 * PATH_MAX long: never on a small stack), or NULL. */
static char *binary_dir(const char *argv0)
{
	char *real = own_binary(argv0);
	char *slash;

	if (!real)
		return NULL;
	slash = strrchr(real, '/');
	if (slash == real)
		slash[1] = '\0'; /* the root itself */
	else if (slash)
		*slash = '\0';
	return real;
}

void self_locate(const char *argv0, char *path, size_t len)
{
	char *self = own_binary(argv0);

	snprintf(path, len, "%s", self ? self : "");
	free(self);
}

void helper_locate(const char *argv0, char *path, size_t len)
{
	static const char installed[] = "/../libexec/osbench/osbench-helper";
	const char *env = getenv("OSBENCH_HELPER");
	char *dir, *other;

	/* a relative $OSBENCH_HELPER is passed on as it is, and refused by
	   the modules that would run it */
	if (env && *env) {
		snprintf(path, len, "%s", env);
		return;
	}
	path[0] = '\0';
	if (!(dir = binary_dir(argv0)))
		return; /* the modules say it was not found */
	snprintf(path, len, "%s/osbench-helper", strcmp(dir, "/") == 0 ? "" : dir);
	other = malloc(strlen(dir) + sizeof installed);
	if (other) {
		snprintf(other, strlen(dir) + sizeof installed, "%s%s", dir, installed);
		if (!is_executable(path) && is_executable(other))
			snprintf(path, len, "%s", other);
	}
	free(other);
	free(dir);
}

/* ---- output files ------------------------------------------------------
 *
 * What the caller writes goes to memory first (open_memstream), and to the
 * file only at commit: then the results survive whatever the file system
 * does, and when the file cannot take them they go to standard output.
 *
 * Where the bytes go:
 *   a regular file (also through symbolic links, followed here hop by hop
 *   so a dangling link names the file to create): a temporary beside the
 *   final target, renamed over it, so the file appears whole or not at
 *   all and the links stay links;
 *   anything else (a device, a FIFO, /dev/stdout, a link through /proc or
 *   /dev/fd, which names an open descriptor): written in place, since a
 *   rename would put a plain file where the node or link was. */

#define MAX_HOPS 40 /* as the kernels' own symbolic-link limit */

/* A link into these names an open descriptor, not a file to replace. */
static int is_descriptor_link(const char *path)
{
	return strncmp(path, "/proc/", 6) == 0 || strncmp(path, "/dev/fd/", 8) == 0;
}

/* The link's text taken relative to the link's own directory. */
static char *link_next(const char *link, const char *text)
{
	const char *slash = strrchr(link, '/');
	size_t dlen = slash ? (size_t)(slash - link) + 1 : 0;
	char *p;

	if (text[0] == '/' || dlen == 0)
		return strdup(text);
	if (!(p = malloc(dlen + strlen(text) + 1)))
		return NULL;
	memcpy(p, link, dlen);
	strcpy(p + dlen, text);
	return p;
}

/* Follow the symbolic links from target to the path that is not one (it
 * may not exist: a dangling link).  *through is set when a hop goes
 * through a descriptor link.  The path on the heap, or NULL with errno. */
static char *follow_links(const char *target, int *through)
{
	char *cur = strdup(target);

	*through = 0;
	for (int hop = 0; cur && hop < MAX_HOPS; hop++) {
		struct stat st;
		char *text, *next;
		ssize_t n;

		if (is_descriptor_link(cur))
			*through = 1;
		if (lstat(cur, &st) < 0)
			return errno == ENOENT ? cur : (free(cur), NULL);
		if (!S_ISLNK(st.st_mode))
			return cur;
		if (!(text = malloc(PATH_MAX + 1))) {
			free(cur);
			return NULL;
		}
		n = readlink(cur, text, PATH_MAX + 1);
		if (n < 0 || n > PATH_MAX) {
			if (n > PATH_MAX)
				errno = ENAMETOOLONG;
			free(text);
			free(cur);
			return NULL;
		}
		text[n] = '\0';
		next = link_next(cur, text);
		free(text);
		free(cur);
		cur = next;
	}
	if (cur) {
		free(cur);
		errno = ELOOP;
	}
	return NULL;
}

/* Letters for temporary names: mkstemp would fix the mode at 0600. */
static void random_suffix(char *s, size_t n)
{
	static const char set[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	static unsigned long counter;
	struct timespec ts;
	unsigned long x;

	if (clock_gettime(CLOCK_REALTIME, &ts) < 0)
		ts.tv_nsec = 0;
	x = (unsigned long)ts.tv_nsec * 2654435761u ^ (unsigned long)getpid() << 16 ^ ++counter;
	for (size_t i = 0; i < n; i++) {
		x = x * 6364136223846793005u + 1442695040888963407u;
		s[i] = set[(x >> 33) % (sizeof set - 1)];
	}
}

/* Create "DEST.XXXXXX" exclusively.  A new file gets 0666 less the umask
 * (the kernel applies it, and any default ACL); an existing one's mode,
 * and as root its owner and group, pass to the replacement. */
static int make_temp(struct outfile *o, const struct stat *old)
{
	size_t n = strlen(o->dest) + 8;

	if (!(o->tmp = malloc(n)))
		return -1;
	for (int tries = 0; tries < 100; tries++) {
		snprintf(o->tmp, n, "%s.", o->dest);
		random_suffix(o->tmp + n - 7, 6);
		o->tmp[n - 1] = '\0';
		o->fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, old ? 0600 : 0666);
		if (o->fd >= 0)
			break;
		if (errno != EEXIST)
			break;
	}
	if (o->fd < 0)
		goto fail;
	if (!old)
		return 0;
	/* owner first: a chown clears set-id bits the chmod then restores */
	if (geteuid() == 0 && (old->st_uid != geteuid() || old->st_gid != getegid()) &&
	    fchown(o->fd, old->st_uid, old->st_gid) < 0)
		goto fail;
	if (fchmod(o->fd, old->st_mode & 07777) < 0)
		goto fail;
	return 0;
fail:;
	int e = errno;
	if (o->fd >= 0) {
		close(o->fd);
		unlink(o->tmp);
		o->fd = -1;
	}
	free(o->tmp);
	o->tmp = NULL;
	errno = e;
	return -1;
}

/* What the caller writes, in memory until the commit. */
struct outfile_sink {
	char *buf;
	size_t len, cap;
};

#if defined(__linux__)
/* glibc's open_memstream drops what it cannot find memory for and sets no
 * error (a write returns short, ferror stays 0): the commit would put a
 * cut-short file in place and exit 0.  A stream of our own makes a failed
 * allocation a write error, so the output is known whole or not. */
static ssize_t sink_write(void *cookie, const char *p, size_t n)
{
	struct outfile_sink *s = cookie;

	if (n > s->cap - s->len) {
		size_t cap = s->cap ? s->cap : 4096;
		char *grown;
		while (cap - s->len < n) {
			if (cap > SIZE_MAX / 2) {
				errno = EFBIG;
				return 0;
			}
			cap *= 2;
		}
		if (!(grown = realloc(s->buf, cap)))
			return 0; /* stdio sets the error flag on a short write */
		s->buf = grown;
		s->cap = cap;
	}
	memcpy(s->buf + s->len, p, n);
	s->len += n;
	return (ssize_t)n;
}

static FILE *sink_open(struct outfile_sink *s)
{
	return fopencookie(s, "w", (cookie_io_functions_t){ .write = sink_write });
}
#else
static FILE *sink_open(struct outfile_sink *s)
{
	return open_memstream(&s->buf, &s->len);
}
#endif

/* Decide where the bytes go and open it: 0, or -1 with errno. */
static int open_dest(struct outfile *o, const char *target)
{
	struct stat st, fin;
	int through, found = stat(target, &st) == 0;

	if (found && !S_ISREG(st.st_mode))
		goto in_place;
	if (!(o->dest = follow_links(target, &through)))
		return -1;
	if (lstat(o->dest, &fin) < 0) {
		if (errno != ENOENT)
			return -1;
		/* a new file, or a dangling link's target; but a link that
		   stat could follow and we could not is not ours to guess */
		if (found || through)
			goto in_place;
		return make_temp(o, NULL);
	}
	/* the file the link chain names must be the one stat reached */
	if (through || !found || !S_ISREG(fin.st_mode) || fin.st_dev != st.st_dev ||
	    fin.st_ino != st.st_ino)
		goto in_place;
	return make_temp(o, &fin);
in_place:
	free(o->dest);
	o->dest = NULL;
	o->fd = open(target, O_WRONLY | O_TRUNC | O_CLOEXEC);
	return o->fd < 0 ? -1 : 0;
}

static void outfile_free(struct outfile *o)
{
	if (o->f) {
		fclose(o->f);
		o->f = NULL;
	}
	if (o->mem) {
		free(o->mem->buf);
		free(o->mem);
		o->mem = NULL;
	}
	if (o->fd >= 0) {
		close(o->fd);
		o->fd = -1;
	}
	if (o->tmp) {
		unlink(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
	}
	free(o->dest);
	o->dest = NULL;
}

int outfile_open(struct outfile *o, const char *target, char *err, size_t errlen)
{
	*o = (struct outfile){ .fd = -1, .target = target };
	if (open_dest(o, target) < 0) {
		utf8_printf(err, errlen, "output '%s': %s", target, strerror(errno));
		outfile_free(o);
		return -1;
	}
	if (!(o->mem = calloc(1, sizeof *o->mem)) || !(o->f = sink_open(o->mem))) {
		utf8_printf(err, errlen, "output '%s': %s", target, strerror(errno));
		outfile_free(o);
		return -1;
	}
	return 0;
}

/* All of buf to fd; -1 with errno.  A signal that is to end the run ends
 * the wait on a FIFO nobody reads. */
static int write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t w = write(fd, buf, len);
		if (w < 0 && errno == EINTR && !interrupt_signal())
			continue;
		if (w < 0)
			return -1;
		buf += w;
		len -= (size_t)w;
	}
	return 0;
}

/* The bytes into the destination and the temporary into place. */
static int store(struct outfile *o)
{
	int failed = write_all(o->fd, o->mem->buf, o->mem->len) < 0 ||
		     (o->tmp && fsync(o->fd) < 0);
	int e = errno;

	if (close(o->fd) < 0 && !failed) {
		failed = 1;
		e = errno;
	}
	o->fd = -1;
	if (!failed && o->tmp && rename(o->tmp, o->dest) < 0) {
		failed = 1;
		e = errno;
	}
	if (!failed && o->tmp) {
		free(o->tmp); /* renamed: nothing to remove any more */
		o->tmp = NULL;
	}
	errno = e;
	return failed ? -1 : 0;
}

int outfile_commit(struct outfile *o, char *err, size_t errlen)
{
	int e;

	if (fflush(o->f) != 0 || ferror(o->f)) {
		utf8_printf(err, errlen, "output '%s': %s", o->target, strerror(errno));
		outfile_free(o);
		return -1;
	}
	if (store(o) == 0) {
		outfile_free(o);
		return 0;
	}
	/* the file cannot take the results: they are not to be lost */
	e = errno;
	if (o->tmp) {
		unlink(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
	}
	if (fwrite(o->mem->buf, 1, o->mem->len, stdout) == o->mem->len && fflush(stdout) == 0)
		utf8_printf(err, errlen, "output '%s': %s; the results are on standard output instead",
			    o->target, strerror(e));
	else
		utf8_printf(err, errlen, "output '%s': %s; standard output failed too: %s", o->target,
			    strerror(e), strerror(errno));
	outfile_free(o);
	return -1;
}

void outfile_abort(struct outfile *o)
{
	outfile_free(o);
}
