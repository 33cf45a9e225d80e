/* The lifetime of one run or sweep, from the private directory to the
 * exit status. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "affinity.h"
#include "interrupt.h"
#include "session.h"

#define IO_TIMEOUT_MS 2000

static void resolve_opts(struct session *s, const struct args *a, enum session_kind kind)
{
	struct run_opts *o = &s->opts;
	int scale = kind == SESSION_SCALE;

	o->reps = a->reps ? a->reps : scale ? 3 : a->quick ? 5 : 11;
	o->target_ms = a->time_ms ? a->time_ms : scale ? (a->quick ? 50 : 300) : (a->quick ? 2 : 10);
	o->cpu = a->cpu;
	o->io_timeout_ms = IO_TIMEOUT_MS;
	/* generous: a measurement normally takes (reps + a few) samples, twice
	   when it has a baseline, plus set-up */
	o->timeout_s = a->timeout_s ? a->timeout_s
				    : 30 + (int)(4 * (o->reps + 8) * o->target_ms / 1000.0);
	o->remote_host = a->remote_port[0] ? a->remote_host : NULL;
	o->remote_port = a->remote_port[0] ? a->remote_port : NULL;
}

static int open_output(struct session *s, const struct args *a)
{
	char err[512];

	s->to_file = a->output != NULL;
	if (!s->to_file) {
		s->w.f = stdout;
		return 0;
	}
	if (outfile_open(&s->out, a->output, err, sizeof err) < 0) {
		fprintf(stderr, "osbench: %s\n", err);
		return -1;
	}
	s->w.f = s->out.f;
	return 0;
}

int session_open(struct session *s, const struct args *a, enum session_kind kind,
		 int argc, char **argv)
{
	char err[512];

	memset(s, 0, sizeof *s);
	resolve_opts(s, a, kind);
	if (a->cpu >= affinity_online_cpus()) {
		fprintf(stderr, "osbench: --cpu: '%d' is not an online cpu (0 to %d)\n", a->cpu,
			affinity_online_cpus() - 1);
		return 2;
	}
	if (interrupt_install() < 0) {
		fprintf(stderr, "osbench: signal handlers: %s\n", strerror(errno));
		return 2;
	}
	/* the host facts first, while descriptors are there to read them
	   with: a run at its descriptor limit still says what it ran on */
	host_gather(&s->host, a->label, argc, argv);
	if (tmpdir_create(s->tmpdir, sizeof s->tmpdir, err, sizeof err) < 0) {
		fprintf(stderr, "osbench: %s\n", err);
		return 2;
	}
	if (open_output(s, a) < 0) {
		tmpdir_remove(s->tmpdir);
		return 2;
	}
	helper_locate(argv[0], s->helper, sizeof s->helper);
	s->opts.tmpdir = s->tmpdir;
	s->opts.helper = s->helper;
	s->progress = isatty(STDERR_FILENO);
	s->w.fmt = a->format == FORMAT_LONG ? FMT_LONG : a->format == FORMAT_JSON ? FMT_JSON : FMT_TABLE;
	s->w.host = &s->host;
	writer_begin(&s->w);
	return 0;
}

int session_measure(struct session *s, const struct subject *subj, struct record *r,
		    const char *what)
{
	const struct module *m = subj->mod;
	const char *why = m->unsupported ? m->unsupported() : NULL;

	if (s->progress)
		fprintf(stderr, "\r\033[K%s ...", what);
	if (why) {
		memset(&r->m, 0, sizeof r->m);
		r->m.status = ST_NA;
		snprintf(r->m.reason, sizeof r->m.reason, "%s", why);
	} else if (harness_measure(subj, &s->opts, &r->m) < 0) {
		return -1;
	}
	if (s->progress)
		fputs("\r\033[K", stderr);
	if (r->m.status == ST_FAIL) {
		s->failures++;
		fprintf(stderr, "osbench: %s: %s\n", what, r->m.reason);
	}
	s->noisy += r->m.status == ST_OK && r->m.noisy;
	return 0;
}

int session_close(struct session *s)
{
	char err[512];
	int status = s->failures ? 1 : 0;

	if (s->progress)
		fputs("\r\033[K", stderr);
	writer_end(&s->w);
	if (s->noisy)
		fprintf(stderr, "osbench: warning: %d figure%s scatter%s widely (cv above %.0f%%); "
				"see --format long\n", s->noisy, s->noisy > 1 ? "s" : "",
			s->noisy > 1 ? "" : "s", NOISY_CV_PCT);
	if (s->to_file) {
		if (outfile_commit(&s->out, err, sizeof err) < 0) {
			fprintf(stderr, "osbench: %s\n", err);
			status = 2;
		}
	} else if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "osbench: standard output: %s\n", strerror(errno));
		status = 2;
	}
	if (tmpdir_remove(s->tmpdir) < 0)
		fprintf(stderr, "osbench: could not remove '%s'\n", s->tmpdir);
	return status;
}

int session_interrupted(struct session *s)
{
	if (s->progress)
		fputs("\r\033[K", stderr);
	if (s->to_file)
		outfile_abort(&s->out);
	tmpdir_remove(s->tmpdir);
	fflush(stdout);
	interrupt_reraise();
	return 130;
}
