#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "sys/host.h"

int main(int argc, char **argv)
{
	char msg[160] = "osbench: ";

	/* write(), not stdio: an unbuffered stderr formats on the stack,
	   which is just what is short here */
	if (host_stack_check(msg + 9, sizeof msg - 10) < 0) {
		size_t n = strlen(msg);
		msg[n] = '\n';
		/* exit 2 whether or not the message got out */
		(void)!write(STDERR_FILENO, msg, n + 1);
		return 2;
	}
	return cli_main(argc, argv);
}
