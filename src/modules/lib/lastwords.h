/* A helper's last words: what the module sees when its helper leaves is
 * only the consequence (the echo gone, a connection refused or reset),
 * so before leaving the helper says why, and mod_fail reports that in
 * place of the consequence.  Apart from the helpers themselves (proc.h),
 * so that mod_fail needs only this. */
#ifndef OSBENCH_MODULES_LIB_LASTWORDS_H
#define OSBENCH_MODULES_LIB_LASTWORDS_H

#include <stddef.h>

/* Before leaving, a helper says why: "WHAT: strerror(err)" (WHAT
   names the call, err 0 leaves the strerror out) goes to the process
   that started it, then _exit(1).  Call it only in a process that
   proc_child_init made (after proc_why_prepare in its parent). */
void proc_child_fail(const char *what, int err)
#if defined(__GNUC__)
	__attribute__((noreturn))
#endif
	;

/* The same words from a helper that stays (a server refusing one
   connection): the client sees that connection end. */
void proc_child_say(const char *what, int err);

/* In the parent, before forking a helper that proc_child_init will
   start (proc_fork does it): the pipe its last words come back on, made
   once per process.  Without it (no descriptor left, getpid refused) a
   helper leaves without a word, as before. */
void proc_why_prepare(void);

/* In a helper, first thing: the read end is the parent's, not a reader
   that keeps the pipe open nor one that could take another helper's
   words, so it is closed; the write end the helper's last words go to
   (to keep open), or -1. */
int proc_why_child(void);

/* A helper's last words, if one has left any: copied into buf ("helper:
   WHAT: ERROR", cut to len) and 1, else 0.  mod_fail and mod_failf
   report them in place of the consequence the module saw. */
int proc_why_take(char *buf, size_t len);

#endif
