/* The one clock osbench reads. */
#include <time.h>

#include "sys/clock.h"

double clock_ns(void)
{
	struct timespec ts;

	/* CLOCK_MONOTONIC cannot fail with a valid id; a failure would leave
	   ts unset, so treat it as time zero rather than garbage */
	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return 0;
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}
