/* What one command measures and prints: the tables (sections) the names
 * of `osbench run NAME...` ask for, in the order run prints them, and
 * every figure in them once (ctx 2p/0K is in two tables).  run and ab
 * plan from names; check lists the figures of a result file with the
 * same plan_figure. */
#ifndef OSBENCH_PLAN_PLAN_H
#define OSBENCH_PLAN_PLAN_H

#include <stddef.h>

#include "modules/registry.h"
#include "plan/figure.h"

#define PLAN_MAX_COLUMNS 64
#define PLAN_MAX_SECTIONS 32

/* A table as this run prints it: a registry table, some of its columns,
 * a module outside every table, or a points module (ctx) at the points
 * asked for.  cols[i].header points into headers[i]. */
struct plan_section {
	char name[32];
	char title[200];
	int has_mhz;
	struct column cols[PLAN_MAX_COLUMNS];
	char headers[PLAN_MAX_COLUMNS][32];
	size_t ncols;
	size_t figure[PLAN_MAX_COLUMNS]; /* each cell's figure (plan_collect) */
};

/* Each figure once, in the order first met; grows as figures come. */
struct plan_figures {
	struct subject *keys;
	size_t n, cap;
};

struct plan {
	struct plan_section sections[PLAN_MAX_SECTIONS];
	size_t n;
	struct plan_figures figs;
};

/* What `run NAME...` names: tables and modules, and the points (--procs,
 * --size) of a points module among them. */
struct plan_request {
	const char *const *names;
	int nnames;
	const int *procs, *sizes;
	int nprocs, nsizes;
};

#define PLAN_UNKNOWN (-2) /* a name that is no table or module */
#define PLAN_FULL (-3)    /* more tables than one plan holds */

/* The sections of r, every table when it names none: 0, PLAN_UNKNOWN
 * with *bad the name, or PLAN_FULL.  p->figs is left empty. */
int plan_from_names(struct plan *p, const struct plan_request *r, const char **bad);
/* Whether any module of the plan has every bit of flags. */
int plan_uses(const struct plan *p, unsigned flags);
/* Every cell's figure, once each, into p->figs and the sections' figure[]:
 * 0, or -1 with errno (no memory). */
int plan_collect(struct plan *p);

/* k's index among f's figures, added when new: 0, or -1 with errno. */
int plan_figure(struct plan_figures *f, const struct subject *k, size_t *index);
void plan_figures_free(struct plan_figures *f);

#endif
