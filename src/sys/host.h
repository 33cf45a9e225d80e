/* Facts about the host that the seeds' comparisons turn on. */
#ifndef OSBENCH_HOST_H
#define OSBENCH_HOST_H

#include <stddef.h>

/* The stack osbench needs.  A quick run takes under 96 KiB (gcc, clang,
 * ASan); the rest is margin for other compilers and C libraries, and a
 * sweep's threads get as much (glibc sizes them from the same limit). */
#define HOST_MIN_STACK_KB 256

/* The most runs whose machine reference the host record keeps: every run
 * one result can hold. */
#define HOST_REFERENCE_MAX 64

struct host_info {
	char host[256];       /* --label or the host name */
	char os[200];         /* uname -s and release: the OS cell */
	char sysname[72], release[96], version[160], machine[72];
	char cpu_model[160];
	int cpus;
	double mhz;           /* 0 when unknown */
	const char *mhz_source; /* "measured", "os" or "unknown" */
	char mhz_why[200];    /* why a timed clock is not told; "" otherwise */
	char libc[64];
	char ld_preload[256]; /* empty when not set */
	char date[32];        /* UTC, ISO 8601 */
	char command[1024];   /* the command line, words joined by spaces */
	char build[200];      /* compiler, flags, sanitizers (build.h) */
	char placement[16];   /* --placement of the run, "" outside runs */
	char tmpdir_fs[64];   /* the file system of the run's private directory */
	char huge_pages[16];  /* huge_pages_mode(), "" outside runs */
	int buffer_mb;        /* the memory bandwidths' buffer; 0 outside runs */
	char buffer_why[160]; /* how it was chosen */
	/* --runs N: each run's machine reference (its fastest sample, MB/s),
	   in order; reference_runs 0 where it was not taken or failed */
	double reference[HOST_REFERENCE_MAX];
	int reference_runs;
};

/* Gather the facts; label may be NULL, measured_mhz the clock rate the
 * harness timed (0: not known, the OS is asked, unless mhz_why says why
 * the timing is not to be told).  A timed clock above the highest the
 * kernel gives the CPU is not told either.  Never fails: what cannot be
 * learnt reads "unknown". */
void host_gather(struct host_info *h, const char *label, double measured_mhz,
		 const char *mhz_why, int argc, char **argv);

/* 0 when the stack limit is at least HOST_MIN_STACK_KB; else -1 with a
 * one-line reason.  Checked first thing: below it a run dies of SIGSEGV
 * with nothing said and its private directory left behind. */
int host_stack_check(char *err, size_t errlen);

#endif
