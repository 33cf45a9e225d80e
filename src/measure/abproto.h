/* The child protocol of `osbench ab`: the words ab appends to a side's
 * command line, and the text the child writes back on its standard
 * output.  Text, so that two builds of any compiler and C library can
 * speak it, and so that anything else a command prints reads as what it
 * is.
 *
 *   SIDE... ab-child protocol=1 hello
 *     osbench-ab 1 / version V / build B / end
 *   SIDE... ab-child protocol=1 module=M procs=P size_kb=S time_ms=T
 *           samples=K placement=PL cpu=C io_timeout_ms=I tmpdir=D
 *           n=N base_n=BN            (n=0: calibrate first)
 *     osbench-ab 1 / status ok|fail / reason R / n N / base_n BN /
 *     bytes_per_op X / samples S1 S2 ... / end
 *     (no samples line when there are none: builds before this one
 *     refuse a bare one, and with it the failure's reason; each line at
 *     most once; no number below 0; a sample 0 or from 1e-9 to 1e15 us)
 *
 * A child asked for another protocol answers "osbench-ab ITS" and
 * "refused protocol WANTED".
 *
 * The harness of `run --runs` and `check` execs its own binary for each
 * round with the same words and seven more that ab never sends: report_fd=FD
 * (the round's report goes back on that pipe as a forked child's would),
 * level=L use_procs=0|1 (a sweep's point), tail=0|1, helper=PATH,
 * remote_host=H and remote_port=P (empty: none). */
#ifndef OSBENCH_ABPROTO_H
#define OSBENCH_ABPROTO_H

#include <stddef.h>
#include <stdint.h>

#include "measure/child.h"

#define AB_PROTOCOL 1
#define AB_CHILD_WORD "ab-child"
/* The most a child may write: a round's samples and little else. */
#define AB_REPLY_MAX 16384
/* The words ab appends, at most. */
#define AB_MAX_WORDS 24
#define AB_WORD_LEN 4200

/* What the parent asks of one child. */
struct ab_request {
	int hello;            /* the handshake only */
	int protocol;
	char module[64];
	int procs, size_kb;
	double time_ms;
	int samples;
	char placement[16];
	int cpu, io_timeout_ms;
	char tmpdir[4096];
	uint64_t n, base_n;   /* n 0: calibrate */
	int buffer_mb;        /* --buffer; 0: not asked, and not sent (a side
	                         of an older build knows no such key) */
	/* the harness's own keys, above */
	int report_fd;        /* 0: none (a pipe's end is never a standard fd) */
	int level, use_procs, tail;
	char helper[4096];
	char remote_host[256], remote_port[32]; /* "": not --remote */
};

/* What a child answers. */
struct ab_reply {
	int protocol;
	int refused;          /* the child speaks another protocol */
	int status_ok;
	char reason[256];
	char version[32], build[200];
	uint64_t n, base_n;
	double bytes_per_op;
	double wait_pct;      /* the child's wait for its CPU; -1 unknown */
	int nsamples;
	double samples[CHILD_MAX_SAMPLES];
};

/* The request as words (words[i] points into buf); returns how many. */
int abproto_request_words(const struct ab_request *q, char buf[][AB_WORD_LEN],
			  char **words);
/* The request for one round of s under o, n and base_n (0: calibrate). */
void abproto_request_for(const struct subject *s, const struct run_opts *o, uint64_t n,
			 uint64_t base_n, struct ab_request *q);
/* Parse the words after AB_CHILD_WORD; -1 with why on a word it cannot
 * take or a key given twice (why fits 200 bytes: a word is quoted up to
 * 120).  A protocol other than AB_PROTOCOL parses (q->protocol says it)
 * as long as it comes first. */
int abproto_parse_request(int argc, char **argv, struct ab_request *q, char *why, size_t len);

/* The reply as text into buf; its length, or -1 if it does not fit. */
int abproto_format_reply(const struct ab_reply *r, char *buf, size_t len);
/* Whether text[0..len-1] holds a whole reply (its end line). */
int abproto_reply_complete(const char *text, size_t len);
/* Parse a reply; -1 with why (quoting what does not belong, naming a
 * repeated line or what a round's answer lacks) otherwise.  A side's
 * texts come back with control bytes blank, cut on a character boundary
 * where too long; a failure without a reason gets one. */
int abproto_parse_reply(const char *text, size_t len, struct ab_reply *r, char *why,
			size_t whylen);

#endif
