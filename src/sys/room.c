/* Room for processes and their memory on this host; see room.h. */
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

#include "sys/room.h"
#include "sys/utf8.h"

#define KIB_PER_GIB (1024.0 * 1024.0)

/* Physical memory in KB, or -1 when the system does not say. */
static double phys_kb(void)
{
#ifdef _SC_PHYS_PAGES
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);

	if (pages > 0 && page > 0)
		return (double)pages * (double)page / 1024.0;
#endif
	return -1;
}

/* "256.0 GiB", "12.5 MiB" or "640 KiB". */
static void kb_text(double kb, char *buf, size_t len)
{
	if (kb >= KIB_PER_GIB)
		snprintf(buf, len, "%.1f GiB", kb / KIB_PER_GIB);
	else if (kb >= 1024.0)
		snprintf(buf, len, "%.1f MiB", kb / 1024.0);
	else
		snprintf(buf, len, "%.0f KiB", kb);
}

/* The processes this user may have, or -1 when nothing binds: no limit,
   none we can read, or root, whom the kernel does not hold to it. */
static long long nproc_limit(void)
{
#ifdef RLIMIT_NPROC
	struct rlimit rl;

	if (getuid() != 0 && getrlimit(RLIMIT_NPROC, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
		return (long long)rl.rlim_cur;
#endif
	return -1;
}

int room_for(long procs, long kb_each, char *err, size_t len)
{
	/* in double: 4096 x 65536 KB overflows no type here */
	double need = (double)procs * (double)kb_each, have = phys_kb();
	long long most = nproc_limit();

	if (have > 0 && need > have) {
		char need_text[32], have_text[32];
		kb_text(need, need_text, sizeof need_text);
		kb_text(have, have_text, sizeof have_text);
		utf8_printf(err, len, "%ld processes of %ld KB each need %s, more than this host's "
				      "%s of memory", procs, kb_each, need_text, have_text);
		return -1;
	}
	if (most >= 0 && procs > most) {
		utf8_printf(err, len, "%ld processes: more than the %lld this user may have "
				      "(RLIMIT_NPROC, ulimit -u)", procs, most);
		return -1;
	}
	return 0;
}
