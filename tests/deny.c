/* deny: run a command under a seccomp filter that fails one system call.
 *
 *   deny [-e ERRNO] [-a N] CALL COMMAND [ARG...]
 *   deny -l CALL,CALL... -o FILE COMMAND [ARG...]
 *
 * CALL is a system call's name (getpid) or number (39).  Every process
 * COMMAND starts inherits the filter; the call fails with ERRNO (default
 * EPERM, a number) and every other call is allowed.  With -a N the first
 * N calls, counted over all those processes, go through and the later
 * ones fail: deny stays as their supervisor (a seccomp listener) and
 * exits with COMMAND's status once no filtered process is left.  The
 * tests use it to play a sandbox whose profile denies what osbench
 * needs, or a call that fails only in the process started after another
 * (a peer's CPU after the measuring process's).
 *
 * With -l nothing fails: the calls listed go through unseen, and every
 * other call goes to the supervisor, which lets it go on and, once
 * COMMAND's processes are gone, writes to FILE a line for each such
 * call: its name (its number where it has none) and how many were made.
 * The tests use it to see, at no cost to the calls they expect, whether
 * a run makes one they did not.  Linux only; built for the tests, not
 * part of osbench. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__linux__)
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>

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
#ifdef __NR_exit
	CALL(exit),
#endif
#ifdef __NR_exit_group
	CALL(exit_group),
#endif
#ifdef __NR_close_range
	CALL(close_range),
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
#ifdef SECCOMP_USER_NOTIF_FLAG_CONTINUE
/* What the supervisor does: -a (pass the first allow calls of nr, fail
   the rest with err) or -l (pass every call, note those not listed). */
struct plan {
	long nr, allow;
	int err;
	const long *listed;
	int nlisted;
	const char *out;
};

#define LISTED_MAX 200
#define NR_MAX 4096

/* The descriptor the listener is sent through, high so that a command
   is unlikely to send on one of its own with the same number: that call
   is the child's, the one the -l filter lets go unseen */
#define SEND_FD 1023

/* The filter for -a: nr goes to the supervisor.  For -l: every call but
   the listed ones does (a jump's offset is a byte: LISTED_MAX < 255),
   and the child's own sendmsg() on SEND_FD, made before the supervisor
   can answer, goes through. */
static int install_listener(const struct plan *p)
{
	struct sock_filter code[LISTED_MAX + 12];
	int n = 0, i;

	code[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
						 offsetof(struct seccomp_data, arch));
	code[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, DENY_ARCH, 1, 0);
	code[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	code[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
						 offsetof(struct seccomp_data, nr));
	if (p->listed) {
		code[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
							 __NR_sendmsg, 0, 4);
		code[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
							 offsetof(struct seccomp_data, args[0]));
		code[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SEND_FD, 0, 1);
		code[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
		code[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF);
		for (i = 0; i < p->nlisted; i++)
			code[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
				(unsigned)p->listed[i], (unsigned char)(p->nlisted - i), 0);
		code[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF);
	} else {
		code[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
							 (unsigned)p->nr, 0, 1);
		code[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF);
	}
	code[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);

	struct sock_fprog prog = {
		.len = (unsigned short)n,
		.filter = code,
	};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -1;
	return (int)syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER,
			    SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
}

static int send_fd(int sock, int fd)
{
	char byte = 0, space[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = space, .msg_controllen = sizeof space,
	};
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);

	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof fd);
	return sendmsg(sock, &msg, 0) == 1 ? 0 : -1;
}

static int recv_fd(int sock)
{
	char byte, space[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = space, .msg_controllen = sizeof space,
	};
	struct cmsghdr *c;
	int fd;

	if (recvmsg(sock, &msg, 0) != 1)
		return -1;
	c = CMSG_FIRSTHDR(&msg);
	if (!c || c->cmsg_type != SCM_RIGHTS)
		return -1;
	memcpy(&fd, CMSG_DATA(c), sizeof fd);
	return fd;
}

static const char *call_name(long nr)
{
	for (const struct call_name *c = calls; c->name; c++)
		if (c->nr == nr)
			return c->name;
	return NULL;
}

/* -l: the calls seen and their counts, one a line, to p->out; 0 or 3 */
static int write_seen(const struct plan *p, const unsigned long *seen)
{
	FILE *f = fopen(p->out, "w");
	long nr;

	if (!f) {
		fprintf(stderr, "deny: '%s': %s\n", p->out, strerror(errno));
		return 3;
	}
	for (nr = 0; nr < NR_MAX; nr++) {
		if (!seen[nr])
			continue;
		if (call_name(nr))
			fprintf(f, "%s %lu\n", call_name(nr), seen[nr]);
		else
			fprintf(f, "%ld %lu\n", nr, seen[nr]);
	}
	if (fclose(f) != 0) {
		fprintf(stderr, "deny: '%s': %s\n", p->out, strerror(errno));
		return 3;
	}
	return 0;
}

/* Answer the filtered calls until no filtered process is left: 0, or 3
   when the answers could not be given or written. */
static int supervise(int listener, const struct plan *p)
{
	static unsigned long seen[NR_MAX];
	struct seccomp_notif_sizes sizes;
	struct seccomp_notif *req;
	struct seccomp_notif_resp *resp;
	struct pollfd pfd = { .fd = listener, .events = POLLIN };
	long passed = 0;
	int rc = 0;

	if (syscall(__NR_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes) < 0)
		return 3;
	req = calloc(1, sizes.seccomp_notif > sizeof *req ? sizes.seccomp_notif : sizeof *req);
	resp = calloc(1, sizes.seccomp_notif_resp > sizeof *resp ? sizes.seccomp_notif_resp
								  : sizeof *resp);
	if (!req || !resp) {
		free(req);
		free(resp);
		return 3;
	}
	for (;;) {
		if (poll(&pfd, 1, -1) < 0) {
			if (errno == EINTR)
				continue;
			rc = 3;
			break;
		}
		if (!(pfd.revents & POLLIN))
			break;	/* POLLHUP: the last filtered process is gone */
		memset(req, 0, sizes.seccomp_notif);
		if (ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, req) < 0) {
			if (errno == EINTR || errno == ENOENT)
				continue;
			rc = 3;
			break;
		}
		memset(resp, 0, sizes.seccomp_notif_resp);
		resp->id = req->id;
		if (p->listed) {
			if (req->data.nr >= 0 && req->data.nr < NR_MAX)
				seen[req->data.nr]++;
			resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
		} else if (++passed <= p->allow) {
			resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
		} else {
			resp->error = -p->err;
		}
		/* ENOENT: the caller died meanwhile */
		(void)ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, resp);
	}
	free(req);
	free(resp);
	if (p->listed && write_seen(p, seen) != 0)
		rc = 3;
	return rc;
}

static int run_supervised(const struct plan *p, char **cmd)
{
	int sv[2], listener, st, rc = 3;
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		return 3;
	pid = fork();
	if (pid < 0)
		return 3;
	if (pid == 0) {
		/* once the filter is in, the calls -l does not list wait for
		   the supervisor: up to exec, only the sendmsg() on SEND_FD
		   and execve() are made (both descriptors close on exec) */
		close(sv[0]);
		if (dup3(sv[1], SEND_FD, O_CLOEXEC) < 0)
			_exit(3);
		listener = install_listener(p);
		if (listener < 0) {
			fprintf(stderr, "deny: seccomp listener: %s\n", strerror(errno));
			_exit(3);
		}
		if (send_fd(SEND_FD, listener) < 0)
			_exit(3);
		execvp(cmd[0], cmd);
		fprintf(stderr, "deny: '%s': %s\n", cmd[0], strerror(errno));
		_exit(127);
	}
	close(sv[1]);
	listener = recv_fd(sv[0]);
	close(sv[0]);
	if (listener >= 0) {
		rc = supervise(listener, p);
		close(listener);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return 3;
	if (rc != 0)
		return rc;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* -l's list: names or numbers, comma-separated; the count, or -1 */
static int parse_listed(char *s, long *listed)
{
	int n = 0;

	for (char *tok = strtok(s, ","); tok; tok = strtok(NULL, ",")) {
		if (n == LISTED_MAX) {
			fprintf(stderr, "deny: more than %d calls listed\n", LISTED_MAX);
			return -1;
		}
		listed[n] = call_number(tok);
		if (listed[n] < 0) {
			fprintf(stderr, "deny: '%s' is not a known system call\n", tok);
			return -1;
		}
		n++;
	}
	return n;
}

static int run_listing(char *list, const char *out, char **cmd)
{
	static long listed[LISTED_MAX];
	struct plan p = { .listed = listed, .out = out };
	int n = parse_listed(list, listed);

	if (n < 0)
		return 2;
	/* a process ends and starts its program whatever the list says: the
	   child's own exec, and its exit where that fails, go unseen */
	if (n > LISTED_MAX - 3) {
		fprintf(stderr, "deny: more than %d calls listed\n", LISTED_MAX - 3);
		return 2;
	}
	listed[n++] = __NR_execve;
	listed[n++] = __NR_exit;
	listed[n++] = __NR_exit_group;
	p.nlisted = n;
	return run_supervised(&p, cmd);
}
#endif

static int usage(void)
{
	fprintf(stderr, "usage: deny [-e ERRNO] [-a N] CALL COMMAND [ARG...]\n"
			"       deny -l CALL,CALL... -o FILE COMMAND [ARG...]\n");
	return 2;
}

int main(int argc, char **argv)
{
	int err = EPERM, first = 1;
	long nr, allow = 0;

	if (argc > 5 && strcmp(argv[1], "-l") == 0) {
		if (strcmp(argv[3], "-o") != 0)
			return usage();
#ifdef SECCOMP_USER_NOTIF_FLAG_CONTINUE
		return run_listing(argv[2], argv[4], argv + 5);
#else
		fprintf(stderr, "deny: -l needs seccomp user notification\n");
		return 3;
#endif
	}
	while (argc - first > 1 && (strcmp(argv[first], "-e") == 0 ||
				    strcmp(argv[first], "-a") == 0)) {
		char *end;
		long v = strtol(argv[first + 1], &end, 10);
		if (argv[first][1] == 'e') {
			if (*end || v < 1 || v > 4095) {
				fprintf(stderr, "deny: '%s' is not an errno number\n",
					argv[first + 1]);
				return 2;
			}
			err = (int)v;
		} else {
			if (*end || v < 1) {
				fprintf(stderr, "deny: '%s' is not a count\n", argv[first + 1]);
				return 2;
			}
			allow = v;
		}
		first += 2;
	}
	if (argc - first < 2)
		return usage();
	nr = call_number(argv[first]);
	if (nr < 0) {
		fprintf(stderr, "deny: '%s' is not a known system call\n", argv[first]);
		return 2;
	}
	if (allow > 0) {
#ifdef SECCOMP_USER_NOTIF_FLAG_CONTINUE
		struct plan p = { .nr = nr, .allow = allow, .err = err };

		return run_supervised(&p, argv + first + 1);
#else
		fprintf(stderr, "deny: -a needs seccomp user notification\n");
		return 3;
#endif
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
