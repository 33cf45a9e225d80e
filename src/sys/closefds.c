/* Closing inherited descriptors by ranges; see closefds.h. */
#if defined(__linux__)
#define _GNU_SOURCE
#include <sys/syscall.h>
#endif
#include <errno.h>
#include <limits.h>
#include <unistd.h>

#include "sys/closefds.h"

#define KEEP_LIMIT 16

#if defined(__linux__) && defined(SYS_close_range)
static int close_span(unsigned lo, unsigned hi)
{
	return lo > hi ? 0 : (int)syscall(SYS_close_range, lo, hi, 0);
}

/* keep's descriptors above 2, ascending, each once; their count */
static int sorted_kept(const int *keep, int nkeep, int *out)
{
	int n = 0, i, j, fd;

	for (i = 0; i < nkeep; i++) {
		fd = keep[i];
		if (fd <= 2)
			continue;
		for (j = n; j > 0 && out[j - 1] > fd; j--)
			out[j] = out[j - 1];
		out[j] = fd;
		n++;
	}
	for (i = j = 0; i < n; i++)
		if (j == 0 || out[j - 1] != out[i])
			out[j++] = out[i];
	return j;
}

int closefds_above_stdio(const int *keep, int nkeep)
{
	int kept[KEEP_LIMIT], n, i;
	unsigned lo = 3;

	if (nkeep < 0 || nkeep > KEEP_LIMIT) {
		errno = EINVAL;
		return -1;
	}
	n = sorted_kept(keep, nkeep, kept);
	for (i = 0; i < n; i++) {
		if (close_span(lo, (unsigned)kept[i] - 1) < 0)
			return -1;
		lo = (unsigned)kept[i] + 1;
	}
	return close_span(lo, UINT_MAX);
}
#else
int closefds_above_stdio(const int *keep, int nkeep)
{
	(void)keep;
	(void)nkeep;
	errno = ENOSYS;
	return -1;
}
#endif
