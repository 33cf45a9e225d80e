/* Self-pipe handling of SIGINT and SIGTERM. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "interrupt.h"

volatile sig_atomic_t interrupt_flag;
static int pipe_fds[2] = { -1, -1 };
static const char *remove_first;

static void on_signal(int sig)
{
	int saved = errno;

	interrupt_flag = sig;
	if (pipe_fds[1] >= 0) {
		/* a full pipe already says "interrupted"; nothing to do */
		ssize_t ignored = write(pipe_fds[1], "", 1);
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

int interrupt_install(void)
{
	struct sigaction sa;

	/* check runs a run and a sweep in one process: install once */
	if (pipe_fds[0] >= 0)
		return 0;
	if (pipe(pipe_fds) < 0)
		return -1;
	if (set_flags(pipe_fds[0]) < 0 || set_flags(pipe_fds[1]) < 0) {
		close(pipe_fds[0]);
		close(pipe_fds[1]);
		pipe_fds[0] = pipe_fds[1] = -1;
		return -1;
	}
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* no SA_RESTART: blocking calls must return EINTR */
	if (sigaction(SIGINT, &sa, NULL) < 0 || sigaction(SIGTERM, &sa, NULL) < 0)
		return -1;
	return 0;
}

int interrupt_fd(void)
{
	return pipe_fds[0];
}

int interrupt_signal(void)
{
	return interrupt_flag;
}

void interrupt_reset_in_child(void)
{
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	if (pipe_fds[0] >= 0) {
		close(pipe_fds[0]);
		close(pipe_fds[1]);
		pipe_fds[0] = pipe_fds[1] = -1;
	}
}

void interrupt_reraise(void)
{
	int sig = interrupt_flag;

	if (!sig)
		return;
	if (remove_first)
		unlink(remove_first);
	signal(sig, SIG_DFL);
	raise(sig);
}

void interrupt_remove_on_reraise(const char *path)
{
	remove_first = path;
}
