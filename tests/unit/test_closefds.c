/* closefds_above_stdio: in a child, so that the unit program keeps its
 * own descriptors, every descriptor above 2 but those kept is closed, and
 * the kept ones (unsorted, repeated, with a standard one among them) stay
 * open. */
#include <errno.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sys/closefds.h"
#include "unit.h"

#define UNSUPPORTED 3

static int is_open(int fd)
{
	return fcntl(fd, F_GETFD) != -1;
}

/* The child's verdict as its exit status: 0 right, 1 wrong, UNSUPPORTED
   where the platform closes by other means. */
static int child_checks(void)
{
	static const int keep[] = { 9, 5, 40, 2, 5 };
	int std_open[3], fd, i;

	for (i = 0; i < 11; i++)
		if (open("/dev/null", O_RDONLY) < 0)
			return 1;
	for (fd = 0; fd < 3; fd++)
		std_open[fd] = is_open(fd);
	fd = open("/dev/null", O_RDONLY);
	if (fd < 0 || dup2(fd, 40) != 40 || dup2(fd, 41) != 41)
		return 1;
	if (closefds_above_stdio(keep, (int)(sizeof keep / sizeof keep[0])) < 0)
		return errno == ENOSYS ? UNSUPPORTED : 1;
	for (fd = 0; fd < 3; fd++)
		if (is_open(fd) != std_open[fd])
			return 1;
	for (fd = 3; fd <= 41; fd++)
		if (is_open(fd) != (fd == 5 || fd == 9 || fd == 40))
			return 1;
	return 0;
}

UNIT_TEST(test_closefds)
{
	int st = 0;
	pid_t pid = fork();

	if (pid == 0)
		_exit(child_checks());
	CHECK("closefds: the child ran", pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st));
	if (WIFEXITED(st) && WEXITSTATUS(st) == UNSUPPORTED) {
		printf("skip closefds: no close_range on this platform\n");
		return;
	}
	CHECK("closefds: all but the kept descriptors closed, the kept open",
	      WIFEXITED(st) && WEXITSTATUS(st) == 0);
}
