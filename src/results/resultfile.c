/* Reading result files back: the table, long and json formats that the
 * writers produce, for compare, check and plot; the entry points and
 * file I/O.  The formats are read by read_text.c and read_json.c.
 *
 * The reader is written to be fed anything (it is fuzzed): it never reads
 * past the buffer it is given (no strtod or strchr on the raw data, every
 * scan is bounded by the length), it bounds the work (lines of at most
 * 64 KiB, at most RFILE_MAX_FIGS figures and RFILE_MAX_SAMPLES samples,
 * JSON nested at most JSON_MAX_DEPTH deep), and the only allocations are
 * the figure array and the sample pool, freed on every error path.
 *
 * One file holds one host.  A table-format file with two data rows under
 * one header, or two host records (files concatenated with cat), is
 * rejected: compare takes the files one by one instead, which keeps the
 * Host/OS/Mhz of each file unambiguous. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "results/parse.h"
#include "results/resultfile.h"
#include "sys/utf8.h"

/* Before any parsing: the bytes must be text.  Binary files, control
 * characters, bytes that are not UTF-8 and over-long lines are refused
 * here, so the parsers can assume lines of UTF-8 text. */
static int scan_bytes(struct parser *ps)
{
	size_t linelen = 0;
	int line = 1, blank = 1;

	if (ps->len == 0)
		return fail_at(ps, 0, "empty file");
	for (size_t i = 0; i < ps->len; i++) {
		unsigned char c = (unsigned char)ps->data[i];
		if (c == '\n') {
			line++;
			linelen = 0;
			continue;
		}
		if (++linelen > MAX_LINE)
			return fail_at(ps, line, "longer than 64 KiB: not an osbench result file");
		if (c == '\r' && i + 1 < ps->len && ps->data[i + 1] == '\n')
			continue;
		if (c == 0)
			return fail_at(ps, line, "binary data (a NUL byte): not an osbench result file");
		if ((c < 0x20 && c != '\t') || c == 0x7f)
			return fail_at(ps, line,
				       "binary data (control byte 0x%02x): not an osbench result file",
				       c);
		if (c >= 0x80) {
			/* as --label's rule: a reader that took any bytes would
			   pass them on to the JSON and XML it writes */
			size_t n = utf8_char(ps->data + i, ps->len - i, NULL);
			if (n == 0)
				return fail_at(ps, line, "byte 0x%02x at byte %zu is not UTF-8", c,
					       linelen);
			i += n - 1;
			linelen += n - 1;
		}
		blank &= c == ' ' || c == '\t' || c == '\r';
	}
	return blank ? fail_at(ps, 0, "empty file") : 0;
}


/* The host name when the file does not say: the file's own name. */
static void default_host(struct rfile *f, const char *name)
{
	const char *base = strrchr(name, '/');
	size_t n;

	base = base ? base + 1 : name;
	n = strcspn(base, ".");
	utf8_printf(f->host, sizeof f->host, "%.*s", (int)(n ? n : strlen(base)), base);
}

/* A text file written by osbench 0.2 or later says it is complete. */
static int complete(struct parser *ps, int json)
{
	if (json)
		return 0;
	if (ps->end_line && ps->end_count != (long)ps->f->nfigs)
		return fail_at(ps, ps->end_line, "the end line says %ld figures, the file holds %zu: "
						 "cut short", ps->end_count, ps->f->nfigs);
	if (!ps->end_line && ps->format >= 2)
		return fail_at(ps, 0, "no '# end: N figures' line: the file is cut short");
	return 0;
}

static int finish(struct parser *ps)
{
	struct rfile *f = ps->f;

	if (f->nfigs == 0)
		return fail_at(ps, 0, "no figures in the file");
	if (!f->os[0] && ps->os_sys[0])
		snprintf(f->os, sizeof f->os, "%s%s%s", ps->os_sys, ps->os_release[0] ? " " : "",
			 ps->os_release);
	if (!f->host[0])
		default_host(f, ps->name);
	return 0;
}

static int first_significant(const char *data, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (data[i] != ' ' && data[i] != '\t' && data[i] != '\n' && data[i] != '\r')
			return (unsigned char)data[i];
	return 0;
}

int rfile_parse(const char *name, const char *data, size_t len, struct rfile *f, char *err,
		size_t errlen)
{
	struct parser ps = { .name = name, .data = data, .len = len, .f = f, .err = err,
			     .errlen = errlen, .format = 1 };
	int rc;

	memset(f, 0, sizeof *f);
	snprintf(f->path, sizeof f->path, "%s", name);
	if (scan_bytes(&ps) < 0)
		return -1;
	int json = first_significant(data, len) == '{';

	rc = json ? parse_json(&ps) : parse_text(&ps);
	if (rc == 0)
		rc = finish(&ps);
	if (rc == 0)
		rc = complete(&ps, json);
	if (rc < 0)
		rfile_free(f);
	return rc;
}

/* A regular file opened for reading, or -1 after saying why.  O_NONBLOCK
 * so that a FIFO without a writer cannot hold up the open; anything but a
 * regular file (a FIFO, a device, a directory) is refused before any read
 * could wait on it. */
static int open_regular(const char *path, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	int fl;

	if (fd < 0) {
		utf8_printf(err, errlen, "'%s': %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0)
		utf8_printf(err, errlen, "'%s': %s", path, strerror(errno));
	else if (S_ISDIR(st.st_mode)) /* as read() would have said */
		utf8_printf(err, errlen, "'%s': %s", path, strerror(EISDIR));
	else if (!S_ISREG(st.st_mode))
		utf8_printf(err, errlen, "'%s': not a regular file", path);
	else if ((fl = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0)
		utf8_printf(err, errlen, "'%s': %s", path, strerror(errno));
	else
		return fd;
	close(fd);
	return -1;
}

/* The whole file, up to MAX_FILE bytes. */
static int slurp(const char *path, char **out, size_t *len, char *err, size_t errlen)
{
	int fd = open_regular(path, err, errlen);
	size_t cap = 0, n = 0;
	char *buf = NULL;

	if (fd < 0)
		return -1;
	for (;;) {
		ssize_t got;
		if (n == cap) {
			char *more;
			cap = cap ? cap * 2 : 65536;
			if (cap > (size_t)MAX_FILE + 1)
				cap = (size_t)MAX_FILE + 1;
			if (n == cap) {
				utf8_printf(err, errlen, "'%s': larger than %d MiB: not an osbench result file",
					    path, MAX_FILE >> 20);
				break;
			}
			if (!(more = realloc(buf, cap))) {
				utf8_printf(err, errlen, "'%s': %s", path, strerror(ENOMEM));
				break;
			}
			buf = more;
		}
		got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			utf8_printf(err, errlen, "'%s': %s", path, strerror(errno));
			break;
		}
		if (got == 0) {
			close(fd);
			*out = buf;
			*len = n;
			return 0;
		}
		n += (size_t)got;
	}
	free(buf);
	close(fd);
	return -1;
}

int rfile_read(const char *path, struct rfile *f, char *err, size_t errlen)
{
	char *data = NULL;
	size_t len = 0;
	int rc;

	memset(f, 0, sizeof *f);
	if (slurp(path, &data, &len, err, errlen) < 0)
		return -1;
	rc = rfile_parse(path, data, len, f, err, errlen);
	free(data);
	return rc;
}
