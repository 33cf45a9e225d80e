/* `osbench serve`: the peer for --remote, until SIGINT, SIGTERM, SIGHUP
 * or SIGQUIT. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "cli/commands.h"
#include "sys/interrupt.h"
#include "serve/serve.h"
#include "sys/utf8.h"

/* Every client is a descriptor: take all the hard limit allows.  Where
 * that cannot be had (macOS refuses an infinite soft limit), the soft
 * limit stays and the client cap follows it. */
static void raise_nofile(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0 || rl.rlim_cur == rl.rlim_max)
		return;
	rl.rlim_cur = rl.rlim_max;
	if (setrlimit(RLIMIT_NOFILE, &rl) < 0)
		return;
}

static int cmd_serve(const struct args *a, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	struct serve_opts o = { .bind = a->bind, .port = a->port };
	struct server *s;
	char err[512];
	int rc;

	if (interrupt_install() < 0) {
		fprintf(stderr, "osbench: signal handlers: %s\n", strerror(errno));
		return 2;
	}
	raise_nofile();
	if (serve_open(&s, &o, err, sizeof err) < 0) {
		fprintf(stderr, "osbench: serve: %s\n", err);
		return 2;
	}
	/* on stdout, so a script that asked for port 0 can learn the port */
	printf("osbench serve: listening on %s (tcp and udp)\n", serve_name(s));
	if (fflush(stdout) != 0) {
		fprintf(stderr, "osbench: standard output: %s\n", strerror(errno));
		serve_close(s);
		return 2;
	}
	rc = serve_loop(s, &interrupt_flag, err, sizeof err);
	serve_close(s);
	if (rc < 0) {
		fprintf(stderr, "osbench: serve: %s\n", err);
		return 1;
	}
	return 0;
}

static int set_bind(const struct opt *o, const char *v, struct args *a, char *err, size_t len)
{
	(void)o;
	if (v[0] == '\0' || strpbrk(v, "\t\n\r")) {
		utf8_printf(err, len, "--bind: '%s' must be non-empty and on one line without tabs", v);
		return -1;
	}
	a->bind = v;
	return 0;
}

static int set_port(const struct opt *o, const char *v, struct args *a, char *err, size_t len)
{
	int port;

	if (opt_int_value(o->name, v, 0, 65535, &port, err, len) < 0)
		return -1;
	a->port = v;
	return 0;
}

static const struct opt serve_list[] = {
	{ .kind = OPT_FN, .name = "bind", .arg = "ADDR", .set = set_bind,
	  .help = "the address to listen on (default 127.0.0.1)" },
	{ .kind = OPT_FN, .name = "port", .arg = "N", .set = set_port,
	  .help = "the TCP and UDP port (default 7100; 0: any free one)" },
	OPT_TABLE_END,
};
static const struct opt_table serve_options = { .opts = serve_list };

const struct command_entry serve_command = {
	.name = "serve", .fn = cmd_serve, .options = &serve_options,
	.usage = "serve [--bind ADDR] [--port N]",
	.summary = "the peer for --remote, until SIGINT, SIGTERM, SIGHUP or SIGQUIT",
	.exits = "0 stopped by a signal; 1 serving failed; 2 bad usage, or the\n"
		 "address cannot be had",
};
