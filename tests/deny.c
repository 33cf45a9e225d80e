/* deny: run a command under a seccomp filter that fails one system call.
 *
 *   deny [-e ERRNO] CALL COMMAND [ARG...]
 *
 * CALL is a system call's name (getpid) or number (39).  Every process
 * COMMAND starts inherits the filter; the call fails with ERRNO (default
 * EPERM, a number) and every other call is allowed.  The tests use it to
 * play a sandbox whose profile denies what osbench needs.  Linux only;
 * built for the tests, not part of osbench. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__linux__)
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#if defined(__x86_64__)
#define DENY_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define DENY_ARCH AUDIT_ARCH_AARCH64
#elif defined(__i386__)
#define DENY_ARCH AUDIT_ARCH_I386
#endif

struct call_name {
	const char *name;
	long nr;
};

#define CALL(x) { #x, __NR_##x }
/* the calls osbench's modules and harness make (strace -f -c of a run),
   by name; any other is given by number */
static const struct call_name calls[] = {
#ifdef __NR_getpid
	CALL(getpid),
#endif
#ifdef __NR_getppid
	CALL(getppid),
#endif
#ifdef __NR_gettid
	CALL(gettid),
#endif
#ifdef __NR_kill
	CALL(kill),
#endif
#ifdef __NR_tgkill
	CALL(tgkill),
#endif
#ifdef __NR_fork
	CALL(fork),
#endif
#ifdef __NR_vfork
	CALL(vfork),
#endif
#ifdef __NR_clone
	CALL(clone),
#endif
#ifdef __NR_clone3
	CALL(clone3),
#endif
#ifdef __NR_execve
	CALL(execve),
#endif
#ifdef __NR_wait4
	CALL(wait4),
#endif
#ifdef __NR_waitid
	CALL(waitid),
#endif
#ifdef __NR_read
	CALL(read),
#endif
#ifdef __NR_write
	CALL(write),
#endif
#ifdef __NR_open
	CALL(open),
#endif
#ifdef __NR_openat
	CALL(openat),
#endif
#ifdef __NR_close
	CALL(close),
#endif
#ifdef __NR_stat
	CALL(stat),
#endif
#ifdef __NR_newfstatat
	CALL(newfstatat),
#endif
#ifdef __NR_fstat
	CALL(fstat),
#endif
#ifdef __NR_statx
	CALL(statx),
#endif
#ifdef __NR_unlink
	CALL(unlink),
#endif
#ifdef __NR_unlinkat
	CALL(unlinkat),
#endif
#ifdef __NR_mkdir
	CALL(mkdir),
#endif
#ifdef __NR_rmdir
	CALL(rmdir),
#endif
#ifdef __NR_pipe
	CALL(pipe),
#endif
#ifdef __NR_pipe2
	CALL(pipe2),
#endif
#ifdef __NR_dup
	CALL(dup),
#endif
#ifdef __NR_dup2
	CALL(dup2),
#endif
#ifdef __NR_dup3
	CALL(dup3),
#endif
#ifdef __NR_fcntl
	CALL(fcntl),
#endif
#ifdef __NR_select
	CALL(select),
#endif
#ifdef __NR_pselect6
	CALL(pselect6),
#endif
#ifdef __NR_poll
	CALL(poll),
#endif
#ifdef __NR_ppoll
	CALL(ppoll),
#endif
#ifdef __NR_rt_sigaction
	CALL(rt_sigaction),
#endif
#ifdef __NR_rt_sigprocmask
	CALL(rt_sigprocmask),
#endif
#ifdef __NR_mmap
	CALL(mmap),
#endif
#ifdef __NR_munmap
	CALL(munmap),
#endif
#ifdef __NR_mprotect
	CALL(mprotect),
#endif
#ifdef __NR_madvise
	CALL(madvise),
#endif
#ifdef __NR_msync
	CALL(msync),
#endif
#ifdef __NR_ftruncate
	CALL(ftruncate),
#endif
#ifdef __NR_fsync
	CALL(fsync),
#endif
#ifdef __NR_sync
	CALL(sync),
#endif
#ifdef __NR_lseek
	CALL(lseek),
#endif
#ifdef __NR_pread64
	CALL(pread64),
#endif
#ifdef __NR_socket
	CALL(socket),
#endif
#ifdef __NR_socketpair
	CALL(socketpair),
#endif
#ifdef __NR_bind
	CALL(bind),
#endif
#ifdef __NR_listen
	CALL(listen),
#endif
#ifdef __NR_accept
	CALL(accept),
#endif
#ifdef __NR_accept4
	CALL(accept4),
#endif
#ifdef __NR_connect
	CALL(connect),
#endif
#ifdef __NR_getsockname
	CALL(getsockname),
#endif
#ifdef __NR_setsockopt
	CALL(setsockopt),
#endif
#ifdef __NR_sendto
	CALL(sendto),
#endif
#ifdef __NR_recvfrom
	CALL(recvfrom),
#endif
#ifdef __NR_shutdown
	CALL(shutdown),
#endif
#ifdef __NR_setpgid
	CALL(setpgid),
#endif
#ifdef __NR_sched_setaffinity
	CALL(sched_setaffinity),
#endif
#ifdef __NR_sched_getaffinity
	CALL(sched_getaffinity),
#endif
#ifdef __NR_sched_yield
	CALL(sched_yield),
#endif
#ifdef __NR_getrusage
	CALL(getrusage),
#endif
#ifdef __NR_prctl
	CALL(prctl),
#endif
#ifdef __NR_futex
	CALL(futex),
#endif
#ifdef __NR_nanosleep
	CALL(nanosleep),
#endif
#ifdef __NR_clock_nanosleep
	CALL(clock_nanosleep),
#endif
#ifdef __NR_getrlimit
	CALL(getrlimit),
#endif
#ifdef __NR_prlimit64
	CALL(prlimit64),
#endif
#ifdef __NR_setrlimit
	CALL(setrlimit),
#endif
#ifdef __NR_uname
	CALL(uname),
#endif
#ifdef __NR_readlink
	CALL(readlink),
#endif
#ifdef __NR_getcwd
	CALL(getcwd),
#endif
#ifdef __NR_getrandom
	CALL(getrandom),
#endif
#ifdef __NR_rename
	CALL(rename),
#endif
#ifdef __NR_renameat
	CALL(renameat),
#endif
#ifdef __NR_fchmod
	CALL(fchmod),
#endif
#ifdef __NR_mremap
	CALL(mremap),
#endif
#ifdef __NR_brk
	CALL(brk),
#endif
#ifdef __NR_exit_group
	CALL(exit_group),
#endif
#ifdef __NR_access
	CALL(access),
#endif
#ifdef __NR_arch_prctl
	CALL(arch_prctl),
#endif
#ifdef __NR_getdents64
	CALL(getdents64),
#endif
#ifdef __NR_getegid
	CALL(getegid),
#endif
#ifdef __NR_geteuid
	CALL(geteuid),
#endif
#ifdef __NR_getgid
	CALL(getgid),
#endif
#ifdef __NR_getuid
	CALL(getuid),
#endif
#ifdef __NR_ioctl
	CALL(ioctl),
#endif
#ifdef __NR_pwrite64
	CALL(pwrite64),
#endif
#ifdef __NR_restart_syscall
	CALL(restart_syscall),
#endif
#ifdef __NR_rseq
	CALL(rseq),
#endif
#ifdef __NR_rt_sigreturn
	CALL(rt_sigreturn),
#endif
#ifdef __NR_set_robust_list
	CALL(set_robust_list),
#endif
#ifdef __NR_set_tid_address
	CALL(set_tid_address),
#endif
#ifdef __NR_sysinfo
	CALL(sysinfo),
#endif
#ifdef __NR_sigaltstack
	CALL(sigaltstack),
#endif
#ifdef __NR_mlock
	CALL(mlock),
#endif
#ifdef __NR_munlock
	CALL(munlock),
#endif
#ifdef __NR_writev
	CALL(writev),
#endif
#ifdef __NR_readv
	CALL(readv),
#endif
#ifdef __NR_membarrier
	CALL(membarrier),
#endif
	{ NULL, -1 },
};

static long call_number(const char *s)
{
	char *end;
	long nr;

	for (const struct call_name *c = calls; c->name; c++)
		if (strcmp(c->name, s) == 0)
			return c->nr;
	errno = 0;
	nr = strtol(s, &end, 10);
	if (errno || end == s || *end || nr < 0 || nr > 4095)
		return -1;
	return nr;
}

static int install(long nr, int err)
{
	struct sock_filter code[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, DENY_ARCH, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)nr, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ((unsigned)err & SECCOMP_RET_DATA)),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {
		.len = (unsigned short)(sizeof code / sizeof code[0]),
		.filter = code,
	};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -1;
	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
}

int main(int argc, char **argv)
{
	int err = EPERM, first = 1;
	long nr;

	if (argc > 2 && strcmp(argv[1], "-e") == 0) {
		char *end;
		long e = strtol(argv[2], &end, 10);
		if (*end || e < 1 || e > 4095) {
			fprintf(stderr, "deny: '%s' is not an errno number\n", argv[2]);
			return 2;
		}
		err = (int)e;
		first = 3;
	}
	if (argc - first < 2) {
		fprintf(stderr, "usage: deny [-e ERRNO] CALL COMMAND [ARG...]\n");
		return 2;
	}
	nr = call_number(argv[first]);
	if (nr < 0) {
		fprintf(stderr, "deny: '%s' is not a known system call\n", argv[first]);
		return 2;
	}
	if (install(nr, err) < 0) {
		fprintf(stderr, "deny: seccomp: %s\n", strerror(errno));
		return 3;
	}
	execvp(argv[first + 1], argv + first + 1);
	fprintf(stderr, "deny: '%s': %s\n", argv[first + 1], strerror(errno));
	return 127;
}
#else
int main(void)
{
	fprintf(stderr, "deny: seccomp is Linux only\n");
	return 3;
}
#endif
