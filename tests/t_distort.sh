#!/bin/sh
# A figure something took the CPU from is marked distorted, per figure,
# in long and json and by a warning, and check and ab never call it ok,
# slower or faster.  The disturbances are made here: a process named
# osbench pinned to the measuring CPU, and a busy loop on that CPU while
# the run has the lowest priority.
. "$(dirname "$0")/lib.sh"

fx="$(cd "$(dirname "$0")/fixtures" && pwd)"
cd "$work" || exit 2

# the cell of COLUMN in the row of TABLE/COL of a long file
long_cell() { # FILE TABLE COLUMN WANTED-COLUMN
	awk -F'\t' -v t="$2" -v c="$3" -v w="$4" '/^#/ { next }
		!h { for (i = 1; i <= NF; i++) k[$i] = i; h = 1; next }
		$k["table"] == t && $k["column"] == c { print $k[w]; exit }' "$1"
}

# --- check: a distorted figure on either side is unclear, with why
mk() { # FILE VALUE DISTORTED
	printf 'syscall|null call|null|us|%s,%s,%s|-|%s\nsyscall|stat|stat|us|1,1.01,0.99\n' \
		"$2" "$2" "$2" "$3" | mkruns "$1"
}
mk base.long 0.2 no
mk cur.long 0.4 'waited for its cpu 93% of the time'
run check base.long cur.long
verdict() { grep "^syscall${T}$1${T}" "$work/out" | awk -F'\t' '{ print $NF }'; }
check "check distorted current: 2x is unclear, not slower" [ "$(verdict 'null call')" = unclear ]
check "check distorted current: the note says why" \
	grep -qF "current distorted: waited for its cpu 93% of the time" "$work/out"
check "check distorted current: the calm figure is judged" [ "$(verdict stat)" = ok ]
check "check distorted current: exit 0 (nothing slower)" [ "$rc" -eq 0 ]
mk cur.long 0.2 no
mk base.long 0.2 'osbench (pid 7) pinned to the same cpu'
run check base.long cur.long
check "check distorted baseline: unchanged is unclear, not ok" [ "$(verdict 'null call')" = unclear ]
check "check distorted baseline: the note says so" \
	grep -qF "baseline distorted: osbench (pid 7) pinned to the same cpu" "$work/out"
run check --strict base.long cur.long
check "check --strict: a distorted figure fails the check" [ "$rc" -eq 1 ]

# --- with each run's fastest sample to judge by, a distorted figure is
# judged, and only the way the distortion goes is held back
mkf() { # FILE FASTEST DISTORTED
	printf 'syscall|null call|null|us|4,4,4.1|%s|%s\nsyscall|stat|stat|us|1,1.01,1.02|0.9,0.91,0.92\n' \
		"$2" "$3" | mkruns "$1"
}
mkf fa.long 0.2,0.202,0.198 no
mkf fb.long 0.4,0.404,0.396 'waited for its cpu 60% of the time'
run check fa.long fb.long
check "check fastest distorted current: 2x slower held back, unclear, exit 0" \
	[ "$rc $(verdict 'null call')" = "0 unclear" ]
check "check fastest distorted current: the note says what was seen and why not" \
	grep -qF "slower by its runs' fastest samples, but current distorted: waited for its cpu 60% of the time" "$work/out"
mkf fb.long 0.2,0.201,0.199 'waited for its cpu 60% of the time'
run check fb.long fa.long
check "check fastest distorted baseline: unchanged is ok" [ "$rc $(verdict 'null call')" = "0 ok" ]
check "check fastest distorted baseline: the note says what it was judged by" \
	grep -qF "baseline distorted, judged by its runs' fastest samples" "$work/out"
mkf fb.long 0.1,0.101,0.099 'waited for its cpu 60% of the time'
run check fb.long fa.long
check "check fastest distorted baseline: 2x slower now still slower" [ "$rc $(verdict 'null call')" = "1 slower" ]

# --- the table format: a mark under the table, read back by check
printf '# osbench 0.2.0\n# host: alpha\n\n# syscall: x\nHost\tOS\tnull call\tstat\nalpha\tLinux\t0.1000\t0.5000\n# distorted: null call: waited for its cpu 50%% of the time\n# scatters: stat: cv 30%%\n# end: 2 figures\n' >marked-a.tsv
printf '# osbench 0.2.0\n# host: alpha\n\n# syscall: x\nHost\tOS\tnull call\tstat\nalpha\tLinux\t0.3000\t1.500\n# end: 2 figures\n' >marked-b.tsv
run check marked-a.tsv marked-b.tsv
check "table mark: a distorted cell 3x is unclear, with why" \
	grep -q "^syscall${T}null call${T}.*${T}baseline distorted: waited for its cpu 50% of the time${T}runs${T}unclear\$" "$work/out"
check "table mark: the unmarked cell 3x is slower" [ "$(verdict stat)" = slower ]
run compare marked-a.tsv marked-b.tsv
check "table mark: compare reads a marked file" [ "$rc" -eq 0 ]

# --- run: the columns, and json's keys
run run -f long -q null
check "run long: wait_pct, steal_pct, throttled_pct and distorted columns" \
	sh -c 'grep -v "^#" "$1" | head -n 1 | tr "\t" "\n" | grep -cxE "wait_pct|steal_pct|throttled_pct|distorted" | grep -qx 4' _ "$work/out"
w=$(long_cell "$work/out" syscall 'null call' wait_pct)
check "run long: wait_pct a share or -" sh -c 'echo "$1" | grep -qxE "[0-9]+\.[0-9]|-"' _ "$w"
d=$(long_cell "$work/out" syscall 'null call' distorted)
check "run long: distorted is no or a reason" [ -n "$d" ]
run run -f json -q null
check "run json: distorted is a string" grep -qE '"distorted": "[^"]*"' "$work/out"

# --- the disturbances themselves need two CPUs, CPU 0 allowed, taskset
cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
if [ "$cpus" -lt 2 ] || ! command -v taskset >/dev/null 2>&1 || ! taskset -c 0 true 2>/dev/null ||
	! taskset -c "$((cpus - 1))" true 2>/dev/null; then
	echo "skip distort peer and busy loop: needs two CPUs, CPU 0 and taskset"
	finish
	exit 0
fi

# another osbench pinned to the measuring CPU (a sleeping stand-in: the
# name and the pinning are what a run can see)
mkdir "$work/peer" && cp "$(command -v sleep)" "$work/peer/osbench" || exit 2
# the last CPU: the one other default runs take last
last=$((cpus - 1))
# a stand-in is seen once it is one: exec'd under its name (taskset
# first runs as itself, for long on a loaded machine)
seen_as_osbench() { # PID
	wait_until 5 sh -c '[ "$(cat "/proc/$1/comm" 2>/dev/null)" = osbench ]' _ "$1"
}
taskset -c "$last" "$work/peer/osbench" 60 &
peer=$!
seen_as_osbench "$peer"
run run -f long -q --cpu "$last" null
check "peer: the run still succeeds" [ "$rc" -eq 0 ]
d=$(long_cell "$work/out" syscall 'null call' distorted)
check "peer: the figure is distorted by the pinned osbench" \
	sh -c 'echo "$1" | grep -qE "osbench \(pids? ([0-9]+, )*$2(, [0-9]+)*\) pinned to the same cpu"' _ "$d" "$peer"
check "peer: and a warning names the figure" \
	grep -qF "osbench: warning: null is distorted: " "$work/err"
v=$(long_cell "$work/out" syscall 'null call' value_us)
check "peer: the figure is still printed" positive "$v"
# a round sees the peer once it looks (at most once a second): up to
# three runs, for the one whose figure was found distorted
for try in 1 2 3; do
	run run -q --cpu "$last" null
	grep -q "^# distorted: null call: " "$work/out" && break
done
check "peer table: the distorted cell is marked under its table" \
	sh -c 'grep -A2 "^Host${1}OS${1}Mhz${1}null call\$" "$2" | tail -n 1 |
		grep -qE "^# distorted: null call: (.*, )?osbench \(pids? [0-9, ]+\) pinned to the same cpu"' _ "$T" "$work/out"
cp "$work/out" "$work/marked.tsv"
run check "$work/marked.tsv" "$work/marked.tsv"
check "peer table: check reads the mark back: unclear, with why" \
	grep -q "^syscall${T}null call${T}.*${T}baseline distorted: .*osbench (pid.*${T}unclear\$" "$work/out"
run ab -q "$OSBENCH" "$OSBENCH" --cpu "$last" --placement same null
check "peer: ab calls the figure unclear" \
	sh -c 'grep "^syscall${T}null call${T}" "$1" | awk -F"\t" "{ exit \$NF != \"unclear\" }"' _ "$work/out"
check "peer: ab warns why" grep -qF "osbench: warning: ab: syscall/null call: A distorted: " "$work/err"
kill "$peer" 2>/dev/null
wait "$peer" 2>/dev/null
run run -f long -q --cpu "$last" null
d=$(long_cell "$work/out" syscall 'null call' distorted)
check "peer gone: it is no longer named" sh -c '! echo "$1" | grep -qE "[ ,]$2[,)]"' _ "$d" "$peer"

# a zombie osbench pinned to the last CPU, its parent not reaping it (as
# under a pid 1 that does not reap): it takes no CPU, so it is no peer
python3 -c '
import os, signal, sys
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
pid = os.fork()
if pid == 0:
    os.sched_setaffinity(0, {int(sys.argv[1])})
    os.execv(sys.argv[2], [sys.argv[2], "0"])
signal.sigwait({signal.SIGTERM})
os.waitpid(pid, 0)
' "$last" "$work/peer/osbench" &
keeper=$!
zombie=
i=0
while [ -z "$zombie" ] && [ "$i" -lt 200 ]; do
	for p in $(ps -o pid= --ppid "$keeper" 2>/dev/null); do
		[ "$(cat "/proc/$p/comm" 2>/dev/null)" = osbench ] &&
			grep -q "^State:[[:space:]]*Z" "/proc/$p/status" 2>/dev/null && zombie=$p
	done
	[ -n "$zombie" ] || sleep 0.05
	i=$((i + 1))
done
check "zombie peer: a zombie osbench pinned to cpu $last is there" [ -n "$zombie" ]
run run -f long -q --cpu "$last" null
d=$(long_cell "$work/out" syscall 'null call' distorted)
check "zombie peer: it is not named" sh -c '! echo "$1" | grep -qE "[ ,]$2[,)]"' _ "$d" "${zombie:-0}"

# without --cpu a run measures on a CPU no other osbench is pinned to
# (the zombie on the last CPU still there: it does not take that CPU)
taskset -c 0 "$work/peer/osbench" 60 &
peer0=$!
seen_as_osbench "$peer0"
run run -f long -q null
kill "$peer0" "$keeper" 2>/dev/null
wait "$peer0" 2>/dev/null
wait "$keeper" 2>/dev/null
check "zombie peer: its parent reaped it" [ ! -e "/proc/${zombie:-0}" ]
d=$(long_cell "$work/out" syscall 'null call' distorted)
# with every CPU taken by some osbench (another test suite beside this
# one) the run takes CPU 0 as documented, and the reason names others too
if echo "$d" | grep -qE "pids? ([0-9]+, )*[0-9]+\)" &&
	echo "$d" | sed 's/.*(pids\{0,1\} //; s/).*//; s/,//g' | tr ' ' '\n' | grep -qvx "$peer0"; then
	skip "peer on cpu 0: another osbench was pinned on every other CPU ($d)"
else
	check "peer on cpu 0: a run without --cpu measures elsewhere" \
		sh -c '! echo "$1" | grep -qE "[ ,]$2[,)]"' _ "$d" "$peer0"
fi

# a busy loop on CPU 0 at normal priority, the run at the lowest: it
# waits for its CPU nearly all the time
taskset -c 0 sh -c 'while :; do :; done' &
hog=$!
run_low() { nice -n 19 "$OSBENCH" "$@" >"$work/out" 2>"$work/err" </dev/null; rc=$?; }
run_low run -f long -q --cpu 0 null
kill "$hog" 2>/dev/null
wait "$hog" 2>/dev/null
d=$(long_cell "$work/out" syscall 'null call' distorted)
check "busy loop: the figure is distorted by the wait for its cpu" \
	sh -c 'echo "$1" | grep -qE "^waited for its cpu [0-9]+% of the time"' _ "$d"
w=$(long_cell "$work/out" syscall 'null call' wait_pct)
check "busy loop: wait_pct above the limit" awk -v w="$w" 'BEGIN { exit !(w + 0 > 40) }'
check "busy loop: nothing left" tmp_empty
check "busy loop: no process left" no_process_left

# a cgroup whose CPU quota is a tenth of a CPU: the run is throttled
# (cgroup v1's cpu controller or v2's cpu.max; root only)
cg=
if [ "$(id -u)" -eq 0 ] && [ -w /sys/fs/cgroup/cpu ] && [ -f /sys/fs/cgroup/cpu/cpu.cfs_quota_us ]; then
	cg=/sys/fs/cgroup/cpu/osbench-test-$$
	mkdir "$cg" && echo 100000 >"$cg/cpu.cfs_period_us" && echo 10000 >"$cg/cpu.cfs_quota_us" || cg=
elif [ "$(id -u)" -eq 0 ] && grep -qw cpu /sys/fs/cgroup/cgroup.subtree_control 2>/dev/null; then
	cg=/sys/fs/cgroup/osbench-test-$$
	mkdir "$cg" && echo "10000 100000" >"$cg/cpu.max" || cg=
fi
if [ -z "$cg" ]; then
	echo "skip distort cgroup throttling: needs root and a writable cpu controller"
else
	# 20 ms samples: each one outlasts the 10 ms a period allows, so
	# every round is throttled (1 ms ones may fit in a period's share)
	sh -c 'echo $$ >"$1/cgroup.procs" && exec "$2" run -f long -q -t 20 null' _ "$cg" "$OSBENCH" \
		>"$work/out" 2>"$work/err" </dev/null
	rc=$?
	rmdir "$cg"
	d=$(long_cell "$work/out" syscall 'null call' distorted)
	check "cgroup quota: the figure is distorted by throttling" \
		sh -c 'echo "$1" | grep -qE "cgroup throttled [0-9]+% of the time"' _ "$d"
	t=$(long_cell "$work/out" syscall 'null call' throttled_pct)
	check "cgroup quota: throttled_pct above the limit" awk -v t="$t" 'BEGIN { exit !(t + 0 > 1) }'
	check "cgroup quota: the cgroup is gone" [ ! -d "$cg" ]
fi
finish
