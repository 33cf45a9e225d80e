/* Host facts: name, OS, CPU, clock rate, libc, and how we were run. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <gnu/libc-version.h>
#endif

#include "sys/affinity.h"
#include "sys/host.h"
#include "sys/utf8.h"

/* Host facts are the system's text and the user's: whatever bytes they
 * hold, the record is UTF-8 cut on character boundaries, which every
 * format and reader takes. */
static void copy(char *dst, size_t len, const char *src)
{
	utf8_mend(dst, len, src && *src ? src : "unknown");
}

/* The value of "key : value" lines in /proc/cpuinfo, where there is one. */
static int cpuinfo_field(const char *key, char *out, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];
	size_t klen = strlen(key);
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof line, f)) {
		char *colon = strchr(line, ':');
		if (strncmp(line, key, klen) != 0 || !colon)
			continue;
		colon++;
		while (*colon == ' ' || *colon == '\t')
			colon++;
		colon[strcspn(colon, "\n")] = '\0';
		utf8_mend(out, len, colon);
		found = 1;
	}
	fclose(f);
	return found;
}

/* The highest clock the kernel gives cpu0, in MHz; 0 where it does not
   say (no cpufreq, as in many virtual machines). */
static double cpufreq_max_mhz(void)
{
	FILE *f = fopen("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", "re");
	double khz = 0;

	if (!f)
		return 0;
	if (fscanf(f, "%lf", &khz) != 1)
		khz = 0;
	fclose(f);
	return khz > 0 ? khz / 1000 : 0;
}

/* A timed clock this far above cpufreq's highest is a wrong timing. */
#define MHZ_ABOVE_MAX 1.05

/* The clock the harness measured, else the OS's word for it; neither
   where the timing is known to be wrong (why). */
static void gather_mhz(struct host_info *h, double measured_mhz, const char *why)
{
	double max = cpufreq_max_mhz();
	char buf[64];

	h->mhz = measured_mhz;
	h->mhz_source = "measured";
	if (h->mhz > 0 && max > 0 && h->mhz > max * MHZ_ABOVE_MAX) {
		utf8_printf(h->mhz_why, sizeof h->mhz_why,
			    "timed at %.0f MHz, above the %.0f MHz the kernel gives as this CPU's "
			    "highest", h->mhz, max);
		h->mhz = 0;
		h->mhz_source = "unknown";
		return;
	}
	if (h->mhz > 0)
		return;
	if (why && why[0]) {
		utf8_printf(h->mhz_why, sizeof h->mhz_why, "%s", why);
		h->mhz_source = "unknown";
		return;
	}
	if (cpuinfo_field("cpu MHz", buf, sizeof buf) && atof(buf) > 0) {
		h->mhz = atof(buf);
		h->mhz_source = "os";
		return;
	}
	h->mhz_source = "unknown";
}

static void gather_libc(struct host_info *h)
{
#if defined(__GLIBC__)
	snprintf(h->libc, sizeof h->libc, "glibc %s", gnu_get_libc_version());
#elif defined(__linux__)
	/* musl deliberately has no version macro or call */
	copy(h->libc, sizeof h->libc, "musl");
#elif defined(__APPLE__)
	copy(h->libc, sizeof h->libc, "libSystem");
#elif defined(__FreeBSD__)
	copy(h->libc, sizeof h->libc, "FreeBSD libc");
#else
	copy(h->libc, sizeof h->libc, "unknown");
#endif
}

/* A tab or newline would break the tab-separated formats, and any other
   control byte makes the file binary to its own reader: a field taken
   from the caller (the command line, LD_PRELOAD) holds blanks instead. */
static void blank_controls(char *s)
{
	for (char *p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = ' ';
}

static void gather_command(struct host_info *h, int argc, char **argv)
{
	size_t used = 0;

	h->command[0] = '\0';
	for (int i = 0; i < argc && used + 1 < sizeof h->command; i++) {
		if (i) {
			h->command[used++] = ' ';
			h->command[used] = '\0';
		}
		utf8_mend(h->command + used, sizeof h->command - used, argv[i]);
		used += strlen(h->command + used);
	}
	blank_controls(h->command);
}

void host_gather(struct host_info *h, const char *label, double measured_mhz,
		 const char *mhz_why, int argc, char **argv)
{
	struct utsname u;
	char name[256] = "";
	time_t now = time(NULL);
	struct tm tm;
	const char *preload;

	memset(h, 0, sizeof *h);
	if (uname(&u) == 0) {
		copy(h->sysname, sizeof h->sysname, u.sysname);
		copy(h->release, sizeof h->release, u.release);
		copy(h->version, sizeof h->version, u.version);
		copy(h->machine, sizeof h->machine, u.machine);
	} else {
		copy(h->sysname, sizeof h->sysname, NULL);
		copy(h->release, sizeof h->release, NULL);
		copy(h->version, sizeof h->version, NULL);
		copy(h->machine, sizeof h->machine, NULL);
	}
	utf8_printf(h->os, sizeof h->os, "%s %s", h->sysname, h->release);
	if (gethostname(name, sizeof name - 1) != 0)
		name[0] = '\0';
	copy(h->host, sizeof h->host, label ? label : name);
	if (!cpuinfo_field("model name", h->cpu_model, sizeof h->cpu_model))
		copy(h->cpu_model, sizeof h->cpu_model, NULL);
	h->cpus = affinity_online_cpus();
	gather_mhz(h, measured_mhz, mhz_why);
	gather_libc(h);
	preload = getenv("LD_PRELOAD");
	utf8_mend(h->ld_preload, sizeof h->ld_preload, preload ? preload : "");
	blank_controls(h->ld_preload);
	if (!gmtime_r(&now, &tm) ||
	    strftime(h->date, sizeof h->date, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		copy(h->date, sizeof h->date, NULL);
	gather_command(h, argc, argv);
}

int host_stack_check(char *err, size_t errlen)
{
	struct rlimit rl;

	/* no limit we can read is no reason to refuse */
	if (getrlimit(RLIMIT_STACK, &rl) < 0 || rl.rlim_cur == RLIM_INFINITY ||
	    rl.rlim_cur >= (rlim_t)HOST_MIN_STACK_KB * 1024)
		return 0;
	utf8_printf(err, errlen, "stack limit: %lu KiB is below the %d KiB osbench needs (ulimit -s)",
		    (unsigned long)(rl.rlim_cur / 1024), HOST_MIN_STACK_KB);
	return -1;
}
