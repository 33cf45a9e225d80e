/* A helper's last words: why it left, back to the process that started
 * it; see lastwords.h. */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "modules/lib/fdio.h"
#include "modules/lib/lastwords.h"
#include "sys/pid.h"
#include "sys/utf8.h"

/* The last-words pipe of this process's helpers: [0] read here, [1]
 * written by a helper that leaves; both non-blocking (a helper never
 * waits to say why, and nobody waits to hear it) and closed on exec.
 * why_owner is the process that made it: a measuring child inherits its
 * parent's statics, and must not read another process's helpers. */
static int why[2] = { -1, -1 };
static pid_t why_owner;

static int why_flags(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0)
		return -1;
	return fcntl(fd, F_SETFD, FD_CLOEXEC);
}

void proc_why_prepare(void)
{
	pid_t self = pid_self();

	if (self == -1 || self == why_owner)
		return;
	/* inherited from the process that made it: not ours to read */
	fdio_close(&why[0]);
	fdio_close(&why[1]);
	why_owner = 0;
	if (pipe(why) < 0) {
		why[0] = why[1] = -1;
		return;
	}
	if (why_flags(why[0]) < 0 || why_flags(why[1]) < 0) {
		fdio_close_pair(why);
		return;
	}
	why_owner = self;
}

int proc_why_take(char *buf, size_t len)
{
	char words[PIPE_BUF];
	ssize_t r;

	if (why[0] < 0 || why_owner <= 0 || len == 0)
		return 0;
	/* the first helper to leave is the cause; the others went after */
	r = read(why[0], words, sizeof words - 1);
	if (r <= 0)
		return 0;
	words[r] = '\0';
	words[strcspn(words, "\n")] = '\0';
	utf8_printf(buf, len, "helper: %s", words);
	return 1;
}

void proc_child_say(const char *what, int err)
{
	char words[256];
	int n;

	n = err ? snprintf(words, sizeof words, "%s: %s\n", what, strerror(err))
		: snprintf(words, sizeof words, "%s\n", what);
	if (n < 0 || why[1] < 0)
		return;
	if ((size_t)n >= sizeof words) {
		/* cut on a character boundary: the words become a reason */
		n = (int)utf8_cut(words, sizeof words - 2);
		words[n++] = '\n';
	}
	/* one write below PIPE_BUF: whole, never interleaved with another
	   helper's; a full pipe already holds the cause */
	(void)!write(why[1], words, (size_t)n);
}

void proc_child_fail(const char *what, int err)
{
	proc_child_say(what, err);
	_exit(1);
}


int proc_why_child(void)
{
	fdio_close(&why[0]);
	why_owner = 0;
	return why[1];
}
