/* slowsys: run a command on a kernel whose system calls each cost more.
 *
 *   slowsys [-a] INSTRUCTIONS COMMAND [ARG...]
 *
 * Installs a seccomp filter of about INSTRUCTIONS BPF instructions that
 * reads the system call's first argument (so the kernel cannot cache its
 * verdict per call number) and then allows the call, and execs COMMAND
 * under it; every process COMMAND starts inherits the filter.  The
 * instructions are loads of the argument, each independent of the last:
 * their cost is the issue slots they take, which the call's own work
 * needs too, so the time they add is nearly the same for every call (on
 * a 2-CPU Xeon guest, 2026-12-06, stat paid 0.92-1.03 of what a null
 * call paid where the filter made a null call 30-60 % dearer).
 * With -a they are a chain of additions instead, as in the notes before
 * that date: the CPU runs a longer call's own work beside the chain, so
 * stat paid only 0.63-0.71 of a null call's share.  Used by
 * scripts/bench-check.sh and scripts/bench-ab.sh to make a known
 * slow-down that `osbench check` and `osbench ab` must catch.  Linux
 * only; not part of osbench. */
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#define MAX_PER_FILTER 4000

static int install(unsigned n, int additions)
{
	struct sock_filter *code = calloc(n + 2, sizeof *code);
	struct sock_fprog prog = { .len = (unsigned short)(n + 2), .filter = code };
	int rc;

	if (!code)
		return -1;
	code[0] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					       offsetof(struct seccomp_data, args[0]));
	for (unsigned i = 1; i <= n; i++)
		code[i] = additions ? (struct sock_filter)BPF_STMT(BPF_ALU | BPF_ADD | BPF_K, i)
				    : (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
								   offsetof(struct seccomp_data, args[0]));
	code[n + 1] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	rc = prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
	free(code);
	return rc;
}

int main(int argc, char **argv)
{
	char *end;
	unsigned long n;
	int additions = argc > 1 && strcmp(argv[1], "-a") == 0;

	argc -= additions;
	argv += additions;
	if (argc < 3) {
		fprintf(stderr, "usage: slowsys [-a] INSTRUCTIONS COMMAND [ARG...]\n");
		return 2;
	}
	errno = 0;
	n = strtoul(argv[1], &end, 10);
	if (errno || *end || n > 30000) {
		fprintf(stderr, "slowsys: '%s' is not a count from 0 to 30000\n", argv[1]);
		return 2;
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0) {
		perror("slowsys: prctl(PR_SET_NO_NEW_PRIVS)");
		return 1;
	}
	while (n > 0) {
		unsigned chunk = n > MAX_PER_FILTER ? MAX_PER_FILTER : (unsigned)n;
		if (install(chunk, additions) < 0) {
			perror("slowsys: prctl(PR_SET_SECCOMP)");
			return 1;
		}
		n -= chunk;
	}
	execvp(argv[2], argv + 2);
	fprintf(stderr, "slowsys: '%s': %s\n", argv[2], strerror(errno));
	return 127;
}
