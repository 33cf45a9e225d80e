/* The command line, parsed and checked; no side effects, so the unit
 * tests can feed it anything.  Which options a command takes is in its
 * own table (options.h, declared in its cmd_*.c); struct args holds
 * what they set. */
#ifndef OSBENCH_ARGS_H
#define OSBENCH_ARGS_H

#include <stddef.h>

#include "harness.h" /* enum placement */

enum command { CMD_RUN, CMD_LIST, CMD_SCALE, CMD_SERVE, CMD_COMPARE, CMD_CHECK,
	       CMD_PLOT, CMD_AB, CMD_HELP, CMD_VERSION, CMD_COUNT };

#define MAX_LEVELS 64
#define MAX_LEVEL 4096
#define MAX_NAMES 64
#define MAX_SIZE_KB 65536

struct args {
	enum command cmd;
	int quick;
	const char *format;   /* a writer format's name, or junit (check) */
	const char *output;   /* -o FILE, or NULL for stdout */
	const char *label;
	int reps;             /* 0: the command's default */
	int ops;              /* run --ops N: iterations per sample; 0: calibrated */
	int time_ms;          /* 0: the command's default */
	int cpu;              /* -1: no pinning */
	int timeout_s;        /* 0: derived from reps and time */
	int buffer_mb;        /* --buffer; 0: the memory modules' own choice */
	enum placement placement;
	int placement_given;
	double precision_pct; /* < 0 when not given */
	double budget_s;      /* < 0 when not given */
	char remote_host[256];
	char remote_port[16]; /* empty unless --remote */
	int threads[MAX_LEVELS], nthreads;
	int procs[MAX_LEVELS], nprocs;
	int sizes[MAX_LEVELS], nsizes;
	double tolerance;     /* check; < 0 when not given */
	int runs;             /* --runs N; 0: the command's default */
	int strict;           /* check --strict: unclear fails too */
	int no_stats;         /* check --no-stats: the tolerance alone */
	int relative;         /* check --relative: against the typical figure's move too */
	int trust_file_create; /* check: judge File Create where it is unclear */
	int log_scale;        /* plot --log */
	int cdf;              /* plot --cdf */
	int help;             /* -h, --help */
	int version;          /* --version */
	int help_topic;       /* help: the command asked about; -1: all */
	const char *bind;
	const char *port;
	const char *names[MAX_NAMES];
	int nnames;
};

/* Parse argv into *a.  -1 with a one-line message in err (no "osbench: "
 * prefix) on bad usage. */
int args_parse(int argc, char **argv, struct args *a, char *err, size_t errlen);

#endif
