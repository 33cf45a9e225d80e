/* A result file as the reader gives it to compare, check and plot: the
 * host record, the figures, and the pool their samples live in.  Read by
 * results/resultfile.h; made in memory by results/memfile.h. */
#ifndef OSBENCH_RFILE_H
#define OSBENCH_RFILE_H

#include <stddef.h>

#include "status.h"

/* One figure, identified by (table, column) across every format:
 * table is a latency table's name ("syscall", ...), a loose module's name,
 * or "scale"; column is the header cell, or for scale the level. */
struct rfigure {
	char table[32];
	char column[48];
	char module[32];
	char params[160];   /* as written by long/json; "" when unknown (table) */
	char unit[8];       /* "us" (lower is better) or "ops/s" (higher is better) */
	enum status status; /* ST_OK with value, ST_FAIL ("fail"), ST_NA ("-") */
	double value;       /* the median */
	int table_order;    /* position of its table in the file, from 0 */
	int column_order;   /* position of its column in its table, from 0 */
	/* from long and json files written since samples travel with the
	   figure; nsamples 0 (and ci_hi 0) when the file does not say */
	double ci_lo, ci_hi;
	int rounds;
	size_t sample_off, nsamples; /* in the file's sample pool */
	char placement[8];  /* "free", "same", "spread", or "" */
	/* --runs N: each run's figure, in the sample pool; a file that
	   does not say holds one run, its value (run_off unused, runs 0) */
	int runs;
	size_t run_off;
	/* each run's fastest sample, in the pool; nfastest 0 when the file
	   does not say (else as many as the runs, 1 for one run) */
	size_t fastest_off, nfastest;
	/* how far the written cell may be from the measured figure, as a
	   fraction of it: half a unit of its last digit (a table cell), 0
	   where the file gives full precision */
	double rounding;
	char reason[256];   /* why fail or -, "" when the file does not say */
	/* why the run says the figure was distorted (something took its
	   CPU away); "" when it was not, or the file does not say */
	char distorted[192];
	/* wall seconds spent measuring it (every run's, failed rounds
	   too); -1 when the file does not say */
	double seconds;
	/* the tail of single ops, from files written since it is taken;
	   have 0 when the file does not give it */
	struct {
		int have;
		double p50, p99, p999, max;
		int stalls, batch;
		size_t cdf_off, ncdf; /* the distribution, in the sample pool */
	} tail;
};

/* A real file holds a few dozen figures; more is not one of ours (and
 * bounds the reader's work on hostile input). */
#define RFILE_MAX_FIGS 1024
/* Samples over all figures of one file: a run keeps a few thousand. */
#define RFILE_MAX_SAMPLES (1 << 20)

/* The most runs whose machine reference a file may give (RUNS_MAX). */
#define RFILE_MAX_REFERENCE 64

/* One result file. */
struct rfile {
	char path[4096];
	char host[256];      /* the Host cell / "# host:" / host.name */
	char os[200];        /* the OS cell / sysname + release */
	double mhz;          /* 0 when unknown */
	char scale_mode[16]; /* "threads" or "processes" for a sweep, else "" */
	char build[200];     /* the build line, "" when the file has none */
	char placement[16];  /* the run's placement, "" when not said */
	/* the rest of the host record, "" (cpus 0) when the file does not
	   say: what check and compare hold side by side */
	char version[32];    /* osbench's */
	char release[100], kernel[200], date[40], ld_preload[256], tmpdir_fs[64];
	char huge_pages[16];  /* the host's transparent huge pages mode, or "" */
	double buffer_mb;     /* the memory bandwidths' buffer; 0: not said */
	int cpus;
	/* each run's machine reference in MB/s (--runs), in order; 0 runs:
	   the file gives none */
	double reference[RFILE_MAX_REFERENCE];
	int reference_runs;
	struct rfigure *figs;
	size_t nfigs;
	double *pool;        /* every figure's samples, one after another */
	size_t npool, pool_cap;
};

/* Frees what a read or memfile_make allocated; f may be read again. */
void rfile_free(struct rfile *f);

/* A figure's tail distribution (g->tail.ncdf times, one per percentile
 * from 0 to 100), or NULL when it has none. */
const double *rfile_cdf(const struct rfile *f, const struct rfigure *g);
/* A figure's samples (g->nsamples of them), or NULL when it has none. */
const double *rfile_samples(const struct rfile *f, const struct rfigure *g);
/* A figure's run values, *n of them: those the file gives, or its value
 * as the one run; NULL (n 0) when it has no value. */
const double *rfile_run_values(const struct rfile *f, const struct rfigure *g, size_t *n);
/* Each run's fastest sample (g->nfastest of them), or NULL when the file
 * does not say. */
const double *rfile_run_fastest(const struct rfile *f, const struct rfigure *g);

/* The figure with this table and column, or NULL. */
const struct rfigure *rfile_find(const struct rfile *f, const char *table,
				 const char *column);

#endif
