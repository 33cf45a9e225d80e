#!/bin/sh
# Hardening: every fault is a `fail` cell with a reason or a clear error,
# the rest of the run goes on, and nothing is left behind.
. "$(dirname "$0")/lib.sh"

# the cell of COLUMN in the table whose header line contains it
cell_of() { # COLUMN
	awk -F'\t' -v c="$1" '$1 == "Host" { col = 0; for (i = 1; i <= NF; i++) if ($i == c) col = i
		if (col) { getline; print $col; exit } }' "$work/out"
}
# strerror wording differs between C libraries (glibc, musl): needles are
# extended regular expressions, with alternatives where the wording differs
EMFILE='(Too many open files|No file descriptors available)'
ENETUNREACH='(Network is unreachable|Network unreachable)'
fails_with() { # NAME COLUMN STDERR-ERE
	if [ "$rc" -eq 1 ] && [ "$(cell_of "$2")" = fail ] && grep -qE -- "$3" "$work/err"; then
		ok "$1"
	else
		fail "$1: exit $rc, cell '$(cell_of "$2")', stderr: $(head -c 300 "$work/err")"
	fi
}
measured() { # NAME COLUMN
	v=$(cell_of "$2")
	case $v in fail | - | "") fail "$1: cell '$v'" ;; *) ok "$1" ;; esac
}

# --- process limit: fork, exec, sh, ctx and thread sweeps
if is_root && command -v prlimit >/dev/null 2>&1 && command -v setpriv >/dev/null 2>&1; then
	# nobody must reach its TMPDIR and the binary
	chmod 755 "$work" "$work/bin"
	chmod 777 "$TMPDIR"
	prlimit --nproc=2:2 setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$OSBENCH" run -q fork exec sh ctx >"$work/out" 2>"$work/err"
	rc=$?
	fails_with "faults nproc: fork proc fails" "fork proc" "fork: Resource temporarily unavailable"
	fails_with "faults nproc: exec proc fails" "exec proc" "exec: fork: Resource temporarily unavailable"
	fails_with "faults nproc: 8p ctx fails" "8p/16K ctxsw" "ctx procs=8 size_kb=16: fork: Resource temporarily unavailable"
	# the error alone does not say which limit
	fails_with "faults nproc: the reason names the limit" "fork proc" \
		"^osbench: fork: fork: Resource temporarily unavailable \(RLIMIT_NPROC is 2 processes, or a pids cgroup's pids.max\)\$"
	# at 1 it is the parent's own fork of the measuring child that fails:
	# said alike, in run and in ab
	prlimit --nproc=1:1 setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$OSBENCH" run -q fork >"$work/out" 2>"$work/err"
	rc=$?
	fails_with "faults nproc 1: the reason names the limit" "fork proc" \
		"^osbench: fork: fork: Resource temporarily unavailable \(RLIMIT_NPROC is 1 process, or a pids cgroup's pids.max\)\$"
	# (a leak checker cannot start its tracer under this limit either)
	prlimit --nproc=1:1 setpriv --reuid=65534 --regid=65534 --clear-groups \
		env ASAN_OPTIONS=detect_leaks=0 "$OSBENCH" ab -q "$OSBENCH" "$OSBENCH" null >"$work/out" 2>"$work/err"
	# (a busy machine may add the Mhz cell's note before it)
	check "faults nproc 1: ab says the limit" sh -c '[ "$1" -eq 2 ] && [ "$(grep -v "^osbench: note: " "$2")" = "$3" ]' _ $? "$work/err" \
		"osbench: ab: side A '$OSBENCH': could not be started: fork: Resource temporarily unavailable (RLIMIT_NPROC is 1 process, or a pids cgroup's pids.max)"
	# 12 tasks: 32 threads are refused, 2 fit with room to spare for the
	# tasks a sanitizer adds and for joined threads the kernel has not
	# yet let go of
	prlimit --nproc=12:12 setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$OSBENCH" scale thread --threads 1,32,2 -q -l box >"$work/out" 2>"$work/err"
	rc=$?
	check "faults nproc: thread sweep exits 1" [ "$rc" -eq 1 ]
	check "faults nproc: the refused level is fail" grep -q "^32${T}fail" "$work/out"
	check "faults nproc: the next level is measured" grep -q "^2${T}[0-9]" "$work/out"
	check "faults nproc: reason names thread creation" grep -q 'threads=32: pthread_create: Resource temporarily unavailable' "$work/err"
	check "faults nproc: nothing left" no_process_left
	check "faults nproc: temp directory removed" tmp_empty
	chmod 700 "$TMPDIR" "$work"
else
	echo "skip faults nproc: needs root, prlimit and setpriv (RLIMIT_NPROC does not bind root)"
fi

# --- descriptor limit
sh -c 'ulimit -n 16 && exec "$@"' _ "$OSBENCH" run -q select ctx null >"$work/out" 2>"$work/err"
rc=$?
fails_with "faults nofile: select fails" "slct TCP" "select: dup: $EMFILE"
fails_with "faults nofile: 16p ctx fails" "16p/64K ctxsw" "ctx procs=16 size_kb=64: .*$EMFILE"
measured "faults nofile: null call still measured" "null call"
check "faults nofile: nothing left" no_process_left

# --- the exec helper missing, not executable, or failing; /bin/sh failing
: >"$work/not-exec"
OSBENCH_HELPER="$work/not-exec" run run -q exec sh
fails_with "faults helper not executable" "exec proc" "exec: helper '$work/not-exec': Permission denied"
printf '#!/bin/sh\nexit 7\n' >"$work/exit7"
chmod +x "$work/exit7"
OSBENCH_HELPER="$work/exit7" run run -q sh
fails_with "faults /bin/sh exiting non-zero" "sh proc" "exited with status 7"
printf '#!/bin/sh\nkill -9 $$\n' >"$work/killed"
chmod +x "$work/killed"
OSBENCH_HELPER="$work/killed" run run -q exec
fails_with "faults helper killed by a signal" "exec proc" "killed by signal 9"

# --- loopback down: a fresh network namespace
if is_root && ip netns add "osbF$$" 2>/dev/null; then
	ip netns exec "osbF$$" "$OSBENCH" run -q select udp tcp tcpconn pipe >"$work/out" 2>"$work/err"
	rc=$?
	ip netns del "osbF$$"
	fails_with "faults loopback down: select" "slct TCP" "$ENETUNREACH"
	fails_with "faults loopback down: tcp" "TCP" "tcp: connect '127.0.0.1"
	fails_with "faults loopback down: udp" "UDP" "udp: "
	# the error alone does not say why loopback is unreachable
	check "faults loopback down: each reason names the loopback" \
		[ "$(grep -cE "^osbench: (tcp|udp|tcpconn): connect '127\\.0\\.0\\.1:[0-9]+': $ENETUNREACH \\(the loopback interface is down\\)\$" "$work/err")" -eq 3 ]
	measured "faults loopback down: pipe still measured" "Pipe"
	check "faults loopback down: nothing left" no_process_left
else
	echo "skip faults loopback down: cannot make a network namespace here"
fi

# --- the temp directory unusable: a clear error before any measurement
: >"$work/a-file"
TMPDIR="$work/a-file" run run -q null
check "faults TMPDIR is a file: exit 2" [ "$rc" -eq 2 ]
check "faults TMPDIR is a file: named, nothing measured" sh -c 'grep -qF "$1" "$2" && [ ! -s "$3" ]' _ "temp directory '$work/a-file'" "$work/err" "$work/out"
if is_root && command -v setpriv >/dev/null 2>&1; then
	TMPDIR=/ as_nobody "$OSBENCH" run -q null >"$work/out" 2>"$work/err"
	rc=$?
	check "faults TMPDIR not writable: exit 2 with the reason" sh -c '[ "$1" -eq 2 ] && grep -q "Permission denied" "$2"' _ "$rc" "$work/err"
fi

# --- the private directory is 0700 and only ours
OSBENCH_TEST_FAULT=stat:hang "$OSBENCH" run -q stat >/dev/null 2>&1 &
pid=$!
wait_until 10 sh -c 'ls -d "$1"/osbench.* >/dev/null 2>&1' _ "$TMPDIR"
mode=$(ls -ld "$TMPDIR"/osbench.* 2>/dev/null | cut -c1-10)
kill -INT "$pid"
wait "$pid"
check "faults private directory is drwx------" [ "$mode" = drwx------ ]

# --- output faults
run run -q null -o /dev/full
check "faults -o onto a full device: exit 2" [ "$rc" -eq 2 ]
check "faults -o onto a full device: says so" grep -q "output '/dev/full': No space left on device" "$work/err"
check "faults -o onto a device leaves it a device" [ -c /dev/full ]
"$OSBENCH" run -q null >&- 2>"$work/err"
rc=$?
check "faults stdout closed: exit 2" [ "$rc" -eq 2 ]
check "faults stdout closed: says so" grep -q 'standard output' "$work/err"
echo "old" >"$work/keep.tsv"
OSBENCH_TEST_FAULT=null:hang "$OSBENCH" run -q -o "$work/keep.tsv" null >/dev/null 2>&1 &
pid=$!
sleep 0.5
kill -TERM "$pid"
wait "$pid"
check "faults interrupted -o leaves the old file whole" [ "$(cat "$work/keep.tsv")" = old ]
check "faults interrupted -o leaves no temporary" [ "$(ls "$work" | grep -c keep.tsv)" -eq 1 ]

# --- interruption at awkward moments: exit promptly, nothing left
interrupt() { # NAME SIGNAL DELAY ARGS...
	name=$1 sig=$2 delay=$3
	shift 3
	"$OSBENCH" "$@" >/dev/null 2>&1 &
	pid=$!
	sleep "$delay"
	kill "-$sig" "$pid"
	wait "$pid"
	rc=$?
	check "faults $name: ended by the signal" [ "$rc" -ge 128 ]
	check "faults $name: no process left" no_process_left
	check "faults $name: temp directory removed" tmp_empty
}
interrupt "SIGINT in a 256-thread sweep" INT 1 scale mutex --threads 256 --time 5000
interrupt "SIGTERM in ctx with 16 processes" TERM 1 run ctx --procs 16 --size 64 --time 2000
"$OSBENCH" serve --port 0 >"$work/serve.out" 2>&1 &
pid=$!
until_listening "$work/serve.out"
kill -TERM "$pid"
wait "$pid"
check "faults SIGTERM in serve: exit 0" [ $? -eq 0 ]
check "faults SIGTERM in serve: no process left" no_process_left

# --- bad input: every option malformed, negative, zero, huge or repeated
bad() { # ARGS...
	"$OSBENCH" "$@" >"$work/out" 2>"$work/err" </dev/null
	rc=$?
	if [ "$rc" -eq 2 ] && one_line_stderr && [ ! -s "$work/out" ]; then ok "faults bad input: $*"
	else fail "faults bad input: $*: exit $rc, stderr '$(head -c 200 "$work/err")'"; fi
}
for opt in --reps --time --cpu --timeout; do
	for v in abc -1 0 99999999999 1e3 '' ' 5'; do
		[ "$opt $v" = "--cpu 0" ] && continue
		bad run "$opt" "$v" null
	done
done
bad run -r 3 -r 3 null
bad run --format
bad run --format TABLE null
bad run --output '' null
bad run --label '' null
bad run --remote '' tcp
bad run --remote 'h:0' tcp
bad run --remote 'h:x' tcp
bad run --remote '[::1' tcp
bad run --remote 127.0.0.1:7100 null
bad run nosuchtable
bad run syscall nosuchmodule
bad scale mutex --threads 1 --procs 1
bad scale mutex --threads 0
bad scale mutex --threads 1,2,x
bad scale mutex --threads 2,2
bad scale mutex --threads 1,5000
bad scale mutex --threads ,
bad scale mutex stat
bad scale tcprr --procs 1,2
bad serve --port 70000
bad serve --port -1
bad serve extra
bad list extra
# a baseline sample something took the CPU from (a test fault makes all
# but the last read 50 times slower) must not leave the operation below
# the overhead subtraction's floor: the least touched one is taken
OSBENCH_TEST_FAULT=sighndl:slowbase run run -q sighndl
v=$(awk -F'\t' '$1 == "Host" { getline; print $NF; exit }' "$work/out")
check "faults slow baseline samples: sig hndl still measured, exit 0" [ "$rc" -eq 0 ]
check "faults slow baseline samples: a positive figure ($v)" positive "$v"

# where getrusage() is refused, cpu % and context switches are unknown:
# "-" (null in json), never 0, and the figure still stands
if [ -n "${DENY:-}" ] && [ -x "$DENY" ] && "$DENY" getpid true 2>/dev/null; then
	"$DENY" getrusage "$OSBENCH" run -q -f long null fork >"$work/out" 2>"$work/err"
	check "faults getrusage refused: the figures stand (exit 0)" [ $? -eq 0 ]
	check "faults getrusage refused: cpu % and context switches are -, never 0" by_name table '
		f("status") == "ok" && f("cpu_pct") == "-" && f("ctxsw_vol_per_op") == "-" &&
		f("ctxsw_invol_per_op") == "-" { n++ } END { exit n != 2 }' "$work/out"
	"$DENY" getrusage "$OSBENCH" run -q --runs 2 -f long null >"$work/out" 2>"$work/err"
	check "faults getrusage refused: runs merged keep them unknown" by_name table '
		f("status") == "ok" && f("cpu_pct") == "-" && f("ctxsw_vol_per_op") == "-" { n++ }
		END { exit n != 1 }' "$work/out"
	if have python3; then
		"$DENY" getrusage "$OSBENCH" run -q -f json null >"$work/out" 2>"$work/err"
		check "faults getrusage refused: json gives null" python3 -c 'import json, sys
f = json.load(open(sys.argv[1]))["results"][0]
assert f["status"] == "ok" and f["cpu_pct"] is None and f["ctxsw_vol_per_op"] is None, f' "$work/out"
	fi
	# level 1's cpu % and ctxsw/op, on a row whose ops/s were measured
	level_one_usage() { awk -F'\t' '$1 == 1 && $2 ~ /^[0-9]/ { print $(NF - 1) "|" $NF }' "$1"; }
	for mode in --threads --procs; do
		"$DENY" getrusage "$OSBENCH" scale mutex -q $mode 1 >"$work/out" 2>"$work/err"
		check "faults getrusage refused: a sweep ($mode) says - for cpu % and ctxsw/op" \
			[ "$(level_one_usage "$work/out")" = "-|-" ]
	done
else
	skip "faults getrusage refused: no seccomp filter here"
fi

# a clock the two timed chains disagree on is not told: "-" and why,
# never a number under a trusted name; the files still read back
OSBENCH_TEST_FAULT=mhz:disagree run run -q null
check "faults mhz chains disagree: exit 0" [ "$rc" -eq 0 ]
check "faults mhz chains disagree: the host record says - and why" \
	grep -qx '# mhz: - (the timed chains disagree: register adds [0-9]* MHz, multiplies [0-9]* MHz)' "$work/out"
check "faults mhz chains disagree: the Mhz cell is -" \
	[ "$(awk -F'\t' '$1 == "Host" { getline; print $3; exit }' "$work/out")" = - ]
check "faults mhz chains disagree: stderr says so once" \
	[ "$(grep -c '^osbench: note: the Mhz cell is -: the timed chains disagree' "$work/err")" = 1 ]
# elsewhere than x86-64 (arm64) the chains are adds of a constant and
# adds of two registers: they agree, or the cell is - and says which
# chains disagreed
cp "$work/out" "$work/nomhz.txt"
OSBENCH_TEST_FAULT=mhz:regadds run run -q null
check "faults mhz register adds: exit 0, a clock or - with why" sh -c '[ "$1" -eq 0 ] &&
	grep -Eqx "# mhz: ([0-9]+ \(measured\)|- \(the timed chains disagree: constant adds [0-9]+ MHz, register adds [0-9]+ MHz\))" "$2"' _ "$rc" "$work/out"
OSBENCH_TEST_FAULT=mhz:regadds-disagree run run -q null
check "faults mhz register adds disagree: the host record says - and which chains" \
	grep -qx '# mhz: - (the timed chains disagree: constant adds [0-9]* MHz, register adds [0-9]* MHz)' "$work/out"
run compare "$work/nomhz.txt"
check "faults mhz chains disagree: the table reads back (compare, exit 0)" [ "$rc" -eq 0 ]
if have python3; then
	OSBENCH_TEST_FAULT=mhz:disagree run run -q -f json -o "$work/nomhz.json" null
	check "faults mhz chains disagree: json gives null and why" python3 -c 'import json, sys
h = json.load(open(sys.argv[1]))["host"]
assert h["mhz"] is None and h["mhz_source"] == "unknown" and "disagree" in h["mhz_why"], h' "$work/nomhz.json"
	run compare "$work/nomhz.json"
	check "faults mhz chains disagree: the json reads back (compare, exit 0)" [ "$rc" -eq 0 ]
fi

finish
