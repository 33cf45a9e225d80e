/* Socket names and options, with no module context; see sockopt.h. */
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "sys/sockopt.h"

void sock_hostport(char *buf, size_t len, const char *host, const char *port)
{
	if (strchr(host, ':'))
		snprintf(buf, len, "[%s]:%s", host, port);
	else
		snprintf(buf, len, "%s:%s", host, port);
}

int sock_set_nosigpipe(int fd)
{
#if !defined(MSG_NOSIGNAL) && defined(SO_NOSIGPIPE)
	int one = 1;

	return setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#else
	(void)fd;
	return 0;
#endif
}

int sock_set_nodelay(int fd)
{
	int one = 1;

	return setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}
