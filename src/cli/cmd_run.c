/* `osbench run` and `osbench scale`: what to measure, in what order. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/common_opts.h"
#include "modules/registry.h"
#include "cli/runplan.h"
#include "cli/session.h"
#include "plan/plan.h"
#include "plan/schema.h"
#include "sys/room.h"
#include "sys/utf8.h"

/* The plan of a command line's names; -1 after saying why. */
static int plan_run(struct plan *p, const struct args *a)
{
	struct plan_request r = { .names = a->names, .nnames = a->nnames, .procs = a->procs,
				  .nprocs = a->nprocs, .sizes = a->sizes, .nsizes = a->nsizes };
	const char *bad = NULL;
	int points_named = 0;
	int rc = plan_from_names(p, &r, &bad);

	if (rc == PLAN_UNKNOWN) {
		fprintf(stderr, "osbench: unknown table or module '%s' (see 'osbench list')\n", bad);
		return -1;
	}
	if (rc < 0) {
		fprintf(stderr, "osbench: too many tables in one run\n");
		return -1;
	}
	for (int i = 0; i < a->nnames; i++) {
		const struct module *m = registry_module(a->names[i]);
		points_named |= m && (m->flags & MOD_POINTS);
	}
	if (a->nprocs && !points_named) {
		char names[128];
		registry_names_with(MOD_POINTS, names, sizeof names);
		fprintf(stderr, "osbench: --procs and --size apply to 'osbench run %s'\n", names);
		return -1;
	}
	return 0;
}

/* Every figure of the plan once, and its record under the first table
 * it is in.  The records are as many as the plan's figures, allocated
 * for it: a record is large, and room for every possible one would keep
 * the binary from starting under a tight address-space limit.  -1 with
 * errno. */
static int collect_records(struct plan *p, const struct session *s, struct record **rec)
{
	char remote[300] = "";

	*rec = NULL;
	if (plan_collect(p) < 0 || !(*rec = calloc(p->figs.n ? p->figs.n : 1, sizeof **rec)))
		return -1;
	if (s->opts.remote_host)
		snprintf(remote, sizeof remote, "%s:%s", s->opts.remote_host, s->opts.remote_port);
	for (size_t t = p->n; t-- > 0;)
		for (size_t i = p->sections[t].ncols; i-- > 0;) {
			const struct plan_section *sec = &p->sections[t];
			const struct subject *k = &p->figs.keys[sec->figure[i]];
			struct record *r = &(*rec)[sec->figure[i]];
			memset(r, 0, sizeof *r);
			r->table = sec->name;
			r->module = k->mod->name;
			r->unit = figure_unit(k);
			snprintf(r->column, sizeof r->column, "%s", sec->cols[i].header);
			figure_params(k, remote[0] ? remote : NULL, r->params, sizeof r->params);
		}
	return 0;
}

static void write_section(struct session *s, const struct plan_section *sec,
			  const struct record *rec)
{
	struct record cells[PLAN_MAX_COLUMNS];
	struct section_view view = { .name = sec->name, .title = sec->title,
				     .has_mhz = sec->has_mhz, .ncells = sec->ncols };

	for (size_t i = 0; i < sec->ncols; i++) {
		cells[i] = rec[sec->figure[i]];
		/* the same figure under another table keeps that table's name */
		cells[i].table = sec->name;
		snprintf(cells[i].column, sizeof cells[i].column, "%s", sec->cols[i].header);
	}
	writer_table(&s->w, &view, cells);
}

/* How many figures the default run measures, every table's once. */
static size_t default_figures(void)
{
	static struct plan every;
	struct plan_request none = { 0 };
	const char *bad = NULL;
	size_t n = 0;

	if (plan_from_names(&every, &none, &bad) == 0 && plan_collect(&every) == 0)
		n = every.figs.n;
	plan_figures_free(&every.figs);
	return n;
}

static int cmd_run(const struct args *a, int argc, char **argv)
{
	static struct plan plan;
	struct record *rec;
	struct session s;
	int rc;

	if (plan_run(&plan, a) < 0)
		return 2;
	if (a->remote_port[0] && !plan_uses(&plan, MOD_REMOTE)) {
		char names[128];
		registry_names_with(MOD_REMOTE, names, sizeof names);
		fprintf(stderr, "osbench: --remote applies to %s only\n", names);
		return 2;
	}
	if ((rc = session_open(&s, a, SESSION_RUN, argc, argv)) != 0)
		return rc;
	/* until the tables are written, any failure leaves an existing -o
	   file as it was */
	if (collect_records(&plan, &s, &rec) < 0) {
		fprintf(stderr, "osbench: cannot start: %s\n", strerror(errno));
		free(rec);
		plan_figures_free(&plan.figs);
		return session_abort(&s);
	}
	session_share_budget(&s, a, plan.figs.n, default_figures());
	if (session_measure_all(&s, plan.figs.keys, rec, plan.figs.n) < 0) {
		free(rec);
		plan_figures_free(&plan.figs);
		return session_abort(&s);
	}
	for (size_t t = 0; t < plan.n; t++)
		write_section(&s, &plan.sections[t], rec);
	session_release(rec, plan.figs.n);
	free(rec);
	plan_figures_free(&plan.figs);
	return session_close(&s);
}

int run_plan_figures(const struct args *a, const struct session *s,
		     const struct subject **subj, struct record **rec, size_t *n)
{
	static struct plan plan;
	static struct record *records;

	free(records);
	records = NULL;
	if (plan_run(&plan, a) < 0)
		return -1;
	if (collect_records(&plan, s, &records) < 0) {
		fprintf(stderr, "osbench: cannot start: %s\n", strerror(errno));
		return -1;
	}
	*subj = plan.figs.keys;
	*rec = records;
	*n = plan.figs.n;
	return 0;
}

/* ---- scale ------------------------------------------------------------ */

static const int default_levels[] = { SCALE_DEFAULT_LEVELS };
#define NDEFAULT_LEVELS ((int)(sizeof default_levels / sizeof default_levels[0]))

static const struct module *scale_module(const struct args *a)
{
	const struct module *m;

	if (a->nnames != 1) {
		fprintf(stderr, "osbench: scale: name one module (see 'osbench list')\n");
		return NULL;
	}
	m = registry_module(a->names[0]);
	if (!m) {
		fprintf(stderr, "osbench: scale: unknown module '%s' (see 'osbench list')\n",
			a->names[0]);
		return NULL;
	}
	if (!(m->flags & MOD_SWEEP)) {
		fprintf(stderr, "osbench: scale: module '%s' cannot run as several copies at once\n",
			m->name);
		return NULL;
	}
	if (a->nprocs && (m->flags & MOD_THREADS_ONLY)) {
		fprintf(stderr, "osbench: scale: module '%s' runs as threads only, not --procs\n",
			m->name);
		return NULL;
	}
	return m;
}

static int cmd_scale(const struct args *a, int argc, char **argv)
{
	const struct module *m = scale_module(a);
	const int *levels = a->nprocs ? a->procs : a->nthreads ? a->threads : default_levels;
	int n = a->nprocs ? a->nprocs : a->nthreads ? a->nthreads : NDEFAULT_LEVELS;
	struct record recs[MAX_LEVELS];
	struct subject subj[MAX_LEVELS];
	struct session s;
	int rc;

	if (!m)
		return 2;
	if ((rc = session_open(&s, a, SESSION_SCALE, argc, argv)) != 0)
		return rc;
	for (int i = 0; i < n; i++) {
		subj[i] = (struct subject){ .mod = m, .level = levels[i],
					    .use_procs = a->nprocs > 0 };
		memset(&recs[i], 0, sizeof recs[i]);
		recs[i].table = SCALE_TABLE;
		recs[i].module = m->name;
		recs[i].unit = figure_unit(&subj[i]);
		snprintf(recs[i].column, sizeof recs[i].column, "%d", levels[i]);
		figure_params(&subj[i], NULL, recs[i].params, sizeof recs[i].params);
	}
	if (session_measure_all(&s, subj, recs, (size_t)n) < 0)
		return session_abort(&s);
	writer_sweep(&s.w, m->name, a->nprocs > 0, recs, n);
	session_release(recs, (size_t)n);
	return session_close(&s);
}

/* ---- the options ------------------------------------------------------ */

/* The largest of the points --procs x --size asks for must fit this
 * host: a ring that cannot is refused before anything forks. */
static int points_fit(const struct args *a, char *err, size_t len)
{
	int procs = 0, size_kb = 0;
	char why[200];

	for (int i = 0; i < a->nprocs; i++)
		procs = a->procs[i] > procs ? a->procs[i] : procs;
	for (int i = 0; i < a->nsizes; i++)
		size_kb = a->sizes[i] > size_kb ? a->sizes[i] : size_kb;
	if (!a->nprocs || room_for(procs, size_kb, why, sizeof why) == 0)
		return 0;
	if (a->nsizes)
		utf8_printf(err, len, "--procs %d --size %d: %s", procs, size_kb, why);
	else
		utf8_printf(err, len, "--procs %d: %s", procs, why);
	return -1;
}

static int run_fits(const struct args *a, char *err, size_t len)
{
	if (placement_fits(a, err, len) < 0)
		return -1;
	if (a->nsizes && !a->nprocs) {
		utf8_printf(err, len, "--size: give --procs too (ctx points are PROCS x SIZE)");
		return -1;
	}
	for (int i = 0; i < a->nprocs; i++)
		if (a->procs[i] < 2) {
			utf8_printf(err, len, "--procs: '%d': a ctx ring needs at least 2 processes",
				    a->procs[i]);
			return -1;
		}
	return points_fit(a, err, len);
}

static int scale_fits(const struct args *a, char *err, size_t len)
{
	if (a->nthreads && a->nprocs) {
		utf8_printf(err, len, "--threads and --procs: give one or the other");
		return -1;
	}
	return 0;
}

/* The options that only some modules take name them from the registry. */
static void remote_help(char *buf, size_t len)
{
	char names[128];

	registry_names_with(MOD_REMOTE, names, sizeof names);
	snprintf(buf, len, "%s against an osbench serve\n(default port 7100)", names);
}

static void procs_help(char *buf, size_t len)
{
	char names[128];

	registry_names_with(MOD_POINTS, names, sizeof names);
	snprintf(buf, len, "%s: ring sizes, the points' processes", names);
}

static void size_help(char *buf, size_t len)
{
	char names[128];

	registry_names_with(MOD_POINTS, names, sizeof names);
	snprintf(buf, len, "%s: working set sizes in KB (with --procs)", names);
}

static const struct opt run_list[] = {
	OPT_INCLUDE(output_options),
	OPT_INCLUDE(results_format_options),
	OPT_INCLUDE(sampling_options),
	{ .kind = OPT_FN, .name = "placement", .arg = "P", .set = opt_set_placement,
	  .help = "free, same (default: one CPU) or spread (one CPU each)" },
	{ .kind = OPT_FN, .name = "remote", .arg = "HOST[:PORT]", .set = opt_set_remote,
	  .help_fn = remote_help },
	{ .kind = OPT_LIST, .name = "procs", .arg = "LIST", .field = OPT_FIELD(procs),
	  .count_field = OPT_FIELD(nprocs), .max = MAX_LEVELS, .lo = 1, .hi = MAX_LEVEL,
	  .help_fn = procs_help },
	{ .kind = OPT_LIST, .name = "size", .arg = "LIST", .field = OPT_FIELD(sizes),
	  .count_field = OPT_FIELD(nsizes), .max = MAX_LEVELS, .lo = 0, .hi = MAX_SIZE_KB,
	  .help_fn = size_help },
	{ .kind = OPT_INT, .name = "runs", .arg = "N", .field = OPT_FIELD(runs), .lo = 1,
	  .hi = RUNS_MAX, .help = "N short independent runs in one result (each sampled\n"
				  "as --quick samples, calibrated afresh), the figure\n"
				  "their median (default 1)" },
	{ .kind = OPT_INT, .name = "ops", .arg = "N", .field = OPT_FIELD(ops), .lo = 1,
	  .hi = 1000000000, .help = "exactly N iterations a sample, uncalibrated (default:\n"
				    "as many as fill --time)" },
	OPT_TABLE_END,
};
static const struct opt_table run_options = { .opts = run_list };

static const struct opt scale_list[] = {
	OPT_INCLUDE(output_options),
	OPT_INCLUDE(results_format_options),
	OPT_INCLUDE(sampling_options),
	{ .kind = OPT_LIST, .name = "threads", .arg = "LIST", .field = OPT_FIELD(threads),
	  .count_field = OPT_FIELD(nthreads), .max = MAX_LEVELS, .lo = 1, .hi = MAX_LEVEL,
	  .help = "the levels, as threads (default 1,2,5,10,20,35,50)" },
	{ .kind = OPT_LIST, .name = "procs", .arg = "LIST", .field = OPT_FIELD(procs),
	  .count_field = OPT_FIELD(nprocs), .max = MAX_LEVELS, .lo = 1, .hi = MAX_LEVEL,
	  .help = "the levels, as processes" },
	OPT_TABLE_END,
};
static const struct opt_table scale_options = { .opts = scale_list };

#define MEASURED_EXITS                                                                     \
	"0 every figure measured; 1 some figure failed (its cell says fail, the\n"          \
	"reason is on standard error); 2 bad usage or bad input"

const struct command_entry run_command = {
	.name = "run", .fn = cmd_run, .flags = CMDF_NAMES, .options = &run_options,
	.check = run_fits, .usage = "[run] [OPTIONS] [NAME...]",
	.summary = "measure the tables or modules named, at most 64 names (none:\n"
		   "every table)",
	.exits = MEASURED_EXITS,
};

const struct command_entry scale_command = {
	.name = "scale", .fn = cmd_scale, .flags = CMDF_NAMES, .options = &scale_options,
	.check = scale_fits, .usage = "scale MODULE [--threads LIST | --procs LIST] [OPTIONS]",
	.summary = "MODULE's throughput with 1, 2, 5... copies of it at once",
	.exits = MEASURED_EXITS,
};
