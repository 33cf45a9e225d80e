/* check's notes on stderr about the machine's move between the sides:
 * every figure moved alike, and the figures unclear only for that move;
 * what each reading means and what would tell them apart. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/check_notes.h"
#include "report/rules.h"

/* The typical figure moved beyond the machine reference by this factor
 * or more, either way: a kernel that changed every figure does that, and
 * so does a mood of the host's kernel that the reference does not share. */
#define BEYOND_REFERENCE 1.05

static int beyond_reference(const struct check_move *m, double reference)
{
	double beyond = reference > 0 ? m->typical / reference : 1;

	return beyond >= BEYOND_REFERENCE || beyond <= 1 / BEYOND_REFERENCE;
}

/* "did not move" or "moved N% slower|faster": the reference's move. */
static void reference_moved(double reference, char *buf, size_t len)
{
	long rounded = lround(100.0 * (reference - 1.0));

	if (rounded == 0)
		snprintf(buf, len, "did not move");
	else
		snprintf(buf, len, "moved %ld%% %s", labs(rounded), rounded > 0 ? "slower" : "faster");
}

/* Every figure moved alike and the machine reference stayed behind, but
 * the figures did not follow it within the runs, so it was not read:
 * say that check cannot tell a changed kernel from a mood of the host's,
 * and what would (a mood passes). */
static void note_beyond_unread(const struct check_move *m, double reference,
			       const struct check_reference *used)
{
	double pct = 100.0 * (m->typical - 1.0);
	char moved[48];

	reference_moved(reference, moved, sizeof moved);
	fprintf(stderr,
		"osbench: check: note: every figure moved alike: %d of %d took %s, the typical "
		"one %.0f%% %s than its baseline, while the machine reference, which makes no "
		"system call, %s; a kernel that made every figure %s does that, and so does a "
		"mood of this host's kernel, which check cannot tell apart: the figures did not "
		"follow the reference within the runs (r %.2f), so it is not read, and each "
		"figure is judged against the rest of its runs, so a change that moves every "
		"figure alike by less than x1.4 is not seen; check again in a few minutes: a "
		"mood passes, a changed kernel stays\n",
		m->alike, m->compared, pct > 0 ? "longer" : "less time", fabs(pct),
		pct > 0 ? "slower" : "faster", moved, pct > 0 ? "dearer" : "cheaper", used->follow);
}

/* Every figure moved alike: what a busier machine does, and also what a
 * slower kernel, allocator or placement does; the note says how the
 * verdicts took it and what would tell the two apart.  reference: the
 * machine reference's move (0: not measured on both sides), which the
 * verdicts read where used says they did. */
static void note_machine_wide(const struct check_move *m, const struct check_opts *o,
			      double reference, const struct check_reference *used)
{
	double pct = 100.0 * (m->typical - 1.0);
	int mood = m->typical <= RULES_MOOD && m->typical >= 1 / RULES_MOOD;

	if (!check_machine_wide(m))
		return;
	if (reference > 0 && !o->tolerance_only && used->used) {
		char moved[48];
		reference_moved(reference, moved, sizeof moved);
		fprintf(stderr,
			"osbench: check: note: every figure moved alike: %d of %d took %s, the "
			"typical one %.0f%% %s than its baseline, and the machine reference, "
			"which no kernel change moves, %s; a mood of this host's kernel moves "
			"every figure so too, so what they moved beyond the reference is taken "
			"halfway for the machine's, and a verdict against the rest of its runs "
			"stands only where it holds either way\n",
			m->alike, m->compared, pct > 0 ? "longer" : "less time", fabs(pct),
			pct > 0 ? "slower" : "faster", moved);
		return;
	}
	if (reference > 0 && !o->tolerance_only && mood && beyond_reference(m, reference)) {
		note_beyond_unread(m, reference, used);
		return;
	}
	fprintf(stderr, "osbench: check: note: every figure moved alike: %d of %d took %s, the "
			"typical one %.0f%% %s than its baseline; a %s kernel, allocator or "
			"placement does that, and so does a %s machine: %s; osbench ab, where both "
			"sides can run, tells them apart\n",
		m->alike, m->compared, pct > 0 ? "longer" : "less time", fabs(pct),
		pct > 0 ? "slower" : "faster", pct > 0 ? "slower" : "faster",
		pct > 0 ? "busier" : "quieter",
		o->tolerance_only ? "with --no-stats the verdicts stand as measured"
		: mood ? "each figure is judged against the rest of its runs, with the machine's "
			 "move taken out by how far the figure follows it, so a change that moves "
			 "every figure alike by less than x1.4 is not seen"
		       : "the typical one moved beyond x1.4, more than this host's moods do, so "
			 "where the runs moved less within a side the verdicts stand as measured");
}

/* Figures unclear only for how far each follows the machine's move
 * between the sides, which their runs alone would have told: the move
 * is the baseline's or today's state, not the figures', and another
 * baseline in today's state (or a check in the baseline's) tells them.
 * Where the machine reference stayed behind the figures, the move may be
 * the kernel's own, and a baseline of a kernel that no longer runs
 * cannot be taken again: a check minutes later tells (a mood passes). */
static void note_by_move(const struct check_tally *t, const struct check_move *m,
			 double reference)
{
	double pct = 100.0 * (m->typical - 1.0);

	if (!t->by_move || !(m->typical > 0))
		return;
	fprintf(stderr,
		"osbench: check: note: %d figure%s unclear only for the machine's move between "
		"the sides (the typical figure %.0f%% %s), which their runs alone would have "
		"told; how far each figure follows "
		"such a move is known only roughly: take the baseline again with the machine "
		"as it is now, or check again when it is back where the baseline found it%s\n",
		t->by_move, t->by_move == 1 ? " is" : "s are", fabs(pct),
		pct > 0 ? "slower" : "faster",
		reference > 0 && beyond_reference(m, reference)
			? "; the machine reference stayed behind the figures, so the move may be "
			  "the kernel's own: where the baseline's kernel no longer runs, check "
			  "again in a few minutes, and a move that stays is the kernel's"
			: "");
}

/* Every system call dearer (or cheaper) by a time the figures' pattern
 * tells: what a kernel check asks first, what tells such a kernel from a
 * mood, which moves the figures alike, and, where verdicts rest on the
 * runs against their machine factor (relative), what they made of it
 * (check_judge). */
static void note_dearer(const struct dearer *d, int relative)
{
	char share[64] = "";

	if (!dearer_told(d))
		return;
	if (d->null_us > 0)
		snprintf(share, sizeof share, ", %.2f of the baseline's null call",
			 fabs(d->added_us) / d->null_us);
	fprintf(stderr,
		"osbench: check: note: every system call looks %.0f ns %s (standard error "
		"%.1f ns%s), read from the pattern %d figures' calls per operation leave, "
		"beside a move of %.3f common to them: a kernel, filter or mitigation that "
		"changed each call's cost does that, a mood of the machine moves the figures "
		"alike%s\n",
		1000 * fabs(d->added_us), d->added_us > 0 ? "dearer" : "cheaper", 1000 * d->se_us,
		share, d->figures, d->common,
		relative ? "; so each run's machine factor is read without it, and each figure is "
			   "judged against its runs with what the dearer call did to it kept"
			 : "");
}

void check_notes(const struct check_move *m, const struct check_opts *o, double reference,
		 const struct check_reference *used, const struct check_tally *t,
		 const struct dearer *d)
{
	note_machine_wide(m, o, reference, used);
	note_by_move(t, m, reference);
	note_dearer(d, t->basis[BASIS_RELATIVE] > 0);
}
