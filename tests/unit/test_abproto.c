/* ab's child protocol: a request's words read back, a reply's lines read
 * back, and what is not a reply refused with what it said. */
#include <math.h>
#include <string.h>

#include "measure/abproto.h"
#include "unit.h"

static void test_request(void)
{
	static char buf[AB_MAX_WORDS][AB_WORD_LEN];
	char *words[AB_MAX_WORDS], why[200];
	struct ab_request q = { .protocol = AB_PROTOCOL, .module = "ctx", .procs = 16,
				.size_kb = 64, .time_ms = 5, .samples = 3, .placement = "free",
				.cpu = 1, .io_timeout_ms = 2000, .tmpdir = "/tmp/x y", .n = 12345,
				.base_n = 678 }, back;
	int k = abproto_request_words(&q, buf, words);

	CHECK("abproto request: the first word", k > 2 && strcmp(words[0], AB_CHILD_WORD) == 0);
	CHECK("abproto request reads back",
	      abproto_parse_request(k - 1, words + 1, &back, why, sizeof why) == 0 &&
		      strcmp(back.module, "ctx") == 0 && back.procs == 16 && back.size_kb == 64 &&
		      back.samples == 3 && back.n == 12345 && back.base_n == 678 &&
		      strcmp(back.tmpdir, "/tmp/x y") == 0 && !back.hello);
	char *other[] = { "protocol=7", "whatever" };
	CHECK("abproto request of another protocol parses, saying which",
	      abproto_parse_request(2, other, &back, why, sizeof why) == 0 && back.protocol == 7);
	char *bad[] = { "protocol=1", "samples=0" };
	CHECK("abproto request with a bad value is refused, naming it",
	      abproto_parse_request(2, bad, &back, why, sizeof why) < 0 && strstr(why, "samples=0"));
	static char huge[5000] = "tmpdir=";
	memset(huge + 7, 'x', sizeof huge - 10);
	memcpy(huge + 7 + 111, "\xe2\x82\xac", 3); /* a euro sign across the quote's 120 bytes */
	char *toolong[] = { "protocol=1", huge };
	CHECK("abproto request: a long bad word is quoted in part, on a character boundary",
	      abproto_parse_request(2, toolong, &back, why, sizeof why) < 0 &&
		      strcmp(why + 1 + 118, "': unknown key or bad value") == 0);
	char *twice[] = { "protocol=1", "module=null", "procs=0", "module=stat" };
	CHECK("abproto request: a key a second time is refused, naming it",
	      abproto_parse_request(4, twice, &back, why, sizeof why) < 0 &&
		      strcmp(why, "'module=stat': its key a second time") == 0);
	char *hellos[] = { "protocol=1", "hello", "hello" };
	CHECK("abproto request: hello a second time is refused",
	      abproto_parse_request(3, hellos, &back, why, sizeof why) < 0);
	char *first[] = { "module=null" };
	CHECK("abproto request must start with the protocol",
	      abproto_parse_request(1, first, &back, why, sizeof why) < 0);
}

/* The harness's own round: ab's words and the seven it alone sends. */
static void test_harness_request(void)
{
	static char buf[AB_MAX_WORDS][AB_WORD_LEN];
	char *words[AB_MAX_WORDS], why[200];
	static struct ab_request q = { .protocol = AB_PROTOCOL, .module = "tcprr", .time_ms = 5,
				       .samples = 3, .placement = "free", .tmpdir = "/tmp/t", .io_timeout_ms = 10,
				       .report_fd = 9, .level = 4, .use_procs = 1, .tail = 1,
				       .helper = "/opt/o b/osbench-helper",
				       .remote_host = "::1", .remote_port = "7777" },
				 plain = { .protocol = AB_PROTOCOL, .module = "null", .time_ms = 1,
					   .samples = 1, .placement = "same", .tmpdir = "/t", .io_timeout_ms = 10 },
				 back;
	int k = abproto_request_words(&q, buf, words);

	CHECK("abproto harness request reads back",
	      abproto_parse_request(k - 1, words + 1, &back, why, sizeof why) == 0 &&
		      back.report_fd == 9 && back.level == 4 && back.use_procs == 1 &&
		      back.tail == 1 && strcmp(back.helper, "/opt/o b/osbench-helper") == 0 &&
		      strcmp(back.remote_host, "::1") == 0 && strcmp(back.remote_port, "7777") == 0);
	CHECK("abproto: ab's request carries none of the harness's words",
	      abproto_request_words(&plain, buf, words) == 13 &&
		      !strstr(words[12], "report_fd"));
	char *stdfd[] = { "protocol=1", "report_fd=1" };
	CHECK("abproto: a standard descriptor is no report_fd",
	      abproto_parse_request(2, stdfd, &back, why, sizeof why) < 0 &&
		      strstr(why, "report_fd=1"));
}

static void test_reply(void)
{
	static struct ab_reply r, back;
	char text[AB_REPLY_MAX], why[200];
	int len;

	memset(&r, 0, sizeof r);
	r.protocol = AB_PROTOCOL;
	r.status_ok = 1;
	r.n = 99;
	r.base_n = 7;
	r.nsamples = 3;
	r.samples[0] = 0.1;
	r.samples[1] = 1.0 / 3;
	r.samples[2] = 12345.678;
	len = abproto_format_reply(&r, text, sizeof text);
	CHECK("abproto reply is complete", len > 0 && abproto_reply_complete(text, (size_t)len));
	CHECK("abproto reply reads back exactly",
	      abproto_parse_reply(text, (size_t)len, &back, why, sizeof why) == 0 && back.status_ok &&
		      back.n == 99 && back.base_n == 7 && back.nsamples == 3 &&
		      back.samples[1] == 1.0 / 3 && back.samples[2] == 12345.678);
	r.wait_pct = 42.5;
	len = abproto_format_reply(&r, text, sizeof text);
	CHECK("abproto reply carries the child's wait for its cpu",
	      abproto_parse_reply(text, (size_t)len, &back, why, sizeof why) == 0 &&
		      back.wait_pct == 42.5);
	const char *unsaid = "osbench-ab 1\nstatus ok\nn 1\nbase_n 1\nsamples 1\nend\n";
	CHECK("abproto a reply without the wait: unknown, not calm",
	      abproto_parse_reply(unsaid, strlen(unsaid), &back, why, sizeof why) == 0 &&
		      back.wait_pct == -1);
	len = abproto_format_reply(&r, text, sizeof text);
	CHECK("abproto reply cut short is not complete",
	      !abproto_reply_complete(text, (size_t)len - 1) &&
		      abproto_parse_reply(text, (size_t)len - 5, &back, why, sizeof why) < 0);
	const char *noise = "Segmentation fault\nend\n";
	CHECK("abproto other output is refused, quoting it",
	      abproto_parse_reply(noise, strlen(noise), &back, why, sizeof why) < 0 &&
		      strcmp(why, "it said 'Segmentation fault'") == 0);
	const char *junk = "osbench-ab 1\nstatus ok\nsamples 1 x 3\nend\n";
	CHECK("abproto a bad sample is refused",
	      abproto_parse_reply(junk, strlen(junk), &back, why, sizeof why) < 0 &&
		      strstr(why, "samples 1 x 3"));
	const char *negzero = "osbench-ab 1\nstatus ok\nn 1\nsamples -0 0 1\nend\n";
	CHECK("abproto a sample of -0 is 0, never printed with its sign",
	      abproto_parse_reply(negzero, strlen(negzero), &back, why, sizeof why) == 0 &&
		      back.nsamples == 3 && back.samples[0] == 0 && !signbit(back.samples[0]));
	/* a wrapper's own words on a merged stderr (time, a sanitizer at
	   exit) may follow the answer: the answer stands */
	const char *after = "osbench-ab 1\nversion 1\nbuild b\nend\n0.01 real\n";
	CHECK("abproto what follows the end line is not the answer's",
	      abproto_parse_reply(after, strlen(after), &back, why, sizeof why) == 0 &&
		      strcmp(back.build, "b") == 0);
	CHECK("abproto nothing at all", abproto_parse_reply("", 0, &back, why, sizeof why) < 0 &&
						strcmp(why, "it said nothing") == 0);
}

/* A failure's reason travels, whatever else the answer lacks (case 3 of
 * issue 32: a bare "samples" line lost it). */
static void test_failure_reply(void)
{
	static struct ab_reply r, back;
	char text[AB_REPLY_MAX], why[200];
	int len;

	memset(&r, 0, sizeof r);
	r.protocol = AB_PROTOCOL;
	snprintf(r.reason, sizeof r.reason, "mkdir 'x': File name too long");
	len = abproto_format_reply(&r, text, sizeof text);
	CHECK("abproto a failure reads back with its reason",
	      len > 0 && abproto_parse_reply(text, (size_t)len, &back, why, sizeof why) == 0 &&
		      !back.status_ok && strcmp(back.reason, "mkdir 'x': File name too long") == 0);
	CHECK("abproto a failure writes no empty samples line", !strstr(text, "\nsamples"));
	const char *older = "osbench-ab 1\nstatus fail\nreason it broke\nn 0\nbase_n 0\n"
			    "bytes_per_op 0\nsamples\nend\n";
	CHECK("abproto an older build's bare samples line is no samples",
	      abproto_parse_reply(older, strlen(older), &back, why, sizeof why) == 0 &&
		      !back.status_ok && back.nsamples == 0 && strcmp(back.reason, "it broke") == 0);
	const char *mute = "osbench-ab 1\nstatus fail\nend\n";
	CHECK("abproto a failure without a reason says so",
	      abproto_parse_reply(mute, strlen(mute), &back, why, sizeof why) == 0 &&
		      strcmp(back.reason, "it failed without saying why") == 0);
	const char *ctl = "osbench-ab 1\nstatus fail\nreason a\tb\033[2Jc\rd\nend\n";
	CHECK("abproto control bytes in a reason are blanks",
	      abproto_parse_reply(ctl, strlen(ctl), &back, why, sizeof why) == 0 &&
		      strcmp(back.reason, "a b [2Jc d") == 0);
	const char *notutf = "osbench-ab 1\nstatus fail\nreason bad \xff\xc3 byte\nend\n";
	CHECK("abproto bytes of a reason that are not UTF-8 are '?'",
	      abproto_parse_reply(notutf, strlen(notutf), &back, why, sizeof why) == 0 &&
		      strcmp(back.reason, "bad ?? byte") == 0);
	/* 254 bytes, then a two-byte character the 255 a reason holds would split */
	len = snprintf(text, sizeof text, "osbench-ab 1\nstatus fail\nreason %0254d\xc3\xa9!\nend\n", 0);
	CHECK("abproto a long reason is cut, on a character boundary",
	      abproto_parse_reply(text, (size_t)len, &back, why, sizeof why) == 0 &&
		      strlen(back.reason) == 254 && back.reason[253] == '0');
}

/* An answer says one thing: no repeated line, no negative number, no
 * round without a status (cases 8 and 9). */
static void test_refused_replies(void)
{
	static struct ab_reply back;
	char why[200];
	static const struct {
		const char *name, *text, *why;
	} bad[] = {
		{ "abproto a second samples line is refused",
		  "osbench-ab 1\nstatus ok\nn 1\nsamples 1\nsamples 2\nend\n",
		  "it repeated its 'samples' line" },
		{ "abproto a second status line is refused",
		  "osbench-ab 1\nstatus fail\nreason r\nstatus ok\nn 1\nsamples 1\nend\n",
		  "it repeated its 'status' line" },
		{ "abproto a second n line is refused",
		  "osbench-ab 1\nstatus ok\nn 1\nn 2\nsamples 1\nend\n",
		  "it repeated its 'n' line" },
		{ "abproto a negative sample is refused",
		  "osbench-ab 1\nstatus ok\nn 1\nsamples 1 -0.5 2\nend\n",
		  "it said 'samples 1 -0.5 2'" },
		{ "abproto a sample below a femtosecond is refused",
		  "osbench-ab 1\nstatus ok\nn 1\nsamples 1 1e-300\nend\n",
		  "it said 'samples 1 1e-300'" },
		{ "abproto a sample beyond thirty years is refused",
		  "osbench-ab 1\nstatus ok\nn 1\nsamples 1e308 1\nend\n",
		  "it said 'samples 1e308 1'" },
		{ "abproto a negative size is refused",
		  "osbench-ab 1\nstatus ok\nn 1\nbytes_per_op -8\nsamples 1\nend\n",
		  "it said 'bytes_per_op -8'" },
		{ "abproto a negative wait is refused",
		  "osbench-ab 1\nstatus ok\nn 1\nwait_pct -3\nsamples 1\nend\n",
		  "it said 'wait_pct -3'" },
		{ "abproto a round without a status is refused",
		  "osbench-ab 1\nn 1\nsamples 1\nend\n", "its answer has no status" },
		{ "abproto an ok round without samples is refused",
		  "osbench-ab 1\nstatus ok\nn 1\nend\n", "its answer has no samples" },
		{ "abproto an ok round of no operations is refused",
		  "osbench-ab 1\nstatus ok\nn 0\nsamples 1\nend\n",
		  "its answer has no count of operations" },
		{ "abproto a hello and a round at once is refused",
		  "osbench-ab 1\nversion 1\nbuild b\nstatus ok\nn 1\nsamples 1\nend\n",
		  "its answer mixes a hello and a round" },
	};

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		CHECK(bad[i].name,
		      abproto_parse_reply(bad[i].text, strlen(bad[i].text), &back, why, sizeof why) < 0 &&
			      strcmp(why, bad[i].why) == 0);
}

UNIT_TEST(test_abproto)
{
	test_request();
	test_harness_request();
	test_reply();
	test_failure_reply();
	test_refused_replies();
}
