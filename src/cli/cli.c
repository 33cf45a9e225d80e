/* The command layer's entry: the standard descriptors made safe, the
 * command line parsed, and the command called from the table
 * (commands.c).  The commands plan what to measure, drive the harness
 * and the writer, print messages and decide the exit status; nothing
 * below this layer prints or exits. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "measure/abproto.h"

/* A closed standard descriptor would be taken by the next open() or
 * pipe(), and results or messages would land in a socket or a temp file.
 * stdin and stderr are quietly pointed at /dev/null; a closed stdout is an
 * error, since the results would have nowhere to go. */
static int standard_fds_ok(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		if (fd == STDOUT_FILENO) {
			fprintf(stderr, "osbench: standard output: %s\n", strerror(EBADF));
			return 0;
		}
		if (open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) != fd)
			return 0;
	}
	return 1;
}

static int usage_error(const char *msg)
{
	fprintf(stderr, "osbench: %s\n", msg);
	return 2;
}

int cli_main(int argc, char **argv)
{
	struct args a;
	char err[512];

	if (!standard_fds_ok())
		return 2;

	/* a closed pipe or a vanished peer is an error we report, not a
	   silent death; children inherit this */
	signal(SIGPIPE, SIG_IGN);
	/* likewise a write past the file-size limit: EFBIG, and the results
	   go to stdout, instead of a death that leaves a temporary behind */
	signal(SIGXFSZ, SIG_IGN);
	if (argc > 1 && strcmp(argv[1], AB_CHILD_WORD) == 0)
		return ab_child_main(argc, argv);
	if (args_parse(argc, argv, &a, err, sizeof err) < 0)
		return usage_error(err);
	return commands[a.cmd]->fn(&a, argc, argv);
}
