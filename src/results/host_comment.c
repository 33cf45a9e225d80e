/* The host record of a text file: its "# key: value" comments before
 * the first table. */
#include <string.h>

#include "results/parse.h"

/* "# machine reference: 51200,50900 MB/s (...)": each run's. */
static int reference_line(struct parser *ps, struct span v)
{
	const char *sp = memchr(v.p, ' ', v.n);
	struct span list = { .p = v.p, .n = sp ? (size_t)(sp - v.p) : v.n };

	if (ps->f->reference_runs)
		return fail_at(ps, ps->lineno, "machine reference: given twice");
	while (list.n) {
		const char *comma = memchr(list.p, ',', list.n);
		struct span one = { .p = list.p, .n = comma ? (size_t)(comma - list.p) : list.n };
		double mbs;
		if (parse_number(ps, ps->lineno, one, "machine reference", &mbs) < 0 ||
		    reference_add(ps, ps->lineno, mbs, "machine reference") < 0)
			return -1;
		list.p += one.n + (comma != NULL);
		list.n -= one.n + (comma != NULL);
		if (comma && list.n == 0)
			return fail_at(ps, ps->lineno, "machine reference: a list ending in a comma");
	}
	if (!ps->f->reference_runs)
		return fail_at(ps, ps->lineno, "machine reference: no runs");
	return 0;
}

int parse_host_comment(struct parser *ps, struct span c)
{
	struct span v;
	const char *colon = memchr(c.p, ':', c.n);
	double mhz;

	if (!colon)
		return 0;
	v.p = colon + 1;
	v.n = c.n - (size_t)(v.p - c.p);
	while (v.n && *v.p == ' ')
		v.p++, v.n--;
	c.n = (size_t)(colon - c.p);
	if (span_is(c, "host"))
		return set_field(ps, ps->lineno, ps->f->host, sizeof ps->f->host, v, "host");
	if (span_is(c, "os"))
		return set_field(ps, ps->lineno, ps->os_sys, sizeof ps->os_sys, v, "os");
	if (span_is(c, "release"))
		return set_field(ps, ps->lineno, ps->os_release, sizeof ps->os_release, v, "release") < 0 ||
				       set_field(ps, ps->lineno, ps->f->release, sizeof ps->f->release, v,
						 "release") < 0
			       ? -1
			       : 0;
	if (span_is(c, "kernel"))
		return set_field(ps, ps->lineno, ps->f->kernel, sizeof ps->f->kernel, v, "kernel");
	if (span_is(c, "date"))
		return set_field(ps, ps->lineno, ps->f->date, sizeof ps->f->date, v, "date");
	if (span_is(c, "ld_preload"))
		return set_field(ps, ps->lineno, ps->f->ld_preload, sizeof ps->f->ld_preload,
				 span_is(v, "-") ? span_of("") : v, "ld_preload");
	if (span_is(c, "tmpdir fs"))
		return set_field(ps, ps->lineno, ps->f->tmpdir_fs, sizeof ps->f->tmpdir_fs, v, "tmpdir fs");
	if (span_is(c, "buffer")) {
		/* "128 MB (how)": the number is what counts */
		struct span num = v;
		const char *sp = memchr(v.p, ' ', v.n);
		double mb;
		if (sp)
			num.n = (size_t)(sp - v.p);
		if (parse_number(ps, ps->lineno, num, "buffer", &mb) < 0)
			return -1;
		ps->f->buffer_mb = mb;
		return 0;
	}
	if (span_is(c, "machine reference"))
		return reference_line(ps, v);
	if (span_is(c, "huge pages"))
		return set_field(ps, ps->lineno, ps->f->huge_pages, sizeof ps->f->huge_pages, v,
				 "huge pages");
	if (span_is(c, "cpus")) {
		double cpus;
		if (parse_number(ps, ps->lineno, v, "cpus", &cpus) < 0)
			return -1;
		ps->f->cpus = cpus < 1e6 ? (int)cpus : 0;
		return 0;
	}
	if (span_is(c, "build"))
		return set_field(ps, ps->lineno, ps->f->build, sizeof ps->f->build, v, "build");
	if (span_is(c, "placement"))
		return placement_word(ps, ps->lineno, v, ps->f->placement, sizeof ps->f->placement);
	if (span_is(c, "mhz")) {
		/* "3183 (measured)": the number is what counts; "- (why)" is
		   a clock not told */
		struct span num = v;
		const char *sp = memchr(v.p, ' ', v.n);
		if (sp)
			num.n = (size_t)(sp - v.p);
		if (span_is(num, "-")) {
			ps->f->mhz = 0;
			return 0;
		}
		if (parse_number(ps, ps->lineno, num, "mhz", &mhz) < 0 ||
		    mhz_bound(ps, ps->lineno, mhz) < 0)
			return -1;
		ps->f->mhz = mhz;
	}
	return 0;
}
