/* `osbench check BASELINE [CURRENT]`: a baseline held against another
 * file, or against figures measured now.  Rerun mode plans from the
 * baseline — each figure's module and parameters — and calls the
 * harness directly; a figure that looks slower or faster is measured
 * once more and must look so again.  The judgement and the report are in
 * report/check.c. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/check_notes.h"
#include "cli/commands.h"
#include "cli/common_opts.h"
#include "cli/io.h"
#include "cli/runplan.h"
#include "cli/session.h"
#include "modules/registry.h"
#include "plan/plan.h"
#include "report/figtext.h"
#include "report/check.h"
#include "report/check_relative.h"
#include "results/memfile.h"
#include "plan/schema.h"
#include "sys/interrupt.h"
#include "sys/room.h"
#include "sys/utf8.h"

/* ---- measuring now ------------------------------------------------------ */

/* A baseline from another host must not choose what this one forks or
 * allocates: only what this build's tables define is measured again (the
 * points of a points module's columns, a sweep's default levels), and
 * only where it fits this host (sys/room.h, as run --procs/--size).  A
 * figure refused so comes out missing, with the reason in why. */

/* Whether a column of this build's tables measures s's point. */
static int table_point(const struct subject *s)
{
	for (size_t t = 0; t < registry_ntables; t++)
		for (size_t c = 0; c < registry_tables[t].ncolumns; c++) {
			const struct column *col = &registry_tables[t].columns[c];
			if (registry_module(col->module) == s->mod && col->procs == s->procs &&
			    col->size_kb == s->size_kb)
				return 1;
		}
	return 0;
}

static int default_level(int level)
{
	static const int levels[] = { SCALE_DEFAULT_LEVELS };

	for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
		if (levels[i] == level)
			return 1;
	return 0;
}

/* What a baseline figure asks to measure; 0, or -1 when it is not
 * measured now: why says the reason, "" when this osbench does not know
 * the figure at all. */
static int latency_subject(const struct rfigure *g, struct subject *s, char *why, size_t len)
{
	char room[200];

	why[0] = '\0';
	if (figure_of_cell(g->table, g->column, s) < 0)
		return -1;
	if (!(s->mod->flags & MOD_POINTS))
		return 0;
	int fits = room_for(s->procs, s->size_kb, room, sizeof room) == 0;
	if (table_point(s) && fits)
		return 0;
	if (fits)
		utf8_printf(why, len, "not measured: a point this build's tables do not define "
				      "(osbench run %s --procs %d --size %d -o FILE measures it; then "
				      "check BASELINE FILE)", s->mod->name, s->procs, s->size_kb);
	else
		utf8_printf(why, len, "not measured: %s%s", table_point(s) ? "" :
			    "a point this build's tables do not define, and ", room);
	return -1;
}

/* A sweep's level: threads or processes as the baseline ran it. */
static int sweep_subject(const struct rfile *base, const struct rfigure *g, struct subject *s,
			 char *why, size_t len)
{
	int use_procs = strcmp(base->scale_mode, "processes") == 0;

	why[0] = '\0';
	if (figure_of_level(g->module, g->column, use_procs, s) < 0)
		return -1;
	if (!default_level(s->level)) {
		utf8_printf(why, len, "not measured: a level this build's sweeps do not define "
				      "(osbench scale %s --%s %d -o FILE measures it; then check "
				      "BASELINE FILE)", s->mod->name, use_procs ? "procs" : "threads", s->level);
		return -1;
	}
	return 0;
}

/* Why a baseline figure is not measured now; "" when it is. */
static void refusal_of(const struct rfile *base, const struct rfigure *g, char *why, size_t len)
{
	struct subject s;

	if ((is_scale(g) ? sweep_subject(base, g, &s, why, len)
			 : latency_subject(g, &s, why, len)) < 0 && !why[0])
		snprintf(why, len, "not measured: a figure this osbench does not know");
}

/* The figures of one kind (latency or sweep) a baseline asks to measure
 * again: each measured once (figs), shared by figures that are the same
 * measurement (ctx 2p/0K is in two tables); which[i] is record i's. */
struct rerun {
	struct plan_figures figs;
	struct record *rec;
	size_t *which;
	size_t nrec;
};

/* -1 with errno when out of memory. */
static int rerun_add(struct rerun *p, const struct rfigure *g, const struct subject *s)
{
	struct record *r = &p->rec[p->nrec];

	if (plan_figure(&p->figs, s, &p->which[p->nrec]) < 0)
		return -1;
	memset(r, 0, sizeof *r);
	r->table = g->table;
	r->module = s->mod->name;
	r->unit = g->unit;
	snprintf(r->column, sizeof r->column, "%s", g->column);
	snprintf(r->params, sizeof r->params, "%s", g->params);
	p->nrec++;
	return 0;
}

static int rerun_alloc(struct rerun *p, size_t n)
{
	memset(p, 0, sizeof *p);
	p->rec = calloc(n ? n : 1, sizeof *p->rec);
	p->which = calloc(n ? n : 1, sizeof *p->which);
	return p->rec && p->which ? 0 : -1;
}

static void rerun_free(struct rerun *p)
{
	plan_figures_free(&p->figs);
	free(p->rec);
	free(p->which);
}

/* Every ok baseline figure this osbench measures, latency or sweep
 * (sweeps of the first module swept only, as one scale run makes). */
static int rerun_from(struct rerun *p, const struct rfile *base, int sweeps)
{
	const char *swept = NULL;

	for (size_t k = 0; k < base->nfigs; k++) {
		const struct rfigure *g = &base->figs[k];
		struct subject s;
		char why[320];
		if (g->status != ST_OK || is_scale(g) != sweeps)
			continue;
		if (sweeps ? sweep_subject(base, g, &s, why, sizeof why) < 0
			   : latency_subject(g, &s, why, sizeof why) < 0)
			continue;
		if (sweeps && swept && strcmp(swept, s.mod->name) != 0)
			continue;
		swept = s.mod->name;
		if (rerun_add(p, g, &s) < 0)
			return -1;
	}
	return 0;
}

/* Measure the plan in a session of that kind; cur gets the figures. -1
 * after saying why (an interruption ends the process). */
static int measure_plan(const struct args *a, enum session_kind kind, struct rerun *p,
			int argc, char **argv, struct rfile *cur)
{
	struct session s;
	struct record *one;
	int rc;

	if (session_open_quiet(&s, a, kind, argc, argv) != 0)
		return -1;
	if (!(one = calloc(p->figs.n, sizeof *one))) {
		fprintf(stderr, "osbench: check: %s\n", strerror(ENOMEM));
		session_abort(&s);
		return -1;
	}
	/* each subject is measured once, under its first figure's name */
	for (size_t k = p->nrec; k-- > 0;)
		one[p->which[k]] = p->rec[k];
	if (session_measure_all(&s, p->figs.keys, one, p->figs.n) < 0) {
		free(one);
		session_abort(&s); /* ends the process by the signal, if one came */
		return -1;
	}
	for (size_t k = 0; k < p->nrec; k++) {
		const struct record *got = &one[p->which[k]];
		p->rec[k].m = got->m;
		p->rec[k].runs = got->runs;
		memcpy(p->rec[k].run_values, got->run_values, sizeof got->run_values);
		memcpy(p->rec[k].run_fastest, got->run_fastest, sizeof got->run_fastest);
	}
	rc = memfile_make(cur, "the figures measured now", &s.host, p->rec, p->nrec);
	if (rc < 0)
		fprintf(stderr, "osbench: check: %s\n", strerror(ENOMEM));
	session_release(one, p->figs.n);
	free(one);
	session_close(&s);
	return rc;
}

/* Measure what the baseline holds; cur gets one file per kind. */
static int measure_now(const struct args *a, const struct rfile *base, int argc, char **argv,
		       struct rfile *cur, int *ncur)
{
	struct rerun p[2];
	int rc = 0;

	/* both freed at the end, whichever allocation failed */
	memset(p, 0, sizeof p);
	*ncur = 0;
	if (rerun_alloc(&p[0], base->nfigs) < 0 || rerun_alloc(&p[1], base->nfigs) < 0 ||
	    rerun_from(&p[0], base, 0) < 0 || rerun_from(&p[1], base, 1) < 0) {
		fprintf(stderr, "osbench: check: %s\n", strerror(ENOMEM));
		rc = -1;
		goto out;
	}
	if (p[0].nrec + p[1].nrec == 0)
		fprintf(stderr, "osbench: check: nothing in '%s' that this osbench measures\n",
			base->path);
	for (int kind = 0; kind < 2 && rc == 0; kind++) {
		if (p[kind].nrec == 0)
			continue;
		if (measure_plan(a, kind ? SESSION_SCALE : SESSION_RUN, &p[kind], argc, argv,
				 &cur[*ncur]) < 0) {
			free_files(cur, *ncur);
			*ncur = 0;
			rc = -1;
		} else {
			(*ncur)++;
		}
	}
out:
	rerun_free(&p[0]);
	rerun_free(&p[1]);
	return rc;
}

/* ---- rerun mode: a change is measured again ------------------------------ */

/* A second look costs at most this long a run: check in rerun mode
   stays within its runs and a few seconds more (docs/method.md, "check: the run as the unit") */
#define CONFIRM_BUDGET_S 1.0

/* What the first look said of a figure measured again, where its verdict
 * did not simply stand: both verdicts (and the way an unclear one
 * leaned), the first look's ratio (the row shows the second look's own),
 * and the second look's own reason (a distorted run, a setup) where it
 * has one. */
static void confirm_note(struct check_row *r, const struct check_row *first)
{
	const struct run_ratio *q = check_shown(first);
	char why[sizeof r->note], leaned[32] = "";

	if (check_claim_of(first) != V_UNCLEAR && first->v == V_UNCLEAR)
		utf8_printf(leaned, sizeof leaned, ", leaning %s", verdict_names[check_claim_of(first)]);
	utf8_printf(why, sizeof why, "%s", r->note);
	utf8_printf(r->note, sizeof r->note,
		    "%s at first%s, %.3f (%.3f-%.3f, %s), measured again %s%s%.*s",
		    verdict_names[first->v], leaned, q->ratio, q->lo, q->hi,
		    basis_names[first->basis], verdict_names[r->v], why[0] ? ": " : "",
		    utf8_prefix(why, sizeof r->note / 2), why);
}

/* Seconds spent on one figure in two measurements; -1 when neither says. */
static double both_seconds(double first, double again)
{
	if (first < 0)
		return again;
	return again < 0 ? first : first + again;
}

/* Whether the second look takes a row for its own sake. */
static int looks_again(const struct check_row *r)
{
	return r->same_as < 0 && (check_claim_of(r) != V_UNCLEAR || (r->v == V_UNCLEAR && r->wide));
}

/* The figures that look slower or faster, those whose own interval
 * leans so but that the family or the machine's move held back, and
 * those whose interval was only too wide to tell, measured again on
 * their own (with a few that do not, so that the second look can tell
 * its runs' machine factors too).  A change stands only if the second
 * measurement says so too (on its own p: the first look's family
 * counted it), a leaning or wide one takes the second look's verdict
 * with Holm over those few, else unclear; the row shows the second
 * measurement. */
static int confirm_changes(const struct args *a, const struct rfile *base, struct check_row *rows,
			  size_t n, const struct check_opts *o, int argc, char **argv,
			  struct rfile *again, int *nagain)
{
	struct rfigure *subset = calloc(n ? n : 1, sizeof *subset);
	struct check_row *re = calloc(n ? n : 1, sizeof *re);
	size_t *idx = calloc(n ? n : 1, sizeof *idx), k = 0;
	struct args quick = *a;
	int rc = -1;

	*nagain = 0;
	if (!subset || !re || !idx)
		goto out;
	for (size_t i = 0; i < n; i++)
		if (looks_again(&rows[i])) {
			subset[k] = *rows[i].b;
			idx[k++] = i;
		}
	rc = 0;
	if (k == 0)
		goto out;
	/* the changes to judge are idx[0..k-1], then the references */
	size_t all = check_references(rows, n, idx, k);
	for (size_t j = k; j < all; j++)
		subset[j] = *rows[idx[j]].b;
	struct rfile sub = *base;
	sub.figs = subset;
	sub.nfigs = all;
	if (quick.budget_s < 0 || quick.budget_s > CONFIRM_BUDGET_S)
		quick.budget_s = CONFIRM_BUDGET_S;
	if ((rc = measure_now(&quick, &sub, argc, argv, again, nagain)) < 0)
		goto out;
	for (size_t j = 0; j < all; j++) {
		re[j] = (struct check_row){ .b = rows[idx[j]].b, .confirmed = 1, .same_as = -1,
					    .reference = j >= k,
					    .claimed = j < k && (rows[idx[j]].v == V_SLOWER ||
								 rows[idx[j]].v == V_FASTER) };
		re[j].c = check_current_of(re[j].b, again, *nagain, &re[j].cur_file);
		/* the second look is part of what the figure cost */
		re[j].seconds = both_seconds(rows[idx[j]].seconds, re[j].c ? re[j].c->seconds : -1);
	}
	if (check_judge(base, re, all, o, NULL, NULL) < 0) {
		rc = -1;
		goto out;
	}
	/* each row shows its second look whole; the first look's verdict
	   only decides whether the change stands */
	for (size_t j = 0; j < k; j++) {
		const struct check_row *first = &rows[idx[j]];
		enum verdict stands = check_stands(first, re[j].v);
		if (stands != first->v || first->v == V_UNCLEAR)
			confirm_note(&re[j], first);
		re[j].v = stands;
		rows[idx[j]] = re[j];
	}
	/* a repeat under another table shows what its first row shows: the
	   same measurement */
	for (size_t i = 0; i < n; i++)
		if (rows[i].same_as >= 0 && rows[rows[i].same_as].confirmed) {
			const struct check_row *first = &rows[rows[i].same_as];
			rows[i].c = first->c;
			rows[i].cur_file = first->cur_file;
			rows[i].rr = first->rr;
			rows[i].have_ratio = first->have_ratio;
			rows[i].rel = first->rel;
			rows[i].have_rel = first->have_rel;
			rows[i].shows_rel = first->shows_rel;
			rows[i].basis = first->basis;
			rows[i].v = first->v;
			rows[i].seconds = first->seconds;
			rows[i].confirmed = 1;
		}
out:
	free(subset);
	free(re);
	free(idx);
	return rc;
}

/* ---- check --------------------------------------------------------------- */

static int check_usage(const struct args *a)
{
	if (a->nnames < 1 || a->nnames > 2) {
		fprintf(stderr, "osbench: check: give a baseline file and at most one current file\n");
		return -1;
	}
	if (a->nnames == 2 && a->runs) {
		fprintf(stderr, "osbench: check: --runs: it measures the current side, which "
				"'%s' already holds\n", a->names[1]);
		return -1;
	}
	return 0;
}

static int has_value(const struct rfile *f)
{
	for (size_t k = 0; k < f->nfigs; k++)
		if (f->figs[k].status == ST_OK)
			return 1;
	return 0;
}

static int report(const struct args *a, const struct check_report_in *in,
		  const struct check_row *rows, size_t n, const struct check_tally *t)
{
	struct dest out;

	if (dest_open(&out, a->output, "check") < 0) {
		interrupt_reraise(); /* a FIFO's wait for a reader ended by a signal */
		return 2;
	}
	check_report(out.f, a->format, in, rows, n, t);
	int rc = dest_close(&out, check_status(t, a->strict));
	/* with -o the job log would see nothing of the verdicts */
	if (a->output && rc != 2)
		check_summary(stderr, in, rows, n, t);
	return rc;
}

static struct check_opts opts_of(const struct args *a)
{
	return (struct check_opts){
		.tol = (a->tolerance >= 0 ? a->tolerance : CHECK_TOLERANCE_PCT) / 100.0,
		.tolerance_only = a->no_stats,
		.trust_file_create = a->trust_file_create,
		.strict = a->strict,
		.relative = a->relative,
	};
}

/* A baseline figure not measured now says why in its missing row. */
static void note_refusals(const struct rfile *base, struct check_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (rows[i].v == V_MISSING && !rows[i].c)
			refusal_of(base, rows[i].b, rows[i].note, sizeof rows[i].note);
}

/* The first look's judgement, its move and its fit of how much dearer
   every call got: all of it taken at once, so a second look at a few
   figures is judged against them too (o->machine, o->dearer); -1 when
   out of memory. */
static int first_look(const struct rfile *base, struct check_row *rows, size_t n,
		      struct check_opts *o, struct check_reference *reference,
		      struct dearer *dearer, struct check_move *move)
{
	if ((o->machine = check_judge(base, rows, n, o, reference, dearer)) < 0 ||
	    check_move_of(rows, n, move) < 0)
		return -1;
	o->dearer = dearer;
	return 0;
}

/* Judge, confirm in rerun mode, report: the exit status. */
static int check_against(const struct args *a, const struct rfile *base, struct rfile *cur,
			 int ncur, int rerun, int argc, char **argv)
{
	struct check_opts o = opts_of(a);
	size_t room = base->nfigs + 1;
	for (int i = 0; i < ncur; i++)
		room += cur[i].nfigs;
	struct check_row *rows = calloc(room, sizeof *rows);
	struct setup_diff setup[SETUP_FIELDS];
	struct rfile again[2];
	int nagain = 0, unchecked, rc = 2;
	struct check_move move;
	struct dearer dearer;
	struct check_reference reference;
	struct check_tally t;
	size_t n;

	if (!rows) {
		fprintf(stderr, "osbench: check: %s\n", strerror(ENOMEM));
		return 2;
	}
	n = check_rows(base, cur, ncur, rows, &unchecked);
	if (first_look(base, rows, n, &o, &reference, &dearer, &move) < 0) {
		fprintf(stderr, "osbench: check: %s\n", strerror(ENOMEM));
	} else if (rerun && confirm_changes(a, base, rows, n, &o, argc, argv, again, &nagain) < 0) {
		if (!interrupt_signal())
			fprintf(stderr, "osbench: check: %s\n",
				errno ? strerror(errno) : "measuring again failed");
	} else {
		struct check_report_in in = {
			.base = base, .current = rerun ? "" : cur[0].path,
			.host = ncur ? cur[0].host : base->host, .setup = setup,
			.nsetup = ncur ? setup_differences(base, &cur[0], setup) : 0, .opts = &o,
			.move = &move,
			.reference_move = check_reference_move(base, ncur ? &cur[0] : NULL),
			.cur_file = ncur ? &cur[0] : NULL, .reference = &reference,
			.dearer = &dearer,
		};
		if (rerun)
			note_refusals(base, rows, n);
		check_count(rows, n, unchecked, &t);
		check_notes(&move, &o, in.reference_move, &reference, &t, &dearer);
		rc = report(a, &in, rows, n, &t);
	}
	free_files(again, nagain);
	free(rows);
	return rc;
}

static int cmd_check(const struct args *a, int argc, char **argv)
{
	struct rfile base, cur[2];
	struct args now = *a;
	int ncur = 0, rc;

	/* rerun mode: the run is the unit on the current side too */
	if (!now.runs)
		now.runs = CHECK_RUNS;

	if (check_usage(a) < 0 || read_files("check", a->names, 1, &base) < 0)
		return 2;
	if (!has_value(&base)) {
		fprintf(stderr, "osbench: check: '%s': no figure with a value to check against\n",
			a->names[0]);
		rfile_free(&base);
		return 2;
	}
	if (a->nnames == 2) {
		if (read_files("check", a->names + 1, 1, cur) < 0) {
			rfile_free(&base);
			return 2;
		}
		ncur = 1;
	} else if (measure_now(&now, &base, argc, argv, cur, &ncur) < 0) {
		rfile_free(&base);
		return 2;
	}
	rc = check_against(&now, &base, cur, ncur, a->nnames == 1, argc, argv);
	free_files(cur, ncur);
	rfile_free(&base);
	return rc;
}

/* ---- the options --------------------------------------------------------- */

static int check_fits(const struct args *a, char *err, size_t len)
{
	return placement_fits(a, err, len);
}

static void tolerance_help(char *buf, size_t len)
{
	snprintf(buf, len, "slower or faster only beyond PCT%% (default %g)", CHECK_TOLERANCE_PCT);
}

static void runs_help(char *buf, size_t len)
{
	snprintf(buf, len, "the runs of the current side, measured now (default %d)", CHECK_RUNS);
}

static const struct opt check_list[] = {
	OPT_INCLUDE(output_options),
	OPT_INCLUDE(report_format_options),
	OPT_INCLUDE(sampling_options),
	{ .kind = OPT_FN, .name = "placement", .arg = "P", .set = opt_set_placement,
	  .help = "free, same (default: one CPU) or spread (one CPU each)" },
	{ .kind = OPT_FN, .name = "remote", .arg = "HOST[:PORT]", .set = opt_set_remote,
	  .help = "the network figures against an osbench serve\n(default port 7100)" },
	{ .kind = OPT_INT, .name = "runs", .arg = "N", .field = OPT_FIELD(runs), .lo = 1,
	  .hi = RUNS_MAX, .help_fn = runs_help },
	{ .kind = OPT_REAL, .name = "tolerance", .arg = "PCT", .field = OPT_FIELD(tolerance),
	  .lo = 0, .hi = 1000, .what = "a percentage from 0 to 1000", .help_fn = tolerance_help },
	{ .kind = OPT_FLAG, .name = "strict", .field = OPT_FIELD(strict),
	  .help = "unclear figures fail too" },
	{ .kind = OPT_FLAG, .name = "relative", .field = OPT_FIELD(relative),
	  .help = "judge each figure against the typical figure's move\ntoo: one that moved with the whole machine is unclear" },
	{ .kind = OPT_FLAG, .name = "no-stats", .field = OPT_FIELD(no_stats),
	  .help = "the ratio against the tolerance alone (one run a side)" },
	{ .kind = OPT_FLAG, .name = "trust-file-create", .field = OPT_FIELD(trust_file_create),
	  .help = "judge File Create on an ext4 without a journal" },
	OPT_TABLE_END,
};
static const struct opt_table check_options = { .opts = check_list };

const struct command_entry check_command = {
	.name = "check", .fn = cmd_check, .flags = CMDF_NAMES, .options = &check_options,
	.check = check_fits,
	.usage = "check BASELINE [CURRENT] [--tolerance PCT] [--runs N] [--strict] [--relative]\n"
		 "[-f table|long|json|junit]",
	.summary = "BASELINE against CURRENT, or against its figures measured now:\n"
		   "per figure the ratio and its 95% interval, with the run as the unit",
	.exits = "0 every figure ok, faster or unclear; 1 a figure slower, fail or\n"
		 "missing (--strict: unclear too); 2 bad usage or bad input",
};
