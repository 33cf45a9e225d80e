/* The transparent huge page mode, for the host record; see hugepages.h. */
#include <stdio.h>
#include <string.h>

#include "sys/hugepages.h"

/* Linux lists the modes and brackets the one in force:
 * "always [madvise] never". */
#define THP_ENABLED "/sys/kernel/mm/transparent_hugepage/enabled"

void huge_pages_mode(char *mode, size_t len)
{
	char line[128];
	FILE *f = fopen(THP_ENABLED, "r");
	int got = f && fgets(line, sizeof line, f) != NULL;
	char *open = got ? strchr(line, '[') : NULL;
	char *close = open ? strchr(open, ']') : NULL;

	if (f)
		fclose(f);
	if (!close || close - open < 2) {
		snprintf(mode, len, "-");
		return;
	}
	snprintf(mode, len, "%.*s", (int)(close - open - 1), open + 1);
}
