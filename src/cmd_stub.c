/* Commands whose issues are still open. */
#include <stdio.h>

#include "commands.h"

int cmd_compare(const struct args *a)
{
	fprintf(stderr, "osbench: %s: not available in this build\n",
		a->cmd == CMD_CHECK ? "check" : "compare");
	return 2;
}
