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
# Bounded (a few seconds on two CPUs).  Listing the calls costs more than
# denying them, so tests/syscalls keeps the listing (make syscalls writes
# it) with a stamp of what it follows from: the sources, this script, the
# libc and the kernel.  Where the stamp is this tree's, the listing is
# taken as it is; where not, each module's run is checked against it
# under a filter that names any call it does not list, and a module that
# makes one as often as an operation could is listed afresh
# (BYSTANDER_LIST=fresh lists them all afresh, as CI does once).  Every
# deny run is one round of samples of two iterations (--ops 2: no
# calibration, the same calls); each call is denied once for all the
# modules that make it (one run, their figures told apart in the long
# format), and those runs are taken in turn by a pid namespace a CPU,
# each with its own bystander and TMPDIR (see in_namespace).  A run that
# breaks what its modules share (the bystander, the exit status, what is
# left behind) is run again module by module, so that the verdict names
# the module.
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
# side by side: one a CPU (two a CPU, or two where a virtual machine's
# two CPUs share the kernel's work, took longer: the runs are mostly
# process creation and page faults)
jobs=$ncpus
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
# list MODULE...: their calls by strace, as "module call count count16"
# lines: every call a module made in the samples sixteen times as long,
# with how many it made in both ("-": none)
list() {
	for m in "$@"; do
		case $m in ctx) echo "3 $m" ;; *) echo "1 $m" ;; esac
	done | queue "$work/mods"
	workers "$work/list.sh" "$work/mods"
	awk 'FNR == 1 { n = split(FILENAME, p, "."); m = p[n - 1]; t = p[n] }
		FNR > 2 && $NF ~ /^[a-z_0-9]+$/ && $NF != "total" {
			count[m " " $NF, t] = $4
			if (t == 16) made[m " " $NF] = 1
		}
		END { for (k in made) print k, ((k, 1) in count ? count[k, 1] : "-"), count[k, 16] }' \
		"$work"/mods.*.work/st.*.1 "$work"/mods.*.work/st.*.16 | sort
}
# The listing kept, per machine and libc (see the top): BYSTANDER_LIST
# =saved (the default) takes it, =fresh lists every module afresh (CI
# does, so that a call a module starts to time is seen as timed), =write
# also writes it for this machine and libc (make syscalls)
libc=$("$OSBENCH" run -r 1 -t 1 --ops 2 -f long null 2>/dev/null </dev/null |
	awk '$1 == "#" && $2 == "libc:" { $1 = $2 = ""; print substr($0, 3); exit }')
manifest="$(cd "$(dirname "$0")" && pwd)/syscalls/$(uname -m)-${libc%% *}"
# what a listing follows from: the sources, this test's commands, the
# libc and the kernel.  A saved listing of the same is what listing
# again would find, and is taken unchecked
stamp="$({ find "$src" -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort | xargs cat
	cat "$0"; } | cksum | cut -d' ' -f1) ${libc:-unknown} $(uname -r)"
mode=${BYSTANDER_LIST:-saved}
case $mode in
saved | fresh | write) ;;
*)
	fail "bystander: BYSTANDER_LIST is '$mode', not saved, fresh or write"
	end_here ;;
esac
if [ "$mode" = saved ] && [ ! -s "$manifest" ]; then
	echo "# bystander: no saved listing for $(basename "$manifest"): every module listed afresh"
	mode=fresh
fi
if [ "$mode" = saved ] && ! "$DENY" -l getpid -o /dev/null true 2>/dev/null; then
	echo "# bystander: no seccomp listener here: every module listed afresh"
	mode=fresh
fi
if [ "$mode" != saved ]; then
	command -v strace >/dev/null 2>&1 || skip_all "strace is not installed (Debian: strace)"
fi
{ cat "$work/claim.sh"; cat <<'EOF'; } >"$work/verify.sh"
while read -r m calls; do
	claim "$m" || continue
	points=
	[ "$m" = ctx ] && points=$CTX_POINTS
	# shellcheck disable=SC2086
	"$DENY" -l "$calls" -o "$WORK/unlisted.$m" "$OSBENCH" run -r 1 -t 1 --ops 2 -f long "$m" $points \
		>/dev/null 2>&1 </dev/null
	rc=$?
	# 3 and above: deny's own trouble, or a crash; a run that broke off
	# early (1, 2) made fewer calls, never more
	[ "$rc" -gt 2 ] && echo "(status $rc)" >>"$WORK/unlisted.$m"
done
EOF
# unnameable CALL...: those the deny program has no name for (all of
# them named, the common case, is one run of it)
unnameable() {
	[ $# -eq 0 ] && return
	"$DENY" -l "$(echo "$@" | tr ' ' ',')" -o /dev/null true 2>/dev/null && return
	for _c in "$@"; do
		"$DENY" "$_c" true 2>/dev/null || printf ' %s' "$_c"
	done
}
# verify: each module run once (the deny runs' own command) under a
# filter that lets its saved calls go unseen and names any other: a line
# "module call count" for each other call it made, "module -" for a
# module whose check did not run or broke
verify() {
	awk -v mods="$(echo $modules)" -v startup="$(echo $startup | tr ' ' ',')" \
		-v skip=" $(unnameable $(cut -d' ' -f2 "$work/counts" | sort -u)) " '
		!index(skip, " " $2 " ") { calls[$1] = calls[$1] "," $2 }
		END {
			n = split(mods, m, " ")
			for (i = 1; i <= n; i++)
				print (m[i] ~ /^(ctx|sh|pagefault|bw.*)$/ ? 3 : 1), m[i], startup calls[m[i]]
		}' "$work/counts" | queue "$work/checked"
	workers "$work/verify.sh" "$work/checked"
	_files=$(ls "$work"/checked.*.work/unlisted.* 2>/dev/null)
	# shellcheck disable=SC2086 # the files, one a word (none: /dev/null)
	awk -v mods="$(echo $modules)" -v files="$_files" '
		BEGIN {
			n = split(files, f, "\n")
			for (i = 1; i <= n; i++) { k = split(f[i], p, "."); ran[p[k]] = 1 }
		}
		FNR == 1 { k = split(FILENAME, p, "."); m = p[k] }
		/^\(status/ { broke[m] = 1; next }
		{ print m, $1, $2 }
		END {
			n = split(mods, all, " ")
			for (i = 1; i <= n; i++)
				if (!(all[i] in ran) || all[i] in broke) print all[i], "-"
		}' $_files /dev/null
}
if [ "$mode" = saved ]; then
	grep -v '^#' "$manifest" >"$work/counts"
	if [ "$(sed -n 's/^# stamp: //p' "$manifest")" = "$stamp" ]; then
		: >"$work/unlisted"
	else
		echo "# bystander: $(basename "$manifest") was listed from other sources, libc or kernel: checked (make syscalls lists anew)"
		verify >"$work/unlisted"
	fi
	# a call made a few times (glibc's qsort() asks sysinfo() for the
	# memory once a process, when it first sorts much; a thread's stack
	# is given back with madvise() when the thread has gone) is no
	# timed call, and is denied as the module's own; one made as often
	# as an operation could be, or a module the listing does not know
	# or whose check broke, is listed afresh
	relist=$(awk '$2 == "-" || $3 >= 8 { print $1 }' "$work/unlisted" | sort -u)
	relist="$relist $(awk -v mods="$(echo $modules)" '{ known[$1] = 1 }
		END { n = split(mods, m, " "); for (i = 1; i <= n; i++) if (!(m[i] in known)) print m[i] }' \
		"$work/counts")"
	relist=$(echo $relist)
	if [ -n "$relist" ]; then
		for m in $relist; do
			echo "# bystander: $m listed afresh (make syscalls writes the listing anew):" \
				$(awk -v m="$m" '$1 == m { print $2 == "-" ? "its check broke" : $2 " " $3 "," }' "$work/unlisted")
		done
		command -v strace >/dev/null 2>&1 || skip_all "strace is not installed (Debian: strace)"
		# shellcheck disable=SC2086
		list $relist >"$work/relisted"
		awk -v mods=" $(echo $relist) " 'FILENAME == ARGV[1] || !index(mods, " " $1 " ")' \
			"$work/relisted" "$work/counts" >"$work/counts.new"
		mv "$work/counts.new" "$work/counts"
	fi
	awk 'FILENAME == ARGV[1] { have[$1 " " $2] = 1; next }
		$2 != "-" && !(($1 " " $2) in have) { print $1, $2, "-", $3 }' \
		"$work/counts" "$work/unlisted" >>"$work/counts"
	sort -o "$work/counts" "$work/counts"
else
	# shellcheck disable=SC2086
	list $modules >"$work/counts"
fi
# only the modules this build has
awk -v mods=" $(echo $modules) " 'index(mods, " " $1 " ")' "$work/counts" >"$work/counts.new"
mv "$work/counts.new" "$work/counts"
if [ "$mode" = write ]; then
	mkdir -p "$(dirname "$manifest")"
	{
		echo "# the system calls of each osbench module, as t_bystander.sh lists them:"
		echo "# module, call, count in 1 ms samples ('-': none), count in 16 ms samples"
		echo "# written by make syscalls from $("$OSBENCH" --version | head -n 1) on $(uname -sr)"
		echo "# stamp: $stamp"
		cat "$work/counts"
	} >"$manifest.tmp" && mv "$manifest.tmp" "$manifest"
fi
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
unnamed=$(unnameable $(cut -d' ' -f2 "$work/wanted" | sort -u))
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
ours() { # $left: the processes still running osbench, by name (a
	# zombie runs nothing: with wait4 refused nobody can reap it until
	# it is reparented); read with the shell's own read, in this shell:
	# a process started for each, after every run, added up to seconds
	left=
	for p in /proc/[0-9]*/comm; do
		name=
		{ read -r name <"$p"; } 2>/dev/null
		case $name in
		osbench | osbench-helper)
			st=
			{ read -r st <"${p%/comm}/stat"; } 2>/dev/null
			st=${st##*) }
			[ "${st%% *}" = Z ] || left="$left $p" ;;
		esac
	done
}
settled() { # ours, after giving a killed process a moment to go
	n=0
	ours
	while [ -n "$left" ] && [ "$n" -lt 10 ]; do
		sleep 0.05
		n=$((n + 1))
		ours
	done
}
# tmp_left: $stray, what is left in TMPDIR, by the shell's own glob
tmp_left() {
	stray=
	for f in "$TMPDIR"/* "$TMPDIR"/.[!.]* "$TMPDIR"/..?*; do
		if [ -e "$f" ] || [ -L "$f" ]; then stray="$stray ${f##*/}"; fi
	done
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
	settled
	[ -z "$why" ] && [ -n "$left" ] && why="left running:$left"
	tmp_left
	[ -z "$why" ] && [ -n "$stray" ] && why="left in TMPDIR:$stray"
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
	for p in $left; do
		p=${p#/proc/}
		kill -KILL "${p%/comm}" 2>/dev/null
	done
	[ -n "$stray" ] && rm -rf "$TMPDIR"/* "$TMPDIR"/.[!.]* "$TMPDIR"/..?* 2>/dev/null
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
	# shellcheck disable=SC2086
	set -- $mods
	if [ -n "$why" ] && [ $# -gt 1 ]; then
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
