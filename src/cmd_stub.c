/* Commands whose issues are still open. */
#include <stdio.h>

#include "commands.h"

int cmd_compare(const struct args *a)
{
	(void)a;
	fprintf(stderr, "osbench: compare: not available in this build\n");
	return 2;
}

int cmd_check(const struct args *a, int argc, char **argv)
{
	(void)a;
	(void)argc;
	(void)argv;
	fprintf(stderr, "osbench: check: not available in this build\n");
	return 2;
}

int cmd_plot(const struct args *a)
{
	(void)a;
	fprintf(stderr, "osbench: plot: not available in this build\n");
	return 2;
}
