/* Per round and per figure, what took the CPU away; see distort.h. */
#include <stdio.h>
#include <string.h>

#include "sys/clock.h"
#include "measure/distort.h"
#include "sys/contention.h"
#include "sys/utf8.h"

/* Listing the processes costs a few milliseconds: once a second at most,
 * and a round in between takes the last answer. */
#define PEER_CHECK_NS 1e9

void distort_begin(struct distort_probe *p, int cpu)
{
	memset(p, 0, sizeof *p);
	p->cpu = cpu;
	p->have_steal = contention_steal(cpu, &p->steal0, &p->total0) == 0;
	p->have_throttled = contention_throttled_ns(&p->throttled0) == 0;
	p->t0 = clock_ns();
}

static void peer_on(int cpu, pid_t self, char *who, size_t len)
{
	static double checked_ns = -1;
	static int last_cpu = -2;
	static char last[64];
	double now = clock_ns();

	if (cpu < 0) {
		who[0] = '\0';
		return;
	}
	if (cpu != last_cpu || checked_ns < 0 || now - checked_ns >= PEER_CHECK_NS) {
		if (contention_peer(self, cpu, last, sizeof last) != 1)
			last[0] = '\0';
		checked_ns = now;
		last_cpu = cpu;
	}
	/* a process name is the kernel's cut of whatever bytes it was given */
	utf8_mend(who, len, last);
}

void distort_end(const struct distort_probe *p, double wait_pct, pid_t self,
		 struct distort_round *out)
{
	double wall = clock_ns() - p->t0, steal, total, throttled;

	out->wait_pct = wait_pct;
	out->turns = 0;
	out->steal_pct = out->throttled_pct = -1;
	if (p->have_steal && contention_steal(p->cpu, &steal, &total) == 0 && total > p->total0)
		out->steal_pct = 100.0 * (steal - p->steal0) / (total - p->total0);
	if (p->have_throttled && contention_throttled_ns(&throttled) == 0 && wall > 0)
		out->throttled_pct = 100.0 * (throttled - p->throttled0) / wall;
	peer_on(p->cpu, self, out->peer, sizeof out->peer);
}

static void add_one(double v, double *sum, int *n, double *worst)
{
	if (v < 0)
		return;
	*sum += v;
	*n += 1;
	if (v > *worst)
		*worst = v;
}

void distort_add(struct distort_acc *a, const struct distort_round *r)
{
	add_one(r->wait_pct, &a->wait, &a->nwait, &a->worst_wait);
	add_one(r->steal_pct, &a->steal, &a->nsteal, &a->worst_steal);
	add_one(r->throttled_pct, &a->throttled, &a->nthrottled, &a->worst_throttled);
	int waited = !r->turns && r->wait_pct > WAIT_LIMIT_PCT;

	a->spoilt_wait += waited;
	a->spoilt_steal += r->steal_pct > STEAL_LIMIT_PCT;
	a->spoilt_throttled += r->throttled_pct > THROTTLED_LIMIT_PCT;
	a->spoilt += waited || r->steal_pct > STEAL_LIMIT_PCT ||
		     r->throttled_pct > THROTTLED_LIMIT_PCT || r->peer[0];
	if (r->peer[0])
		snprintf(a->peer, sizeof a->peer, "%s", r->peer);
	a->rounds++;
}

static double mean_or_unknown(double sum, int n)
{
	return n > 0 ? sum / n : -1;
}

/* "waited for its cpu 61% of the time" and the like, joined by ", ". */
static void say_why(const struct distortion *d, const struct distort_acc *a, char *buf,
		    size_t len)
{
	size_t used = 0;

#define SAY(...)                                                                              \
	do {                                                                                  \
		if (used < len)                                                               \
			used += (size_t)snprintf(buf + used, len - used, "%s",                \
						 used ? ", " : "");                           \
		if (used < len)                                                               \
			used += (size_t)snprintf(buf + used, len - used, __VA_ARGS__);        \
	} while (0)
	/* the mean where it is past the limit, else the worst rounds' */
#define SAY_SHARE(spoilt, mean, limit, worst, what)                                           \
	do {                                                                                  \
		if ((mean) > (limit))                                                         \
			SAY(what, (mean), "");                                                \
		else if ((spoilt) > 0) {                                                      \
			char rounds[48];                                                      \
			snprintf(rounds, sizeof rounds, " in %d of %d rounds", (spoilt),     \
				 a->rounds);                                                  \
			SAY(what, (worst), rounds);                                           \
		}                                                                             \
	} while (0)
	buf[0] = '\0';
	SAY_SHARE(a->spoilt_wait, d->wait_pct, WAIT_LIMIT_PCT, a->worst_wait,
		  "waited for its cpu %.0f%% of the time%s");
	SAY_SHARE(a->spoilt_steal, d->steal_pct, STEAL_LIMIT_PCT, a->worst_steal,
		  "%.0f%% of the cpu stolen by the hypervisor%s");
	SAY_SHARE(a->spoilt_throttled, d->throttled_pct, THROTTLED_LIMIT_PCT, a->worst_throttled,
		  "cgroup throttled %.0f%% of the time%s");
	if (a->peer[0])
		SAY("%s pinned to the same cpu", a->peer);
	if (used >= len) /* cut short: on a character boundary */
		buf[utf8_cut(buf, strlen(buf))] = '\0';
#undef SAY_SHARE
#undef SAY
}

void distort_finish(const struct distort_acc *a, struct distortion *out)
{
	memset(out, 0, sizeof *out);
	out->wait_pct = mean_or_unknown(a->wait, a->nwait);
	out->steal_pct = mean_or_unknown(a->steal, a->nsteal);
	out->throttled_pct = mean_or_unknown(a->throttled, a->nthrottled);
	out->spoilt_rounds = a->spoilt;
	if (a->rounds > 0 && a->spoilt * DISTORTED_ROUND_SHARE >= a->rounds)
		say_why(out, a, out->reason, sizeof out->reason);
}
