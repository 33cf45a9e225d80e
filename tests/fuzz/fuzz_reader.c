/* Fuzz target: the result-file reader behind compare, check and plot. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "results/resultfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rfile f;
	char err[512];

	memset(&f, 0, sizeof f);
	if (rfile_parse("fuzz", (const char *)data, size, &f, err, sizeof err) == 0) {
		/* what was accepted must be usable */
		for (size_t i = 0; i < f.nfigs; i++)
			if (rfile_find(&f, f.figs[i].table, f.figs[i].column) == NULL)
				abort();
		rfile_free(&f);
	} else if (!err[0] || strchr(err, '\n')) {
		abort(); /* a refusal must come with a one-line message */
	}
	return 0;
}
