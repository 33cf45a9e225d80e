/* The command layer: parses the command line, plans what to measure,
 * drives the harness and the writer, prints messages and decides the
 * exit status.  Nothing below this layer prints or exits. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "sys/build.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "modules/registry.h"

static const char usage_text[] =
	"usage: osbench [run] [OPTIONS] [NAME...]   tables or modules to measure (none: every\n"
	"                                           table; at most 64 names)\n"
	"       osbench list                        tables and modules, one per line\n"
	"       osbench scale MODULE [--threads LIST | --procs LIST] [OPTIONS]\n"
	"       osbench compare FILE FILE...        side-by-side tables with ratios\n"
	"       osbench check BASELINE [CURRENT] [--tolerance PCT] [-f table|json|junit]\n"
	"       osbench plot FILE... [-o FILE.svg] [--log]   an SVG picture of result files\n"
	"       osbench serve [--bind ADDR] [--port N]   peer for --remote\n"
	"       osbench help | -h | --help ; osbench --version\n"
	"\n"
	"run and scale options:\n"
	"  -q, --quick          a sanity run: two rounds of short samples\n"
	"  -f, --format FMT     table (default), long or json (check: table, json, junit)\n"
	"  -o, --output FILE    write results to FILE (replaced only when complete)\n"
	"  -l, --label NAME     the Host cell (default: the host name)\n"
	"  -r, --reps N         exactly N rounds per figure (default: until precise)\n"
	"  -t, --time MS        length of one sample (run: 5, scale: 300; quick: 1, 50)\n"
	"      --precision PCT  stop a figure once its median's 95% interval is within\n"
	"                       PCT% of it (run: 1, scale: 2)\n"
	"      --budget S       start no round after S seconds (run: 8, scale: 10)\n"
	"      --placement P    free, same (default: one CPU) or spread (one CPU each)\n"
	"      --cpu N          the CPU same and spread start from (default 0)\n"
	"      --timeout S      give up on one measurement after S seconds\n"
	"      --remote HOST[:PORT]  tcp, udp and tcpconn against an osbench serve (port 7100)\n"
	"      --procs LIST     run ctx: ring sizes; scale: copies as processes\n"
	"      --size LIST      run ctx: working set sizes in KB (with --procs)\n"
	"      --threads LIST   scale: copies as threads (default 1,2,5,10,20,35,50)\n"
	"\n"
	"exit status: 0 every figure measured; 1 some figure failed (its cell says\n"
	"fail, the reason is on stderr); 2 bad usage or bad input.\n";

static int usage_error(const char *msg)
{
	fprintf(stderr, "osbench: %s\n", msg);
	return 2;
}

/* stdout must reach its destination: a full disk or a closed pipe is an
 * error, not a silent loss (git's rule). */
static int finish_stdout(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "osbench: standard output: %s\n", strerror(errno));
		return 2;
	}
	return status;
}

static int cmd_help(void)
{
	fputs(usage_text, stdout);
	return finish_stdout(0);
}

static int cmd_version(void)
{
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

static int cmd_list(void)
{
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

/* A closed standard descriptor would be taken by the next open() or
 * pipe(), and results or messages would land in a socket or a temp file.
 * stdin and stderr are quietly pointed at /dev/null; a closed stdout is an
 * error, since the results would have nowhere to go. */
static int standard_fds_ok(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		if (fd == STDOUT_FILENO) {
			fprintf(stderr, "osbench: standard output: %s\n", strerror(EBADF));
			return 0;
		}
		if (open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) != fd)
			return 0;
	}
	return 1;
}

int cli_main(int argc, char **argv)
{
	struct args a;
	char err[512];

	if (!standard_fds_ok())
		return 2;

	/* a closed pipe or a vanished peer is an error we report, not a
	   silent death; children inherit this */
	signal(SIGPIPE, SIG_IGN);
	if (args_parse(argc, argv, &a, err, sizeof err) < 0)
		return usage_error(err);
	switch (a.cmd) {
	case CMD_HELP:
		return cmd_help();
	case CMD_VERSION:
		return cmd_version();
	case CMD_LIST:
		return cmd_list();
	case CMD_RUN:
		return cmd_run(&a, argc, argv);
	case CMD_SCALE:
		return cmd_scale(&a, argc, argv);
	case CMD_SERVE:
		return cmd_serve(&a);
	case CMD_COMPARE:
		return cmd_compare(&a);
	case CMD_CHECK:
		return cmd_check(&a, argc, argv);
	case CMD_PLOT:
		return cmd_plot(&a);
	}
	return usage_error("unknown command");
}
