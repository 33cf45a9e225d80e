/* Plain descriptors for callers with or without a module context (the
 * modules, their helper processes and server threads, osbench serve):
 * bounded waits, closing, one byte through, echoing.  Failures leave the
 * reason in errno. */
#ifndef OSBENCH_SYS_FD_H
#define OSBENCH_SYS_FD_H

/* poll() one descriptor, again after EINTR. Returns what poll returns
   (1, 0 when timeout_ms ran out, -1 with errno); revents may be NULL. */
int fdio_poll(int fd, short events, int timeout_ms, short *revents);

/* close(*fd) if it is open, then mark it closed (-1); the pair form does
   both ends. A failed close leaves nothing to undo. */
void fdio_close(int *fd);
void fdio_close_pair(int p[2]);

/* Set (on) or clear O_NONBLOCK. 0, or -1 with errno. */
int fdio_nonblock(int fd, int on);

/* One byte, again after EINTR. fdio_put: 0, or -1 with errno (EIO for a
   write that took nothing). fdio_get: 1, 0 at end-of-file, or -1 with
   errno. Exactly one write or read when nothing interrupts them. */
int fdio_put(int fd, unsigned char byte);
int fdio_get(int fd, unsigned char *byte);

/* Echo what arrives on in back to out, one read and the writes it needs
   at a time, until end-of-file (0) or an error (-1). The echo of every
   helper: the pipe, unix and tcp echo processes and tcprr's server
   threads. */
int fdio_echo(int in, int out);

#endif
