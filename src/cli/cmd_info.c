/* The commands that tell about osbench itself: help, --version, list. */
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/io.h"
#include "cli/session.h"
#include "modules/registry.h"
#include "sys/build.h"

static const char usage_text[] =
	"usage: osbench [run] [OPTIONS] [NAME...]   tables or modules to measure (none: every\n"
	"                                           table; at most 64 names)\n"
	"       osbench list                        tables and modules, one per line\n"
	"       osbench scale MODULE [--threads LIST | --procs LIST] [OPTIONS]\n"
	"       osbench compare FILE FILE...        side-by-side tables with ratios\n"
	"       osbench check BASELINE [CURRENT] [--tolerance PCT] [--runs N] [--strict]\n"
	"                     [-f table|long|json|junit]   current against baseline, by runs\n"
	"       osbench ab [RUN OPTIONS] A B [NAME...]   A and B paired, round by round: each\n"
	"                                           a command that starts an osbench, split at\n"
	"                                           blanks ('taskset -c 1 ./osbench'); verdicts\n"
	"                                           same, slower, faster, unclear (--tolerance\n"
	"                                           PCT, default 3; -f table|long|json|junit)\n"
	"       osbench plot FILE... [-o FILE.svg] [--log | --cdf]   an SVG picture of result\n"
	"                                           files (--cdf: each figure's latency tail)\n"
	"       osbench serve [--bind ADDR] [--port N]   peer for --remote\n"
	"       osbench help | -h | --help ; osbench --version\n"
	"\n"
	"run and scale options:\n"
	"  -q, --quick          a sanity run: two rounds of short samples\n"
	"  -f, --format FMT     table (default), long or json (check: junit too)\n"
	"  -o, --output FILE    write results to FILE (replaced only when complete)\n"
	"  -l, --label NAME     the Host cell (default: the host name)\n"
	"  -r, --reps N         exactly N rounds per figure (default: until precise)\n"
	"@sampling@"
	"      --placement P    free, same (default: one CPU) or spread (one CPU each);\n"
	"                       ab: free unless given, as each side's command places it\n"
	"      --cpu N          the CPU same and spread start from (default 0)\n"
	"      --timeout S      give up on one measurement after S seconds\n"
	"@traits@"
	"      --threads LIST   scale: copies as threads (default 1,2,5,10,20,35,50)\n"
	"      --runs N         run: N independent runs in one result, each calibrated\n"
	"                       afresh, the figure their median (default 1); check: the\n"
	"                       runs of the current side (default 3)\n"
	"\n"
	"check options (the run is the unit: a ratio and its 95% interval per figure):\n"
	"      --tolerance PCT  slower or faster only beyond PCT% (default 10)\n"
	"      --strict         unclear figures fail too\n"
	"      --no-stats       the ratio against the tolerance alone (one run a side)\n"
	"      --trust-file-create  judge File Create on an ext4 without a journal\n"
	"\n"
	"exit status: 0 every figure measured; 1 some figure failed (its cell says\n"
	"fail, the reason is on stderr); 2 bad usage or bad input.  check: 1 for a\n"
	"figure slower, fail or missing (--strict: unclear too); ab: 1 for a figure\n"
	"slower or failed.\n";

/* stdout must reach its destination: a full disk or a closed pipe is an
 * error, not a silent loss (git's rule). */
static int finish_stdout(int status)
{
	struct dest out = { .f = stdout };

	return dest_close(&out, status);
}

/* The sampling options with their defaults, from the session's own. */
static void sampling_options(void)
{
	struct run_opts run = { 0 }, quick = { 0 }, scale = { 0 }, scale_quick = { 0 };

	session_defaults(&run, SESSION_RUN, 0);
	session_defaults(&quick, SESSION_RUN, 1);
	session_defaults(&scale, SESSION_SCALE, 0);
	session_defaults(&scale_quick, SESSION_SCALE, 1);
	printf("  -t, --time MS        length of one sample (run: %g, scale: %g; quick: %g, %g)\n",
	       run.target_ms, scale.target_ms, quick.target_ms, scale_quick.target_ms);
	printf("      --precision PCT  stop a figure once its median's 95%% interval is within\n"
	       "                       PCT%% of it (run: %g, scale: %g)\n",
	       run.precision_pct, scale.precision_pct);
	printf("      --budget S       start no round after S seconds (run: %g, scale: %g, ab: %g)\n",
	       run.budget_s, scale.budget_s, 2 * run.budget_s);
}

/* The options that only some modules take, naming them from the
 * registry; printed where usage_text says @traits@ (and the sampling
 * options where it says @sampling@). */
static void trait_options(void)
{
	char remote[128], points[128];

	registry_names_with(MOD_REMOTE, remote, sizeof remote);
	registry_names_with(MOD_POINTS, points, sizeof points);
	printf("      --remote HOST[:PORT]  %s against an osbench serve (port 7100)\n", remote);
	printf("      --procs LIST     run %s: ring sizes; scale: copies as processes\n", points);
	printf("      --size LIST      run %s: working set sizes in KB (with --procs)\n", points);
}

int cmd_help(const struct args *a, int argc, char **argv)
{
	(void)a;
	(void)argc;
	(void)argv;
	const char *sampling = strstr(usage_text, "@sampling@");
	const char *traits = strstr(usage_text, "@traits@");

	fwrite(usage_text, 1, (size_t)(sampling - usage_text), stdout);
	sampling_options();
	sampling += strlen("@sampling@");
	fwrite(sampling, 1, (size_t)(traits - sampling), stdout);
	trait_options();
	fputs(traits + strlen("@traits@"), stdout);
	return finish_stdout(0);
}

int cmd_version(const struct args *a, int argc, char **argv)
{
	(void)a;
	(void)argc;
	(void)argv;
	char build[200];

	build_describe(build, sizeof build);
	printf("osbench %s\nbuild: %s\n", OSBENCH_VERSION, build);
	return finish_stdout(0);
}

static void sweep_kind(const struct module *m, char *buf, size_t len)
{
	if (!(m->flags & MOD_SWEEP))
		snprintf(buf, len, "no sweep");
	else if (m->flags & MOD_THREADS_ONLY)
		snprintf(buf, len, "sweep: threads");
	else
		snprintf(buf, len, "sweep: threads, procs");
}

int cmd_list(const struct args *a, int argc, char **argv)
{
	(void)a;
	(void)argc;
	(void)argv;
	for (size_t i = 0; i < registry_ntables; i++) {
		const struct table *t = &registry_tables[i];
		printf("%s\ttable\t", t->name);
		for (size_t c = 0; c < t->ncolumns; c++)
			printf("%s%s", c ? ", " : "", t->columns[c].header);
		putchar('\n');
	}
	for (size_t i = 0; i < registry_nmodules; i++) {
		const struct module *m = registry_modules[i];
		char kind[32];
		sweep_kind(m, kind, sizeof kind);
		printf("%s\t%s\t%s\t%s\n", m->name, m->flags & MOD_SCALE ? "scale module" : "module",
		       kind, m->summary);
	}
	return finish_stdout(0);
}

