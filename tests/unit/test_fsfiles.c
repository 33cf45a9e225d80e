/* The fscreate and fsdelete modules' files, driven through their hooks as
 * the harness drives them: each sample's files exist only until the next
 * prepare, the directory never holds more than one sample's, and nothing
 * is left once the module is torn down. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "module.h"
#include "modules/registry.h"
#include "unit.h"

static char dir[256];

/* Entries of DIR/sub, or of DIR itself when sub is NULL; -1 when it
   cannot be read (it does not exist). */
static long entries(const char *sub)
{
	char path[512];
	struct dirent *e;
	long n = 0;
	DIR *d;

	snprintf(path, sizeof path, "%s%s%s", dir, sub ? "/" : "", sub ? sub : "");
	d = opendir(path);
	if (!d)
		return -1;
	while ((e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

/* Each entry of 10 KB: what fsdelete's prepare made, in full. */
static int all_of_size(const char *sub, off_t size)
{
	char path[512];
	struct dirent *e;
	struct stat st;
	int ok = 1;
	DIR *d;

	snprintf(path, sizeof path, "%s/%s", dir, sub);
	d = opendir(path);
	if (!d)
		return 0;
	while ((e = readdir(d)) != NULL) {
		char f[1024];
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(f, sizeof f, "%s/%s", path, e->d_name);
		ok &= stat(f, &st) == 0 && st.st_size == size;
	}
	closedir(d);
	return ok;
}

static void init_ctx(struct mod_ctx *c, int size_kb)
{
	memset(c, 0, sizeof *c);
	c->tmpdir = dir;
	c->size_kb = size_kb;
	c->ops_per_iter = 1;
}

static void test_fscreate(void)
{
	const struct module *m = registry_module("fscreate");
	struct mod_ctx c;
	int ok;

	init_ctx(&c, 10);
	ok = m->setup(&c) == 0;
	CHECK("fsfiles fscreate setup", ok);
	if (!ok)
		return;
	ok = m->prepare(&c, 40) == 0 && m->run(&c, 40) == 0;
	CHECK("fsfiles fscreate makes one file per op", ok && entries("fscreate.0") == 40);
	CHECK("fsfiles fscreate writes size_kb KB", all_of_size("fscreate.0", 10 * 1024));
	ok = m->prepare(&c, 7) == 0;
	CHECK("fsfiles fscreate prepare removes the last sample's files",
	      ok && entries("fscreate.0") == 0);
	ok = m->run(&c, 7) == 0 && m->prepare(&c, 30) == 0 && m->run(&c, 30) == 0;
	CHECK("fsfiles fscreate holds one sample's files at most",
	      ok && entries("fscreate.0") == 30);
	m->teardown(&c);
	CHECK("fsfiles fscreate leaves nothing", entries(NULL) == 0);
}

static void test_fsdelete(void)
{
	const struct module *m = registry_module("fsdelete");
	struct mod_ctx c;
	int ok;

	init_ctx(&c, 10);
	ok = m->setup(&c) == 0;
	CHECK("fsfiles fsdelete setup", ok);
	if (!ok)
		return;
	ok = m->prepare(&c, 25) == 0;
	CHECK("fsfiles fsdelete prepare makes the files to delete",
	      ok && entries("fsdelete.0") == 25 && all_of_size("fsdelete.0", 10 * 1024));
	ok = m->run(&c, 25) == 0;
	CHECK("fsfiles fsdelete run deletes every file prepare made", ok && entries("fsdelete.0") == 0);
	ok = m->prepare(&c, 12) == 0 && m->run(&c, 12) == 0;
	CHECK("fsfiles fsdelete again", ok && entries("fsdelete.0") == 0);
	/* a sample cut short leaves files only teardown can remove */
	ok = m->prepare(&c, 9) == 0;
	m->teardown(&c);
	CHECK("fsfiles fsdelete leaves nothing, even after a prepare", ok && entries(NULL) == 0);
}

UNIT_TEST(test_fsfiles)
{
	const char *base = getenv("TMPDIR");

	snprintf(dir, sizeof dir, "%s/osbench-unit.XXXXXX", base && *base ? base : "/tmp");
	if (!mkdtemp(dir)) {
		CHECK("fsfiles temp dir", 0);
		return;
	}
	test_fscreate();
	test_fsdelete();
	CHECK("fsfiles temp dir removable", rmdir(dir) == 0);
}
