#!/bin/sh
# The foundation: command line, the syscall and proc tables, exit codes,
# failures as `fail` cells, and nothing left behind.
. "$(dirname "$0")/lib.sh"

SYSCALL="Host${T}OS${T}Mhz${T}null call${T}null I/O${T}stat${T}open clos${T}slct TCP${T}sig inst${T}sig hndl"
PROC="Host${T}OS${T}Mhz${T}fork proc${T}exec proc${T}sh proc"
LONG="table${T}column${T}module${T}params${T}n${T}reps${T}median_us${T}min_us${T}max_us${T}cv_pct${T}ctxsw_vol_per_op${T}ctxsw_invol_per_op${T}cpu_pct${T}status${T}reason${T}unit${T}noisy${T}ci_lo_us${T}ci_hi_us${T}rounds${T}samples_us${T}placement${T}value_us${T}op_p50_us${T}op_p99_us${T}op_p999_us${T}op_max_us${T}stalls${T}op_batch${T}op_cdf_us${T}runs${T}run_values_us${T}wait_pct${T}steal_pct${T}throttled_pct${T}distorted${T}seconds${T}run_fastest_us"

# --- informational commands
run --version
check "cli --version prints the version" grep -q '^osbench [0-9]' "$work/out"
check "cli --version exits 0" [ "$rc" -eq 0 ]
run --help
check "cli --help names every command" sh -c 'for c in run list scale compare check serve; do grep -qw "$c" "$1" || exit 1; done' _ "$work/out"
check "cli help exits 0" [ "$rc" -eq 0 ]
run list
check "cli list shows tables and modules" [ "$(wc -l <"$work/out")" -ge 14 ]
check "cli list names the syscall table" grep -q "^syscall${T}table${T}null call" "$work/out"
check "cli list says which modules sweep" grep -q "^sighndl${T}module${T}no sweep" "$work/out"
for m in null nullio stat openclose select siginst sighndl fork exec sh; do
	check "cli list has module $m" grep -q "^$m${T}" "$work/out"
done
# the traits column, last: the descriptor's flags and the calls whose
# refusal the module goes on without; "-" for none
check "cli list gives a module's traits" \
	grep -q "^fork${T}module${T}.*${T}spawns drifts; survives gettid rt_sigprocmask\$" "$work/out"
check "cli list gives the traits of one with flags only" \
	grep -q "^bwfile${T}module${T}.*${T}bandwidth buffer tmpdir\$" "$work/out"
check "cli list says - for a module with none" grep -q "^mutex${T}scale module${T}.*${T}-\$" "$work/out"
check "cli list gives the calls an operation makes" \
	grep -q "^sighndl${T}module${T}.*${T}calls 1\$" "$work/out"
check "cli list gives them after the trait words" \
	grep -q "^pipe${T}module${T}.*${T}takes-turns calls 4\$" "$work/out"
check "cli list says a figure that cancels its calls, before survives" \
	grep -q "^ctx${T}module${T}.*${T}points takes-turns calls-cancel; survives " "$work/out"
check "cli list: every module line has five columns" \
	awk -F'\t' '$2 ~ /module/ && NF != 5 { bad = 1 } END { exit bad }' "$work/out"

# --- the two tables, on this machine
run run --quick syscall proc
check "cli run syscall proc exits 0" [ "$rc" -eq 0 ]
check "cli syscall header exact" has_line "$SYSCALL"
check "cli proc header exact" has_line "$PROC"
check "cli syscall cells positive numbers" row_positive "$SYSCALL"
check "cli proc cells positive numbers" row_positive "$PROC"
check "cli host record in comment lines" grep -Eq '^# mhz: ([0-9]+ \((measured|os)|- \(the timed chains disagree)' "$work/out"
check "cli tables separated by one blank line" [ "$(grep -c '^$' "$work/out")" -eq 2 ]
check "cli no progress on stderr when not a terminal" sh -c '! grep -q "$(printf "\r")" "$1"' _ "$work/err"
check "cli temp directory removed after a run" tmp_empty
check "cli no process left after a run" no_process_left

run run --quick -l "lab box" null
check "cli --label fills the Host cell" sh -c 'grep -q "^lab box${T}" "$1"' _ "$work/out"
check "cli a module prints its own column only" has_line "Host${T}OS${T}Mhz${T}null call"

# --- long and json
run run --quick --format long stat fork
check "cli long header exact" has_line "$LONG"
check "cli long has one row per figure" [ "$(grep -c "^syscall${T}\|^proc${T}" "$work/out")" -eq 2 ]
check "cli long rows are ok with numbers, a cell under every header" by_name table '
	BEGIN { nh = '"$(printf '%s' "$LONG" | awk -F'\t' '{ print NF }')"' }
	f("table") == "syscall" || f("table") == "proc" { n++; if (f("status") != "ok" || f("median_us") + 0 <= 0 || NF != nh) bad++ }
	END { exit !(n == 2 && !bad) }' "$work/out"
check "cli long: every figure says the seconds it took, a positive number" by_name table '
	f("table") == "syscall" || f("table") == "proc" { n++; if (f("seconds") !~ /^[0-9]+\.[0-9]+$/ || f("seconds") + 0 <= 0) bad++ }
	END { exit !(n == 2 && !bad) }' "$work/out"
run run --quick --format json stat
if have python3; then
	check "cli json parses" python3 -m json.tool "$work/out" >/dev/null
	check "cli json carries the host and the figure" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
r = d["results"][0]
assert d["host"]["cpus"] >= 1 and d["host"]["mhz_source"] in ("measured", "os", "unknown")
assert r["module"] == "stat" and r["status"] == "ok" and r["median"] > 0
' "$work/out"
	check "cli json: the seconds the figure took, a positive number" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
assert isinstance(r["seconds"], float) and r["seconds"] > 0, r
' "$work/out"
fi

# --- bad input: exit 2, one line on stderr naming the culprit, nothing on stdout
bad() { # NAME NEEDLE ARGS...
	name=$1 needle=$2
	shift 2
	run "$@"
	if [ "$rc" -eq 2 ] && one_line_stderr && grep -qF -- "$needle" "$work/err" && [ ! -s "$work/out" ]; then
		ok "cli bad input: $name"
	else
		fail "cli bad input: $name: exit $rc, stderr '$(cat "$work/err")', stdout $(wc -c <"$work/out") bytes"
	fi
}
bad "unknown module" "'no-such-module'" run no-such-module
bad "unknown option" "'--no-such-option'" --no-such-option
bad "reps not a number" "'abc'" run --reps abc null
bad "negative time" "'-5'" run --time -5 null
bad "unknown format" "'xml'" run --format xml null
bad "zero reps" "--reps" run --reps 0 null
bad "zero ops" "--ops" run --ops 0 null
bad "ops for a sweep" "'--ops'" scale --ops 5 mutex
bad "repeated option" "given twice" run -q -q null
bad "cpu not online" "--cpu" run --cpu 4095 null
bad "scale of a module that cannot sweep" "'sighndl'" scale sighndl
bad "scale without a module" "name one module" scale
bad "list with a name" "list" list stat
bad "output into a missing directory" "$work/absent/x.tsv" run -q -o "$work/absent/x.tsv" null
check "cli temp directory removed after bad output" tmp_empty

# --- --ops N: every sample times exactly N iterations, uncalibrated
run run --ops 7 -r 2 -f long null stat
check "cli --ops: exit 0" [ "$rc" -eq 0 ]
check "cli --ops: each figure's n is the iterations asked for" by_name table \
	'{ k++; if (f("n") != 7 || f("status") != "ok" || !(f("value_us") > 0)) bad++ } END { exit !(k == 2 && !bad) }' "$work/out"

# --- TMPDIR unusable: a clear error before anything is measured
TMPDIR="$work/absent" run run -q null
check "cli absent TMPDIR gives exit 2" [ "$rc" -eq 2 ]
check "cli absent TMPDIR is named" grep -qF "$work/absent" "$work/err"

# --- output file: complete or absent
run run -q -o "$work/res.tsv" null
check "cli -o writes the file" grep -qxF "Host${T}OS${T}Mhz${T}null call" "$work/res.tsv"
check "cli -o leaves no temporary beside it" [ "$(ls "$work" | grep -c 'res.tsv')" -eq 1 ]
check "cli -o prints nothing on stdout" [ ! -s "$work/out" ]
if [ -w /dev/full ]; then
	"$OSBENCH" run -q null >/dev/full 2>"$work/err"
	rc=$?
	check "cli stdout on a full device exits 2" [ "$rc" -eq 2 ]
	check "cli stdout on a full device says so" grep -q 'standard output' "$work/err"
	# the header it cannot take stops the run before a figure is measured
	# (a failing figure would have said so)
	OSBENCH_TEST_FAULT=null:fail "$OSBENCH" run -q null >/dev/full 2>"$work/err"
	rc=$?
	check "cli stdout on a full device, a figure set to fail: exits 2" [ "$rc" -eq 2 ]
	check "cli stdout on a full device: no figure measured, one line" one_line_stderr
	check "cli stdout on a full device: the line names it" \
		grep -qx 'osbench: standard output: No space left on device' "$work/err"
else
	skip "cli stdout on a full device: /dev/full is not writable here"
fi

# --- failures are `fail` cells; the rest still prints; exit 1
OSBENCH_TEST_FAULT=stat:fail run run -q syscall
check "cli forced failure exits 1" [ "$rc" -eq 1 ]
check "cli forced failure cell says fail" [ "$(cell "$SYSCALL" stat)" = fail ]
check "cli forced failure leaves other cells numbers" positive "$(cell "$SYSCALL" "null call")"
check "cli forced failure reason on stderr" grep -q '^osbench: stat: forced failure' "$work/err"

OSBENCH_TEST_FAULT=null:crash run run -q null stat
check "cli crashing module exits 1" [ "$rc" -eq 1 ]
check "cli crashing module cell says fail" [ "$(cell "Host${T}OS${T}Mhz${T}null call${T}stat" "null call")" = fail ]
check "cli crash names the signal" grep -q 'null: measurement killed by signal' "$work/err"
check "cli the next module still runs after a crash" positive "$(cell "Host${T}OS${T}Mhz${T}null call${T}stat" stat)"

OSBENCH_TEST_FAULT=stat:hang run run -q --timeout 1 stat
check "cli hanging module times out as fail" [ "$(cell "Host${T}OS${T}Mhz${T}stat" stat)" = fail ]
check "cli hang reason names the timeout" grep -q 'stat: timed out after 1 s' "$work/err"
check "cli no process left after a hang" no_process_left

OSBENCH_HELPER="$work/no-helper" run run -q proc
check "cli missing helper exits 1" [ "$rc" -eq 1 ]
check "cli missing helper: exec cell fail" [ "$(cell "$PROC" "exec proc")" = fail ]
check "cli missing helper: sh cell fail" [ "$(cell "$PROC" "sh proc")" = fail ]
check "cli missing helper: fork still measured" positive "$(cell "$PROC" "fork proc")"
check "cli missing helper is named" grep -qF "exec: helper '$work/no-helper'" "$work/err"

printf '#!/bin/sh\nexit 3\n' >"$work/bad-helper"
chmod +x "$work/bad-helper"
OSBENCH_HELPER="$work/bad-helper" run run -q exec
check "cli helper exiting non-zero is a fail" [ "$rc" -eq 1 ]

# --- interrupted in the middle: everything removed, ended by the signal
# a hanging module holds the run in the middle for certain
OSBENCH_TEST_FAULT=stat:hang "$OSBENCH" run -q null stat fork >"$work/out" 2>"$work/err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
rc=$?
check "cli SIGINT ends the run by the signal" [ "$rc" -eq 130 ]
check "cli SIGINT leaves no temp directory" tmp_empty
check "cli SIGINT leaves no process" no_process_left

"$OSBENCH" run --time 200 -o "$work/int.tsv" proc >/dev/null 2>&1 &
pid=$!
sleep 1
kill -TERM "$pid"
wait "$pid"
check "cli SIGTERM leaves no partial output file" [ -z "$(ls "$work" | grep int.tsv)" ]
check "cli SIGTERM leaves no temp directory" tmp_empty

# --- the host record says whether a mapping gets huge pages on request
# (the bw table's memory figures ask for them)
run run -q null
thp=/sys/kernel/mm/transparent_hugepage/enabled
want=-
[ -r "$thp" ] && want=$(sed -n 's/.*\[\([a-z]*\)\].*/\1/p' "$thp")
check "cli host record names the huge page mode ($want)" grep -qx "# huge pages: $want" "$work/out"
run run -q -f json null
check "cli json host names the huge page mode" grep -q "\"huge_pages\": \"$want\"" "$work/out"

# --- the host record names the file system the file figures ran on
if command -v findmnt >/dev/null 2>&1; then
	run run -q null
	want=$(findmnt -n -o FSTYPE -T "$TMPDIR" | head -1)
	# an ext4 whose sysfs entry says it has no journal is named so
	dev=$(findmnt -n -o SOURCE -T "$TMPDIR" | head -1)
	dev=$(basename "$(realpath "$dev" 2>/dev/null || echo "$dev")")
	case $want in ext3 | ext4)
		if [ ! -r "/sys/fs/ext4/$dev/journal_task" ]; then
			want="$want (journal unknown)"
		elif [ "$(cat "/sys/fs/ext4/$dev/journal_task")" = "<none>" ]; then
			want="$want (no journal)"
		fi
		# with sysfs hidden, whether there is a journal is not claimed
		if [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null 2>&1 &&
			unshare -m sh -c 'mount -t tmpfs none /sys && "$1" run -q null' _ "$OSBENCH" \
				>"$work/out.nosys" 2>/dev/null </dev/null; then
			check "cli host record with sysfs hidden: the journal unknown" \
				grep -qx "# tmpdir fs: ${want%% *} (journal unknown)" "$work/out.nosys"
		else
			skip "cli host record with sysfs hidden: needs root, unshare and a mount namespace"
		fi ;;
	esac
	check "cli host record names the temp dir's file system ($want)" grep -qx "# tmpdir fs: $want" "$work/out"
	if [ -d /dev/shm ] && [ "$(findmnt -n -o FSTYPE -T /dev/shm | head -1)" = tmpfs ]; then
		mkdir -p /dev/shm/osbench-cli.$$
		TMPDIR=/dev/shm/osbench-cli.$$ "$OSBENCH" run -q -f json null >"$work/out" 2>/dev/null
		check "cli json host names tmpfs under /dev/shm" grep -q '"tmpdir_fs": "tmpfs"' "$work/out"
		rmdir /dev/shm/osbench-cli.$$
	else
		skip "cli json host names tmpfs under /dev/shm: no tmpfs there"
	fi
else
	skip "cli host record names the temp dir's file system: findmnt is not installed (Debian: util-linux)"
fi
finish
