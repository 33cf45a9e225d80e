/* Plain descriptors, with no module context; see fd.h. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include "sys/fd.h"

/* What an echo reads at once: requests are one byte, serve's up to 64. */
#define ECHO_BUF 64

int fdio_poll(int fd, short events, int timeout_ms, short *revents)
{
	struct pollfd pfd = { .fd = fd, .events = events };
	int r;

	do
		r = poll(&pfd, 1, timeout_ms);
	while (r < 0 && errno == EINTR);
	if (revents)
		*revents = r > 0 ? pfd.revents : 0;
	return r;
}

void fdio_close(int *fd)
{
	if (*fd >= 0) {
		close(*fd);
		*fd = -1;
	}
}

void fdio_close_pair(int p[2])
{
	fdio_close(&p[0]);
	fdio_close(&p[1]);
}

int fdio_nonblock(int fd, int on)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0)
		return -1;
	fl = on ? fl | O_NONBLOCK : fl & ~O_NONBLOCK;
	return fcntl(fd, F_SETFL, fl) < 0 ? -1 : 0;
}

int fdio_put(int fd, unsigned char byte)
{
	ssize_t r;

	while ((r = write(fd, &byte, 1)) != 1) {
		if (r >= 0) {
			errno = EIO;
			return -1;
		}
		if (errno != EINTR)
			return -1;
	}
	return 0;
}

int fdio_get(int fd, unsigned char *byte)
{
	ssize_t r;

	while ((r = read(fd, byte, 1)) < 0)
		if (errno != EINTR)
			return -1;
	return (int)r;
}

int fdio_echo(int in, int out)
{
	unsigned char buf[ECHO_BUF];
	ssize_t r, w, off;

	for (;;) {
		r = read(in, buf, sizeof buf);
		if (r == 0)
			return 0;
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		for (off = 0; off < r; off += w) {
			w = write(out, buf + off, (size_t)(r - off));
			if (w < 0 && errno == EINTR)
				w = 0;
			else if (w <= 0)
				return -1;
		}
	}
}
