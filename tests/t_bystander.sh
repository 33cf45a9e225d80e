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
# the module.  The engine is tests/lib-bystander.sh, and what it knows of
# a module comes from the module's descriptor (`osbench list`).
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
. "$(dirname "$0")/lib-bystander.sh"
# the calls osbench itself cannot start without, before any module runs:
# denying them tests the dynamic loader and libc, not osbench
startup="execve brk arch_prctl mmap mprotect munmap set_tid_address \
set_robust_list rseq prlimit64 exit_group access openat read close fstat \
newfstatat pread64 getrandom restart_syscall"
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
	cat "$0" "$(dirname "$0")/lib-bystander.sh"; } | cksum | cut -d' ' -f1) ${libc:-unknown} $(uname -r)"
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
