/* The options several commands share, with their help; the defaults the
 * help names come from the code that applies them. */
#include <stdio.h>
#include <string.h>

#include "cli/common_opts.h"
#include "cli/session.h"
#include "results/label.h"
#include "results/writer.h"
#include "sys/utf8.h"

/* check's and ab's report besides the writer's formats */
#define REPORT_ONLY_FORMAT "junit"

/* A writer format; junit only where report is set.  The message lists
 * every format either way. */
static int format_named(const char *v, int report, struct args *a, char *err, size_t len)
{
	char names[128] = "";
	size_t used = 0;

	if (format_find(v) || (report && strcmp(v, REPORT_ONLY_FORMAT) == 0)) {
		a->format = v;
		return 0;
	}
	if (strcmp(v, REPORT_ONLY_FORMAT) == 0) {
		utf8_printf(err, len, "--format: '" REPORT_ONLY_FORMAT "' applies to 'check' and "
				      "'ab' only");
		return -1;
	}
	for (size_t i = 0; formats[i] && used < sizeof names; i++)
		used += (size_t)snprintf(names + used, sizeof names - used, "%s, ", formats[i]->name);
	utf8_printf(err, len, "--format: '%s' is not %.*s or " REPORT_ONLY_FORMAT, v,
		    used > 2 ? (int)(used - 2) : 0, names);
	return -1;
}

static int set_results_format(const struct opt *o, const char *v, struct args *a, char *err,
			      size_t len)
{
	(void)o;
	return format_named(v, 0, a, err, len);
}

static int set_report_format(const struct opt *o, const char *v, struct args *a, char *err,
			     size_t len)
{
	(void)o;
	return format_named(v, 1, a, err, len);
}

static int set_output(const struct opt *o, const char *v, struct args *a, char *err,
		      size_t len)
{
	(void)o;
	if (v[0] == '\0') {
		utf8_printf(err, len, "--output: empty file name");
		return -1;
	}
	a->output = v;
	return 0;
}

static int set_label(const struct opt *o, const char *v, struct args *a, char *err,
		     size_t len)
{
	char why[128];

	(void)o;
	a->label = v;
	if (label_check(v, why, sizeof why) < 0) {
		utf8_printf(err, len, "--label: %s", why);
		return -1;
	}
	return 0;
}

int opt_set_placement(const struct opt *o, const char *v, struct args *a, char *err,
		      size_t len)
{
	(void)o;
	a->placement_given = 1;
	if (placement_parse(v, &a->placement) < 0) {
		utf8_printf(err, len, "--placement: '%s' is not free, same or spread", v);
		return -1;
	}
	return 0;
}

/* "host", "host:port" or "[v6addr]:port"; the default port is 7100. */
int opt_set_remote(const struct opt *o, const char *text, struct args *a, char *err,
		   size_t len)
{
	const char *host = text, *port = NULL;
	size_t hlen;
	int ignored;

	(void)o;
	if (text[0] == '[') {
		const char *close = strchr(text, ']');
		if (!close || (close[1] != '\0' && close[1] != ':')) {
			utf8_printf(err, len, "--remote: '%s' is not HOST[:PORT]", text);
			return -1;
		}
		host = text + 1;
		hlen = (size_t)(close - host);
		port = close[1] == ':' ? close + 2 : NULL;
	} else {
		const char *colon = strrchr(text, ':');
		if (colon && strchr(text, ':') != colon)
			colon = NULL; /* a bare IPv6 address */
		hlen = colon ? (size_t)(colon - text) : strlen(text);
		port = colon ? colon + 1 : NULL;
	}
	if (hlen == 0 || hlen >= sizeof a->remote_host) {
		utf8_printf(err, len, "--remote: '%s' has no usable host", text);
		return -1;
	}
	if (port && opt_int_value("remote port", port, 1, 65535, &ignored, err, len) < 0)
		return -1;
	memcpy(a->remote_host, host, hlen);
	a->remote_host[hlen] = '\0';
	snprintf(a->remote_port, sizeof a->remote_port, "%s", port ? port : "7100");
	return 0;
}

int placement_fits(const struct args *a, char *err, size_t len)
{
	if (a->placement_given && a->placement == PLACE_FREE && a->cpu >= 0) {
		utf8_printf(err, len, "--cpu: it pins processes, --placement free does not");
		return -1;
	}
	return 0;
}

/* ---- the tables ---------------------------------------------------------- */

static const struct opt output_list[] = {
	{ .kind = OPT_FN, .name = "output", .short_name = 'o', .arg = "FILE", .set = set_output,
	  .help = "write to FILE (replaced only when complete), not stdout" },
	OPT_TABLE_END,
};
const struct opt_table output_options = { .opts = output_list };

static const struct opt results_format_list[] = {
	{ .kind = OPT_FN, .name = "format", .short_name = 'f', .arg = "FMT",
	  .set = set_results_format, .help = "table (default), long or json" },
	OPT_TABLE_END,
};
const struct opt_table results_format_options = { .opts = results_format_list };

static const struct opt report_format_list[] = {
	{ .kind = OPT_FN, .name = "format", .short_name = 'f', .arg = "FMT",
	  .set = set_report_format, .help = "table (default), long, json or junit (JUnit XML)" },
	OPT_TABLE_END,
};
const struct opt_table report_format_options = { .opts = report_format_list };

static void time_help(char *buf, size_t len)
{
	struct run_opts run = { 0 }, quick = { 0 }, scale = { 0 }, scale_quick = { 0 };

	session_defaults(&run, SESSION_RUN, 0);
	session_defaults(&quick, SESSION_RUN, 1);
	session_defaults(&scale, SESSION_SCALE, 0);
	session_defaults(&scale_quick, SESSION_SCALE, 1);
	snprintf(buf, len, "length of one sample (run: %g, scale: %g; quick: %g, %g)",
		 run.target_ms, scale.target_ms, quick.target_ms, scale_quick.target_ms);
}

static void precision_help(char *buf, size_t len)
{
	struct run_opts run = { 0 }, scale = { 0 };

	session_defaults(&run, SESSION_RUN, 0);
	session_defaults(&scale, SESSION_SCALE, 0);
	snprintf(buf, len, "stop a figure once its median's 95%% interval is within\n"
			   "PCT%% of it (run: %g, scale: %g)", run.precision_pct, scale.precision_pct);
}

static void budget_help(char *buf, size_t len)
{
	struct run_opts run = { 0 }, scale = { 0 };

	session_defaults(&run, SESSION_RUN, 0);
	session_defaults(&scale, SESSION_SCALE, 0);
	snprintf(buf, len, "start no round that would end after S s (run: %g for\n"
			   "every table, a share for fewer; scale: %g, ab: %g)",
		 run.budget_s, scale.budget_s, 2 * run.budget_s);
}

static const struct opt sampling_list[] = {
	{ .kind = OPT_FLAG, .name = "quick", .short_name = 'q', .field = OPT_FIELD(quick),
	  .help = "a sanity run: two rounds of short samples" },
	{ .kind = OPT_FN, .name = "label", .short_name = 'l', .arg = "NAME", .set = set_label,
	  .help = "the Host cell (default: the host name)" },
	{ .kind = OPT_INT, .name = "reps", .short_name = 'r', .arg = "N", .field = OPT_FIELD(reps),
	  .lo = 1, .hi = 1000, .help = "exactly N rounds per figure (default: until precise)" },
	{ .kind = OPT_INT, .name = "time", .short_name = 't', .arg = "MS",
	  .field = OPT_FIELD(time_ms), .lo = 1, .hi = 600000, .help_fn = time_help },
	{ .kind = OPT_REAL, .name = "precision", .arg = "PCT", .field = OPT_FIELD(precision_pct),
	  .lo = 0, .lo_open = 1, .hi = 100, .what = "a percentage above 0, at most 100",
	  .help_fn = precision_help },
	{ .kind = OPT_REAL, .name = "budget", .arg = "S", .field = OPT_FIELD(budget_s), .lo = 0.1,
	  .hi = 86400, .what = "a number of seconds from 0.1 to 86400", .help_fn = budget_help },
	{ .kind = OPT_INT, .name = "cpu", .arg = "N", .field = OPT_FIELD(cpu), .lo = 0, .hi = 4095,
	  .help = "the CPU same and spread start from (default 0); alone,\n"
		  "it means --placement same" },
	{ .kind = OPT_INT, .name = "timeout", .arg = "S", .field = OPT_FIELD(timeout_s), .lo = 1,
	  .hi = 86400, .help = "give up on one measurement after S seconds" },
	{ .kind = OPT_INT, .name = "buffer", .arg = "MB", .field = OPT_FIELD(buffer_mb), .lo = 2,
	  .hi = 65536, .help = "the memory bandwidths' buffer, in MB (default: 4 x the\n"
			       "last-level cache, 64 to 128 MB; --quick: 2 x, at least\n"
			       "64 MB; the host record says)" },
	OPT_TABLE_END,
};
const struct opt_table sampling_options = { .title = "sampling options",
					    .opts = sampling_list };
