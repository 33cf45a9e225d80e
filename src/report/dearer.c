/* The time a kernel added to every system call, from the pattern it
 * leaves on the figures; see dearer.h and docs/method.md. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "modules/registry.h"
#include "plan/schema.h"
#include "report/dearer.h"

#define FIT_STEPS 40

struct point {
	double z; /* calls per op over the baseline's cost, per us */
	double y; /* the log of the move as measured, as times */
};

/* n / c of a row's figure: its module's calls per operation over the
   baseline's cost, 0 where the figure cancels them, -1 where the module
   declares none or the figure is not a time. */
static double calls_over_cost(const struct check_row *r)
{
	const struct module *m;

	if (schema_higher_is_better(r->b->unit) || !(r->b->value > 0))
		return -1;
	m = registry_module(r->b->module);
	if (!m)
		return -1;
	if (m->flags & MOD_CALLS_CANCEL)
		return 0;
	return m->calls_per_op > 0 ? m->calls_per_op / r->b->value : -1;
}

/* n / c of a row the fit reads: one with a ratio, counted once and not
   only a reference; -1 where it is not read. */
static double fitted_z(const struct check_row *r)
{
	if (r->same_as >= 0 || r->reference || !r->have_ratio || !(r->rr.ratio > 0))
		return -1;
	return calls_over_cost(r);
}

/* The least-squares line y = c + t z, the start of the fit; 0 where the
   z do not differ. */
static int fit_line(const struct point *p, size_t k, double *c, double *t)
{
	double mz = 0, my = 0, szz = 0, szy = 0;

	for (size_t i = 0; i < k; i++) {
		mz += p[i].z;
		my += p[i].y;
	}
	mz /= (double)k;
	my /= (double)k;
	for (size_t i = 0; i < k; i++) {
		szz += (p[i].z - mz) * (p[i].z - mz);
		szy += (p[i].z - mz) * (p[i].y - my);
	}
	if (!(szz > 0))
		return 0;
	*t = szy / szz;
	*c = my - *t * mz;
	return 1;
}

/* One Gauss-Newton step of y = c + log(1 + t z): the normal equations'
   sums into s[] (n, sum of J, sum of J^2, sum of r, sum of J r, sum of
   r^2), 0 where 1 + t z is not positive for some point. */
static int step_sums(const struct point *p, size_t k, double c, double t, double s[6])
{
	memset(s, 0, 6 * sizeof *s);
	for (size_t i = 0; i < k; i++) {
		double u = 1 + t * p[i].z, j, r;
		if (!(u > 0))
			return 0;
		j = p[i].z / u;
		r = p[i].y - c - log(u);
		s[0] += 1, s[1] += j, s[2] += j * j, s[3] += r, s[4] += j * r, s[5] += r * r;
	}
	return 1;
}

static void fit_curve(const struct point *p, size_t k, struct dearer *out)
{
	double c, t, s[6], det;

	if (!fit_line(p, k, &c, &t))
		return;
	for (int i = 0; i < FIT_STEPS; i++) {
		double dc, dt;
		if (!step_sums(p, k, c, t, s) || !((det = s[0] * s[2] - s[1] * s[1]) > 0))
			return;
		dc = (s[2] * s[3] - s[1] * s[4]) / det;
		dt = (s[0] * s[4] - s[1] * s[3]) / det;
		c += dc, t += dt;
		if (fabs(dt) <= 1e-12 * (1 + fabs(t)))
			break;
	}
	if (!step_sums(p, k, c, t, s) || !((det = s[0] * s[2] - s[1] * s[1]) > 0))
		return;
	out->figures = (int)k;
	out->added_us = t;
	out->se_us = sqrt(s[5] / (double)(k - 2) * s[0] / det);
	out->common = exp(c);
}

int dearer_fit(const struct check_row *rows, size_t n, struct dearer *out)
{
	struct point *p = malloc((n ? n : 1) * sizeof *p);
	size_t k = 0;

	memset(out, 0, sizeof *out);
	if (!p)
		return -1;
	for (size_t i = 0; i < n; i++) {
		double z = fitted_z(&rows[i]);
		if (z < 0)
			continue;
		p[k++] = (struct point){ .z = z, .y = log(rows[i].rr.ratio) };
		if (strcmp(rows[i].b->module, "null") == 0)
			out->null_us = rows[i].b->value;
	}
	if (k >= DEARER_FIGURES)
		fit_curve(p, k, out);
	free(p);
	return 0;
}

int dearer_told(const struct dearer *d)
{
	return d->figures >= DEARER_FIGURES && d->se_us > 0 &&
	       fabs(d->added_us) >= DEARER_T * d->se_us;
}

double dearer_move_of(const struct check_row *r, double added_us)
{
	double z = calls_over_cost(r), u = 1 + added_us * z;

	return z > 0 && u > 0 ? u : 1;
}
