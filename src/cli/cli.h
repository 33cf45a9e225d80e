/* The command layer: the only code that prints messages or exits. */
#ifndef OSBENCH_CLI_H
#define OSBENCH_CLI_H

/* Run the command line; returns the exit status (0, 1 or 2). */
int cli_main(int argc, char **argv);

#endif
