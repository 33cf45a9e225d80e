/* The result-file reader: the three formats read back to the same
 * figures, and anything else refused with a one-line message naming the
 * line, never a crash (every prefix and thousands of mutations of valid
 * files are fed to it; under ASan that also proves no over-read). */
#include <stdlib.h>
#include <string.h>

#include "results/resultfile.h"
#include "unit.h"

#define TABLE_DOC                                                                      \
	"# osbench 0.1.0\n# host: alpha\n# os: Linux\n# release: 6.1\n# mhz: 2000 (os)\n" \
	"\n# syscall: processor, processes - times in microseconds - smaller is better\n" \
	"Host\tOS\tMhz\tnull call\tstat\tsig hndl\n"                                        \
	"alpha\tLinux 6.1\t2000\t0.0421\t1.50\tfail\n"                                      \
	"\n# ctx: context switching - times in microseconds - smaller is better\n"        \
	"Host\tOS\t2p/0K ctxsw\t4p/8K ctxsw\n"                                              \
	"alpha\tLinux 6.1\t2.29\t-\n"

#define LONG_HEADER                                                                    \
	"table\tcolumn\tmodule\tparams\tn\treps\tmedian_us\tmin_us\tmax_us\tcv_pct\t"       \
	"ctxsw_vol_per_op\tctxsw_invol_per_op\tcpu_pct\tstatus\treason\tunit\tnoisy\n"

#define LONG_DOC                                                                       \
	"# osbench 0.1.0\n# host: alpha\n# os: Linux\n# release: 6.1\n# mhz: 2000 (os)\n" \
	LONG_HEADER                                                                        \
	"scale\t1\tmutex\tprocs=1\t10\t3\t1.23457e+06\t1e6\t2e6\t1.00\t0\t0\t99.0\tok\t-\t"  \
	"ops/s\tno\n"                                                                      \
	"scale\t4\tmutex\tprocs=4\t0\t0\t-\t-\t-\t-\t-\t-\t-\tfail\tfork: EAGAIN\tops/s\tno\n"

#define JSON_DOC                                                                       \
	"{\n  \"osbench\": \"0.1.0\",\n  \"host\": {\"name\": \"caf\\u00e9 \\ud83d\\ude00\","  \
	" \"os\": \"Linux 6.1\", \"mhz\": 2.4e3, \"cpus\": 2, \"x\": [true, false, null]},\n"  \
	"  \"results\": [\n"                                                              \
	"    {\"table\": \"proc\", \"column\": \"fork proc\", \"module\": \"fork\", "         \
	"\"params\": \"\", \"unit\": \"us\", \"status\": \"ok\", \"reason\": \"a\\tb\\\"\", " \
	"\"median\": 163, \"noisy\": false},\n"                                           \
	"    {\"table\": \"proc\", \"column\": \"sh proc\", \"module\": \"sh\", "              \
	"\"status\": \"na\", \"reason\": \"no /bin/sh\"}\n  ]\n}\n"

static char err[1024];

/* Parse from an exact-size heap copy: no NUL after the data, so an
 * over-read is an ASan report, not luck. */
static int parse_n(const char *text, size_t len, struct rfile *f)
{
	char *copy = malloc(len ? len : 1);
	int rc;

	if (!copy)
		return -2;
	memcpy(copy, text, len);
	err[0] = '\0';
	rc = rfile_parse("t.tsv", copy, len, f, err, sizeof err);
	free(copy);
	return rc;
}

static int parse(const char *text, struct rfile *f)
{
	return parse_n(text, strlen(text), f);
}

/* A refusal with exactly this message. */
static int refused(const char *text, const char *want)
{
	struct rfile f;

	if (parse(text, &f) == 0) {
		rfile_free(&f);
		return 0;
	}
	if (strcmp(err, want) != 0)
		printf("  got: %s\n", err);
	return strcmp(err, want) == 0;
}

static int near(double a, double b)
{
	return a - b < 1e-9 && b - a < 1e-9;
}

static void table_format(void)
{
	struct rfile f;
	const struct rfigure *g;
	int rc = parse(TABLE_DOC, &f);

	CHECK("rfile table parses", rc == 0);
	if (rc)
		return;
	CHECK("rfile table host, os, mhz", strcmp(f.host, "alpha") == 0 &&
						   strcmp(f.os, "Linux 6.1") == 0 && f.mhz == 2000);
	CHECK("rfile table figure count", f.nfigs == 5);
	g = rfile_find(&f, "syscall", "null call");
	CHECK("rfile table value", g && g->status == ST_OK && near(g->value, 0.0421) &&
					   strcmp(g->unit, "us") == 0 &&
					   strcmp(g->module, "null") == 0);
	g = rfile_find(&f, "syscall", "sig hndl");
	CHECK("rfile table fail cell", g && g->status == ST_FAIL && g->column_order == 2);
	g = rfile_find(&f, "ctx", "4p/8K ctxsw");
	CHECK("rfile table - cell, custom ctx point", g && g->status == ST_NA &&
							      strcmp(g->module, "ctx") == 0 &&
							      g->table_order == 1 &&
							      g->column_order == 1);
	CHECK("rfile find absent is NULL", rfile_find(&f, "syscall", "stat ") == NULL);
	CHECK("rfile table no sweep mode", f.scale_mode[0] == '\0');
	rfile_free(&f);
	CHECK("rfile free empties", f.figs == NULL && f.nfigs == 0);
}

static void scale_table(void)
{
	struct rfile f;
	const char *doc = "# scale mutex: processes, host box - ops/s, higher is better\n"
			  "Concurrency\tbox ops/s\tScaling (Concurrency one=100%)\tcpu %\tctxsw/op\n"
			  "1\t1000\t100%\t99\t0.00\n10\tfail\t-\t-\t-\n";
	int rc = parse(doc, &f);

	CHECK("rfile sweep parses", rc == 0);
	if (rc)
		return;
	CHECK("rfile sweep host from the header", strcmp(f.host, "box") == 0);
	CHECK("rfile sweep mode", strcmp(f.scale_mode, "processes") == 0);
	CHECK("rfile sweep figures", f.nfigs == 2 && strcmp(f.figs[0].table, "scale") == 0 &&
					     strcmp(f.figs[0].module, "mutex") == 0 &&
					     strcmp(f.figs[0].unit, "ops/s") == 0 &&
					     f.figs[0].value == 1000 && f.figs[1].status == ST_FAIL &&
					     strcmp(f.figs[1].column, "10") == 0);
	rfile_free(&f);
}

static void long_format(void)
{
	struct rfile f;
	int rc = parse(LONG_DOC, &f);

	CHECK("rfile long parses", rc == 0);
	if (rc)
		return;
	CHECK("rfile long host record", strcmp(f.host, "alpha") == 0 &&
						strcmp(f.os, "Linux 6.1") == 0 && f.mhz == 2000);
	CHECK("rfile long full precision", f.nfigs == 2 && near(f.figs[0].value, 1234570));
	CHECK("rfile long params and mode", strcmp(f.figs[0].params, "procs=1") == 0 &&
						    strcmp(f.scale_mode, "processes") == 0);
	CHECK("rfile long fail", f.figs[1].status == ST_FAIL && f.figs[1].value == 0);
	rfile_free(&f);
}

static void json_format(void)
{
	struct rfile f;
	int rc = parse(JSON_DOC, &f);

	CHECK("rfile json parses", rc == 0);
	if (rc)
		return;
	CHECK("rfile json host with \\u escapes and a surrogate pair",
	      strcmp(f.host, "caf\xc3\xa9 \xf0\x9f\x98\x80") == 0);
	CHECK("rfile json os and mhz", strcmp(f.os, "Linux 6.1") == 0 && f.mhz == 2400);
	CHECK("rfile json figures", f.nfigs == 2 && f.figs[0].value == 163 &&
					    f.figs[1].status == ST_NA &&
					    strcmp(f.figs[1].unit, "us") == 0);
	rfile_free(&f);
}

/* The seconds a figure took: read where the file says, -1 where it does
 * not (older files, a "-" cell, a json null), refused when no time. */
#define SECONDS_HEAD                                                                   \
	"# osbench 0.2.0\n# host: alpha\n"                                                \
	"table\tcolumn\tmodule\tparams\tmedian_us\tstatus\treason\tunit\tseconds\n"
#define SECONDS_JSON(v)                                                                \
	"{\"osbench\": \"0.2.0\", \"results\": [{\"table\": \"syscall\", "               \
	"\"column\": \"stat\", \"status\": \"ok\", \"median\": 1.5, \"seconds\": " v "}]}\n"

static void seconds_column(void)
{
	struct rfile f;
	int rc = parse(SECONDS_HEAD "syscall\tnull call\tnull\t-\t0.2\tok\t-\tus\t2.345\n"
				    "syscall\tstat\tstat\t-\t-\tfail\tEACCES\tus\t0.500\n"
				    "syscall\tsig hndl\tsighndl\t-\t-\tna\tno\tus\t-\n"
				    "# end: 3 figures\n",
		       &f);

	CHECK("rfile seconds: long with the column parses", rc == 0);
	if (rc == 0) {
		CHECK("rfile seconds: an ok figure's", f.nfigs == 3 && f.figs[0].seconds == 2.345);
		CHECK("rfile seconds: a failed figure took its time too", f.figs[1].seconds == 0.5);
		CHECK("rfile seconds: '-' is unknown", f.figs[2].seconds == -1);
		rfile_free(&f);
	}
	rc = parse(LONG_DOC, &f);
	CHECK("rfile seconds: a long file without the column reads, unknown",
	      rc == 0 && f.nfigs == 2 && f.figs[0].seconds == -1 && f.figs[1].seconds == -1);
	if (rc == 0)
		rfile_free(&f);
	rc = parse(TABLE_DOC, &f);
	CHECK("rfile seconds: a table file's are unknown", rc == 0 && f.figs[0].seconds == -1);
	if (rc == 0)
		rfile_free(&f);
	rc = parse(SECONDS_JSON("12.5"), &f);
	CHECK("rfile seconds: json", rc == 0 && f.figs[0].seconds == 12.5);
	if (rc == 0)
		rfile_free(&f);
	rc = parse(SECONDS_JSON("null"), &f);
	CHECK("rfile seconds: json null is unknown", rc == 0 && f.figs[0].seconds == -1);
	if (rc == 0)
		rfile_free(&f);
	rc = parse(JSON_DOC, &f);
	CHECK("rfile seconds: json without them, unknown", rc == 0 && f.figs[0].seconds == -1);
	if (rc == 0)
		rfile_free(&f);

	CHECK("rfile seconds: negative refused",
	      refused(SECONDS_HEAD "syscall\tstat\tstat\t-\t1.5\tok\t-\tus\t-0.5\n",
		      "'t.tsv' line 4: seconds: '-0.5' is negative"));
	CHECK("rfile seconds: nan refused",
	      refused(SECONDS_HEAD "syscall\tstat\tstat\t-\t1.5\tok\t-\tus\tnan\n",
		      "'t.tsv' line 4: seconds: 'nan' is not a finite number"));
	CHECK("rfile seconds: inf refused",
	      refused(SECONDS_HEAD "syscall\tstat\tstat\t-\t1.5\tok\t-\tus\tinf\n",
		      "'t.tsv' line 4: seconds: 'inf' is not a finite number"));
	CHECK("rfile seconds: longer than any run refused",
	      refused(SECONDS_HEAD "syscall\tstat\tstat\t-\t1.5\tok\t-\tus\t2e9\n",
		      "'t.tsv' line 4: seconds: 2e+09 is longer than a run takes (1e+09 at most)"));
	CHECK("rfile seconds: json negative refused",
	      refused(SECONDS_JSON("-1"), "'t.tsv' line 1: 'seconds' is negative"));
	CHECK("rfile seconds: json text refused",
	      refused(SECONDS_JSON("\"soon\""), "'t.tsv' line 1: 'seconds' is not a JSON number"));
}

static void accepted_variants(void)
{
	struct rfile f;
	const char *crlf = "# syscall: x\r\nHost\tOS\tstat\r\nh\tLinux\t1.50\r\n";
	const char *no_host = "# osbench 0.1.0\n" LONG_HEADER
			      "syscall\tstat\tstat\t-\t1\t1\t1.5\t1\t2\t0\t0\t0\t1\tok\t-\tus\tno\n";

	CHECK("rfile CRLF line ends accepted", parse(crlf, &f) == 0 && f.figs[0].value == 1.5);
	rfile_free(&f);
	CHECK("rfile host defaults to the file name", parse(no_host, &f) == 0 &&
							      strcmp(f.host, "t") == 0);
	rfile_free(&f);
}

static void refusals(void)
{
	char deep[200], many[60000];
	size_t n = 0;

	CHECK("rfile empty", refused("", "'t.tsv': empty file"));
	CHECK("rfile blank", refused("\n \n", "'t.tsv': empty file"));
	CHECK("rfile NUL byte", parse_n("# a\n\0", 5, &(struct rfile){ 0 }) < 0 &&
					strcmp(err, "'t.tsv' line 2: binary data (a NUL byte): "
						    "not an osbench result file") == 0);
	CHECK("rfile control byte", refused("# a\x1b[0m\n", "'t.tsv' line 1: binary data "
							    "(control byte 0x1b): not an osbench "
							    "result file"));
	CHECK("rfile foreign", refused("hello\n", "'t.tsv' line 1: not an osbench result file"));
	CHECK("rfile only comments", refused("# osbench 0.1.0\n# host: x\n",
					     "'t.tsv': a host record but no table (truncated "
					     "file?)"));
	CHECK("rfile header without title",
	      refused("Host\tOS\tstat\nh\tL\t1\n",
		      "'t.tsv' line 1: header row without a '# NAME: title' line above it"));
	CHECK("rfile too few cells", refused("# syscall: x\nHost\tOS\tnull call\tstat\nh\tL\t1\n",
					     "'t.tsv' line 3: 3 cells, header has 4"));
	CHECK("rfile no final newline", refused("# syscall: x\nHost\tOS\tstat\nh\tL\t1",
						"'t.tsv' line 3: no newline at the end "
						"(truncated file?)"));
	CHECK("rfile hex is not a number",
	      refused("# syscall: x\nHost\tOS\tstat\nh\tL\t0x10\n",
		      "'t.tsv' line 3: column 'stat': '0x10' is not a number, fail or -"));
	CHECK("rfile leading plus is not a number",
	      refused("# syscall: x\nHost\tOS\tstat\nh\tL\t+1\n",
		      "'t.tsv' line 3: column 'stat': '+1' is not a number, fail or -"));
	CHECK("rfile huge number", refused("# syscall: x\nHost\tOS\tstat\nh\tL\t1e999\n",
					   "'t.tsv' line 3: column 'stat': '1e999' is out of range"));
	CHECK("rfile -inf", refused("# syscall: x\nHost\tOS\tstat\nh\tL\t-INF\n",
				    "'t.tsv' line 3: column 'stat': '-INF' is not a finite number"));
	CHECK("rfile hosts differ between tables",
	      refused("# a: x\nHost\tOS\tu\nh1\tL\t1\n\n# b: y\nHost\tOS\tv\nh2\tL\t1\n",
		      "'t.tsv' line 7: host 'h2' differs from 'h1' above: one host per file"));
	CHECK("rfile column name too long",
	      refused("# a: x\nHost\tOS\tthis column name is much longer than forty-seven "
		      "bytes\nh\tL\t1\n",
		      "'t.tsv' line 3: column name 'this column name is much longer than "
		      "for...' longer than 47 bytes"));
	CHECK("rfile sweep level not whole",
	      refused("# scale mutex: threads, host h\nConcurrency\th ops/s\n1.5\t10\n",
		      "'t.tsv' line 3: level '1.5' is not a whole number from 1"));
	CHECK("rfile long unknown status",
	      refused(LONG_HEADER "s\tc\tm\t-\t1\t1\t1\t1\t1\t1\t1\t1\t1\tgood\t-\tus\tno\n",
		      "'t.tsv' line 2: status 'good' is not ok, fail or na"));
	CHECK("rfile long unknown unit",
	      refused(LONG_HEADER "s\tc\tm\t-\t1\t1\t1\t1\t1\t1\t1\t1\t1\tok\t-\tms\tno\n",
		      "'t.tsv' line 2: unit 'ms' is not us, ops/s or MB/s"));
	CHECK("rfile long garbage statistic",
	      refused(LONG_HEADER "s\tc\tm\t-\tmany\t1\t1\t1\t1\t1\t1\t1\t1\tok\t-\tus\tno\n",
		      "'t.tsv' line 2: n: 'many' is not a number"));
	CHECK("rfile json cut short", refused("{\"osbench\": \"0.1\", \"results\": [",
					      "'t.tsv' line 1: JSON cut short (truncated file?)"));
	CHECK("rfile json lone surrogate",
	      refused("{\"osbench\": \"\\ud800x\"}", "'t.tsv' line 1: a lone high surrogate in "
						       "a JSON string"));
	CHECK("rfile json NUL escape", refused("{\"osbench\": \"a\\u0000\"}",
					       "'t.tsv' line 1: a NUL character in a JSON string"));
	CHECK("rfile json leading zero", refused("{\"x\": 01}", "'t.tsv' line 1: expected '}' "
									"in the JSON"));
	CHECK("rfile json ok without median",
	      refused("{\"osbench\": \"1\", \"results\": [{\"table\": \"a\", \"column\": \"b\", "
		      "\"status\": \"ok\"}]}",
		      "'t.tsv' line 1: an ok result without a median"));
	CHECK("rfile json tab in a name",
	      refused("{\"osbench\": \"1\", \"host\": {\"name\": \"a\\tb\"}, \"results\": []}",
		      "'t.tsv' line 1: 'name' holds a control character"));
	CHECK("rfile json without results",
	      refused("{\"osbench\": \"1\"}", "'t.tsv': JSON without 'osbench' and 'results': "
					      "not an osbench result file"));
	CHECK("rfile json no figures",
	      refused("{\"osbench\": \"1\", \"results\": []}", "'t.tsv': no figures in the file"));
	/* nesting beyond the bound, inside a key the reader skips */
	n = (size_t)snprintf(deep, sizeof deep, "{\"x\": ");
	for (int i = 0; i < 40; i++)
		deep[n++] = '[';
	deep[n] = '\0';
	CHECK("rfile json nested too deeply", refused(deep, "'t.tsv' line 1: JSON nested too "
							    "deeply"));
	/* more cells than any real header, more figures than any real file:
	   refused, not an endless table */
	n = (size_t)snprintf(many, sizeof many, "# a: x\nHost\tOS");
	for (int i = 0; i < 300; i++)
		n += (size_t)snprintf(many + n, sizeof many - n, "\tc%d", i);
	snprintf(many + n, sizeof many - n, "\n");
	CHECK("rfile too many header cells", refused(many, "'t.tsv' line 2: more than 256 cells "
							   "in a header row"));
	n = 0;
	for (int t = 0; t < 5; t++) {
		n += (size_t)snprintf(many + n, sizeof many - n, "# t%d: x\nHost\tOS", t);
		for (int i = 0; i < 250; i++)
			n += (size_t)snprintf(many + n, sizeof many - n, "\tc%d", i);
		n += (size_t)snprintf(many + n, sizeof many - n, "\nh\tL");
		for (int i = 0; i < 250; i++)
			n += (size_t)snprintf(many + n, sizeof many - n, "\t1");
		n += (size_t)snprintf(many + n, sizeof many - n, "\n\n");
	}
	CHECK("rfile too many figures", refused(many, "'t.tsv' line 19: more than 1024 figures: "
						      "not an osbench result file"));
}

/* What the fuzzer demands: a result, or a one-line refusal. */
static int sane(int rc, struct rfile *f)
{
	if (rc == 0) {
		int found = 1;
		for (size_t i = 0; i < f->nfigs; i++)
			found &= rfile_find(f, f->figs[i].table, f->figs[i].column) != NULL;
		rfile_free(f);
		return found;
	}
	return err[0] && !strchr(err, '\n');
}

/* Every truncation of a valid file. */
static int prefixes_sane(const char *doc)
{
	size_t len = strlen(doc);

	for (size_t n = 0; n <= len; n++) {
		struct rfile f;
		if (!sane(parse_n(doc, n, &f), &f))
			return 0;
	}
	return 1;
}

/* Deterministic mutations: flipped, inserted and deleted bytes. */
static int mutations_sane(const char *doc, unsigned seed)
{
	size_t len = strlen(doc);
	char buf[2048];

	for (int round = 0; round < 3000; round++) {
		size_t n = len < sizeof buf - 8 ? len : sizeof buf - 8;
		struct rfile f;
		memcpy(buf, doc, n);
		for (int k = 0; k < 1 + round % 4; k++) {
			seed = seed * 1103515245u + 12345u;
			size_t at = (seed >> 8) % (n ? n : 1);
			unsigned char b = (unsigned char)(seed >> 20);
			switch ((seed >> 16) % 3) {
			case 0:
				buf[at] = (char)b;
				break;
			case 1:
				memmove(buf + at + 1, buf + at, n - at);
				buf[at] = (char)b;
				n++;
				break;
			default:
				if (n == 0)
					break;
				memmove(buf + at, buf + at + 1, n - at - 1);
				n--;
				break;
			}
		}
		if (!sane(parse_n(buf, n, &f), &f))
			return 0;
	}
	return 1;
}

UNIT_TEST(test_resultfile)
{
	table_format();
	scale_table();
	long_format();
	json_format();
	seconds_column();
	accepted_variants();
	refusals();
	CHECK("rfile every prefix of a table file", prefixes_sane(TABLE_DOC));
	CHECK("rfile every prefix of a long file", prefixes_sane(LONG_DOC));
	CHECK("rfile every prefix of a json file", prefixes_sane(JSON_DOC));
	CHECK("rfile mutated table files", mutations_sane(TABLE_DOC, 1));
	CHECK("rfile mutated long files", mutations_sane(LONG_DOC, 2));
	CHECK("rfile mutated json files", mutations_sane(JSON_DOC, 3));
}
