/* The host records of two files, field by field; see setup.h. */
#include <stdio.h>
#include <string.h>

#include "report/setup.h"

/* A field's text on one side; "" when the file does not say. */
static void field_text(const struct rfile *f, int which, char *buf, size_t len)
{
	switch (which) {
	case 0: snprintf(buf, len, "%s", f->release); break;
	case 1: snprintf(buf, len, "%s", f->kernel); break;
	case 2: snprintf(buf, len, "%s", f->date); break;
	case 3: snprintf(buf, len, "%s", f->build); break;
	case 4: snprintf(buf, len, "%s", f->placement); break;
	/* a file with a host record says "-" when nothing was preloaded */
	case 5: snprintf(buf, len, "%s", f->ld_preload[0] ? f->ld_preload : f->version[0] ? "-" : ""); break;
	case 6: snprintf(buf, len, "%s", f->tmpdir_fs); break;
	case 8: snprintf(buf, len, "%s", f->huge_pages); break;
	case 9:
		if (f->buffer_mb > 0)
			snprintf(buf, len, "%.0f MB", f->buffer_mb);
		else
			buf[0] = '\0';
		break;
	case 7:
		if (f->cpus > 0)
			snprintf(buf, len, "%d", f->cpus);
		else
			buf[0] = '\0';
		break;
	default: snprintf(buf, len, "%s", f->version); break;
	}
}

static const char *const field_names[SETUP_FIELDS] = {
	"release", "kernel", "date", "build", "placement", "ld_preload", "tmpdir fs", "cpus",
	"huge pages", "buffer", "osbench",
};

size_t setup_differences(const struct rfile *base, const struct rfile *cur,
			 struct setup_diff *out)
{
	size_t n = 0;

	for (int i = 0; i < SETUP_FIELDS; i++) {
		struct setup_diff *d = &out[n];
		field_text(base, i, d->base, sizeof d->base);
		field_text(cur, i, d->cur, sizeof d->cur);
		if (!d->base[0] || !d->cur[0] || strcmp(d->base, d->cur) == 0)
			continue;
		d->field = field_names[i];
		n++;
	}
	return n;
}
