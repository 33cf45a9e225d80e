/* Fuzz target: the command-line parser.  The input is split at NUL and
 * newline bytes into at most 64 words, as a shell would hand them over. */
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "fuzz.h"

#define MAX_WORDS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1);
	char *argv[MAX_WORDS + 2];
	int argc = 0;
	struct args a;
	char err[512];

	if (!copy)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	argv[argc++] = "osbench";
	for (size_t i = 0, start = 0; i <= size && argc <= MAX_WORDS; i++) {
		if (i == size || copy[i] == '\0' || copy[i] == '\n') {
			copy[i] = '\0';
			argv[argc++] = copy + start;
			start = i + 1;
		}
	}
	argv[argc] = NULL;
	if (args_parse(argc, argv, &a, err, sizeof err) < 0 && (!err[0] || strchr(err, '\n')))
		abort(); /* a refusal must come with a one-line message */
	free(copy);
	return 0;
}
