/* The time a dearer system call adds, read from the figures' pattern. */
#include <math.h>
#include <string.h>

#include "report/dearer.h"
#include "unit.h"

/* Figures of the syscall, ctx and ipc tables: module and baseline cost. */
static const struct {
	const char *module;
	double us;
} kinds[] = {
	{ "null", 0.125 },  { "nullio", 0.15 }, { "stat", 0.46 },   { "siginst", 0.18 },
	{ "sighndl", 1.08 }, { "select", 5.1 },  { "openclose", 0.84 }, { "pipe", 2.9 },
	{ "unix", 5.2 },     { "ctx", 1.05 },    { "ctx", 2.2 },     { "fork", 96 },
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

static struct rfigure figs[NKINDS];
static struct check_row rows[NKINDS];

/* Every figure moved by common * (1 + calls * added / cost), times a
   small wobble of its own that no pattern follows. */
static size_t make_rows(double added_us, double common)
{
	static const double wobble[] = { 1.004, 0.997, 1.002, 0.995, 1.003, 0.999,
					 1.001, 0.996, 1.005, 0.998, 1.002, 0.997 };
	static const double calls[] = { 1, 1, 1, 1, 1, 1, 2, 4, 4, 0, 0, 0 };

	memset(figs, 0, sizeof figs);
	memset(rows, 0, sizeof rows);
	for (size_t i = 0; i < NKINDS; i++) {
		snprintf(figs[i].module, sizeof figs[i].module, "%s", kinds[i].module);
		snprintf(figs[i].unit, sizeof figs[i].unit, "us");
		figs[i].value = kinds[i].us;
		rows[i] = (struct check_row){ .b = &figs[i], .c = &figs[i], .have_ratio = 1,
					      .same_as = -1 };
		rows[i].rr.ratio = common * (1 + calls[i] * added_us / kinds[i].us) * wobble[i];
	}
	return NKINDS;
}

UNIT_TEST(test_dearer)
{
	struct dearer d;
	size_t n = make_rows(0.05, 1.0);

	CHECK("dearer: fits", dearer_fit(rows, n, &d) == 0);
	/* fork declares no calls: left out */
	CHECK("dearer: the figures that declare their calls", d.figures == 11);
	CHECK("dearer: the added time", fabs(d.added_us - 0.05) < 0.004);
	CHECK("dearer: told", dearer_told(&d));
	CHECK("dearer: the null call's cost", d.null_us == 0.125);

	n = make_rows(0.05, 1.2);
	dearer_fit(rows, n, &d);
	CHECK("dearer: a mood beside it is the common move", fabs(d.common - 1.2) < 0.01);
	CHECK("dearer: and leaves the added time", fabs(d.added_us - 0.05) < 0.005);

	n = make_rows(0, 1.2);
	dearer_fit(rows, n, &d);
	CHECK("dearer: a mood alone is no dearer call", !dearer_told(&d));

	n = make_rows(-0.03, 1.0);
	dearer_fit(rows, n, &d);
	CHECK("dearer: a cheaper call", dearer_told(&d) && d.added_us < 0);

	n = make_rows(0.05, 1.0);
	for (size_t i = 0; i < n; i++)
		rows[i].same_as = i >= 5 ? 0 : -1;
	dearer_fit(rows, n, &d);
	CHECK("dearer: too few figures counted once", d.figures == 0 && !dearer_told(&d));

	n = make_rows(0.05, 1.0);
	for (size_t i = 0; i < n; i++)
		rows[i].rr.ratio = 1.0;
	dearer_fit(rows, n, &d);
	CHECK("dearer: no spread is no certainty", !dearer_told(&d));
}
