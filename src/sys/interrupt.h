/* SIGINT, SIGTERM, SIGHUP and SIGQUIT become a flag and a readable
 * descriptor, so any wait in the harness can notice them at once and
 * clean up before exiting.  SIGHUP and SIGQUIT ignored at start (nohup)
 * stay ignored. */
#ifndef OSBENCH_INTERRUPT_H
#define OSBENCH_INTERRUPT_H

#include <signal.h>

/* Install the handlers; -1 with errno on failure. */
int interrupt_install(void);
/* The read end of the self-pipe, made on first call: readable once a
 * signal has arrived; -1 before interrupt_install, or when no descriptor
 * is left for it (the flag and EINTR still tell). */
int interrupt_fd(void);
/* The signal that arrived, or 0. */
int interrupt_signal(void);
/* The flag itself, for loops that poll it (osbench serve). */
extern volatile sig_atomic_t interrupt_flag;
/* Restore default handling in a child process (it must not write to the
 * parent's self-pipe) and close the pipe there. */
void interrupt_reset_in_child(void);
/* Default disposition, then raise the signal that arrived again, so the
 * caller's shell sees how we ended. */
void interrupt_reraise(void);

#endif
