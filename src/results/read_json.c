/* Reading the json format back: the host object and the results array,
 * mapped onto the same figures as the text formats. */
#include <stdio.h>
#include <string.h>

#include "results/json.h"
#include "plan/schema.h"

struct jhost {
	struct parser *ps;
	int seen;
};

static int host_member(struct json *j, const char *key, void *ctx)
{
	struct rfile *f = ((struct jhost *)ctx)->ps->f;

	if (strcmp(key, "name") == 0)
		return jfield(j, key, f->host, sizeof f->host);
	if (strcmp(key, "os") == 0)
		return jfield(j, key, f->os, sizeof f->os);
	if (strcmp(key, "mhz") == 0 && jpeek(j) == 'n') {
		f->mhz = 0; /* not told */
		return jskip(j);
	}
	if (strcmp(key, "mhz") == 0)
		return jvalue(j, key, &f->mhz) < 0 ||
				       mhz_bound(((struct jhost *)ctx)->ps, j->line, f->mhz) < 0
			       ? -1
			       : 0;
	if (strcmp(key, "build") == 0)
		return jfield(j, key, f->build, sizeof f->build);
	if (strcmp(key, "release") == 0)
		return jfield(j, key, f->release, sizeof f->release);
	if (strcmp(key, "kernel") == 0)
		return jfield(j, key, f->kernel, sizeof f->kernel);
	if (strcmp(key, "date") == 0)
		return jfield(j, key, f->date, sizeof f->date);
	if (strcmp(key, "ld_preload") == 0)
		return jfield(j, key, f->ld_preload, sizeof f->ld_preload);
	if (strcmp(key, "tmpdir_fs") == 0)
		return jfield(j, key, f->tmpdir_fs, sizeof f->tmpdir_fs);
	if (strcmp(key, "huge_pages") == 0)
		return jfield(j, key, f->huge_pages, sizeof f->huge_pages);
	if (strcmp(key, "buffer_mb") == 0)
		return jvalue(j, key, &f->buffer_mb);
	if (strcmp(key, "cpus") == 0) {
		double cpus;
		if (jvalue(j, key, &cpus) < 0)
			return -1;
		f->cpus = cpus < 1e6 ? (int)cpus : 0;
		return 0;
	}
	if (strcmp(key, "placement") == 0) {
		char word[16];
		return jfield(j, key, word, sizeof word) < 0 ||
				       placement_word(((struct jhost *)ctx)->ps, j->line, span_of(word),
						      f->placement, sizeof f->placement) < 0
			       ? -1
			       : 0;
	}
	return jskip(j);
}

/* One record of "results", as record_json writes it. */
struct jrec {
	char table[32], column[48], module[32], params[160], unit[8], status[8];
	int have_median;
	double median;
	int line;
	struct extras x;
	int have_lo, have_hi;
	struct parser *ps;
};

/* A list of numbers (samples_us, op_cdf_us) going into the pool. */
struct jlist {
	struct parser *ps;
	const char *key;
	size_t *count;
};

static int list_element(struct json *j, void *ctx)
{
	struct jlist *l = ctx;
	double v;

	if (jvalue(j, l->key, &v) < 0 || pool_add(l->ps, j->line, v) < 0)
		return -1;
	(*l->count)++;
	return 0;
}

/* An array member into the pool; *first and *count say where. */
static int list_member(struct json *j, const char *key, struct parser *ps, size_t *first,
		       size_t *count)
{
	struct jlist l = { .ps = ps, .key = key, .count = count };

	if (jpeek(j) != '[')
		return fail_at(ps, j->line, "'%s' is not a JSON array", key);
	if (*count)
		return fail_at(ps, j->line, "'%s' given twice", key);
	*first = ps->f->npool;
	return jarray(j, list_element, &l);
}

/* A number the record carries; counted only when present. */
static int number_member(struct json *j, const char *key, int *have, double *out)
{
	*have = 1;
	return jvalue(j, key, out);
}

/* A number that may be null: unknown, as if the key were not there. */
static int nullable_member(struct json *j, const char *key, int *have, double *out)
{
	if (jpeek(j) == 'n')
		return jskip(j);
	return number_member(j, key, have, out);
}

/* A tail value: into x.tail[which]. */
static int tail_member(struct json *j, const char *key, struct jrec *r, enum tail_value which)
{
	return number_member(j, key, &r->x.have_tail[which], &r->x.tail[which]);
}

static int record_member(struct json *j, const char *key, void *ctx)
{
	struct jrec *r = ctx;
	double ignored;
	int f = schema_field_json(key), unused;

	switch (f) {
	case F_TABLE: return jfield(j, key, r->table, sizeof r->table);
	case F_COLUMN: return jfield(j, key, r->column, sizeof r->column);
	case F_MODULE: return jfield(j, key, r->module, sizeof r->module);
	case F_PARAMS: return jfield(j, key, r->params, sizeof r->params);
	case F_UNIT: return jfield(j, key, r->unit, sizeof r->unit);
	case F_STATUS: return jfield(j, key, r->status, sizeof r->status);
	case F_MEDIAN: return number_member(j, key, &r->have_median, &r->median);
	case F_VALUE: return number_member(j, key, &r->x.have_value, &r->x.value);
	case F_CI_LO: return number_member(j, key, &r->have_lo, &r->x.ci_lo);
	case F_CI_HI: return number_member(j, key, &r->have_hi, &r->x.ci_hi);
	case F_ROUNDS: return number_member(j, key, &r->x.have_rounds, &r->x.rounds);
	case F_PLACEMENT: {
		char word[16];
		return jfield(j, key, word, sizeof word) < 0 ||
				       placement_word(r->ps, j->line, span_of(word), r->x.placement,
						      sizeof r->x.placement) < 0
			       ? -1
			       : 0;
	}
	case F_SAMPLES: return list_member(j, key, r->ps, &r->x.first, &r->x.count);
	case F_OP_P50: return tail_member(j, key, r, TV_P50);
	case F_OP_P99: return tail_member(j, key, r, TV_P99);
	case F_OP_P999: return tail_member(j, key, r, TV_P999);
	case F_OP_MAX: return tail_member(j, key, r, TV_MAX);
	case F_STALLS: return tail_member(j, key, r, TV_STALLS);
	case F_OP_BATCH: return tail_member(j, key, r, TV_BATCH);
	case F_OP_CDF: return list_member(j, key, r->ps, &r->x.cdf_first, &r->x.cdf_count);
	case F_RUNS: return number_member(j, key, &r->x.have_runs, &r->x.runs);
	case F_RUN_VALUES:
		return list_member(j, key, r->ps, &r->x.run_first, &r->x.run_count);
	case F_RUN_FASTEST:
		return list_member(j, key, r->ps, &r->x.fastest_first, &r->x.fastest_count);
	case F_REASON: return jtext(j, key, r->x.reason, sizeof r->x.reason);
	case F_DISTORTED: return jtext(j, key, r->x.distorted, sizeof r->x.distorted);
	case F_SECONDS: return nullable_member(j, key, &r->x.have_seconds, &r->x.seconds);
	default:
		/* the other statistics must be numbers; anything else is skipped */
		if (f >= 0 && schema_fields[f].kind == FK_STAT)
			return number_member(j, key, &unused, &ignored);
		return jskip(j);
	}
}

static int record_element(struct json *j, void *ctx)
{
	struct parser *ps = ctx;
	struct jrec r = { .line = 0, .ps = ps };
	struct figdesc d;
	enum status st;

	if (jpeek(j) != '{')
		return jfail(j, "a result that is not a JSON object");
	r.line = j->line;
	if (jobject(j, record_member, &r) < 0)
		return -1;
	if (!r.table[0] || !r.column[0] || !r.status[0])
		return fail_at(ps, r.line, "a result without table, column or status");
	if (long_status(ps, span_of(r.status), &st) < 0)
		return fail_at(ps, r.line, "status '%s' is not ok, fail or na", r.status);
	if (st == ST_OK && !r.have_median)
		return fail_at(ps, r.line, "an ok result without a median");
	d = (struct figdesc){ .table = span_of(r.table), .column = span_of(r.column),
			      .module = span_of(r.module), .params = span_of(r.params) };
	if (r.have_lo != r.have_hi)
		return fail_at(ps, r.line, "ci_lo_us and ci_hi_us: one without the other");
	r.x.have_ci = r.have_lo;
	if (unit_of(ps, r.line, d.table, r.unit[0] ? &(struct span){ r.unit, strlen(r.unit) } : NULL,
		    &d.unit) < 0 ||
	    add_figure(ps, r.line, &d, st, r.median) < 0 || attach_extras(ps, r.line, &r.x) < 0)
		return -1;
	return note_scale_mode(ps, r.line, r.table, d.params);
}

static int reference_element(struct json *j, void *ctx)
{
	struct parser *ps = ctx;
	double v;

	return jvalue(j, "reference_mbs", &v) < 0 || reference_add(ps, j->line, v, "reference_mbs") < 0
		       ? -1
		       : 0;
}

struct jtop {
	struct parser *ps;
	int version, results;
};

static int top_member(struct json *j, const char *key, void *ctx)
{
	struct jtop *top = ctx;
	struct jhost host = { .ps = top->ps };
	char version[32];

	if (strcmp(key, "osbench") == 0) {
		top->version = 1;
		if (jfield(j, key, version, sizeof version) < 0)
			return -1;
		snprintf(top->ps->f->version, sizeof top->ps->f->version, "%s", version);
		return 0;
	}
	if (strcmp(key, "host") == 0) {
		if (jpeek(j) != '{')
			return fail_at(top->ps, j->line,
				       "'host' is not a JSON object: not an osbench result file");
		return jobject(j, host_member, &host);
	}
	if (strcmp(key, "reference_mbs") == 0) {
		if (jpeek(j) != '[')
			return fail_at(top->ps, j->line, "'reference_mbs' is not a JSON array");
		if (top->ps->f->reference_runs)
			return fail_at(top->ps, j->line, "'reference_mbs' given twice");
		return jarray(j, reference_element, top->ps);
	}
	if (strcmp(key, "results") == 0) {
		top->results = 1;
		if (jpeek(j) != '[')
			return fail_at(top->ps, j->line,
				       "'results' is not a JSON array: not an osbench result file");
		return jarray(j, record_element, top->ps);
	}
	return jskip(j);
}

int parse_json(struct parser *ps)
{
	struct json j = { .ps = ps, .p = ps->data, .end = ps->data + ps->len, .line = 1 };
	struct jtop top = { .ps = ps };

	if (jobject(&j, top_member, &top) < 0)
		return -1;
	if (jpeek(&j) != 0)
		return fail_at(ps, j.line, "text after the end of the JSON document");
	if (!top.version || !top.results)
		return fail_at(ps, 0, "JSON without 'osbench' and 'results': "
				      "not an osbench result file");
	return 0;
}
