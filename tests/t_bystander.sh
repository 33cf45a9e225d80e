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
# Bounded (seconds on two CPUs): every listing run is one round of 1 ms
# samples, in which a figure makes all its calls (calibration, warm-up,
# samples, tail), and every deny run one round of samples of two
# iterations (--ops 2: no calibration, the same calls); the modules'
# calls are listed side by side; then each
# call is denied once for all the modules that make it (one run, their
# figures told apart in the long format), and those runs are taken in
# turn by a few pid namespaces side by side, each with its own
# bystander and TMPDIR, each held to a CPU (see in_namespace).  A run that breaks what
# its modules share (the bystander, the exit status, what is left behind)
# is run again module by module, so that the verdict names the module.
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/../src" && pwd)

# every pid reaches kill(), killpg() and waitpid() through src/sys/pid.h,
# which refuses 0, -1 and negative ids: no other file calls them.  The
# code without its comments and strings, every file through one compiler
# process, each after a line naming it
raw=$(find "$src" -name '*.[ch]' ! -path '*/sys/pid.h' -exec awk -v src="$src/" '
	FNR == 1 { print ""; print "@@file " substr(FILENAME, length(src) + 1) }
	{ print }' {} + | cc -fpreprocessed -dD -E -P -x c - 2>/dev/null | sed 's/"[^"]*"//g' |
	awk '$1 == "@@file" { f = $2; n = 0; next }
	{ n++ }
	/(^|[^_A-Za-z0-9])(kill|killpg|waitpid|wait)[ \t]*\(/ { printf " %s: %d:%s", f, n, $0 }')
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
# the CPUs this process may run on, one a line
cpus=$(awk '/^Cpus_allowed_list:/ {
	n = split($2, r, ",")
	for (i = 1; i <= n; i++) {
		if (split(r[i], b, "-") == 1) b[2] = b[1]
		for (c = b[1]; c <= b[2]; c++) print c
	} }' /proc/self/status 2>/dev/null)
[ -n "$cpus" ] || cpus=0
ncpus=$(echo "$cpus" | wc -l)
# side by side: twice the cpus (the runs wait as much as they compute)
jobs=$((ncpus * 2))
[ "$jobs" -lt 2 ] && jobs=2
[ "$jobs" -gt 8 ] && jobs=8
# in_namespace J PREFIX SCRIPT: sh SCRIPT in a pid and mount namespace of
# its own, with directories of its own for $WORK (PREFIX.J.work) and
# TMPDIR (PREFIX.J.tmp), on the J-th worker's CPU: osbench measures on
# the first CPU no other osbench has taken, and in its namespace it sees
# none, so that unheld every worker would measure on the same CPU
in_namespace() {
	_cpu=$(echo "$cpus" | sed -n "$(($1 % ncpus + 1))p")
	mkdir "$2.$1.work" "$2.$1.tmp"
	set -- env WORK="$2.$1.work" TMPDIR="$2.$1.tmp" CLAIMS="$2.claims" \
		unshare -pf --mount-proc sh "$work/small_cache.sh" sh "$3"
	if command -v taskset >/dev/null 2>&1; then
		taskset -c "$_cpu" "$@"
	else
		"$@"
	fi
}
# The memory modules stream through a buffer twice the largest cache
# cpu0's sysfs entry tells of (sysconf's answer where it tells none,
# which on a virtual machine can be its host's whole L3): up to 512 MB,
# written at every setup, seconds of every run they are in.  In the
# namespace's own mounts, sysfs tells of an 8 MB cache: 32 MB buffers
# (their least), the same calls.
cat >"$work/small_cache.sh" <<'EOF'
d=/sys/devices/system/cpu/cpu0
[ -d "$d/cache" ] && d=$d/cache
if mount -t tmpfs none "$d" 2>/dev/null; then
	i=/sys/devices/system/cpu/cpu0/cache/index0
	mkdir -p "$i" && echo Unified >"$i/type" && echo 3 >"$i/level" && echo 8192K >"$i/size"
fi
exec "$@"
EOF
# queue PREFIX: lines "WEIGHT KEY WHAT..." on stdin, heaviest first,
# their "KEY WHAT..." to the file PREFIX, which every worker reads: a
# line is run by the first worker to claim its KEY, so that one that
# drew short runs takes more of them (a deal by weight left a worker
# running for seconds after the others, the weights being guesses)
queue() {
	sort -k1,1rn -k2,2 | cut -d' ' -f2- >"$1"
	mkdir "$1.claims"
}
# claim KEY, in a worker: whether it is the first to claim KEY, whose
# file in $CLAIMS it made (O_EXCL, noclobber: no process started)
cat >"$work/claim.sh" <<'EOF'
claim() {
	set -C
	{ true >"$CLAIMS/$1"; } 2>/dev/null
	_claimed=$?
	set +C
	return "$_claimed"
}
EOF
# workers SCRIPT PREFIX: SCRIPT $jobs times side by side (in_namespace),
# each reading the queue PREFIX, its output to PREFIX.J.out; returns once
# all have ended
workers() {
	_j=0
	while [ "$_j" -lt "$jobs" ]; do
		# shellcheck disable=SC2094 # reads PREFIX, writes PREFIX.J.out
		in_namespace "$_j" "$2" "$1" <"$2" >"$2.$_j.out" 2>&1 &
		_j=$((_j + 1))
	done
	wait
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
# ctx reaps its ring in teardown (proc_reap): a wait4(WNOHANG) over every
# process, then a 1 ms nanosleep, until all are gone.  With 16 processes
# that is at least 16 calls a figure, past the count that tells a
# teardown's loop from a timed call, and how many more follows how slowly
# a loaded machine ends the ring, at times four times as many at the
# longer samples (wait4 then looked timed and failed the test under
# load).  The ring's operation is its pipes' reads and writes; with
# wait4 refused the loop kills the ring at once, and what is left behind
# is still checked here
tolerated="$tolerated ctx:wait4 ctx:nanosleep ctx:clock_nanosleep"
for c in getcwd getegid geteuid getgid getpid getppid getuid rt_sigprocmask; do
	tolerated="$tolerated sh:$c"
done
modules=$("$OSBENCH" list | awk -F'\t' '$2 ~ /module/ { print $1 }')
# ctx's figures: a ring of 2 processes and one of 16, not its seven
# points (the same calls, with three times the processes); two, so that
# a call it makes once a figure still counts apart from null's
export CTX_POINTS="--procs 2,16 --size 16"
# each module's calls at two sample lengths, in one round (the first
# round always runs: no count is cut short by the time budget), the
# modules side by side
{ cat "$work/claim.sh"; cat <<'EOF'; } >"$work/list.sh"
while read -r m; do
	claim "$m" || continue
	points=
	[ "$m" = ctx ] && points=$CTX_POINTS
	for t in 1 16; do
		# shellcheck disable=SC2086
		strace -f -c -o "$WORK/st.$m.$t" "$OSBENCH" run -r 1 -t "$t" "$m" $points \
			>/dev/null 2>&1 </dev/null
	done
done
EOF
for m in $modules; do
	case $m in ctx) echo "3 $m" ;; *) echo "1 $m" ;; esac
done | queue "$work/mods"
workers "$work/list.sh" "$work/mods"
# "module call count count16": every call a module made in the samples
# sixteen times as long, with how many it made in both ("-": none)
awk 'FNR == 1 { n = split(FILENAME, p, "."); m = p[n - 1]; t = p[n] }
	FNR > 2 && $NF ~ /^[a-z_0-9]+$/ && $NF != "total" {
		count[m " " $NF, t] = $4
		if (t == 16) made[m " " $NF] = 1
	}
	END { for (k in made) print k, ((k, 1) in count ? count[k, 1] : "-"), count[k, 16] }' \
	"$work"/mods.*.work/st.*.1 "$work"/mods.*.work/st.*.16 | sort >"$work/counts"
# a timed call: many more of them in samples sixteen times as long, and
# made in every iteration, so at least eight times in a round of 1 ms
# samples (three to calibrate, the warm-up, three, the tail): fewer is a
# teardown's wait loop (wait4, nanosleep), whose count follows how slowly
# the machine ends a peer, not the samples.  A call every module makes is
# the harness's; as often as the null module makes it, or as seldom as
# the module that makes it least, at both lengths, the harness's alone,
# denied under null only (one a module adds, as sighndl adds a getpid(),
# raises the count; some counts change from run to run, and a call
# counted apart once is denied under the module).  Null's count alone
# misses a call null times: the harness's own getppid() was denied under
# every module, the costliest run of all
awk -v startup=" $startup " -v nmod="$(echo $modules | wc -w)" '
	{
		m[NR] = $1; c[NR] = $2; n1[NR] = $3; n16[NR] = $4; makers[$2]++
		if (!($2 in min1) || $3 + 0 < min1[$2]) min1[$2] = $3 + 0
		if (!($2 in min16) || $4 + 0 < min16[$2]) min16[$2] = $4 + 0
	}
	$1 == "null" { null1[$2] = $3; null16[$2] = $4 }
	END {
		for (i = 1; i <= NR; i++) {
			if (index(startup, " " c[i] " ")) continue
			op = n1[i] != "-" && n1[i] >= 8 && n16[i] > 2 * n1[i] + 10
			if (!op && m[i] != "null" && makers[c[i]] == nmod &&
			    (n1[i] == null1[c[i]] && n16[i] == null16[c[i]] ||
			     n1[i] + 0 == min1[c[i]] && n16[i] + 0 == min16[c[i]])) continue
			print m[i], c[i], op
		}
	}' "$work/counts" >"$work/wanted"
unnamed=
for c in $(cut -d' ' -f2 "$work/wanted" | sort -u); do
	"$DENY" "$c" true 2>/dev/null || unnamed="$unnamed $c"
done
awk -v unnamed="$unnamed " 'index(unnamed, " " $2 " ") == 0' "$work/wanted" >"$plan"
[ -n "$unnamed" ] && echo "skip bystander: calls the deny program cannot name:$unnamed"
[ -s "$plan" ] || {
	fail "bystander: no calls to deny (strace saw nothing)"
	end_here
}

# one line per call, "call module:op ...", the calls of most modules
# first, each taken by the first namespace free
awk '{ line[$2] = line[$2] " " $1 ":" $3; n[$2]++ }
	END { for (c in line) print n[c], c line[c] }' "$plan" | queue "$work/batch"

# inside a namespace: one line per module and denied call, "module call
# verdict"
{ cat "$work/claim.sh"; cat <<'EOF'; } >"$work/inner.sh"
sleep 1000 &
bystander=$!
ours() { # processes still running osbench, by name (a zombie runs nothing:
	# with wait4 refused nobody can reap it until it is reparented)
	# read by the shell itself: a cat and a sed for each process, after
	# every run, added up
	for p in /proc/[0-9]*/comm; do
		name=
		{ read -r name <"$p"; } 2>/dev/null
		case $name in
		osbench | osbench-helper)
			st=
			{ read -r st <"${p%/comm}/stat"; } 2>/dev/null
			st=${st##*) }
			[ "${st%% *}" = Z ] || echo "$p" ;;
		esac
	done
}
settled() { # ours, after giving a killed process a moment to go
	n=0
	while [ -n "$(ours)" ] && [ "$n" -lt 10 ]; do sleep 0.05; n=$((n + 1)); done
	ours
}
statuses() { # the status of each figure in the long format
	awk -F'\t' '
		$1 == "table" && $2 == "column" { for (i = 1; i <= NF; i++) col[$i] = i; next }
		col["module"] { print $col["status"] }' "$WORK/o"
}
# try CALL MODULE...: one run of the modules with CALL denied; $why says
# what broke that they share, $rc and $refused what the run did
try() {
	c=$1
	shift
	points=
	case " $* " in *" ctx "*) points=$CTX_POINTS ;; esac
	# shellcheck disable=SC2086
	timeout -s KILL $((20 + 10 * $#)) "$DENY" "$c" "$OSBENCH" run -r 1 -t 1 --ops 2 -f long "$@" $points \
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
verdicts() { # MODULE:OP...: the verdict on each module of the last try,
	# all in one awk: one a module was as many processes as the run
	_mo=
	for mo in "$@"; do
		op=${mo#*:}
		case " $TOLERATED " in *" ${mo%:*}:$c "*) op=0 ;; esac
		_mo="$_mo ${mo%:*}:$op"
	done
	awk -F'\t' -v mo="$_mo" -v c="$c" -v why="$why" -v rc="$rc" -v refused="$refused" '
		FILENAME == ARGV[1] {
			if ($1 == "table" && $2 == "column") { for (i = 1; i <= NF; i++) col[$i] = i; next }
			if (col["module"] && $col["status"] == "fail") failed[$col["module"]] = 1
			next
		}
		# a reason names its module: "osbench: MODULE: ..." or "osbench: MODULE ..."
		/^osbench: / && match(substr($0, 10), /^[^: ]+[: ]/) { said[substr($0, 10, RLENGTH - 1)] = 1 }
		END {
			n = split(mo, a, " ")
			for (i = 1; i <= n; i++) {
				split(a[i], p, ":")
				v = why
				if (v == "" && p[2] == 1 && refused == 0) {
					if (rc != 1 || !(p[1] in failed))
						v = "a timed call failed and the figure was not fail (exit " rc ")"
					else if (!(p[1] in said))
						v = "fail with no reason on stderr"
				}
				print p[1], c, (v == "" ? "held" : v)
			}
		}' "$WORK/o" "$WORK/e"
}
while read -r call rest; do
	claim "$call" || continue
	mods=
	for mo in $rest; do mods="$mods ${mo%:*}"; done
	# shellcheck disable=SC2086
	try "$call" $mods
	if [ -n "$why" ] && [ "$(echo $mods | wc -w)" -gt 1 ]; then
		# what they share broke: which module breaks it
		for mo in $rest; do
			try "$call" "${mo%:*}"
			verdicts "$mo"
		done
		continue
	fi
	# shellcheck disable=SC2086
	verdicts $rest
done
kill "$bystander"
EOF
export TOLERATED="$tolerated"
workers "$work/inner.sh" "$work/batch"
cat "$work"/batch.*.out >"$work/verdicts"
# each module: the calls planned for it, those that ran, those that broke
echo "$modules" >"$work/modules"
# (and whether it made any call: one whose calls are all the harness's,
# as a module that computes in memory, has none planned, and is seen to
# run by those)
awk 'FILENAME == ARGV[1] { want[$1]++; next }
	FILENAME == ARGV[2] { ran[$1]++; if ($3 != "held") bad[$1]++; next }
	FILENAME == ARGV[3] { made[$1] = 1; next }
	{ print $1, want[$1] + 0, ran[$1] + 0, bad[$1] + 0, made[$1] + 0 }' \
	"$plan" "$work/verdicts" "$work/counts" "$work/modules" >"$work/tally"
while read -r m want ran bad made; do
	if [ "$bad" -eq 0 ] && [ "$ran" -eq "$want" ] && [ "$ran" -gt 0 ]; then
		ok "bystander: $m: $ran calls denied, each held"
	elif [ "$want" -eq 0 ] && [ "$ran" -eq 0 ] && [ "$made" -eq 1 ]; then
		ok "bystander: $m: no calls but the harness's (denied under null)"
	else
		fail "bystander: $m: $ran of $want calls ran; broke:"
		awk -v m="$m" '$1 == m && $3 != "held" { print "# " $0 }' "$work/verdicts"
	fi
done <"$work/tally"
finish
