/* A bounded JSON lexer for the reader: no schema, no allocation, every
 * scan limited by the input's end and by JSON_MAX_DEPTH; errors go into
 * the parser's message with the line.  Objects refuse duplicate keys. */
#ifndef OSBENCH_RESULTS_JSON_H
#define OSBENCH_RESULTS_JSON_H

#include "results/parse.h"

#define JSON_MAX_DEPTH 16              /* our schema nests three deep */
#define JSON_MAX_KEYS 64               /* in one object; ours have 30 at most */

struct json {
	struct parser *ps;
	const char *p, *end;
	int line;
	int depth;
};

/* A message at the current line ("JSON cut short" at the end); -1. */
int jfail(struct json *j, const char *what);
/* The next significant character, 0 at the end; nothing is consumed. */
char jpeek(struct json *j);
/* A string value into out (at most size - 1 bytes); key names it. */
int jfield(struct json *j, const char *key, char *out, size_t size);
/* Free text (a reason): cut to fit, control characters as spaces. */
int jtext(struct json *j, const char *key, char *out, size_t size);
/* A number value. */
int jvalue(struct json *j, const char *key, double *out);
/* An object: member(j, key, ctx) is called with the value next. */
typedef int (*member_fn)(struct json *j, const char *key, void *ctx);
int jobject(struct json *j, member_fn member, void *ctx);
/* An array: element(j, ctx) for each element. */
int jarray(struct json *j, int (*element)(struct json *j, void *ctx), void *ctx);
/* Any value, skipped. */
int jskip(struct json *j);

#endif
