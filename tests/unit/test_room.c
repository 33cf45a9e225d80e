/* room_for: a ring no host holds is refused, with the reason; one that
 * every host holds is not.  Physical memory and RLIMIT_NPROC are the
 * host's, so the cases are far from either bound. */
#include <string.h>

#include "sys/room.h"
#include "unit.h"

UNIT_TEST(test_room)
{
	static const char want[] = "4096 processes of 1073741824 KB each need 4194304.0 GiB, "
				   "more than this host's ";
	char why[200] = "";

	CHECK("room two processes of nothing fit", room_for(2, 0, why, sizeof why) == 0);
	/* 4096 x 2^30 KB: four PiB, more than any host has */
	CHECK("room four PiB refused", room_for(4096, 1L << 30, why, sizeof why) < 0);
	CHECK("room four PiB: the reason names the processes, their size and the need",
	      strncmp(why, want, sizeof want - 1) == 0 && strstr(why, " of memory") != NULL);
}
