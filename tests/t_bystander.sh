#!/bin/sh
# A run never touches a bystander.  Every module runs under a seccomp
# filter that fails, one at a time, each system call the module makes
# (as strace -f -c lists them), inside a pid namespace holding a bystander
# process.  For each: the bystander lives, osbench ends by itself with a
# status of 0, 1 or 2, nothing is left running or on disk, and a call the
# module times (one whose count grows with the sample length) makes the
# cell fail with a reason.  A call the harness makes for every module is
# denied under one module only: the path it fails on is the harness's.
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/../src" && pwd)

# every pid reaches kill(), killpg() and waitpid() through src/sys/pid.h,
# which refuses 0, -1 and negative ids: no other file calls them
raw=
for f in $(find "$src" -name '*.[ch]' ! -path '*/sys/pid.h'); do
	# the code without its comments and strings
	hits=$(cc -fpreprocessed -dD -E -P "$f" 2>/dev/null | sed 's/"[^"]*"//g' |
		grep -nE '(^|[^_[:alnum:]])(kill|killpg|waitpid|wait)[[:space:]]*\(')
	[ -n "$hits" ] && raw="$raw ${f#"$src"/}: $hits"
done
check "bystander: kill, killpg and waitpid only through sys/pid.h" [ -z "$raw" ]
[ -n "$raw" ] && echo "$raw" | sed 's/^/# /'

skip_all() {
	skip "bystander: $*"
	end_here
}
[ "$(uname -s)" = Linux ] || skip_all "seccomp and pid namespaces are Linux only"
[ -n "${DENY:-}" ] && [ -x "$DENY" ] || skip_all "no deny program (make test builds it)"
command -v strace >/dev/null 2>&1 || skip_all "strace is not installed (Debian: strace)"
command -v unshare >/dev/null 2>&1 || skip_all "unshare is not installed (Debian: util-linux)"
[ "$(id -u)" -eq 0 ] || skip_all "a pid namespace needs root"
"$DENY" getpid true 2>/dev/null || skip_all "seccomp filters cannot be installed here"
unshare -pf --mount-proc true 2>/dev/null || skip_all "pid namespaces cannot be made here"
case ${SANITIZE:-} in
*address* | *thread*)
	# the sanitizer runtimes make calls of their own before main and die
	# when those fail; the plain and musl builds cover the same code
	skip "a sanitizer's runtime needs the calls this test denies" ;;
esac

plan="$work/plan"
: >"$plan"
calls() { # STRACE-SUMMARY: "name count" per call, sorted by name
	awk 'NR > 2 && $NF ~ /^[a-z_0-9]+$/ && $NF != "total" { print $NF, $4 }' "$1" | sort
}
# the calls osbench itself cannot start without, before any module runs:
# denying them tests the dynamic loader and libc, not osbench
startup="execve brk arch_prctl mmap mprotect munmap set_tid_address \
set_robust_list rseq prlimit64 exit_group access openat read close fstat \
newfstatat pread64 getrandom restart_syscall"
# calls libc makes inside an operation and whose failure it survives, so
# the operation itself still happened and its figure is honest:
# pthread_create blocks signals around clone() and frees a dead thread's
# stack with madvise(), and goes on when either is refused; sigsetjmp()
# saves the signal mask of a module whose handler fixes the fault once a
# sample and ignores a refusal, and every fault is still checked caught;
# /bin/sh asks who and where it is and goes on without the answers, and
# the helper still runs
tolerated="thread:rt_sigprocmask thread:madvise protfault:rt_sigprocmask segvtrip:rt_sigprocmask"
# musl's fork() asks for the child's thread id and blocks signals around
# the fork, and its pthread_join() waits on a futex it also spins on:
# refused, each goes on, and the child still ran and was reaped
for m in fork exec sh; do
	tolerated="$tolerated $m:gettid $m:rt_sigprocmask"
done
tolerated="$tolerated thread:futex"
for c in getcwd getegid geteuid getgid getpid getppid getuid rt_sigprocmask; do
	tolerated="$tolerated sh:$c"
done
modules=$("$OSBENCH" list | awk -F'\t' '$2 ~ /module/ { print $1 }')
for m in $modules; do
	for t in 1 16; do
		strace -f -c -o "$work/st.$m.$t" "$OSBENCH" run -r 2 -t "$t" "$m" \
			>/dev/null 2>&1 </dev/null
	done
	calls "$work/st.$m.1" >"$work/c1.$m"
	calls "$work/st.$m.16" >"$work/c8"
	# a timed call: many more of them in samples sixteen times as long
	join "$work/c1.$m" "$work/c8" | awk '$3 > 2 * $2 + 10 { print $1 }' >"$work/ops.$m"
	cut -d' ' -f1 "$work/c8" >"$work/all.$m"
done
# the calls every module makes are the harness's
common=$(cat "$work"/all.* | sort | uniq -c | awk -v n="$(echo $modules | wc -w)" '$1 == n { print $2 }')
unnamed=
for m in $modules; do
	for c in $(cat "$work/all.$m"); do
		case " $startup " in *" $c "*) continue ;; esac
		op=0
		grep -qx "$c" "$work/ops.$m" && op=1
		# a call every module makes, as often as the null module does,
		# is the harness's alone (one a module adds, as sighndl adds a
		# getpid(), changes the count)
		if [ "$op" -eq 0 ] && [ "$m" != null ] && echo "$common" | grep -qx "$c" &&
			[ "$(grep "^$c " "$work/c1.$m")" = "$(grep "^$c " "$work/c1.null")" ]; then
			continue
		fi
		if ! "$DENY" "$c" true 2>/dev/null; then
			unnamed="$unnamed $c"
			continue
		fi
		echo "$m $c $op" >>"$plan"
	done
done
[ -n "$unnamed" ] &&
	echo "skip bystander: calls the deny program cannot name:$(echo $unnamed | tr ' ' '\n' | sort -u | tr '\n' ' ')"
[ -s "$plan" ] || {
	fail "bystander: no calls to deny (strace saw nothing)"
	end_here
}

# inside the namespace: one line per denied call, "module call verdict"
cat >"$work/inner.sh" <<'EOF'
sleep 1000 &
bystander=$!
ours() { # processes still running osbench, by name (a zombie runs nothing:
	# with wait4 refused nobody can reap it until it is reparented)
	for c in /proc/[0-9]*/comm; do
		case $(cat "$c" 2>/dev/null) in
		osbench | osbench-helper)
			d=${c%/comm}
			[ "$(sed 's/.*) //; s/ .*//' "$d/stat" 2>/dev/null)" = Z ] || echo "$c" ;;
		esac
	done
}
settled() { # ours, after giving a killed process a moment to go
	n=0
	while [ -n "$(ours)" ] && [ "$n" -lt 10 ]; do sleep 0.05; n=$((n + 1)); done
	ours
}
while read -r m c op; do
	timeout -s KILL 30 "$DENY" "$c" "$OSBENCH" run -q "$m" >"$WORK/o" 2>"$WORK/e" </dev/null
	rc=$?
	why=
	kill -0 "$bystander" 2>/dev/null || why="the bystander was killed"
	[ -z "$why" ] && [ "$rc" -gt 2 ] && why="exit status $rc: $(tail -n 1 "$WORK/e")"
	left=$(settled)
	[ -z "$why" ] && [ -n "$left" ] && why="left running: $left"
	[ -z "$why" ] && [ -n "$(ls -A "$TMPDIR")" ] && why="left in TMPDIR: $(ls -A "$TMPDIR")"
	# with rmdir or unlink refused the private directory cannot go, and
	# osbench must say so
	case $c in rmdir | unlink | unlinkat)
		[ -n "$why" ] && grep -q "could not remove '$TMPDIR/osbench" "$WORK/e" &&
			case $why in "left in TMPDIR"*) why= ;; esac ;;
	esac
	# refused what it cannot run without (its signal handlers, its
	# output, its private directory): exit 2 before any figure (1 when
	# refused at start) and, where stderr can be written, why
	refused=0
	if { [ "$rc" -eq 2 ] && [ "$c" = write ]; } ||
		{ [ "$rc" -eq 2 ] && [ -s "$WORK/e" ] && ! grep -q "^Host${TAB}" "$WORK/o"; } ||
		{ [ "$rc" -ge 1 ] && grep -q "cannot start" "$WORK/e"; }; then
		refused=1
	fi
	case " $TOLERATED " in *" $m:$c "*) op=0 ;; esac
	if [ -z "$why" ] && [ "$op" -eq 1 ] && [ "$refused" -eq 0 ]; then
		if [ "$rc" -ne 1 ] || ! grep -q "${TAB}fail" "$WORK/o"; then
			why="a timed call failed and the figure was not fail (exit $rc)"
		elif [ ! -s "$WORK/e" ]; then
			why="fail with no reason on stderr"
		fi
	fi
	echo "$m $c ${why:-held}"
	[ -n "$left" ] && kill -KILL $(echo "$left" | sed 's|/proc/||; s|/comm||') 2>/dev/null
	rm -rf "$TMPDIR"/* 2>/dev/null
	if ! kill -0 "$bystander" 2>/dev/null; then
		sleep 1000 &
		bystander=$!
	fi
done
kill "$bystander"
EOF
WORK=$work TAB=$T TOLERATED=$tolerated DENY=$DENY OSBENCH=$OSBENCH TMPDIR=$TMPDIR \
	unshare -pf --mount-proc sh "$work/inner.sh" <"$plan" >"$work/verdicts" 2>&1
for m in $modules; do
	n=$(awk -v m="$m" '$1 == m' "$work/verdicts" | wc -l)
	bad=$(awk -v m="$m" '$1 == m && $3 != "held"' "$work/verdicts")
	want=$(awk -v m="$m" '$1 == m' "$plan" | wc -l)
	if [ -z "$bad" ] && [ "$n" -eq "$want" ] && [ "$n" -gt 0 ]; then
		ok "bystander: $m: $n calls denied one at a time, each held"
	else
		fail "bystander: $m: $n of $want calls ran; broke:"
		[ -n "$bad" ] && echo "$bad" | sed 's/^/# /'
	fi
done
finish
