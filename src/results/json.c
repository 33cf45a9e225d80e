/* The generic JSON lexer of the reader; see json.h. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/json.h"
#include "sys/utf8.h"



int jfail(struct json *j, const char *what)
{
	if (j->p >= j->end)
		return fail_at(j->ps, j->line, "JSON cut short (truncated file?)");
	return fail_at(j->ps, j->line, "%s", what);
}

static void jws(struct json *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r')) {
		j->line += *j->p == '\n';
		j->p++;
	}
}

static int jexpect(struct json *j, char c)
{
	char what[48];

	jws(j);
	if (j->p < j->end && *j->p == c) {
		j->p++;
		return 0;
	}
	snprintf(what, sizeof what, "expected '%c' in the JSON", c);
	return jfail(j, what);
}

/* Peek at the next significant character; 0 at the end. */
char jpeek(struct json *j)
{
	jws(j);
	return j->p < j->end ? *j->p : 0;
}

static int hex4(struct json *j, unsigned *out)
{
	unsigned v = 0;

	if (j->end - j->p < 4)
		return jfail(j, "a \\u escape cut short");
	for (int i = 0; i < 4; i++) {
		char c = *j->p++;
		v <<= 4;
		if (is_digit(c))
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return jfail(j, "a bad \\u escape in a JSON string");
	}
	*out = v;
	return 0;
}

/* A \u escape (two, for a surrogate pair) as a code point. */
static int unicode_escape(struct json *j, unsigned *cp)
{
	unsigned lo;

	if (hex4(j, cp) < 0)
		return -1;
	if (*cp >= 0xdc00 && *cp <= 0xdfff)
		return jfail(j, "a lone low surrogate in a JSON string");
	if (*cp < 0xd800 || *cp > 0xdbff)
		return *cp == 0 ? jfail(j, "a NUL character in a JSON string") : 0;
	if (j->end - j->p < 2 || j->p[0] != '\\' || j->p[1] != 'u')
		return jfail(j, "a lone high surrogate in a JSON string");
	j->p += 2;
	if (hex4(j, &lo) < 0)
		return -1;
	if (lo < 0xdc00 || lo > 0xdfff)
		return jfail(j, "a lone high surrogate in a JSON string");
	*cp = 0x10000 + ((*cp - 0xd800) << 10) + (lo - 0xdc00);
	return 0;
}

/* Append bytes to the output (NULL: skipping); *len counts them all, so
 * the caller can tell that a value did not fit. */
static void put_bytes(char *out, size_t size, size_t *len, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++, (*len)++)
		if (out && *len + 1 < size)
			out[*len] = b[i];
}

static void put_utf8(char *out, size_t size, size_t *len, unsigned cp)
{
	char b[4];
	size_t n;

	if (cp < 0x80) {
		b[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		b[0] = (char)(0xc0 | (cp >> 6));
		b[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		b[0] = (char)(0xe0 | (cp >> 12));
		b[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		b[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		b[0] = (char)(0xf0 | (cp >> 18));
		b[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		b[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		b[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	put_bytes(out, size, len, b, n);
}

static int escape(struct json *j, char *out, size_t size, size_t *len)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *k;
	unsigned cp;

	if (j->p >= j->end)
		return jfail(j, "");
	k = memchr(from, *j->p, sizeof from - 1);
	if (k) {
		j->p++;
		put_bytes(out, size, len, &to[k - from], 1);
		return 0;
	}
	if (*j->p++ != 'u')
		return jfail(j, "a bad escape in a JSON string");
	if (unicode_escape(j, &cp) < 0)
		return -1;
	put_utf8(out, size, len, cp);
	return 0;
}

/* A string into out (NUL-terminated, size bytes), or skipped when out is
 * NULL; *full is the decoded length, which may exceed size - 1. */
static int jstring(struct json *j, char *out, size_t size, size_t *full)
{
	size_t len = 0;

	if (jexpect(j, '"') < 0)
		return -1;
	for (;;) {
		char c;
		if (j->p >= j->end)
			return jfail(j, "");
		c = *j->p++;
		if (c == '"')
			break;
		if ((unsigned char)c < 0x20)
			return jfail(j, "a control character in a JSON string");
		if (c == '\\') {
			if (escape(j, out, size, &len) < 0)
				return -1;
		} else {
			put_bytes(out, size, &len, &c, 1);
		}
	}
	if (out)
		out[len < size ? len : size - 1] = '\0';
	*full = len;
	return 0;
}

int jtext(struct json *j, const char *key, char *out, size_t size)
{
	size_t full;

	if (jpeek(j) != '"')
		return fail_at(j->ps, j->line, "'%s' is not a JSON string", key);
	if (jstring(j, out, size, &full) < 0)
		return -1;
	if (full >= size) /* cut to fit: on a character boundary */
		out[utf8_cut(out, strlen(out))] = '\0';
	for (size_t i = 0; i < size && out[i]; i++)
		if ((unsigned char)out[i] < 0x20)
			out[i] = ' ';
	return 0;
}

/* A string member that must fit its field. */
int jfield(struct json *j, const char *key, char *out, size_t size)
{
	size_t full;
	int line = j->line;

	if (jpeek(j) != '"')
		return fail_at(j->ps, j->line, "'%s' is not a JSON string", key);
	if (jstring(j, out, size, &full) < 0)
		return -1;
	if (full >= size)
		return fail_at(j->ps, line, "'%s' longer than %zu bytes", key, size - 1);
	/* tabs or newlines would break the tables compare prints */
	for (size_t i = 0; i < full; i++)
		if ((unsigned char)out[i] < 0x20)
			return fail_at(j->ps, line, "'%s' holds a control character", key);
	return 0;
}

/* A JSON number: -?(0|[1-9]d*)(.d+)?([eE][+-]?d+)? */
static int jnumber(struct json *j, double *out)
{
	const char *s = j->p;
	char buf[MAX_NUMBER_TEXT];
	size_t n;

	if (j->p < j->end && *j->p == '-')
		j->p++;
	if (j->p < j->end && *j->p == '0')
		j->p++;
	else if (j->p < j->end && is_digit(*j->p))
		while (j->p < j->end && is_digit(*j->p))
			j->p++;
	else
		return jfail(j, "a bad JSON number");
	if (j->p < j->end && *j->p == '.') {
		const char *f = ++j->p;
		while (j->p < j->end && is_digit(*j->p))
			j->p++;
		if (j->p == f)
			return jfail(j, "a bad JSON number");
	}
	if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
		const char *e;
		j->p++;
		if (j->p < j->end && (*j->p == '+' || *j->p == '-'))
			j->p++;
		e = j->p;
		while (j->p < j->end && is_digit(*j->p))
			j->p++;
		if (j->p == e)
			return jfail(j, "a bad JSON number");
	}
	n = (size_t)(j->p - s);
	if (n >= sizeof buf)
		return fail_at(j->ps, j->line, "a JSON number %zu characters long", n);
	memcpy(buf, s, n);
	buf[n] = '\0';
	*out = strtod(buf, NULL);
	if (!isfinite(*out))
		return fail_at(j->ps, j->line, "'%s' is out of range", buf);
	return 0;
}

static int jliteral(struct json *j, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(j->end - j->p) < n || memcmp(j->p, word, n) != 0)
		return jfail(j, "not a JSON value");
	j->p += n;
	return 0;
}


/* The members of an object: member(j, key, ctx) reads each value. */

/* FNV-1a: keys seen in one object are remembered by hash, so that a
 * duplicate (which one would win?) is refused without keeping them. */
static uint64_t key_hash(const char *key)
{
	uint64_t h = UINT64_C(14695981039346656037);

	for (; *key; key++)
		h = (h ^ (unsigned char)*key) * UINT64_C(1099511628211);
	return h;
}

static int key_seen(struct json *j, uint64_t *seen, size_t *n, const char *key)
{
	uint64_t h = key_hash(key);

	for (size_t i = 0; i < *n; i++)
		if (seen[i] == h)
			return fail_at(j->ps, j->line, "'%s' given twice in one JSON object", key);
	if (*n == JSON_MAX_KEYS)
		return fail_at(j->ps, j->line, "more than %d keys in one JSON object: not an "
					       "osbench result file", JSON_MAX_KEYS);
	seen[(*n)++] = h;
	return 0;
}

int jobject(struct json *j, member_fn member, void *ctx)
{
	char key[64];
	uint64_t seen[JSON_MAX_KEYS];
	size_t full, nseen = 0;

	if (++j->depth > JSON_MAX_DEPTH)
		return fail_at(j->ps, j->line, "JSON nested too deeply");
	if (jexpect(j, '{') < 0)
		return -1;
	if (jpeek(j) == '}') {
		j->p++;
		j->depth--;
		return 0;
	}
	for (;;) {
		if (jpeek(j) != '"')
			return jfail(j, "expected a key in a JSON object");
		if (jstring(j, key, sizeof key, &full) < 0 || jexpect(j, ':') < 0)
			return -1;
		/* a key too long for the buffer is no key of ours */
		if (full >= sizeof key)
			key[0] = '\0';
		if ((key[0] && key_seen(j, seen, &nseen, key) < 0) || member(j, key, ctx) < 0)
			return -1;
		if (jpeek(j) == ',') {
			j->p++;
			continue;
		}
		if (jexpect(j, '}') < 0)
			return -1;
		j->depth--;
		return 0;
	}
}

static int skip_member(struct json *j, const char *key, void *ctx)
{
	(void)key;
	(void)ctx;
	return jskip(j);
}

/* The elements of an array: element(j, ctx) reads each. */
int jarray(struct json *j, int (*element)(struct json *j, void *ctx), void *ctx)
{
	if (++j->depth > JSON_MAX_DEPTH)
		return fail_at(j->ps, j->line, "JSON nested too deeply");
	if (jexpect(j, '[') < 0)
		return -1;
	if (jpeek(j) == ']') {
		j->p++;
		j->depth--;
		return 0;
	}
	for (;;) {
		if (element(j, ctx) < 0)
			return -1;
		if (jpeek(j) == ',') {
			j->p++;
			continue;
		}
		if (jexpect(j, ']') < 0)
			return -1;
		j->depth--;
		return 0;
	}
}

static int skip_element(struct json *j, void *ctx)
{
	(void)ctx;
	return jskip(j);
}

/* Any value, checked and thrown away. */
int jskip(struct json *j)
{
	double ignored;
	size_t full;

	switch (jpeek(j)) {
	case '{':
		return jobject(j, skip_member, NULL);
	case '[':
		return jarray(j, skip_element, NULL);
	case '"':
		return jstring(j, NULL, 0, &full);
	case 't':
		return jliteral(j, "true");
	case 'f':
		return jliteral(j, "false");
	case 'n':
		return jliteral(j, "null");
	case 0:
		return jfail(j, "");
	default:
		return jnumber(j, &ignored);
	}
}

/* A member that must be a non-negative number. */
int jvalue(struct json *j, const char *key, double *out)
{
	char c = jpeek(j);
	int line = j->line;

	if (c != '-' && !is_digit(c))
		return fail_at(j->ps, j->line, "'%s' is not a JSON number", key);
	if (jnumber(j, out) < 0)
		return -1;
	if (signbit(*out))
		return fail_at(j->ps, line, "'%s' is negative", key);
	return 0;
}
