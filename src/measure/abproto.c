/* ab's child protocol: requests as words, replies as lines. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/abproto.h"
#include "sys/utf8.h"
#include "measure/abtext.h"

#define REPLY_MAGIC "osbench-ab"
/* The most of a word a message quotes, in bytes: a tmpdir= word can be
 * 4 KB, and the message must still say what is wrong with it. */
#define QUOTE_MAX 120

int abproto_request_words(const struct ab_request *q, char buf[][AB_WORD_LEN], char **words)
{
	int k = 0;

	snprintf(buf[k++], AB_WORD_LEN, "%s", AB_CHILD_WORD);
	snprintf(buf[k++], AB_WORD_LEN, "protocol=%d", q->protocol);
	if (q->hello) {
		snprintf(buf[k++], AB_WORD_LEN, "hello");
	} else {
		snprintf(buf[k++], AB_WORD_LEN, "module=%s", q->module);
		snprintf(buf[k++], AB_WORD_LEN, "procs=%d", q->procs);
		snprintf(buf[k++], AB_WORD_LEN, "size_kb=%d", q->size_kb);
		snprintf(buf[k++], AB_WORD_LEN, "time_ms=%.17g", q->time_ms);
		snprintf(buf[k++], AB_WORD_LEN, "samples=%d", q->samples);
		snprintf(buf[k++], AB_WORD_LEN, "placement=%s", q->placement);
		snprintf(buf[k++], AB_WORD_LEN, "cpu=%d", q->cpu);
		snprintf(buf[k++], AB_WORD_LEN, "io_timeout_ms=%d", q->io_timeout_ms);
		snprintf(buf[k++], AB_WORD_LEN, "tmpdir=%s", q->tmpdir);
		snprintf(buf[k++], AB_WORD_LEN, "n=%" PRIu64, q->n);
		snprintf(buf[k++], AB_WORD_LEN, "base_n=%" PRIu64, q->base_n);
		if (q->buffer_mb > 0)
			snprintf(buf[k++], AB_WORD_LEN, "buffer_mb=%d", q->buffer_mb);
	}
	if (!q->hello && q->report_fd > 0) {
		snprintf(buf[k++], AB_WORD_LEN, "report_fd=%d", q->report_fd);
		snprintf(buf[k++], AB_WORD_LEN, "level=%d", q->level);
		snprintf(buf[k++], AB_WORD_LEN, "use_procs=%d", q->use_procs);
		snprintf(buf[k++], AB_WORD_LEN, "tail=%d", q->tail);
		snprintf(buf[k++], AB_WORD_LEN, "helper=%s", q->helper);
		snprintf(buf[k++], AB_WORD_LEN, "remote_host=%s", q->remote_host);
		snprintf(buf[k++], AB_WORD_LEN, "remote_port=%s", q->remote_port);
	}
	for (int i = 0; i < k; i++)
		words[i] = buf[i];
	return k;
}

void abproto_request_for(const struct subject *s, const struct run_opts *o, uint64_t n,
			 uint64_t base_n, struct ab_request *q)
{
	memset(q, 0, sizeof *q);
	q->protocol = AB_PROTOCOL;
	snprintf(q->module, sizeof q->module, "%s", s->mod->name);
	q->procs = s->procs;
	q->size_kb = s->size_kb;
	q->time_ms = o->target_ms;
	q->samples = o->samples;
	snprintf(q->placement, sizeof q->placement, "%s", placement_name(o->placement));
	q->cpu = o->cpu;
	q->io_timeout_ms = o->io_timeout_ms;
	snprintf(q->tmpdir, sizeof q->tmpdir, "%s", o->tmpdir);
	q->n = n;
	q->base_n = base_n;
	q->buffer_mb = (int)(o->buffer_bytes >> 20);
}

/* ---- numbers ------------------------------------------------------------- */

static int whole(const char *text, long lo, long hi, int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(text, &end, 10);
	if (errno || end == text || *end || v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

static int count64(const char *text, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (text[0] < '0' || text[0] > '9')
		return -1;
	errno = 0;
	v = strtoull(text, &end, 10);
	if (errno || *end)
		return -1;
	*out = (uint64_t)v;
	return 0;
}

static int real(const char *text, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(text, &end);
	return errno || end == text || *end || !isfinite(*out) ? -1 : 0;
}

static int copy_text(char *dst, size_t len, const char *src)
{
	if (strlen(src) >= len)
		return -1;
	memcpy(dst, src, strlen(src) + 1);
	return 0;
}

/* ---- requests ------------------------------------------------------------ */

static int request_key(struct ab_request *q, const char *key, const char *v)
{
	if (strcmp(key, "module") == 0)
		return copy_text(q->module, sizeof q->module, v);
	if (strcmp(key, "procs") == 0)
		return whole(v, 0, 65536, &q->procs);
	if (strcmp(key, "size_kb") == 0)
		return whole(v, 0, 1 << 20, &q->size_kb);
	if (strcmp(key, "time_ms") == 0)
		return real(v, &q->time_ms) < 0 || !(q->time_ms > 0) ? -1 : 0;
	if (strcmp(key, "samples") == 0)
		return whole(v, 1, CHILD_MAX_SAMPLES, &q->samples);
	if (strcmp(key, "placement") == 0)
		return copy_text(q->placement, sizeof q->placement, v);
	if (strcmp(key, "cpu") == 0)
		return whole(v, 0, 4095, &q->cpu);
	if (strcmp(key, "io_timeout_ms") == 0)
		return whole(v, 1, 86400000, &q->io_timeout_ms);
	if (strcmp(key, "tmpdir") == 0)
		return copy_text(q->tmpdir, sizeof q->tmpdir, v);
	if (strcmp(key, "n") == 0)
		return count64(v, &q->n);
	if (strcmp(key, "base_n") == 0)
		return count64(v, &q->base_n);
	if (strcmp(key, "buffer_mb") == 0)
		return whole(v, 1, 1 << 20, &q->buffer_mb);
	if (strcmp(key, "report_fd") == 0)
		return whole(v, 3, 1 << 20, &q->report_fd);
	if (strcmp(key, "level") == 0)
		return whole(v, 0, 65536, &q->level);
	if (strcmp(key, "use_procs") == 0)
		return whole(v, 0, 1, &q->use_procs);
	if (strcmp(key, "tail") == 0)
		return whole(v, 0, 1, &q->tail);
	if (strcmp(key, "helper") == 0)
		return copy_text(q->helper, sizeof q->helper, v);
	if (strcmp(key, "remote_host") == 0)
		return copy_text(q->remote_host, sizeof q->remote_host, v);
	if (strcmp(key, "remote_port") == 0)
		return copy_text(q->remote_port, sizeof q->remote_port, v);
	return -1;
}

/* The request's keys, each allowed once: with two, which one the child
 * took would be a matter of its parser. */
static const char *const request_keys[] = {
	"hello", "module", "procs", "size_kb", "time_ms", "samples", "placement",
	"cpu", "io_timeout_ms", "tmpdir", "n", "base_n",
	"report_fd", "level", "use_procs", "tail", "helper", "remote_host", "remote_port",
	"buffer_mb",
};
#define NREQUEST_KEYS (sizeof request_keys / sizeof request_keys[0])

static int request_key_index(const char *word)
{
	size_t klen = strcspn(word, "=");

	for (size_t k = 0; k < NREQUEST_KEYS; k++)
		if (strlen(request_keys[k]) == klen && strncmp(word, request_keys[k], klen) == 0)
			return (int)k;
	return -1;
}

int abproto_parse_request(int argc, char **argv, struct ab_request *q, char *why, size_t len)
{
	unsigned seen = 0;

	memset(q, 0, sizeof *q);
	if (argc < 1 || strncmp(argv[0], "protocol=", 9) != 0 ||
	    whole(argv[0] + 9, 0, 1000000, &q->protocol) < 0) {
		const char *w = argc < 1 ? "" : argv[0];
		utf8_printf(why, len, "'%.*s': the first word must be protocol=N",
			 (int)abtext_whole(w, QUOTE_MAX), w);
		return -1;
	}
	if (q->protocol != AB_PROTOCOL)
		return 0;
	for (int i = 1; i < argc; i++) {
		const char *eq = strchr(argv[i], '=');
		char key[32];
		int k = request_key_index(argv[i]);
		if (k >= 0 && (seen & (1u << k))) {
			snprintf(why, len, "'%.*s': its key a second time",
				 (int)abtext_whole(argv[i], QUOTE_MAX), argv[i]);
			return -1;
		}
		if (k >= 0)
			seen |= 1u << k;
		if (strcmp(argv[i], "hello") == 0) {
			q->hello = 1;
			continue;
		}
		if (!eq || (size_t)(eq - argv[i]) >= sizeof key) {
			utf8_printf(why, len, "'%.*s' is not KEY=VALUE",
				 (int)abtext_whole(argv[i], QUOTE_MAX), argv[i]);
			return -1;
		}
		memcpy(key, argv[i], (size_t)(eq - argv[i]));
		key[eq - argv[i]] = '\0';
		if (request_key(q, key, eq + 1) < 0) {
			utf8_printf(why, len, "'%.*s': unknown key or bad value",
				 (int)abtext_whole(argv[i], QUOTE_MAX), argv[i]);
			return -1;
		}
	}
	if (!q->hello && (!q->module[0] || !q->tmpdir[0] || !q->samples || !(q->time_ms > 0))) {
		utf8_printf(why, len, "a round needs module, tmpdir, samples and time_ms");
		return -1;
	}
	return 0;
}

/* ---- replies ------------------------------------------------------------- */

/* A text on one line, "-" when empty: the reply is line by line. */
static void one_line(char *dst, size_t len, const char *src)
{
	abtext_clean(dst, len, src[0] ? src : "-");
}

int abproto_format_reply(const struct ab_reply *r, char *buf, size_t len)
{
	char reason[sizeof r->reason], build[sizeof r->build];
	size_t used = 0;
	int w;

#define PUT(...)                                                                     \
	do {                                                                         \
		w = snprintf(buf + used, len - used, __VA_ARGS__);                   \
		if (w < 0 || (size_t)w >= len - used)                                \
			return -1;                                                   \
		used += (size_t)w;                                                   \
	} while (0)
	PUT("%s %d\n", REPLY_MAGIC, r->protocol);
	if (r->refused) {
		PUT("refused protocol %d\nend\n", r->refused);
		return (int)used;
	}
	if (r->build[0]) {
		one_line(build, sizeof build, r->build);
		PUT("version %s\nbuild %s\n", r->version[0] ? r->version : "-", build);
	} else {
		one_line(reason, sizeof reason, r->reason);
		PUT("status %s\n", r->status_ok ? "ok" : "fail");
		if (!r->status_ok)
			PUT("reason %s\n", reason);
		PUT("n %" PRIu64 "\nbase_n %" PRIu64 "\nbytes_per_op %.17g\n", r->n, r->base_n,
		    r->bytes_per_op);
		if (r->wait_pct >= 0)
			PUT("wait_pct %.17g\n", r->wait_pct);
		/* no samples, no line: a bare "samples" is refused by the
		   parsers of builds before this one, and with it the reason */
		if (r->nsamples > 0)
			PUT("samples");
		for (int i = 0; i < r->nsamples; i++)
			PUT(" %.17g", r->samples[i]);
		if (r->nsamples > 0)
			PUT("\n");
	}
	PUT("end\n");
#undef PUT
	return (int)used;
}

int abproto_reply_complete(const char *text, size_t len)
{
	return len >= 5 && memcmp(text + len - 5, "\nend\n", 5) == 0;
}

/* The keys of a reply, each allowed once: a second status or samples
 * line would make the answer say two things. */
enum reply_key {
	K_REFUSED, K_VERSION, K_BUILD,
	K_STATUS, K_REASON, K_N, K_BASE_N, K_BYTES, K_WAIT, K_SAMPLES,
	K_COUNT
};
static const char *const reply_keys[K_COUNT] = {
	[K_REFUSED] = "refused", [K_VERSION] = "version", [K_BUILD] = "build",
	[K_STATUS] = "status", [K_REASON] = "reason", [K_N] = "n", [K_BASE_N] = "base_n",
	[K_BYTES] = "bytes_per_op", [K_WAIT] = "wait_pct", [K_SAMPLES] = "samples",
};
#define BIT(k) (1u << (k))
#define HELLO_KEYS (BIT(K_VERSION) | BIT(K_BUILD))
#define ROUND_KEYS                                                                           \
	(BIT(K_STATUS) | BIT(K_REASON) | BIT(K_N) | BIT(K_BASE_N) | BIT(K_BYTES) |          \
	 BIT(K_WAIT) | BIT(K_SAMPLES))

static int key_of(const char *key)
{
	for (int k = 0; k < K_COUNT; k++)
		if (strcmp(key, reply_keys[k]) == 0)
			return k;
	return -1;
}

/* A sample, a size or a share of time: none of them is below 0 (the
 * child floors a sample at 0), so a negative one is not an osbench's. */
static int nonnegative(const char *text, double *out)
{
	if (real(text, out) < 0 || *out < 0)
		return -1;
	*out += 0.0; /* -0 as 0: no cell or list prints "-0" */
	return 0;
}

/* A sample's microseconds per operation: 0 (floored), or what a
 * measurement can give, a femtosecond to thirty years, as a result file
 * holds it; 1e-300 or 1e308 from a side would be a "faster" or "slower"
 * by a factor no host shows. */
#define SAMPLE_MIN_US 1e-9
#define SAMPLE_MAX_US 1e15

static int measurable(double v)
{
	return v == 0 || (v >= SAMPLE_MIN_US && v <= SAMPLE_MAX_US);
}

/* The values after "samples"; none (a bare line, as builds before this
 * one write with a failure) is no samples. */
static int samples_line(const char *v, struct ab_reply *r)
{
	char buf[AB_REPLY_MAX], *save = NULL;

	if (copy_text(buf, sizeof buf, v) < 0)
		return -1;
	r->nsamples = 0;
	for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
		if (r->nsamples == CHILD_MAX_SAMPLES ||
		    nonnegative(t, &r->samples[r->nsamples]) < 0 ||
		    !measurable(r->samples[r->nsamples]))
			return -1;
		r->nsamples++;
	}
	return 0;
}

static int reply_value(int key, const char *v, struct ab_reply *r)
{
	switch (key) {
	case K_REFUSED:
		return strncmp(v, "protocol ", 9) == 0 && whole(v + 9, 0, 1000000, &r->refused) == 0
			       ? 0
			       : -1;
	/* a side's texts are cleaned and cut rather than refused: a long
	   reason is still the reason */
	case K_VERSION: abtext_clean(r->version, sizeof r->version, v); return 0;
	case K_BUILD: abtext_clean(r->build, sizeof r->build, v); return 0;
	case K_STATUS:
		r->status_ok = strcmp(v, "ok") == 0;
		return r->status_ok || strcmp(v, "fail") == 0 ? 0 : -1;
	case K_REASON: abtext_clean(r->reason, sizeof r->reason, v); return 0;
	case K_N: return count64(v, &r->n);
	case K_BASE_N: return count64(v, &r->base_n);
	case K_BYTES: return nonnegative(v, &r->bytes_per_op);
	case K_WAIT: return nonnegative(v, &r->wait_pct);
	case K_SAMPLES: return samples_line(v, r);
	}
	return -1;
}

/* What a whole reply lacks, or NULL: a round's answer says how it went,
 * and an ok one what it measured.  A failure without a reason gets one
 * that says so. */
static const char *reply_lacks(struct ab_reply *r, unsigned seen)
{
	if (r->refused || (seen & HELLO_KEYS))
		return seen & ROUND_KEYS ? "its answer mixes a hello and a round" : NULL;
	if (!(seen & BIT(K_STATUS)))
		return "its answer has no status";
	if (!r->status_ok) {
		if (!r->reason[0])
			snprintf(r->reason, sizeof r->reason, "it failed without saying why");
		return NULL;
	}
	if (r->n == 0)
		return "its answer has no count of operations";
	if (r->nsamples == 0)
		return "its answer has no samples";
	return NULL;
}

/* The first line of text, for a message: at most 80 bytes, whole
 * characters, shown as abtext_clean shows a side's text. */
static void quote_line(char *dst, size_t len, const char *text, size_t textlen)
{
	char line[128];
	size_t n = 0;

	while (n < textlen && n < sizeof line - 1 && text[n] != '\n' && text[n] != '\0')
		n++;
	memcpy(line, text, n);
	line[n] = '\0';
	abtext_clean(dst, len < 81 ? len : 81, line);
}

/* One line after the first into r; 0, or -1 with why. */
static int reply_line(char *line, struct ab_reply *r, unsigned *seen, char *why, size_t whylen)
{
	char *sp = strchr(line, ' ');
	int k;

	if (sp)
		*sp = '\0';
	k = key_of(line);
	if (k >= 0 && (*seen & BIT(k))) {
		utf8_printf(why, whylen, "it repeated its '%s' line", reply_keys[k]);
		return -1;
	}
	if (k < 0 || reply_value(k, sp ? sp + 1 : "", r) < 0)
		return 1;
	*seen |= BIT(k);
	return 0;
}

int abproto_parse_reply(const char *text, size_t len, struct ab_reply *r, char *why,
			size_t whylen)
{
	char line[AB_REPLY_MAX], shown[96];
	const char *lacks;
	size_t at = 0;
	int lines = 0, ended = 0;
	unsigned seen = 0;

	memset(r, 0, sizeof *r);
	r->protocol = -1;
	r->wait_pct = -1;
	while (at < len && !ended) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
		char *sp;
		int bad = n >= sizeof line || memchr(text + at, '\0', n) != NULL;
		if (!bad) {
			memcpy(line, text + at, n);
			line[n] = '\0';
			sp = strchr(line, ' ');
			if (lines == 0)
				bad = !sp || (size_t)(sp - line) != strlen(REPLY_MAGIC) ||
				      strncmp(line, REPLY_MAGIC, strlen(REPLY_MAGIC)) != 0 ||
				      whole(sp + 1, 0, 1000000, &r->protocol) < 0;
			else if (strcmp(line, "end") == 0)
				ended = 1;
			else if ((bad = reply_line(line, r, &seen, why, whylen)) < 0)
				return -1;
		}
		if (bad) {
			quote_line(shown, sizeof shown, text + at, len - at);
			utf8_printf(why, whylen, "it said '%s'", shown);
			return -1;
		}
		lines++;
		at += n + 1;
	}
	if (!ended) {
		if (len == 0)
			utf8_printf(why, whylen, "it said nothing");
		else
			utf8_printf(why, whylen, "its answer ended early");
		return -1;
	}
	if ((lacks = reply_lacks(r, seen)) != NULL) {
		snprintf(why, whylen, "%s", lacks);
		return -1;
	}
	return 0;
}
