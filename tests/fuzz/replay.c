/* Replays saved fuzz inputs through a target without libFuzzer, so every
 * `make test` checks the regression corpus.  Usage: replay DIR...
 * Prints "ok fuzz replay DIR: N inputs" per directory. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long len;

	if (!f) {
		fprintf(stderr, "replay: '%s': %s\n", path, strerror(errno));
		return -1;
	}
	if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0 ||
	    !(buf = malloc((size_t)len + 1))) {
		fclose(f);
		fprintf(stderr, "replay: '%s': cannot read\n", path);
		return -1;
	}
	size_t got = fread(buf, 1, (size_t)len, f);
	fclose(f);
	LLVMFuzzerTestOneInput((const unsigned char *)buf, got);
	free(buf);
	return 0;
}

static int replay_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[4096];
	int n = 0, bad = 0;

	if (!d) {
		fprintf(stderr, "replay: '%s': %s\n", dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		bad |= replay_file(path);
		n++;
	}
	closedir(d);
	if (bad || n == 0) {
		printf("FAIL fuzz replay %s: %d inputs, unreadable ones or none\n", dir, n);
		return -1;
	}
	printf("ok fuzz replay %s: %d inputs\n", dir, n);
	return 0;
}

int main(int argc, char **argv)
{
	int rc = 0;

	for (int i = 1; i < argc; i++)
		rc |= replay_dir(argv[i]);
	return rc ? 1 : 0;
}
