/* A child that answers on a pipe; see childproc.h. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "measure/childproc.h"
#include "sys/clock.h"
#include "sys/forkfail.h"
#include "sys/interrupt.h"
#include "sys/pid.h"
#include "sys/reaper.h"
#include "sys/utf8.h"

pid_t childproc_start(childproc_body body, void *arg, int *rfd, char *why, size_t len)
{
	int fds[2];
	pid_t pid;

	fflush(NULL);
	/* from here on, what the child leaves behind is reparented to us */
	(void)reaper_sweep();
	if (pipe(fds) < 0) {
		utf8_printf(why, len, "pipe: %s", strerror(errno));
		return -1;
	}
	if (fcntl(fds[0], F_SETFD, FD_CLOEXEC) < 0 || fcntl(fds[1], F_SETFD, FD_CLOEXEC) < 0) {
		utf8_printf(why, len, "fcntl: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if ((pid = fork()) < 0) {
		char said[200];
		utf8_printf(why, len, "fork: %s", fork_failure(errno, said, sizeof said));
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		/* the death signal outlives execve: a child ends with us */
		if (pid_die_with_parent() < 0)
			_exit(127);
		setpgid(0, 0);
		close(fds[0]);
		body(fds[1], arg);
		_exit(127);
	}
	/* both set the group, so neither races the other; ours may fail
	   harmlessly once the child has exec'd or ended, and the child's
	   own call is the one that matters */
	(void)setpgid(pid, pid);
	close(fds[1]);
	*rfd = fds[0];
	return pid;
}

enum childproc_read childproc_read(int rfd, void *buf, size_t cap, size_t *got, double deadline,
				   childproc_whole whole, void *arg, const char **call)
{
	while (!whole(buf, *got, arg)) {
		struct pollfd pfd[2] = {
			{ .fd = rfd, .events = POLLIN },
			{ .fd = interrupt_fd(), .events = POLLIN },
		};
		double left_ms = (deadline - clock_ns()) / 1e6;
		if (interrupt_signal())
			return CHILDPROC_INTERRUPTED;
		if (left_ms <= 0)
			return CHILDPROC_TIMED_OUT;
		if (*got == cap)
			return CHILDPROC_FULL;
		int r = poll(pfd, interrupt_fd() >= 0 ? 2 : 1, (int)left_ms + 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			*call = "poll";
			return CHILDPROC_REFUSED;
		}
		if (r == 0 || !(pfd[0].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		ssize_t n = read(rfd, (char *)buf + *got, cap - *got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			*call = "read";
			return CHILDPROC_REFUSED;
		}
		if (n == 0)
			return CHILDPROC_ENDED;
		*got += (size_t)n;
	}
	return CHILDPROC_WHOLE;
}

int childproc_kill_and_reap(pid_t pid, int answered)
{
	int status = 0, flags = 0;

	/* a child that cannot be killed (a sandbox refusing kill()) ends by
	   itself once it has answered; one that has not may never end:
	   reap it only if it already has, and leave it to end with us */
	if (pid_signal_group(pid, SIGKILL) < 0 && pid_signal(pid, SIGKILL) < 0 && !answered)
		flags = WNOHANG;
	while (pid_wait(pid, &status, flags) < 0) {
		if (errno != EINTR) {
			status = 0;
			break;
		}
	}
	/* and what it left outside its group (a module's setsid, a double
	   fork, sudo with a pty): what cannot be killed is left to end by
	   itself, as above */
	(void)reaper_sweep();
	return status;
}

void childproc_describe_end(int status, char *why, size_t len)
{
	if (WIFSIGNALED(status))
		utf8_printf(why, len, "killed by signal %d (%s)", WTERMSIG(status),
			    strsignal(WTERMSIG(status)));
	else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
		utf8_printf(why, len, "exited with status %d", WEXITSTATUS(status));
	else
		utf8_printf(why, len, "ended without an answer");
}
