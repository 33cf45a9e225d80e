/* The child's side of `osbench ab`: the hello that names this build, or
 * one round of one figure, answered on standard output in the protocol
 * of measure/abproto.h.  Reached only through the words ab appends to a
 * side's command line; never listed as a command. */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/commands.h"
#include "measure/abproto.h"
#include "measure/child.h"
#include "modules/registry.h"
#include "sys/build.h"
#include "sys/files.h"
#include "sys/room.h"
#include "sys/utf8.h"

static int answer(const struct ab_reply *r, int status)
{
	static char text[AB_REPLY_MAX];
	int len = abproto_format_reply(r, text, sizeof text);

	if (len < 0 || child_write_all(STDOUT_FILENO, text, (size_t)len) < 0)
		return 3;
	return status;
}

static void fail_reply(struct ab_reply *r, const char *reason)
{
	r->status_ok = 0;
	utf8_printf(r->reason, sizeof r->reason, "%s", reason);
}

/* What a request asks for, as the harness takes it: the subject, the
 * options and the job (ab's requests leave the harness's keys at 0: no
 * sweep point, no tail, no remote, the helper found beside argv0). */
struct round_of {
	struct subject s;
	struct run_opts o;
	struct job j;
};

static void round_from(const struct ab_request *q, const char *helper, struct round_of *x)
{
	x->s = (struct subject){ .mod = registry_module(q->module), .procs = q->procs,
				 .size_kb = q->size_kb, .level = q->level,
				 .use_procs = q->use_procs };
	x->o = (struct run_opts){ .target_ms = q->time_ms, .samples = q->samples, .cpu = q->cpu,
				  .io_timeout_ms = q->io_timeout_ms, .tmpdir = q->tmpdir,
				  .helper = helper, .buffer_bytes = (size_t)q->buffer_mb << 20,
				  .remote_host = q->remote_host[0] ? q->remote_host : NULL,
				  .remote_port = q->remote_port[0] ? q->remote_port : NULL };
	x->j = (struct job){ .s = &x->s, .o = &x->o, .calibrate = q->n == 0, .n = q->n,
			     .base_n = q->base_n, .no_tail = !q->tail };
}

/* One round as the request says; the reply gets the outcome. */
static void one_round(const struct ab_request *q, const char *argv0, struct ab_reply *r)
{
	static double samples[CHILD_MAX_SAMPLES];
	static struct child_report rep;
	static char helper[PATH_MAX];
	static struct round_of x;
	char room[200];

	round_from(q, helper, &x);
	if (!x.s.mod) {
		fail_reply(r, "this osbench has no such module");
		return;
	}
	/* the words are a command line's: held to run --procs/--size's limit */
	if ((x.s.mod->flags & MOD_POINTS) && room_for(q->procs, q->size_kb, room, sizeof room) < 0) {
		fail_reply(r, room);
		return;
	}
	if (placement_parse(q->placement, &x.o.placement) < 0) {
		fail_reply(r, "unknown placement");
		return;
	}
	helper_locate(argv0, helper, sizeof helper);
	child_round(&x.j, &rep, samples);
	r->status_ok = rep.status == ST_OK;
	utf8_printf(r->reason, sizeof r->reason, "%s", rep.reason);
	r->n = rep.n;
	r->base_n = rep.base_n;
	r->bytes_per_op = rep.bytes_per_op;
	r->wait_pct = rep.wait_pct;
	r->nsamples = r->status_ok ? rep.nsamples : 0;
	memcpy(r->samples, samples, (size_t)r->nsamples * sizeof samples[0]);
}

/* A round the harness asked of this fresh image (run --runs, check):
 * reported on the harness's pipe as a forked child reports it.  Never
 * returns. */
static void harness_round(const struct ab_request *q)
{
	static struct round_of x;
	struct stat st;

	round_from(q, q->helper, &x);
	/* only the harness's own pipe: never a report in binary on a
	   terminal or a file someone named */
	if (!x.s.mod || fstat(q->report_fd, &st) < 0 || !S_ISFIFO(st.st_mode) ||
	    placement_parse(q->placement, &x.o.placement) < 0) {
		fprintf(stderr, "osbench: %s: not a round of this build's harness\n", AB_CHILD_WORD);
		_exit(2);
	}
	child_main(q->report_fd, &x.j);
}

int ab_child_main(int argc, char **argv)
{
	static struct ab_request q;
	static struct ab_reply r;
	char why[200];

	memset(&r, 0, sizeof r);
	r.protocol = AB_PROTOCOL;
	if (abproto_parse_request(argc - 2, argv + 2, &q, why, sizeof why) < 0) {
		/* asked in our protocol: refused in it, so that ab reports
		   why (on stderr and in its report) and not only "exited with
		   status 2"; a parent of another build may send a key this
		   build does not know */
		if (q.protocol == AB_PROTOCOL) {
			snprintf(r.reason, sizeof r.reason, "%s: %s", AB_CHILD_WORD, why);
			r.wait_pct = -1;
			return answer(&r, 2);
		}
		fprintf(stderr, "osbench: %s: %s\n", AB_CHILD_WORD, why);
		return 2;
	}
	if (q.protocol != AB_PROTOCOL) {
		r.refused = q.protocol;
		return answer(&r, 2);
	}
	if (q.hello) {
		snprintf(r.version, sizeof r.version, "%s", OSBENCH_VERSION);
		build_describe(r.build, sizeof r.build);
		return answer(&r, 0);
	}
	if (q.report_fd > 0)
		harness_round(&q);
	one_round(&q, argv[0], &r);
	return answer(&r, 0);
}
