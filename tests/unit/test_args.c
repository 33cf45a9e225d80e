/* Command-line parsing: what is accepted, what is refused and how the
 * message names the culprit. */
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "unit.h"

static char err[512];

/* Parse a space-separated command line (no quoting needed here). */
static int parse(const char *line, struct args *a)
{
	static char buf[1024];
	char *argv[64], *save = NULL;
	int argc = 0;

	strcpy(buf, line);
	argv[argc++] = "osbench";
	for (char *w = strtok_r(buf, " ", &save); w && argc < 63; w = strtok_r(NULL, " ", &save))
		argv[argc++] = w;
	argv[argc] = NULL;
	err[0] = '\0';
	return args_parse(argc, argv, a, err, sizeof err);
}

static int refused_naming(const char *line, const char *needle)
{
	struct args a;

	return parse(line, &a) < 0 && strstr(err, needle) != NULL && !strchr(err, '\n');
}

static void test_accepted(void)
{
	struct args a;

	CHECK("args empty line is run of everything",
	      parse("", &a) == 0 && a.cmd == CMD_RUN && a.nnames == 0);
	CHECK("args names without 'run'", parse("stat null", &a) == 0 && a.cmd == CMD_RUN &&
						  a.nnames == 2 && strcmp(a.names[1], "null") == 0);
	CHECK("args run options, long and short forms",
	      parse("run -q -f long --reps=3 -t5 --cpu 0 -l box syscall", &a) == 0 && a.quick &&
		      strcmp(a.format, "long") == 0 && a.reps == 3 && a.time_ms == 5 && a.cpu == 0 &&
		      strcmp(a.label, "box") == 0 && a.nnames == 1);
	CHECK("args options after names", parse("run stat --reps 4", &a) == 0 && a.reps == 4);
	CHECK("args -- ends options", parse("run -- -q", &a) == 0 && !a.quick && a.nnames == 1);
	CHECK("args --help wins", parse("run --reps 3 --help", &a) == 0 && a.cmd == CMD_HELP);
	CHECK("args --version", parse("--version", &a) == 0 && a.cmd == CMD_VERSION);
	CHECK("args list command", parse("list", &a) == 0 && a.cmd == CMD_LIST);
	CHECK("args scale levels", parse("scale mutex --threads 1,4,16", &a) == 0 &&
					   a.cmd == CMD_SCALE && a.nthreads == 3 && a.threads[2] == 16);
	CHECK("args scale procs", parse("scale stat --procs 1,2", &a) == 0 && a.nprocs == 2);
	CHECK("args 1024 threads allowed", parse("scale mutex --threads 1024", &a) == 0);
	CHECK("args remote host:port",
	      parse("run tcp --remote 10.0.0.2:7200", &a) == 0 &&
		      strcmp(a.remote_host, "10.0.0.2") == 0 && strcmp(a.remote_port, "7200") == 0);
	CHECK("args remote default port", parse("run tcp --remote hostb", &a) == 0 &&
						  strcmp(a.remote_port, "7100") == 0);
	CHECK("args remote bracketed ipv6", parse("run tcp --remote [::1]:7101", &a) == 0 &&
						    strcmp(a.remote_host, "::1") == 0 &&
						    strcmp(a.remote_port, "7101") == 0);
	CHECK("args ctx points", parse("run ctx --procs 4,32 --size 0,256", &a) == 0 &&
					 a.nprocs == 2 && a.nsizes == 2 && a.sizes[0] == 0);
	CHECK("args serve options", parse("serve --bind 127.0.0.1 --port 0", &a) == 0 &&
					    a.cmd == CMD_SERVE && strcmp(a.port, "0") == 0);
	CHECK("args options before the command's word",
	      parse("--reps 3 check a.tsv", &a) == 0 && a.cmd == CMD_CHECK && a.reps == 3 &&
		      a.nnames == 1);
	CHECK("args an option's value is not the command's word",
	      parse("-l run null", &a) == 0 && a.cmd == CMD_RUN && strcmp(a.label, "run") == 0 &&
		      a.nnames == 1 && strcmp(a.names[0], "null") == 0);
	CHECK("args check and ab take junit and --tolerance",
	      parse("check a -f junit --tolerance 5", &a) == 0 && strcmp(a.format, "junit") == 0 &&
		      a.tolerance == 5 && parse("ab x y -f junit --tolerance=2", &a) == 0);
	CHECK("args help COMMAND asks about it", parse("help check", &a) == 0 &&
							 a.cmd == CMD_HELP && a.help_topic == CMD_CHECK);
	CHECK("args COMMAND --help asks about it",
	      parse("check a.tsv --help", &a) == 0 && a.cmd == CMD_HELP && a.help_topic == CMD_CHECK);
	CHECK("args --help alone asks about everything",
	      parse("--help", &a) == 0 && a.cmd == CMD_HELP && a.help_topic == -1);
}

static void test_refused(void)
{
	CHECK("args unknown option named", refused_naming("--no-such-option", "'--no-such-option'"));
	CHECK("args reps not a number", refused_naming("run --reps abc null", "'abc'"));
	CHECK("args reps zero", refused_naming("run --reps 0", "--reps"));
	CHECK("args reps huge", refused_naming("run --reps 99999999999999999999", "--reps"));
	CHECK("args negative time", refused_naming("run --time -5 null", "'-5'"));
	CHECK("args time with junk", refused_naming("run --time 5ms", "'5ms'"));
	CHECK("args time with a leading blank", refused_naming("run --time=\t5", "--time"));
	CHECK("args unknown format", refused_naming("run --format xml null", "'xml'"));
	CHECK("args option needs a value", refused_naming("run --reps", "needs a value"));
	CHECK("args repeated option", refused_naming("run -r 3 --reps 4", "given twice"));
	CHECK("args flag with a value", refused_naming("run --quick=yes", "takes no value"));
	CHECK("args threads and procs together",
	      refused_naming("scale mutex --threads 1 --procs 2", "one or the other"));
	CHECK("args level zero", refused_naming("scale mutex --threads 0,1", "'0'"));
	CHECK("args level junk", refused_naming("scale mutex --threads 1,x", "'x'"));
	CHECK("args level repeated", refused_naming("scale mutex --threads 2,2", "twice"));
	CHECK("args level list trailing comma", refused_naming("scale mutex --threads 1,", "list"));
	CHECK("args level list empty item", refused_naming("scale mutex --threads 1,,2", "list"));
	CHECK("args level too big", refused_naming("scale mutex --threads 5000", "'5000'"));
	CHECK("args option for another command", refused_naming("run --threads 2", "'--threads'"));
	CHECK("args bind outside serve", refused_naming("run --bind 0.0.0.0", "'--bind'"));
	CHECK("args size needs procs", refused_naming("run ctx --size 16", "--procs"));
	CHECK("args remote port out of range", refused_naming("run tcp --remote h:70000", "'70000'"));
	CHECK("args remote without host", refused_naming("run tcp --remote :7100", "host"));
	CHECK("args label with a tab", refused_naming("run --label a\tb", "--label"));
	CHECK("args port junk", refused_naming("serve --port http", "'http'"));
	CHECK("args tolerance negative", refused_naming("check a --tolerance -1", "'-1'"));
	CHECK("args tolerance nan", refused_naming("check a --tolerance nan", "'nan'"));
	CHECK("args tolerance for run", refused_naming("run --tolerance 5", "'--tolerance'"));
	CHECK("args junit for run", refused_naming("run -f junit", "'junit' applies to"));
	CHECK("args cdf with log", refused_naming("plot a --cdf --log", "--log"));
	CHECK("args free placement with a cpu",
	      refused_naming("check a --placement free --cpu 1", "--cpu"));
	CHECK("args a name of no option", refused_naming("--=x", "'--=x'"));
}

struct seen_opt {
	const struct opt *o[256];
	int n, clash;
};

/* Every name means one option everywhere: a short letter one long name,
 * and a long name takes a value in every table or in none (the command's
 * word is found before its table is known). */
static void note_opt(const struct opt *o, const struct opt_table *group, void *arg)
{
	struct seen_opt *s = arg;

	(void)group;
	for (int i = 0; i < s->n; i++) {
		const struct opt *p = s->o[i];
		if (strcmp(p->name, o->name) == 0 &&
		    (p->short_name != o->short_name || (p->kind == OPT_FLAG) != (o->kind == OPT_FLAG)))
			s->clash++;
		if (o->short_name && p->short_name == o->short_name && strcmp(p->name, o->name) != 0)
			s->clash++;
	}
	if (!o->help && !o->help_fn)
		s->clash++;
	if (s->n < 256)
		s->o[s->n++] = o;
}

static void test_tables(void)
{
	static struct seen_opt s;

	int described = 0;

	opt_each(&std_options, note_opt, &s);
	for (int c = 0; c < CMD_COUNT; c++) {
		described += commands[c]->usage && commands[c]->summary && commands[c]->exits;
		if (commands[c]->options)
			opt_each(commands[c]->options, note_opt, &s);
	}
	CHECK("args every command has a usage, a summary and exit statuses",
	      described == CMD_COUNT);
	CHECK("args every option's names mean one option, each with its help",
	      s.n > 20 && s.clash == 0);
}

UNIT_TEST(test_args)
{
	test_accepted();
	test_refused();
	test_tables();
}
