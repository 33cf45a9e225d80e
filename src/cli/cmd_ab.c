/* `osbench ab [RUN OPTIONS] A B [NAME...]`: the figures run would
 * measure for NAMEs, measured on two sides at once, round by round.
 * Each side is a command line that starts an osbench; both are proved
 * osbench of this protocol before anything is measured.  The rounds are
 * in measure/abrounds.c, the statistics and the report in report/. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/common_opts.h"
#include "cli/io.h"
#include "cli/runplan.h"
#include "cli/session.h"
#include "report/ab.h"
#include "report/abstop.h"
#include "sys/interrupt.h"

/* A side that cannot say hello within this is not one to measure. */
#define HANDSHAKE_TIMEOUT_S 10

static const char *const side_names[2] = { "A", "B" };

/* The names after A and B, as run would take them. */
static void names_after_sides(const struct args *a, struct args *run)
{
	*run = *a;
	run->nnames = a->nnames - 2;
	for (int i = 0; i < run->nnames; i++)
		run->names[i] = a->names[i + 2];
}

static int prepare_sides(const struct args *a, struct ab_side sides[2])
{
	char why[300];

	if (a->nnames < 2) {
		fprintf(stderr, "osbench: ab: give two commands that start an osbench, A and B "
				"(see 'osbench help ab')\n");
		return -1;
	}
	for (int k = 0; k < 2; k++)
		if (ab_side_prepare(&sides[k], side_names[k], a->names[k], why, sizeof why) < 0) {
			fprintf(stderr, "osbench: ab: side %s: %s\n", side_names[k], why);
			return -1;
		}
	return 0;
}

/* 0, 2 refused (said why), -1 interrupted.  --timeout bounds the
 * handshake too when it is shorter. */
static int handshakes(const struct args *a, struct ab_side sides[2])
{
	int timeout_s = a->timeout_s && a->timeout_s < HANDSHAKE_TIMEOUT_S ? a->timeout_s
									   : HANDSHAKE_TIMEOUT_S;
	char why[400];

	for (int k = 0; k < 2; k++) {
		int rc = ab_handshake(&sides[k], timeout_s, why, sizeof why);
		if (rc == -2)
			return -1;
		if (rc < 0) {
			fprintf(stderr, "osbench: ab: side %s '%s': %s\n", side_names[k],
				sides[k].shown, why);
			return 2;
		}
	}
	return 0;
}

/* ab's own defaults where the options say nothing: twice run's budget,
 * a first stage of AB_FIRST_STAGE rounds for the stopping rule,
 * and the processes placed as each side's command places them (taskset,
 * numactl), not pinned over it. */
static void ab_defaults(const struct args *a, struct session *s)
{
	struct run_opts run = { 0 };

	session_defaults(&run, SESSION_RUN, a->quick);
	if (!(a->budget_s > 0))
		s->opts.budget_s = 2 * run.budget_s;
	if (!a->reps && s->opts.min_rounds < s->opts.max_rounds)
		s->opts.min_rounds = AB_FIRST_STAGE < s->opts.max_rounds ? AB_FIRST_STAGE
									  : s->opts.max_rounds;
	if (!a->placement_given && a->cpu < 0) {
		s->opts.placement = PLACE_FREE;
		snprintf(s->host.placement, sizeof s->host.placement, "%s",
			 placement_name(PLACE_FREE));
	}
}

/* A figure stops at the number of rounds its first stage asked for
 * (report/abstop.h): never on a spread that happens to be small. */
static int rounds_enough(void *arg, const struct ab_figure *f)
{
	const struct ab_stop_plan *plan = arg;
	size_t n = f->side[0].nrounds < f->side[1].nrounds ? f->side[0].nrounds
							    : f->side[1].nrounds;

	return ab_stop_enough(plan, f->side[0].round_values, f->side[1].round_values, n);
}

static void show_progress(void *arg, int round, size_t left)
{
	(void)arg;
	fprintf(stderr, "\r\033[Kround %d: %zu figure%s still sampling", round, left,
		left == 1 ? "" : "s");
}

static void say_failures(const struct record *rec, const struct ab_figure *f, size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (int k = 0; k < 2; k++)
			if (f[i].side[k].status == ST_FAIL)
				fprintf(stderr, "osbench: ab: side %s: %s%s%s: %s\n", side_names[k],
					rec[i].module, rec[i].params[0] ? " " : "", rec[i].params,
					f[i].side[k].reason);
}

/* Why a figure could not be judged (distorted, too few rounds, a round
 * below the resolution, not supported here), one line each; the verdict
 * says unclear. */
static void say_unclear(const struct ab_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (rows[i].v == AB_UNCLEAR && rows[i].why[0])
			fprintf(stderr, "osbench: warning: ab: %s/%s: %s\n", rows[i].rec->table,
				rows[i].rec->column, rows[i].why);
}

static int report(const struct args *a, const struct session *s, const struct ab_side sides[2],
		  const struct record *rec, const struct ab_figure *f, size_t n)
{
	double tol = a->tolerance >= 0 ? a->tolerance : AB_TOLERANCE_PCT;
	struct ab_row *rows = calloc(n ? n : 1, sizeof *rows);
	struct ab_context c = { .host = &s->host, .sides = sides, .tol_pct = tol };
	struct ab_tally t;
	struct dest out;
	int rc;

	if (!rows || ab_judge(rec, f, rows, n, tol / 100.0, &t) < 0) {
		fprintf(stderr, "osbench: ab: out of memory\n");
		free(rows);
		return 2;
	}
	say_failures(rec, f, n);
	say_unclear(rows, n);
	if (dest_open(&out, a->output, "ab") < 0) {
		free(rows);
		return 2;
	}
	ab_report(out.f, a->format, &c, rows, n, &t);
	rc = dest_close(&out, t.n[AB_SLOWER] || t.n[AB_FAIL] ? 1 : 0);
	free(rows);
	return rc;
}

static int cmd_ab(const struct args *a, int argc, char **argv)
{
	static struct ab_side sides[2];
	static struct session s;
	static struct args run;
	static struct ab_stop_plan plan;
	const struct subject *subj;
	struct record *rec;
	struct ab_figure *f;
	size_t n;
	int rc;

	if (prepare_sides(a, sides) < 0)
		return 2;
	names_after_sides(a, &run);
	memset(&s, 0, sizeof s);
	if (run_plan_figures(&run, &s, &subj, &rec, &n) < 0)
		return 2;
	if ((rc = session_open_quiet(&s, a, SESSION_RUN, argc, argv)) != 0)
		return rc;
	ab_defaults(a, &s);
	if (handshakes(a, sides) != 0)
		return session_abort(&s); /* -1 (a signal) or 2: said why */
	if (!(f = calloc(n ? n : 1, sizeof *f))) {
		fprintf(stderr, "osbench: ab: out of memory\n");
		return session_abort(&s);
	}
	ab_stop_plan_init(&plan, (size_t)s.opts.min_rounds, s.opts.precision_pct / 100.0,
			  (size_t)s.opts.max_rounds);
	if (ab_measure_all(subj, f, n, sides, &s.opts, rounds_enough, &plan,
			   s.progress ? show_progress : NULL, NULL) < 0)
		return session_abort(&s);
	if (s.progress)
		fputs("\r\033[K", stderr);
	rc = report(a, &s, sides, rec, f, n);
	for (size_t i = 0; i < n; i++)
		ab_figure_release(&f[i]);
	free(f);
	/* a private directory left behind is exit 2, whatever the verdicts */
	if (session_close(&s) == 2)
		rc = 2;
	interrupt_reraise(); /* a FIFO's wait for a reader ended by a signal */
	return rc;
}

/* ---- the options --------------------------------------------------------- */

static int ab_fits(const struct args *a, char *err, size_t len)
{
	return placement_fits(a, err, len);
}

static void tolerance_help(char *buf, size_t len)
{
	snprintf(buf, len, "same within PCT%%, slower or faster beyond it (default %g)",
		 AB_TOLERANCE_PCT);
}

static const struct opt ab_list[] = {
	OPT_INCLUDE(output_options),
	OPT_INCLUDE(report_format_options),
	OPT_INCLUDE(sampling_options),
	{ .kind = OPT_FN, .name = "placement", .arg = "P", .set = opt_set_placement,
	  .help = "free (default: as each side's command places it),\n"
		  "same (one CPU) or spread (one CPU each)" },
	{ .kind = OPT_REAL, .name = "tolerance", .arg = "PCT", .field = OPT_FIELD(tolerance),
	  .lo = 0, .hi = 1000, .what = "a percentage from 0 to 1000", .help_fn = tolerance_help },
	OPT_TABLE_END,
};
static const struct opt_table ab_options = { .opts = ab_list };

const struct command_entry ab_command = {
	.name = "ab", .fn = cmd_ab, .flags = CMDF_NAMES, .options = &ab_options, .check = ab_fits,
	.usage = "ab [RUN OPTIONS] A B [NAME...]",
	.summary = "A and B paired, round by round: each a command that starts an\n"
		   "osbench, split at blanks ('taskset -c 1 ./osbench'); verdicts same,\n"
		   "slower, faster, unclear",
	.exits = "0 every figure same, faster or unclear; 1 a figure slower or failed;\n"
		 "2 bad usage, bad input, or a side that is not an osbench of this protocol",
};
