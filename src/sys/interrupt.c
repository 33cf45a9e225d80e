/* Self-pipe handling of the signals that end a run (see ending[]). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "sys/interrupt.h"

volatile sig_atomic_t interrupt_flag;
/* The pipe is made on first use, not at install: a run that starts with
 * the descriptor limit nearly reached keeps its few descriptors for what
 * cannot do without (the private directory), and waits still notice a
 * signal by the flag and EINTR (no SA_RESTART). */
static volatile sig_atomic_t pipe_rd = -1, pipe_wr = -1;
static int installed;

/* Every signal whose default is to end the process without a program
 * error: from a terminal (INT, QUIT, HUP when it closes), from kill and
 * service managers (TERM, USR1, USR2, the real-time ones), from timers and
 * limits nobody here set (ALRM, VTALRM, PROF, XCPU) and the rest (IO,
 * PWR, STKFLT).  Each ends a run as SIGTERM does: the children killed,
 * the private directory removed, then the signal raised again.  SIGPIPE
 * and SIGXFSZ are not here: the command layer ignores them, so that the
 * write fails and is reported. */
static const int fixed_ending[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
	SIGPROF, SIGXCPU,
#ifdef SIGIO
	SIGIO,
#endif
#ifdef SIGPWR
	SIGPWR,
#endif
#ifdef SIGSTKFLT
	SIGSTKFLT,
#endif
};
#define NFIXED (sizeof fixed_ending / sizeof fixed_ending[0])
#if defined(SIGRTMIN) && defined(SIGRTMAX)
#define MAX_ENDING (NFIXED + 64)
#else
#define MAX_ENDING NFIXED
#endif
static int ending[MAX_ENDING];
static size_t nending;

static void list_ending(void)
{
	nending = 0;
	for (size_t i = 0; i < NFIXED; i++)
		ending[nending++] = fixed_ending[i];
#if defined(SIGRTMIN) && defined(SIGRTMAX)
	/* SIGRTMIN is a call on some libcs (it skips the ones the thread
	   library keeps for itself) */
	for (int sig = SIGRTMIN; sig <= SIGRTMAX && nending < MAX_ENDING; sig++)
		ending[nending++] = sig;
#endif
}

static void on_signal(int sig)
{
	int saved = errno;

	interrupt_flag = sig;
	if (pipe_wr >= 0) {
		/* a full pipe already says "interrupted"; nothing to do */
		ssize_t ignored = write(pipe_wr, "", 1);
		(void)ignored;
	}
	errno = saved;
}

static int set_flags(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0)
		return -1;
	return fcntl(fd, F_SETFD, FD_CLOEXEC);
}

static void make_pipe(void)
{
	int fds[2];

	if (pipe(fds) < 0)
		return;
	if (set_flags(fds[0]) < 0 || set_flags(fds[1]) < 0) {
		close(fds[0]);
		close(fds[1]);
		return;
	}
	pipe_rd = fds[0];
	pipe_wr = fds[1];
	/* a signal that came before the pipe existed */
	if (interrupt_flag) {
		ssize_t ignored = write(fds[1], "", 1);
		(void)ignored;
	}
}

/* SIGINT and SIGTERM are always ours.  SIGHUP and SIGQUIT ignored at
 * start stay ignored: nohup, or a background job of a shell. */
static int takes_over(int sig)
{
	struct sigaction old;

	if (sig == SIGINT || sig == SIGTERM)
		return 1;
	return sigaction(sig, NULL, &old) == 0 && old.sa_handler != SIG_IGN;
}

int interrupt_install(void)
{
	struct sigaction sa;

	/* check runs a run and a sweep in one process: install once */
	if (installed)
		return 0;
	list_ending();
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < nending; i++)
		sigaddset(&sa.sa_mask, ending[i]);
	/* no SA_RESTART: blocking calls must return EINTR */
	for (size_t i = 0; i < nending; i++)
		if (takes_over(ending[i]) && sigaction(ending[i], &sa, NULL) < 0)
			return -1;
	installed = 1;
	return 0;
}

int interrupt_fd(void)
{
	if (installed && pipe_rd < 0)
		make_pipe();
	return pipe_rd;
}

int interrupt_signal(void)
{
	return interrupt_flag;
}

void interrupt_reset_in_child(void)
{
	for (size_t i = 0; i < nending; i++)
		if (takes_over(ending[i]))
			signal(ending[i], SIG_DFL);
	if (pipe_rd >= 0) {
		close(pipe_rd);
		close(pipe_wr);
		pipe_rd = pipe_wr = -1;
	}
}

void interrupt_reraise(void)
{
	int sig = interrupt_flag;

	if (!sig)
		return;
	signal(sig, SIG_DFL);
	raise(sig);
}
