/* A child that answers on a pipe: started in a process group of its own
 * and dying with us, read from by a deadline, killed with its whole group
 * and reaped, and how it ended said in words.  The one engine under
 * run's rounds (harness.c: a fork, or a fresh exec of this binary) and
 * ab's sides (abrounds.c: an exec of each side's command). */
#ifndef OSBENCH_MEASURE_CHILDPROC_H
#define OSBENCH_MEASURE_CHILDPROC_H

#include <stddef.h>
#include <sys/types.h>

/* What runs in the new child, given the pipe's write end; never returns
 * (it execs, or ends with _exit). */
typedef void (*childproc_body)(int wfd, void *arg);

/* Start body in a child: its own process group, killed when we die, the
 * pipe's read end in *rfd (both ends close-on-exec).  Buffered output is
 * flushed first, so the child cannot write it twice.  The pid, or -1 with
 * the call that failed and why in why. */
pid_t childproc_start(childproc_body body, void *arg, int *rfd, char *why, size_t len);

/* Whether buf[0..got-1] holds a whole answer. */
typedef int (*childproc_whole)(const void *buf, size_t got, void *arg);

enum childproc_read {
	CHILDPROC_WHOLE = 1,       /* whole(buf, *got) said so */
	CHILDPROC_ENDED = 0,       /* the child closed its end first */
	CHILDPROC_INTERRUPTED = -1, /* a signal asked us to stop */
	CHILDPROC_TIMED_OUT = -2,
	CHILDPROC_REFUSED = -3,    /* our poll or read failed (*call, errno) */
	CHILDPROC_FULL = -4,       /* cap bytes, and still not whole */
};

/* Read into buf (holding *got bytes already, at most cap) until whole
 * says the answer is there or the deadline (clock_ns()) passes. */
enum childproc_read childproc_read(int rfd, void *buf, size_t cap, size_t *got, double deadline,
				   childproc_whole whole, void *arg, const char **call);

/* Kill the child's whole group, then reap the child (the group's leader
 * is unreaped until then, so its id cannot have been reused), and sweep
 * up what it left outside its group.  A child that cannot be killed is
 * waited for only if it answered: one that did not may never end.  Its
 * wait status (0 where it could not be had). */
int childproc_kill_and_reap(pid_t pid, int answered);

/* A wait status in words: "killed by signal 11 (Segmentation fault)",
 * "exited with status 3", or for a clean exit "ended without an answer". */
void childproc_describe_end(int status, char *why, size_t len);

#endif
