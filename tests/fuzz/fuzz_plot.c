/* Fuzz target: result files, as the reader accepts them, drawn by plot.
 * The input is up to MAX_FILES files separated by NUL bytes; the first
 * byte's low bit asks for log scales.  A picture must be one bounded,
 * complete document whose coordinates are all numbers; a refusal must
 * come with a one-line reason and no output. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "report/plot.h"
#include "results/resultfile.h"

#define MAX_FILES 4
#define MAX_OUTPUT (4 << 20) /* a real picture is tens of KiB */

/* The files in data, parsed; those the reader refuses are left out. */
static size_t parse_files(const char *data, size_t size, struct rfile *files)
{
	size_t n = 0, start = 0;
	char err[512];

	for (size_t i = 0; i <= size && n < MAX_FILES; i++) {
		if (i < size && data[i] != '\0')
			continue;
		memset(&files[n], 0, sizeof files[n]);
		if (rfile_parse("fuzz.tsv", data + start, i - start, &files[n], err, sizeof err) == 0)
			n++;
		start = i + 1;
	}
	return n;
}

/* Every value of the numeric attribute name (" x=\"...\"") is made of
 * digits, '.', '-' (and for points ',' and ' '): svg_num never prints
 * nan or inf.  Text attributes (data-host) may hold anything. */
static int numbers_only(const char *doc, size_t len, const char *name, const char *allowed)
{
	char key[16];
	size_t k = (size_t)snprintf(key, sizeof key, " %s=\"", name);

	for (size_t i = 0; i + k <= len; i++) {
		if (memcmp(doc + i, key, k) != 0)
			continue;
		for (size_t j = i + k; j < len && doc[j] != '"'; j++)
			if (!strchr(allowed, doc[j]))
				return 0;
	}
	return 1;
}

static void check_document(const char *doc, size_t len)
{
	static const char end[] = "</svg>\n";
	static const char *const coords[] = { "x", "y", "x1", "y1", "x2", "y2", "cx", "cy",
					      "r", "width", "height" };

	if (len > MAX_OUTPUT || len < sizeof end - 1 ||
	    memcmp(doc + len - (sizeof end - 1), end, sizeof end - 1) != 0)
		abort();
	for (size_t i = 0; i < sizeof coords / sizeof coords[0]; i++)
		if (!numbers_only(doc, len, coords[i], "0123456789.-"))
			abort();
	if (!numbers_only(doc, len, "points", "0123456789.-, "))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rfile files[MAX_FILES];
	char err[512] = "";
	char *doc = NULL;
	size_t len = 0, n;
	FILE *f;
	int log_scale, rc;

	if (size == 0)
		return 0;
	log_scale = data[0] & 1;
	n = parse_files((const char *)data + 1, size - 1, files);
	if (n == 0)
		return 0;
	if (!(f = open_memstream(&doc, &len)))
		abort();
	rc = plot_render(f, files, n, log_scale, err, sizeof err);
	if (fclose(f) != 0)
		abort();
	if (rc == 0)
		check_document(doc, len);
	else if (!err[0] || strchr(err, '\n') || len != 0)
		abort(); /* refused: a one-line reason, and nothing written */
	free(doc);
	for (size_t i = 0; i < n; i++)
		rfile_free(&files[i]);
	return 0;
}
