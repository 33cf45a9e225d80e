#!/bin/sh
# osbench compare and check: result files read back in every format,
# side-by-side tables with exact ratios, verdicts and exit codes, and
# every kind of bad input refused with one line naming file and line.
. "$(dirname "$0")/lib.sh"

fx="$(cd "$(dirname "$0")/fixtures" && pwd)"
cp -R "$fx" "$work/fx" # relative names in the messages, and nothing written beside the repo
cd "$work/fx" || exit 2

# the output must be exactly the expected text
same_out() { # NAME (expected text on stdin)
	cat >"$work/want"
	if cmp -s "$work/want" "$work/out"; then
		ok "$1"
	else
		fail "$1: output differs: $(diff "$work/want" "$work/out" | head -8 | tr '\n' '|')"
	fi
}

# --- compare in the long and json formats: one row (object) per figure
# and file, with the ratio to the first file
run compare -f long a.tsv b.tsv
check "compare -f long exits 0" [ "$rc" -eq 0 ]
check "compare -f long: exact header" [ "$(head -1 "$work/out")" = \
	"table${T}column${T}module${T}params${T}unit${T}host${T}file${T}status${T}value_us${T}ci_lo_us${T}ci_hi_us${T}ratio${T}value${T}ci_lo${T}ci_hi" ]
check "compare -f long: B's null call and its ratio" grep -qx \
	"syscall${T}null call${T}null${T}-${T}us${T}beta${T}b.tsv${T}ok${T}0.3${T}-${T}-${T}1.50${T}0.3${T}-${T}-" "$work/out"
check "compare -f long: a figure only B has is missing in A" grep -qx \
	"syscall${T}open clos${T}openclose${T}-${T}us${T}alpha${T}a.tsv${T}missing${T}-${T}-${T}-${T}-${T}-${T}-${T}-" "$work/out"
check "compare -f long: every row has the header's cells" \
	awk -F"$T" 'NR == 1 { n = NF } NF != n { exit 1 }' "$work/out"
check "compare -f long: two rows per figure" [ $(( $(wc -l <"$work/out") - 1 )) -eq $(( 2 * $(awk -F"$T" 'NR > 1 { print $1 FS $2 }' "$work/out" | sort -u | wc -l) )) ]
run compare -f json a.tsv b.tsv
check "compare -f json exits 0" [ "$rc" -eq 0 ]
check "compare -f json: B's null call ratio 1.5, A's none" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert [f["host"] for f in d["files"]] == ["alpha", "beta"]
g = [f for f in d["figures"] if f["table"] == "syscall" and f["column"] == "null call"][0]
assert g["unit"] == "us" and g["hosts"][0]["ratio"] is None and g["hosts"][1]["ratio"] == 1.5, g
m = [f for f in d["figures"] if f["column"] == "null I/O"][0]
assert m["hosts"][1]["status"] == "fail" and m["hosts"][1]["value"] is None
assert d["files"][1]["release"] == "14.0" and d["files"][1]["date"] == "", d["files"][1]
' "$work/out"
# a figure's value and interval under names that fit every unit (MB/s too)
run compare -f long bw-a.tsv a.long
check "compare -f long: value, ci_lo and ci_hi beside the _us columns" grep -qx \
	"syscall${T}null call${T}null${T}-${T}us${T}alpha${T}a.long${T}ok${T}0.2${T}-${T}-${T}-${T}0.2${T}-${T}-" "$work/out"
check "compare -f long: a bandwidth's value under value" grep -q \
	"^bw${T}Pipe${T}bwpipe${T}[^$T]*${T}MB/s${T}alpha${T}bw-a.tsv${T}ok${T}3000${T}-${T}-${T}-${T}3000${T}-${T}-\$" "$work/out"
run run -q -f long -o "$work/ci.long" null
run compare -f long "$work/ci.long"
check "compare -f long: a measured interval under ci_lo and ci_hi too" awk -F"$T" '
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ n++; if ($c["ci_lo"] !~ /^[0-9]/ || $c["ci_lo"] != $c["ci_lo_us"] || $c["ci_hi"] != $c["ci_hi_us"] || $c["value"] != $c["value_us"]) bad++ }
	END { exit !(n == 1 && !bad) }' "$work/out"
run compare -f json "$work/ci.long"
check "compare -f json: the interval under ci_lo and ci_hi" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
g = d["figures"][0]["hosts"][0]
assert 0 < g["ci_lo"] <= g["ci_hi"] and g["value"] > 0, g
' "$work/out"

# --- compare: two hosts, seed 004's layout with a ratio row
run compare a.tsv b.tsv
check "compare two files exits 0" [ "$rc" -eq 0 ]
check "compare says first what differs between the setups" \
	[ "$(cat "$work/err")" = "osbench: compare: 'b.tsv' differs from 'a.tsv': release: 6.1 -> 14.0" ]
same_out "compare two files: exact tables and ratios" <<EOF
# osbench compare: A = 'a.tsv', B = 'b.tsv'
# A: kernel 6.1; date -; placement -; LD_PRELOAD -; build -
# B: kernel 14.0; date -; placement -; LD_PRELOAD -; build -

# syscall: processor, processes - times in microseconds - smaller is better
Host${T}OS${T}Mhz${T}null call${T}null I/O${T}stat${T}open clos${T}sig inst${T}sig hndl
alpha${T}Linux 6.1${T}2000${T}0.20${T}0.30${T}1.50${T}-${T}0.25${T}fail
beta${T}FreeBSD 14.0${T}3000${T}0.30${T}fail${T}1.00${T}2.50${T}0.26${T}2.00
B/A${T}-${T}1.50${T}1.50${T}-${T}0.67${T}-${T}1.04${T}-

# proc: process creation - times in microseconds - smaller is better
Host${T}OS${T}Mhz${T}fork proc${T}exec proc${T}sh proc
alpha${T}Linux 6.1${T}2000${T}100${T}400${T}-
beta${T}FreeBSD 14.0${T}3000${T}150${T}-${T}900
B/A${T}-${T}1.50${T}1.50${T}-${T}-

# thread: pthread_create + pthread_join of a thread that returns at once - microseconds per op - smaller is better
Host${T}OS${T}thread
alpha${T}Linux 6.1${T}25.0
beta${T}FreeBSD 14.0${T}-
B/A${T}-${T}-
EOF

# one file: its tables, whatever format it was written in
run compare a.tsv
check "compare one file exits 0" [ "$rc" -eq 0 ]
check "compare one file: nothing on stderr" [ ! -s "$work/err" ]
same_out "compare one file: exact tables" <<EOF
# osbench compare: A = 'a.tsv'
# A: kernel 6.1; date -; placement -; LD_PRELOAD -; build -

# syscall: processor, processes - times in microseconds - smaller is better
Host${T}OS${T}Mhz${T}null call${T}null I/O${T}stat${T}sig inst${T}sig hndl
alpha${T}Linux 6.1${T}2000${T}0.20${T}0.30${T}1.50${T}0.25${T}fail

# proc: process creation - times in microseconds - smaller is better
Host${T}OS${T}Mhz${T}fork proc${T}exec proc
alpha${T}Linux 6.1${T}2000${T}100${T}400

# thread: pthread_create + pthread_join of a thread that returns at once - microseconds per op - smaller is better
Host${T}OS${T}thread
alpha${T}Linux 6.1${T}25.0
EOF
tail -n +3 "$work/out" >"$work/one.tsv"
for f in a.long a.json; do
	run compare "$f"
	check "compare one $f file: the tables of its table-format twin" \
		sh -c 'tail -n +3 "$1" | cmp -s - "$2"' _ "$work/out" "$work/one.tsv"
done
run compare -f long a.json
check "compare one file -f long: a row per figure" [ "$(wc -l <"$work/out")" -eq 9 ]

# three files: one row each, a ratio row per file against the first; the
# three formats read alike, and one host twice is told apart by file name
run compare a.tsv b.tsv a.json
check "compare three files exits 0" [ "$rc" -eq 0 ]
same_out "compare three files: exact tables, a ratio row per file" <<EOF
# osbench compare: A = 'a.tsv', B = 'b.tsv', C = 'a.json'
# A: kernel 6.1; date -; placement -; LD_PRELOAD -; build -
# B: kernel 14.0; date -; placement -; LD_PRELOAD -; build -
# C: kernel 6.1; date -; placement -; LD_PRELOAD -; build -

# syscall: processor, processes - times in microseconds - smaller is better
Host${T}OS${T}Mhz${T}null call${T}null I/O${T}stat${T}open clos${T}sig inst${T}sig hndl
alpha a.tsv${T}Linux 6.1${T}2000${T}0.20${T}0.30${T}1.50${T}-${T}0.25${T}fail
beta${T}FreeBSD 14.0${T}3000${T}0.30${T}fail${T}1.00${T}2.50${T}0.26${T}2.00
alpha a.json${T}Linux 6.1${T}2000${T}0.20${T}0.30${T}1.50${T}-${T}0.25${T}fail
B/A${T}-${T}1.50${T}1.50${T}-${T}0.67${T}-${T}1.04${T}-
C/A${T}-${T}1.00${T}1.00${T}1.00${T}1.00${T}-${T}1.00${T}-

# proc: process creation - times in microseconds - smaller is better
Host${T}OS${T}Mhz${T}fork proc${T}exec proc${T}sh proc
alpha a.tsv${T}Linux 6.1${T}2000${T}100${T}400${T}-
beta${T}FreeBSD 14.0${T}3000${T}150${T}-${T}900
alpha a.json${T}Linux 6.1${T}2000${T}100${T}400${T}-
B/A${T}-${T}1.50${T}1.50${T}-${T}-
C/A${T}-${T}1.00${T}1.00${T}1.00${T}-

# thread: pthread_create + pthread_join of a thread that returns at once - microseconds per op - smaller is better
Host${T}OS${T}thread
alpha a.tsv${T}Linux 6.1${T}25.0
beta${T}FreeBSD 14.0${T}-
alpha a.json${T}Linux 6.1${T}25.0
B/A${T}-${T}-
C/A${T}-${T}1.00
EOF
run compare a.tsv a.long a.json
check "compare table, long and json give identical rows" \
	[ "$(grep -c "^alpha a\.[a-z]*${T}Linux 6.1${T}2000${T}0.20${T}0.30${T}1.50${T}0.25${T}fail\$" "$work/out")" -eq 3 ]
check "compare three formats: proc rows identical" \
	[ "$(grep -c "^alpha a\.[a-z]*${T}Linux 6.1${T}2000${T}100${T}400\$" "$work/out")" -eq 3 ]

# two files of one host: told apart by the day of their run; the figures
# as written (a seed's 0.08 stays 0.08); the setups above the tables
run compare same-1.tsv same-2.tsv
check "compare same host exits 0" [ "$rc" -eq 0 ]
same_out "compare same host: exact tables, told apart by date" <<EOF
# osbench compare: A = 'same-1.tsv', B = 'same-2.tsv'
# A: kernel 6.1 #1 SMP; date 2026-11-29T10:00:00Z; placement same; LD_PRELOAD -; build gcc 12.2.0, -O2 -g, sanitizers none
# B: kernel 6.1 #1 SMP; date 2026-11-30T09:00:00Z; placement same; LD_PRELOAD /usr/lib/libjemalloc.so.2; build gcc 12.2.0, -O2 -g, sanitizers none

# syscall: processor, processes - times in microseconds - smaller is better
Host${T}OS${T}Mhz${T}null call${T}stat
alpha 2026-11-29${T}Linux 6.1${T}2000${T}0.08${T}1.50
alpha 2026-11-30${T}Linux 6.1${T}2000${T}0.12${T}1.20
B/A${T}-${T}1.00${T}1.50${T}0.80
EOF
# the committed results of one host on one day: told apart by the time
top=$(cd "$fx/../.." && pwd)
mkdir "$work/res"
cp "$top/results/vm-20261201.tsv" "$top/results/vm-free-20261201.tsv" "$work/res/"
run compare "$work/res/vm-20261201.tsv" "$work/res/vm-free-20261201.tsv"
check "compare committed same-day files exits 0" [ "$rc" -eq 0 ]
sed -n '2,3p;5,9p' "$work/out" >"$work/part"
mv "$work/part" "$work/out"
same_out "compare committed same-day files: setups and told apart by the time" <<EOF
# A: kernel 6.18.44-fc-v1045 #1 SMP PREEMPT_DYNAMIC @0; date 2026-12-01T10:49:22Z; placement same; LD_PRELOAD -; build gcc 12.2.0, -O2 -g, sanitizers none
# B: kernel 6.18.44-fc-v1045 #1 SMP PREEMPT_DYNAMIC @0; date 2026-12-01T10:49:30Z; placement free; LD_PRELOAD -; build gcc 12.2.0, -O2 -g, sanitizers none
# syscall: processor, processes - times in microseconds - smaller is better
Host${T}OS${T}Mhz${T}null call${T}null I/O${T}stat${T}open clos${T}slct TCP${T}sig inst${T}sig hndl
vm 2026-12-01T10:49:22Z${T}Linux 6.18.44-fc-v1045${T}3043${T}0.27${T}0.33${T}1.88${T}3.72${T}8.50${T}0.34${T}3.30
vm 2026-12-01T10:49:30Z${T}Linux 6.18.44-fc-v1045${T}3025${T}0.25${T}0.29${T}1.76${T}3.61${T}8.10${T}0.31${T}3.20
B/A${T}-${T}0.99${T}0.93${T}0.88${T}0.94${T}0.97${T}0.95${T}0.91${T}0.97
EOF
for f in a.long a.json; do
	run compare a.tsv "$f"
	check "compare a.tsv with $f: ratio 1.00 everywhere measured" \
		grep -qx "B/A${T}-${T}1.00${T}1.00${T}1.00${T}1.00${T}1.00${T}-" "$work/out"
done

# --- compare: sweeps, seed 001's layout
run compare scale-a.tsv scale-b.tsv
check "compare sweeps exits 0" [ "$rc" -eq 0 ]
same_out "compare sweeps: exact table and ratio column" <<EOF
# osbench compare: A = 'scale-a.tsv', B = 'scale-b.tsv'
# A: kernel -; date -; placement -; LD_PRELOAD -; build -
# B: kernel -; date -; placement -; LD_PRELOAD -; build -

# scale mutex: threads - ops/s, higher is better
Concurrency${T}alpha ops/s${T}beta ops/s${T}B/A ratio
1${T}1000${T}2000${T}2.00
2${T}1800${T}1800${T}1.00
4${T}fail${T}3000${T}-
8${T}1500${T}-${T}-
16${T}-${T}100${T}-
EOF

# one host's sweeps, no dates: the column heads name the files, and
# the same file given twice its letter
cp scale-a.tsv "$work/scale-again.tsv"
run compare scale-a.tsv "$work/scale-again.tsv" scale-a.tsv
same_out "compare one host's sweeps: told apart by file name, then letter" <<EOF
# osbench compare: A = 'scale-a.tsv', B = '$work/scale-again.tsv', C = 'scale-a.tsv'
# A: kernel -; date -; placement -; LD_PRELOAD -; build -
# B: kernel -; date -; placement -; LD_PRELOAD -; build -
# C: kernel -; date -; placement -; LD_PRELOAD -; build -

# scale mutex: threads - ops/s, higher is better
Concurrency${T}alpha A ops/s${T}alpha B ops/s${T}alpha C ops/s${T}B/A ratio${T}C/A ratio
1${T}1000${T}1000${T}1000${T}1.00${T}1.00
2${T}1800${T}1800${T}1800${T}1.00${T}1.00
4${T}fail${T}fail${T}fail${T}-${T}-
8${T}1500${T}1500${T}1500${T}1.00${T}1.00
EOF
run compare scale-a.tsv "$work/scale-again.tsv"
check "compare one host's sweeps: by file name" has_line \
	"Concurrency${T}alpha scale-a.tsv ops/s${T}alpha $work/scale-again.tsv ops/s${T}B/A ratio"

# --- compare -o: the file appears whole, stdout stays empty
run compare -o "$work/cmp.tsv" a.tsv b.tsv
check "compare -o exits 0" [ "$rc" -eq 0 ]
check "compare -o writes the file" grep -q "^B/A${T}-${T}1.50" "$work/cmp.tsv"
check "compare -o prints nothing on stdout" [ ! -s "$work/out" ]

# --- check: two files, direction-aware verdicts; table files hold one
# run a side, so only the tolerance alone (--no-stats) can judge them
run check a.tsv b.tsv --tolerance 25 --no-stats
check "check regression exits 1" [ "$rc" -eq 1 ]
same_out "check two files: exact verdicts" <<EOF
# differs: release: 6.1 -> 14.0
table${T}column${T}baseline${T}current${T}ratio${T}lo${T}hi${T}p${T}runs${T}note${T}basis${T}verdict
syscall${T}null call${T}0.20${T}0.30${T}1.500${T}-${T}-${T}-${T}1:1${T}-${T}tolerance${T}slower
syscall${T}null I/O${T}0.30${T}fail${T}-${T}-${T}-${T}-${T}1:-${T}-${T}-${T}fail
syscall${T}stat${T}1.50${T}1.00${T}0.667${T}-${T}-${T}-${T}1:1${T}-${T}tolerance${T}faster
syscall${T}sig inst${T}0.25${T}0.26${T}1.040${T}-${T}-${T}-${T}1:1${T}-${T}tolerance${T}ok
proc${T}fork proc${T}100${T}150${T}1.500${T}-${T}-${T}-${T}1:1${T}-${T}tolerance${T}slower
proc${T}exec proc${T}400${T}-${T}-${T}-${T}-${T}-${T}1:-${T}-${T}-${T}missing
thread${T}thread${T}25.0${T}-${T}-${T}-${T}-${T}-${T}1:-${T}-${T}-${T}missing
syscall${T}open clos${T}-${T}2.50${T}-${T}-${T}-${T}-${T}-:1${T}-${T}-${T}new
proc${T}sh proc${T}-${T}900${T}-${T}-${T}-${T}-${T}-:1${T}-${T}-${T}new
check: 9 figures: 1 ok, 2 slower, 1 faster, 0 unclear, 1 fail, 2 missing, 2 new (tolerance 25%, the tolerance alone); 1 not checked (fail or - in the baseline)
check: slower: syscall/null call, proc/fork proc
check: fail: syscall/null I/O
check: missing: proc/exec proc, thread/thread
check: faster: syscall/stat
check: new: syscall/open clos, proc/sh proc
EOF
run check a.tsv b.tsv --tolerance 25
check "check two table files without --no-stats: no interval, unclear" \
	grep -qx "proc${T}fork proc${T}100${T}150${T}1.500${T}-${T}-${T}-${T}1:1${T}one run a side, no interval (--runs 3): only a change beyond x2 counts${T}one-run${T}unclear" "$work/out"
check "check two table files: the unclear ones named" \
	grep -qx "check: unclear: syscall/null call, syscall/stat, syscall/sig inst, proc/fork proc" "$work/out"
check "check two table files: fail and missing still exit 1" [ "$rc" -eq 1 ]

run check a.tsv b.tsv --tolerance 60 --no-stats
check "check wider tolerance: 1.50 is ok" grep -qx "proc${T}fork proc${T}100${T}150${T}1.500${T}-${T}-${T}-${T}1:1${T}-${T}tolerance${T}ok" "$work/out"
check "check wider tolerance: still fail and missing, exit 1" [ "$rc" -eq 1 ]

run check a.tsv a.json --no-stats
check "check a file against itself in json exits 0" [ "$rc" -eq 0 ]
check "check against itself: all ok, default tolerance" \
	grep -qx 'check: 7 figures: 7 ok, 0 slower, 0 faster, 0 unclear, 0 fail, 0 missing, 0 new (tolerance 10%, the tolerance alone); 1 not checked (fail or - in the baseline)' "$work/out"

# ops/s: higher is better, so less is slower
run check scale-b.tsv scale-a.tsv --tolerance 25 --no-stats
check "check sweep regression exits 1" [ "$rc" -eq 1 ]
same_out "check sweeps: ops/s direction" <<EOF
table${T}column${T}baseline${T}current${T}ratio${T}lo${T}hi${T}p${T}runs${T}note${T}basis${T}verdict
scale${T}1${T}2000${T}1000${T}0.500${T}-${T}-${T}-${T}1:1${T}-${T}tolerance${T}slower
scale${T}2${T}1800${T}1800${T}1.000${T}-${T}-${T}-${T}1:1${T}-${T}tolerance${T}ok
scale${T}4${T}3000${T}fail${T}-${T}-${T}-${T}-${T}1:-${T}-${T}-${T}fail
scale${T}16${T}100${T}-${T}-${T}-${T}-${T}-${T}1:-${T}-${T}-${T}missing
scale${T}8${T}-${T}1500${T}-${T}-${T}-${T}-${T}-:1${T}-${T}-${T}new
check: 5 figures: 1 ok, 1 slower, 0 faster, 0 unclear, 1 fail, 1 missing, 1 new (tolerance 25%, the tolerance alone)
check: slower: scale/1
check: fail: scale/4
check: missing: scale/16
check: new: scale/8
EOF
run check scale-a.tsv scale-b.tsv --tolerance 25 --no-stats
check "check sweep: more ops/s is faster" grep -qx "scale${T}1${T}1000${T}2000${T}2.000${T}-${T}-${T}-${T}1:1${T}-${T}tolerance${T}faster" "$work/out"

# only ok and faster: exit 0
sed "s/${T}100${T}400\$/${T}50${T}200/" a.tsv >"$work/faster.tsv"
run check a.tsv "$work/faster.tsv" --tolerance 25 --no-stats
check "check with only ok and faster figures exits 0" [ "$rc" -eq 0 ]
check "check faster: verdict" grep -qx "proc${T}exec proc${T}400${T}200${T}0.500${T}-${T}-${T}-${T}1:1${T}-${T}tolerance${T}faster" "$work/out"
run check "$work/faster.tsv" a.tsv --tolerance 25 --no-stats
check "check the other way round is slower: exit 1" [ "$rc" -eq 1 ]
check "check slower: verdict, the figures as written" grep -qx "proc${T}fork proc${T}50${T}100${T}2.000${T}-${T}-${T}-${T}1:1${T}-${T}tolerance${T}slower" "$work/out"

# --- every format round-trips: a real run in long and json compares
# equal to itself (ratio 1.00) in table format
run run -q -f long -o "$work/real.long" null stat
run run -q -f json -o "$work/real.json" null stat
for f in real.long real.json; do
	run compare "$work/$f" "$work/$f"
	check "compare $f with itself exits 0" [ "$rc" -eq 0 ]
	# (the Mhz column - where a busy machine's clock chains disagreed)
	check "compare $f with itself: ratio 1.00" grep -Eqx "B/A${T}-${T}(1.00|-)${T}1.00${T}1.00" "$work/out"
done
run compare "$work/real.long" "$work/real.json"
check "compare long and json of different runs exits 0" [ "$rc" -eq 0 ]
run scale mutex --threads 1,2 -q -f json -o "$work/scale.json"
run scale mutex --threads 1,2 -q -o "$work/scale.tsv"
run compare "$work/scale.json" "$work/scale.tsv"
check "compare real sweeps json/table exits 0" [ "$rc" -eq 0 ]
check "compare real sweeps: two levels" [ "$(grep -c "^[12]${T}[0-9]*${T}[0-9]*${T}[0-9.]*\$" "$work/out")" -eq 2 ]
run compare "$work/scale.json" "$work/scale.json"
check "compare real sweep with itself: ratios 1.00" [ "$(grep -c "${T}1.00\$" "$work/out")" -eq 2 ]

# --- check with one file runs the figures again now, in 20 runs
run run -q -o "$work/base.tsv" null stat
run check -q "$work/base.tsv" --tolerance 1000
check "check one file exits 0" [ "$rc" -eq 0 ]
check "check one file: one line per baseline figure, 20 current runs" \
	[ "$(grep -c "^syscall${T}\(null call\|stat\)${T}[0-9.]*${T}[0-9.]*${T}[0-9.]*${T}[0-9.]*${T}[0-9.]*${T}[0-9.e-]*${T}1:20${T}\(one baseline run: the current spread stands for both${T}runs${T}\(ok\|unclear\)\|\(baseline\|current\) distorted: [^$T]*${T}runs${T}unclear\)\$" "$work/out")" -eq 2 ]
check "check one file: summary" grep -q '^check: 2 figures: .* 0 new (tolerance 1000%, 95% intervals: ' "$work/out"
check "check one file leaves no temp file" tmp_empty
run check -q --runs 2 "$work/base.tsv" --tolerance 1000
check "check one file --runs 2: two current runs" [ "$(grep -c "${T}1:2${T}" "$work/out")" -eq 2 ]
# default levels: check measures no other (t_harden.sh)
run scale mutex --threads 1,2 -q -f long -o "$work/base-scale.long"
run check -q --runs 3 "$work/base-scale.long" --tolerance 1000
check "check one sweep file exits 0" [ "$rc" -eq 0 ]
check "check one sweep file: levels 1 and 2" [ "$(grep -c "^scale${T}[12]${T}.*${T}\(ok\|unclear\)\$" "$work/out")" -eq 2 ]
check "check one sweep file leaves no temp file" tmp_empty
OSBENCH_TEST_FAULT=stat:fail run check -q "$work/base.tsv"
check "check one file, current failure: exit 1" [ "$rc" -eq 1 ]
check "check one file, current failure: verdict fail" grep -q "^syscall${T}stat${T}.*${T}fail\$" "$work/out"
check "check one file, failure: no temp file" tmp_empty
# figures this osbench does not measure come out missing
printf '# nosuch: an ad-hoc table\nHost\tOS\tnosuch\nalpha\tLinux\t1.00\n' >"$work/adhoc.tsv"
run check -q "$work/adhoc.tsv"
check "check one file with unknown figures: exit 1" [ "$rc" -eq 1 ]
check "check one file with unknown figures: missing, and why" grep -qx "nosuch${T}nosuch${T}1.00${T}-${T}-${T}-${T}-${T}-${T}1:-${T}not measured: a figure this osbench does not know${T}-${T}missing" "$work/out"
check "check one file, nothing to run: said on stderr" grep -q 'nothing in' "$work/err"
# ^C in the middle of a one-file check: no temp file, ended by the signal
OSBENCH_TEST_FAULT=stat:hang "$OSBENCH" check "$work/base.tsv" >"$work/out" 2>"$work/err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
rc=$?
check "check SIGINT ends by the signal" [ "$rc" -eq 130 ]
check "check SIGINT leaves no temp file" tmp_empty
check "check SIGINT leaves no process" no_process_left

# --- bad input: exit 2, one line naming the file (and line), nothing on stdout
bad() { # NAME NEEDLE ARGS...
	name=$1 needle=$2
	shift 2
	run "$@"
	if [ "$rc" -eq 2 ] && one_line_stderr && grep -qF -- "$needle" "$work/err" && [ ! -s "$work/out" ]; then
		ok "compare bad input: $name"
	else
		fail "compare bad input: $name: exit $rc, stderr '$(cat "$work/err")', stdout $(wc -c <"$work/out") bytes"
	fi
}
bad "no file" "osbench: compare: give at least one result file" compare
bad "no such file" "osbench: compare: 'absent.tsv': No such file or directory" compare a.tsv absent.tsv
bad "a directory" "osbench: compare: '.': Is a directory" compare a.tsv .
bad "empty" "osbench: compare: 'bad/empty.tsv': empty file" compare a.tsv bad/empty.tsv
bad "binary" "'bad/binary.tsv' line 2: binary data" compare a.tsv bad/binary.tsv
bad "truncated mid-row" "'bad/truncated-row.tsv' line 3: 4 cells, header has 5 (truncated file?)" compare bad/truncated-row.tsv a.tsv
bad "truncated mid-cell" "'bad/truncated-cell.tsv' line 3: no newline at the end (truncated file?)" compare a.tsv bad/truncated-cell.tsv
bad "header without data row" "'bad/header-only.tsv' line 2: header row without a data row" compare a.tsv bad/header-only.tsv
bad "extra cell" "'bad/extra-cell.tsv' line 3: 6 cells, header has 5" compare a.tsv bad/extra-cell.tsv
bad "missing cell" "'bad/missing-cell.tsv' line 3: 4 cells, header has 5" compare a.tsv bad/missing-cell.tsv
bad "NaN" "'bad/nan.tsv' line 3: column 'null call': 'nan' is not a finite number" compare a.tsv bad/nan.tsv
bad "inf" "'bad/inf.tsv' line 3: column 'stat': 'inf' is not a finite number" compare a.tsv bad/inf.tsv
bad "negative" "'bad/negative.tsv' line 3: column 'null call': '-1.5' is negative" compare a.tsv bad/negative.tsv
bad "garbage number" "'bad/garbage.tsv' line 3: column 'stat': '1.2x' is not a number, fail or -" compare a.tsv bad/garbage.tsv
bad "foreign text" "'bad/foreign.txt' line 1: not an osbench result file" compare a.tsv bad/foreign.txt
bad "foreign script" "'bad/foreign.sh' line 3: not an osbench result file" compare a.tsv bad/foreign.sh
bad "duplicate column" "'bad/dup-column.tsv' line 2: header cell 'stat' given twice" compare a.tsv bad/dup-column.tsv
bad "duplicate figure" "'bad/dup-figure.tsv' line 7: 'syscall' 'stat' given twice" compare a.tsv bad/dup-figure.tsv
bad "two data rows" "'bad/two-rows.tsv' line 4: a second data row under one header" compare a.tsv bad/two-rows.tsv
bad "files joined" "'bad/joined.tsv' line 18: a second host record" compare a.tsv bad/joined.tsv
bad "json cut short" "'bad/truncated.json' line 14: JSON cut short (truncated file?)" compare a.tsv bad/truncated.json
bad "json negative" "'bad/negative.json' line 14: 'median' is negative" compare a.tsv bad/negative.json
bad "json NaN" "'bad/nan.json' line 14: 'median' is not a JSON number" compare a.tsv bad/nan.json
bad "json not ours" "'bad/foreign.json'" compare a.tsv bad/foreign.json
bad "json trailing text" "'bad/trailing.json' line 1: text after the end of the JSON document" compare a.tsv bad/trailing.json
bad "long extra cell" "'bad/long-extra.tsv' line 3: 18 cells, header has 17" compare a.tsv bad/long-extra.tsv
bad "long inf" "'bad/long-inf.tsv' line 3: median_us: 'inf' is not a finite number" compare a.tsv bad/long-inf.tsv
bad "compare --format junit" "--format: 'junit' applies to 'check' and 'ab' only" compare -f junit a.tsv b.tsv
# a gigantic line: 70 000 bytes in one cell
{ head -8 a.tsv; awk 'BEGIN { s = "1"; while (length(s) < 70000) s = s s; printf "alpha\tLinux\t%s\n", s }'; } >"$work/huge.tsv"
bad "line over 64 KiB" "line 9: longer than 64 KiB" compare a.tsv "$work/huge.tsv"
bad "check without a file" "check: give a baseline" check
bad "check with three files" "check: give a baseline" check a.tsv b.tsv a.tsv
bad "check bad baseline" "osbench: check: 'bad/nan.tsv' line 3" check bad/nan.tsv a.tsv
bad "check bad current" "osbench: check: 'bad/empty.tsv': empty file" check a.tsv bad/empty.tsv
printf '# syscall: x\nHost\tOS\tstat\nalpha\tLinux\tfail\n' >"$work/fail-only.tsv"
bad "check baseline without values" "no figure with a value" check "$work/fail-only.tsv" a.tsv
check "compare leaves no temp file" tmp_empty

# --- bandwidths (MB/s) are better bigger: half the pipe's MB/s is slower
run check bw-a.tsv bw-b.tsv --no-stats
check "check MB/s exits 1 on a bandwidth lost" [ "$rc" -eq 1 ]
check "check MB/s: half the bandwidth is slower" grep -qx "bw${T}Pipe${T}3000${T}1500${T}0.500${T}-${T}-${T}-${T}1:1${T}-${T}tolerance${T}slower" "$work/out"
check "check MB/s: more bandwidth is faster" grep -qx "bw${T}AF UNIX${T}4000${T}6000${T}1.500${T}-${T}-${T}-${T}1:1${T}-${T}tolerance${T}faster" "$work/out"
check "check MB/s: 5 % more is ok" grep -qx "bw${T}TCP${T}2000${T}2100${T}1.050${T}-${T}-${T}-${T}1:1${T}-${T}tolerance${T}ok" "$work/out"
check "check MB/s: the summary" grep -q "^check: 9 figures: 7 ok, 1 slower, 1 faster, 0 unclear, 0 fail, 0 missing" "$work/out"
run check bw-b.tsv bw-a.tsv --no-stats
check "check MB/s the other way: the pipe is faster" grep -qx "bw${T}Pipe${T}1500${T}3000${T}2.000${T}-${T}-${T}-${T}1:1${T}-${T}tolerance${T}faster" "$work/out"
# --- a machine-wide move: every figure alike is said on stderr, and in json
sed 's/^alpha.*/beta\tLinux 6.1\t2400\t3200\t1600\t6400\t7200\t8000\t4800\t9600\t5600/' bw-a.tsv >"$work/bw-slow.tsv"
run check bw-a.tsv "$work/bw-slow.tsv" --no-stats
check "check machine-wide: every figure is slower, exit 1" [ "$rc" -eq 1 ]
check "check machine-wide: said on stderr in one line" [ "$(wc -l <"$work/err")" -eq 1 ]
check "check machine-wide: the note does not talk the change away" \
	grep -qx "osbench: check: note: every figure moved alike: 9 of 9 took longer, the typical one 25% slower than its baseline; a slower kernel, allocator or placement does that, and so does a busier machine: with --no-stats the verdicts stand as measured; osbench ab, where both sides can run, tells them apart" "$work/err"
check "check machine-wide: the verdicts stay each figure's own" grep -qx "bw${T}Pipe${T}3000${T}2400${T}0.800${T}-${T}-${T}-${T}1:1${T}-${T}tolerance${T}slower" "$work/out"
run check -f json bw-a.tsv "$work/bw-slow.tsv"
check "check machine-wide: json summary" \
	grep -q '"typical_time_ratio": 1.25, "moved_alike": 9, "machine_wide": true, "call_dearer_ns": null, "call_dearer_se_ns": null}' "$work/out"
run check bw-a.tsv bw-b.tsv
check "check one figure moved: no machine-wide note" [ ! -s "$work/err" ]
run check -f json bw-a.tsv bw-b.tsv
check "check one figure moved: typical ratio 1, not machine-wide" \
	grep -q '"typical_time_ratio": 1, "moved_alike": 0, "machine_wide": false, "call_dearer_ns": null, "call_dearer_se_ns": null}' "$work/out"
# six figures 20 % down, three 25 % up: the typical one is slower, but
# only two in three moved that way
sed 's/^alpha.*/beta\tLinux 6.1\t2400\t3200\t1600\t6400\t7200\t8000\t7500\t15000\t8750/' bw-a.tsv >"$work/bw-mixed.tsv"
run check bw-a.tsv "$work/bw-mixed.tsv"
check "check mixed moves: no machine-wide note" [ ! -s "$work/err" ]
run check -f json bw-a.tsv "$work/bw-mixed.tsv"
check "check mixed moves: 6 alike, not machine-wide" grep -q '"moved_alike": 6, "machine_wide": false, ' "$work/out"
run check "$work/bw-slow.tsv" bw-a.tsv
check "check machine-wide faster: said on stderr" \
	grep -q "^osbench: check: note: every figure moved alike: 9 of 9 took less time, the typical one 20% faster than its baseline; a faster kernel" "$work/err"

run compare -f long bw-a.tsv bw-b.tsv
check "compare MB/s: the unit travels" grep -q "^bw${T}Pipe${T}.*${T}MB/s${T}beta${T}bw-b.tsv${T}ok${T}1500${T}" "$work/out"
finish
