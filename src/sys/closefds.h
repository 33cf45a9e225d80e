/* Closing every descriptor a new process inherited but must not keep,
 * in one or a few calls where the kernel can (close_range). */
#ifndef OSBENCH_SYS_CLOSEFDS_H
#define OSBENCH_SYS_CLOSEFDS_H

/* Close every descriptor above 2 except the nkeep of keep. 0, or -1
   with errno (ENOSYS where the kernel cannot, EINVAL for a bad keep):
   the caller then closes what is left another way, since some may
   already be closed and none that is kept is. */
int closefds_above_stdio(const int *keep, int nkeep);

#endif
