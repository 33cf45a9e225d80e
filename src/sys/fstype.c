/* The file system a directory is on, for the host record: the fs table's
 * file figures depend on it (tmpfs creates files in memory, ext4 and xfs
 * journal them).  Read from the mount table, the mount point that holds
 * the directory and is longest; "unknown" where there is no such table. */
/* realpath() is in the XSI part of POSIX */
#define _XOPEN_SOURCE 700
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/fstype.h"

/* Mount tables list one mount a line: "device mountpoint type options ..." */
static const char *const mount_tables[] = { "/proc/self/mounts", "/etc/mtab" };

/* dir lies on mountpoint mp: mp is "/", or dir is mp or below it. */
static int under(const char *dir, const char *mp)
{
	size_t n = strlen(mp);

	if (strcmp(mp, "/") == 0)
		return 1;
	return strncmp(dir, mp, n) == 0 && (dir[n] == '\0' || dir[n] == '/');
}

static int from_table(FILE *f, const char *dir, char *type, size_t len)
{
	char line[4096], dev[1024], mp[1024], fs[64];
	size_t best = 0;

	while (fgets(line, sizeof line, f)) {
		/* mount points with spaces are escaped (\040): no match then, and
		   the shorter mount above them answers, which is the worst case */
		if (sscanf(line, "%1023s %1023s %63s", dev, mp, fs) != 3 || !under(dir, mp))
			continue;
		if (strlen(mp) >= best) {
			best = strlen(mp);
			snprintf(type, len, "%s", fs);
		}
	}
	return best > 0 ? 0 : -1;
}

void fs_type(const char *dir, char *type, size_t len)
{
	char *real = realpath(dir, NULL);

	snprintf(type, len, "unknown");
	for (size_t i = 0; real && i < sizeof mount_tables / sizeof mount_tables[0]; i++) {
		FILE *f = fopen(mount_tables[i], "r");
		int found;
		if (!f)
			continue;
		found = from_table(f, real, type, len) == 0;
		fclose(f);
		if (found)
			break;
	}
	free(real);
}
