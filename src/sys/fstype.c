/* The file system a directory is on, for the host record: the fs table's
 * file figures depend on it (tmpfs creates files in memory, ext4 and xfs
 * journal them, and an ext4 without a journal is another file system
 * again).  Read from the mount table, the mount point that holds the
 * directory and is longest; "unknown" where there is no such table. */
/* realpath() is in the XSI part of POSIX */
#define _XOPEN_SOURCE 700
#include <limits.h>
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

static int from_table(FILE *f, const char *dir, char *type, size_t len, char *device,
		      size_t devlen)
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
			snprintf(device, devlen, "%s", dev);
		}
	}
	return best > 0 ? 0 : -1;
}

/* Linux's ext4 names its journal's thread in sysfs, "<none>" when the file
 * system has no journal.  That changes what File Create costs by ten
 * times or more: without a journal, ext4 does not reuse an inode freed in
 * the last minute, and each create steps over every such inode of its
 * group (docs/notes/2026-12-01-file-create.md).  1 when sysfs says there
 * is none, 0 when it names a journal, -1 when it cannot tell (no sysfs, a
 * device it does not know): then the record says so, claiming neither. */
static int ext4_without_journal(const char *device)
{
	char path[PATH_MAX + 64], line[64];
	char *real = realpath(device, NULL);
	const char *name;
	FILE *f;
	int none = -1;

	if (!real)
		return -1;
	name = strrchr(real, '/') ? strrchr(real, '/') + 1 : real;
	snprintf(path, sizeof path, "/sys/fs/ext4/%s/journal_task", name);
	free(real);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fgets(line, sizeof line, f))
		none = strncmp(line, "<none>", 6) == 0;
	fclose(f);
	return none;
}

void fs_type(const char *dir, char *type, size_t len)
{
	char *real = realpath(dir, NULL), device[1024] = "";
	int found = 0;

	snprintf(type, len, "unknown");
	for (size_t i = 0; real && !found && i < sizeof mount_tables / sizeof mount_tables[0]; i++) {
		FILE *f = fopen(mount_tables[i], "r");
		if (!f)
			continue;
		found = from_table(f, real, type, len, device, sizeof device) == 0;
		fclose(f);
	}
	free(real);
	if (found && (strcmp(type, "ext4") == 0 || strcmp(type, "ext3") == 0)) {
		int none = ext4_without_journal(device);
		size_t used = strlen(type);
		if (none)
			snprintf(type + used, len - used, none > 0 ? " (no journal)"
								  : " (journal unknown)");
	}
}
