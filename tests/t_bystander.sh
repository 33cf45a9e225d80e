#!/bin/sh
# A run never touches a bystander.  Every module runs under a seccomp
# filter that fails, one at a time, each system call the module makes
# (as strace -f -c lists them), inside a pid namespace holding a bystander
# process.  For each: the bystander lives, osbench ends by itself with a
# status of 0, 1 or 2, nothing is left running or on disk, and a call the
# module times (one whose count grows with the sample length) makes the
# cell fail with a reason.  A call the harness makes for every module is
# denied under one module only: the path it fails on is the harness's.
#
# Bounded: the modules' calls are listed side by side; then each call is
# denied once for all the modules that make it (one run, their figures
# told apart in the long format), and those runs are dealt among a few
# pid namespaces side by side, each with its own bystander and TMPDIR.
# A run that breaks what its modules share (the bystander, the exit
# status, what is left behind) is run again module by module, so that
# the verdict names the module.
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
	skip_all "a sanitizer's runtime needs the calls this test denies" ;;
esac

plan="$work/plan"
: >"$plan"
# side by side: twice the cpus (the runs wait as much as they compute)
jobs=$(($(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1) * 2))
[ "$jobs" -lt 2 ] && jobs=2
[ "$jobs" -gt 8 ] && jobs=8
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
# each module's calls at two sample lengths, the modules side by side
for m in $modules; do echo "$m"; done |
	xargs -P "$jobs" -I{} sh -c 'for t in 1 16; do
		strace -f -c -o "$1/st.$2.$t" "$3" run -r 2 -t "$t" "$2" >/dev/null 2>&1 </dev/null
	done' sh "$work" {} "$OSBENCH"
for m in $modules; do
	calls "$work/st.$m.1" >"$work/c1.$m"
	calls "$work/st.$m.16" >"$work/c8"
	# a timed call: many more of them in samples sixteen times as long
	join "$work/c1.$m" "$work/c8" | awk '$3 > 2 * $2 + 10 { print $1 }' >"$work/ops.$m"
	cut -d' ' -f1 "$work/c8" >"$work/all.$m"
done
# the calls every module makes are the harness's
common=$(cat "$work"/all.* | sort | uniq -c | awk -v n="$(echo $modules | wc -w)" '$1 == n { print $2 }')
unnamed=
nameable=" "
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
		case $nameable in
		*" $c "*) ;;
		*)
			if ! "$DENY" "$c" true 2>/dev/null; then
				unnamed="$unnamed $c"
				continue
			fi
			nameable="$nameable$c " ;;
		esac
		echo "$m $c $op" >>"$plan"
	done
done
[ -n "$unnamed" ] &&
	echo "skip bystander: calls the deny program cannot name:$(echo $unnamed | tr ' ' '\n' | sort -u | tr '\n' ' ')"
[ -s "$plan" ] || {
	fail "bystander: no calls to deny (strace saw nothing)"
	end_here
}

# one line per call, "call module:op ...", the calls of most modules
# first, each dealt to the namespace with the fewest modules so far
awk '{ line[$2] = line[$2] " " $1 ":" $3; n[$2]++ }
	END { for (c in line) print n[c], c line[c] }' "$plan" | sort -k1,1rn -k2,2 |
	awk -v jobs="$jobs" -v dir="$work" '{
		best = 0
		for (j = 1; j < jobs; j++) if (load[j] < load[best]) best = j
		load[best] += $1
		$1 = ""
		sub(/^ /, "")
		print > (dir "/batch." best)
	}'

# inside a namespace: one line per module and denied call, "module call
# verdict"
cat >"$work/inner.sh" <<'EOF'
sleep 1000 &
bystander=$!
ours() { # processes still running osbench, by name (a zombie runs nothing:
	# with wait4 refused nobody can reap it until it is reparented)
	for p in /proc/[0-9]*/comm; do
		case $(cat "$p" 2>/dev/null) in
		osbench | osbench-helper)
			d=${p%/comm}
			[ "$(sed 's/.*) //; s/ .*//' "$d/stat" 2>/dev/null)" = Z ] || echo "$p" ;;
		esac
	done
}
settled() { # ours, after giving a killed process a moment to go
	n=0
	while [ -n "$(ours)" ] && [ "$n" -lt 10 ]; do sleep 0.05; n=$((n + 1)); done
	ours
}
statuses() { # [MODULE]: the status of each of its figures (of every
	# figure without one) in the long format
	awk -F'\t' -v m="${1:-}" '
		$1 == "table" && $2 == "column" { for (i = 1; i <= NF; i++) col[$i] = i; next }
		col["module"] && (m == "" || $col["module"] == m) { print $col["status"] }' "$WORK/o"
}
# try CALL MODULE...: one run of the modules with CALL denied; $why says
# what broke that they share, $rc and $refused what the run did
try() {
	c=$1
	shift
	timeout -s KILL $((20 + 10 * $#)) "$DENY" "$c" "$OSBENCH" run -q -f long "$@" \
		>"$WORK/o" 2>"$WORK/e" </dev/null
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
		{ [ "$rc" -eq 2 ] && [ -s "$WORK/e" ] && [ -z "$(statuses)" ]; } ||
		{ [ "$rc" -ge 1 ] && grep -q "cannot start" "$WORK/e"; }; then
		refused=1
	fi
	[ -n "$left" ] && kill -KILL $(echo "$left" | sed 's|/proc/||; s|/comm||') 2>/dev/null
	rm -rf "$TMPDIR"/* 2>/dev/null
	if ! kill -0 "$bystander" 2>/dev/null; then
		sleep 1000 &
		bystander=$!
	fi
}
verdict() { # MODULE OP: the verdict on one module of the last try
	v=$why
	op=$2
	case " $TOLERATED " in *" $1:$c "*) op=0 ;; esac
	if [ -z "$v" ] && [ "$op" -eq 1 ] && [ "$refused" -eq 0 ]; then
		if [ "$rc" -ne 1 ] || ! statuses "$1" | grep -qx fail; then
			v="a timed call failed and the figure was not fail (exit $rc)"
		elif ! grep -q "^osbench: $1[: ]" "$WORK/e"; then
			v="fail with no reason on stderr"
		fi
	fi
	echo "$1 $c ${v:-held}"
}
while read -r call rest; do
	mods=
	for mo in $rest; do mods="$mods ${mo%:*}"; done
	# shellcheck disable=SC2086
	try "$call" $mods
	if [ -n "$why" ] && [ "$(echo $mods | wc -w)" -gt 1 ]; then
		# what they share broke: which module breaks it
		for mo in $rest; do
			try "$call" "${mo%:*}"
			verdict "${mo%:*}" "${mo#*:}"
		done
		continue
	fi
	for mo in $rest; do verdict "${mo%:*}" "${mo#*:}"; done
done
kill "$bystander"
EOF
j=0
while [ "$j" -lt "$jobs" ]; do
	if [ -s "$work/batch.$j" ]; then
		mkdir "$work/ns.$j" "$work/tmp.$j"
		WORK=$work/ns.$j TAB=$T TOLERATED=$tolerated DENY=$DENY OSBENCH=$OSBENCH \
			TMPDIR=$work/tmp.$j unshare -pf --mount-proc sh "$work/inner.sh" \
			<"$work/batch.$j" >"$work/verdicts.$j" 2>&1 &
	fi
	j=$((j + 1))
done
wait
cat "$work"/verdicts.* >"$work/verdicts"
for m in $modules; do
	n=$(awk -v m="$m" '$1 == m' "$work/verdicts" | wc -l)
	bad=$(awk -v m="$m" '$1 == m && $3 != "held"' "$work/verdicts")
	want=$(awk -v m="$m" '$1 == m' "$plan" | wc -l)
	if [ -z "$bad" ] && [ "$n" -eq "$want" ] && [ "$n" -gt 0 ]; then
		ok "bystander: $m: $n calls denied, each held"
	else
		fail "bystander: $m: $n of $want calls ran; broke:"
		[ -n "$bad" ] && echo "$bad" | sed 's/^/# /'
	fi
done
finish
