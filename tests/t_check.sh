#!/bin/sh
# osbench check across time: the run as the unit, an interval on every
# ratio, unclear where the runs cannot tell; setups that differ; the
# reports.  Crafted files only: no verdict here depends on this machine.
. "$(dirname "$0")/lib.sh"

fx="$(cd "$(dirname "$0")/fixtures" && pwd)"
export T
cd "$work" || exit 2

row() { # the line of a table/column in the output
	grep "^$1${T}$2${T}" "$work/out"
}
# cell TABLE COLUMN NAME: the cell under NAME in that figure's row
check_cell() { by_name table "f(\"table\") == \"$1\" && f(\"column\") == \"$2\" { print f(\"$3\") }" "$work/out"; }
verdict_of() { check_cell "$1" "$2" verdict; }
note_of() { check_cell "$1" "$2" note; }

# --- three runs a side: slower, ok, and unclear where the runs scatter
mkruns base3.long <<EOF
syscall|null call|null|us|0.20,0.202,0.198
syscall|stat|stat|us|1.0,1.02,0.98
proc|fork proc|fork|us|100,101,99
EOF
mkruns cur3.long <<EOF
syscall|null call|null|us|0.30,0.303,0.297
syscall|stat|stat|us|1.0,1.01,0.99
proc|fork proc|fork|us|100,150,70
EOF
run check base3.long cur3.long
check "check three runs: a regression exits 1" [ "$rc" -eq 1 ]
check "check three runs: header, basis before verdict, verdict last" \
	sh -c 'grep -qx "table${T}column${T}baseline${T}current${T}ratio${T}lo${T}hi${T}p${T}runs${T}note${T}basis${T}verdict" "$1"' _ "$work/out"
check "check three runs: judged on the runs" [ "$(check_cell syscall 'null call' basis)" = runs ]
check "check three runs: 1.5 times in every run is slower" [ "$(verdict_of syscall 'null call')" = slower ]
check "check three runs: its interval excludes 1" \
	sh -c 'grep "^syscall${T}null call${T}" "$1" | awk -F"\t" "{ exit !(\$6 > 1 && \$7 > \$6 && \$9 == \"3:3\") }"' _ "$work/out"
check "check three runs: steady and unchanged is ok" [ "$(verdict_of syscall stat)" = ok ]
check "check three runs: runs that scatter are unclear" [ "$(verdict_of proc 'fork proc')" = unclear ]
check "check three runs: the summary counts unclear" \
	grep -qx "check: 3 figures: 1 ok, 1 slower, 0 faster, 1 unclear, 0 fail, 0 missing, 0 new (tolerance 10%, 95% intervals: 3 on the runs, 0 relative, 0 one-run)" "$work/out"
check "check three runs: the summary names the slower figure first" \
	sh -c 'grep "^check: [a-z]*:" "$1" | head -n 1 | grep -qx "check: slower: syscall/null call"' _ "$work/out"
check "check three runs: then the unclear ones" grep -qx "check: unclear: proc/fork proc" "$work/out"
check "check three runs: and names them" grep -qx "check: unclear: proc/fork proc" "$work/out"
# a figure osbench does not know, named with the list's ", ": quoted,
# or "a, syscall/b" would read as two figures
awk -F'\t' -v c="$(col base3.long column)" 'BEGIN { OFS = "\t" } $1 == "proc" && $2 == "fork proc" { $c = "a, syscall/b" } { print }' base3.long >comma-b.long
awk -F'\t' -v c="$(col cur3.long column)" 'BEGIN { OFS = "\t" } $1 == "proc" && $2 == "fork proc" { $c = "a, syscall/b" } { print }' cur3.long >comma-c.long
run check comma-b.long comma-c.long
check "check: a name holding ', ' is quoted in the summary" grep -qx "check: unclear: 'proc/a, syscall/b'" "$work/out"

# --- --strict: unclear fails too
grep -v '^syscall.null call' base3.long | sed 's/^# end: 3/# end: 2/' >base2.long
run check base2.long cur3.long
check "check unclear alone exits 0" [ "$rc" -eq 0 ]
run check --strict base2.long cur3.long
check "check --strict: unclear exits 1" [ "$rc" -eq 1 ]
run check --strict -f junit base2.long cur3.long
check "check --strict junit: unclear is a failure" grep -q '<failure type="unclear"' "$work/out"
run check -f junit base2.long cur3.long
check "check junit without --strict: unclear is no failure" sh -c '! grep -q "<failure" "$1"' _ "$work/out"

# --- --no-stats: the tolerance alone, whatever the runs
run check --no-stats base3.long cur3.long
check "check --no-stats: the ratio alone decides" [ "$(verdict_of proc 'fork proc')" = ok ]
check "check --no-stats: said in the summary" grep -q "(tolerance 10%, the tolerance alone)" "$work/out"

# --- one run on the baseline side: the current side's spread stands for both
printf '# osbench 0.2.0\n# host: alpha\n\n# syscall: x\nHost\tOS\tnull call\nalpha\tLinux\t0.2000\n# end: 1 figure\n' >base1.tsv
run check base1.tsv cur3.long
check "check one baseline run: judged with the current spread" [ "$(verdict_of syscall 'null call')" = slower ]
check "check one baseline run: and says so" \
	[ "$(note_of syscall 'null call')" = "one baseline run: the current spread stands for both" ]
check "check one baseline run: runs 1:3" sh -c 'grep "^syscall${T}null call${T}" "$1" | grep -q "${T}1:3${T}"' _ "$work/out"

# --- old files: 0.1 long and json, a 0.2 long without runs, read as one run each
for f in a.long a.json; do
	run check "$fx/a.tsv" "$fx/$f"
	check "check an old $f: read, one run a side, unclear" \
		[ "$(verdict_of syscall 'null call')|$(note_of syscall 'null call')|$(check_cell syscall 'null call' basis)" = "unclear|one run a side, no interval (--runs 3): only a change beyond x2 counts|one-run" ]
	run check --no-stats "$fx/a.tsv" "$fx/$f"
	check "check an old $f with --no-stats: ok, exit 0" [ "$rc $(verdict_of syscall 'null call')" = "0 ok" ]
done
printf '# osbench 0.2.0\n# host: alpha\ntable\tcolumn\tmodule\tparams\tmedian_us\tstatus\nsyscall\tnull call\tnull\t-\t0.2\tok\n# end: 1 figure\n' >old02.long
run check old02.long cur3.long
check "check a 0.2 long without runs: one baseline run" [ "$(note_of syscall 'null call')" = "one baseline run: the current spread stands for both" ]

# --- a table at two digits: 0.27 may be 0.2749, so 0.3135 (+14 %) is not
# 1.16 beyond a 15 % tolerance
printf '# osbench 0.1.0\n# host: alpha\n\n# syscall: x\nHost\tOS\tnull call\nalpha\tLinux\t0.27\n' >two.tsv
mkruns cur14.long <<EOF
syscall|null call|null|us|0.3134,0.3136,0.3135
EOF
run check --tolerance 15 two.tsv cur14.long
check "check a two-digit baseline: its rounding cannot make a change" [ "$(verdict_of syscall 'null call')" = unclear ]
check "check a two-digit baseline: the interval holds the rounding" \
	sh -c 'grep "^syscall${T}null call${T}" "$1" | awk -F"\t" "{ exit !(\$6 < 1.15 && \$7 > 1.17) }"' _ "$work/out"
# and a run writes cells with four significant digits
run run -q null
check "check a run's table cell has four significant digits" \
	sh -c 'awk -F"\t" "\$1 == \"Host\" { getline; v = \$NF; sub(/^[0.]*/, \"\", v); gsub(/\\./, \"\", v); exit !(length(v) >= 4) }" "$1"' _ "$work/out"

# --- a figure in two tables is counted once: in the summary, the note,
# JUnit and Holm (four distinct figures are too few for a machine-wide note)
mkruns dup-a.long <<EOF
ctx|2p/0K ctxsw|ctx|us|2.0,2.02,1.98
ipc|2p/0K ctxsw|ctx|us|2.0,2.02,1.98
ipc|Pipe|pipe|us|5.0,5.05,4.95
syscall|null call|null|us|0.20,0.202,0.198
syscall|stat|stat|us|1.0,1.01,0.99
EOF
mkruns dup-b.long <<EOF
ctx|2p/0K ctxsw|ctx|us|2.6,2.626,2.574
ipc|2p/0K ctxsw|ctx|us|2.6,2.626,2.574
ipc|Pipe|pipe|us|6.5,6.565,6.435
syscall|null call|null|us|0.26,0.2626,0.2574
syscall|stat|stat|us|1.3,1.313,1.287
EOF
run check dup-a.long dup-b.long
check "check duplicates: five rows" [ "$(grep -c "${T}slower\$" "$work/out")" -eq 5 ]
check "check duplicates: four figures in the summary" grep -q "^check: 4 figures: 0 ok, 4 slower," "$work/out"
check "check duplicates: the repeat says so" [ "$(note_of ipc '2p/0K ctxsw')" = "counted once, as ctx/2p/0K ctxsw" ]
check "check duplicates: four are too few for a machine-wide note" [ ! -s "$work/err" ]
run check -f junit dup-a.long dup-b.long
check "check duplicates: junit has four testcases" [ "$(grep -c '<testcase ' "$work/out")" -eq 4 ]
check "check duplicates: junit counts four" grep -q '<testsuites name="osbench check" tests="4" failures="4">' "$work/out"

# --- 24 figures, every one 2x in every run: each is slower (Holm over
# pseudo-replicated samples used to hide them all)
i=0
: >many-a.in
: >many-b.in
while [ "$i" -lt 24 ]; do
	echo "t$i|c|m$i|us|1.0,1.01,0.99" >>many-a.in
	echo "t$i|c|m$i|us|2.0,2.02,1.98" >>many-b.in
	i=$((i + 1))
done
# six samples a side too, wholly apart, as check -q used to take them
with_samples() { # IN OUT
	awk -F'\t' 'BEGIN { OFS = "\t" }
		/^table/ { print $0, "samples_us", "ci_lo_us", "ci_hi_us", "rounds"; next }
		/^#/ { print; next }
		{ m = $5; print $0, sprintf("%g,%g,%g,%g,%g,%g", m * 0.99, m * 0.995, m, m * 1.001, m * 1.005, m * 1.01), m * 0.99, m * 1.01, 2 }' "$1" >"$2"
}
mkruns many-a.in.long <many-a.in
mkruns many-b.in.long <many-b.in
with_samples many-a.in.long many-a.long
with_samples many-b.in.long many-b.long
run check many-a.long many-b.long
check "check 24 figures all 2x: 24 slower, exit 1" \
	[ "$rc $(grep -c '^check: 24 figures: 0 ok, 24 slower, 0 faster, 0 unclear,' "$work/out")" = "1 1" ]

# --- one figure of many strays: 15 % with runs that agree, p 0.005 on its
# own, 0.1 with 21 figures counted (Holm): a job of many figures on an
# unchanged host would be red whenever one strayed that far.  The other
# figures' runs scatter each their own way, so that no run is slower for
# all of them (each run's factor 1)
: >stray-a.in
: >stray-b.in
i=0
while [ "$i" -lt 20 ]; do
	case $((i % 3)) in
	0) runs=1.0,1.01,0.99 ;;
	1) runs=1.01,0.99,1.0 ;;
	*) runs=0.99,1.0,1.01 ;;
	esac
	echo "t$i|c|m$i|us|$runs" >>stray-a.in
	echo "t$i|c|m$i|us|$runs" >>stray-b.in
	i=$((i + 1))
done
echo "syscall|stat|stat|us|1.0,1.03,0.97" >>stray-a.in
echo "syscall|stat|stat|us|1.15,1.185,1.115" >>stray-b.in
mkruns stray-a.long <stray-a.in
mkruns stray-b.long <stray-b.in
run check stray-a.long stray-b.long
check "check one stray figure of 21: unclear, exit 0" \
	[ "$rc $(verdict_of syscall stat)" = "0 unclear" ]
check "check one stray figure of 21: its own interval excludes 1" \
	[ "$(check_cell syscall stat lo | awk '{ print ($1 > 1) }')" = 1 ]
note=$(note_of syscall stat)
check "check one stray figure of 21: the note says why" \
	sh -c 'case $1 in *"not significant with every figure counted (p 0."*Holm*) ;; *) exit 1 ;; esac' _ "$note"
grep '^syscall|' stray-a.in | mkruns stray1-a.long
grep '^syscall|' stray-b.in | mkruns stray1-b.long
run check stray1-a.long stray1-b.long
check "check the same figure alone: slower, exit 1" \
	[ "$rc $(verdict_of syscall stat)" = "1 slower" ]
# process creation drifts between invocations: the same 15 % in sh is
# held back, and a gross change is not
sed 's/^syscall\tstat\tstat\t/proc\tsh proc\tsh\t/' stray1-a.long >drift-a.long
sed 's/^syscall\tstat\tstat\t/proc\tsh proc\tsh\t/' stray1-b.long >drift-b.long
run check drift-a.long drift-b.long
check "check process creation 15 % slower: unclear, exit 0" \
	[ "$rc $(verdict_of proc 'sh proc')" = "0 unclear" ]
check "check process creation 15 % slower: the note says it is within its drift" \
	sh -c 'case $1 in "slower by its runs (1.150), but within what process creation drifts"*) ;; *) exit 1 ;; esac' \
	_ "$(note_of proc 'sh proc')"
sed 's/^\(proc\tsh proc\tsh\t-\t\)[^\t]*\(\tok\t-\tus\t3\t\)[^\t]*/\13.45\23.45,3.555,3.345/' drift-b.long >drift-c.long
run check drift-a.long drift-c.long
check "check process creation 3.45 times slower: a gross change, exit 1" \
	[ "$rc $(verdict_of proc 'sh proc')" = "1 slower" ]

# --- a baseline taken in a busy spell: two of its figures distorted, the
# current run's none; what moved is held back, a gross change is not
busy_runs() { # FILE FACTOR DISTORTED...: 22 figures of 20 runs, FACTOR times
	f=$1 k=$2
	shift 2
	i=0
	while [ "$i" -lt 22 ]; do
		runs=$(awk -v k="$k" -v i="$i" 'BEGIN { for (r = 0; r < 20; r++)
			printf "%s%.6g", r ? "," : "", k * (10 + i) * (1 + 0.01 * ((r * 7 + i) % 5 - 2)) }')
		case " $* " in
		*" t$i "*) why="waited for its cpu 60% of the time" ;;
		*) why=no ;;
		esac
		echo "t$i|c|m$i|us|$runs|$runs|$why"
		i=$((i + 1))
	done | mkruns "$f"
}
busy_runs busy-a.long 1.5 t0 t1
busy_runs busy-b.long 1
run check busy-a.long busy-b.long
check "check a baseline in a busy spell: unclear, exit 0" [ "$rc $(verdict_of t5 c)" = "0 unclear" ]
check "check a baseline in a busy spell: the note says take it again" \
	sh -c 'case $1 in "faster by its runs ("*"), but the baseline'"'"'s run went through a busy spell (2 of its figures distorted) and the current one did not: take the baseline again"*) ;; *) exit 1 ;; esac' \
	_ "$(note_of t5 c)"
busy_runs busy-c.long 1 t3 t4
run check busy-a.long busy-c.long
check "check both runs in a busy spell: judged as measured (faster)" [ "$(verdict_of t5 c)" = faster ]
busy_runs busy-d.long 0.4
run check busy-a.long busy-d.long
check "check a baseline in a busy spell: a gross change stands, exit 0" [ "$rc $(verdict_of t5 c)" = "0 faster" ]
# both runs busy, the figure itself distorted on both sides: judged
# against the rest of its runs (a loaded CI runner); with the current run
# alone busy, its slower is held back
busy_runs busy-e.long 1 t0 t1
awk -F'\t' 'BEGIN { OFS = "\t" } $1 == "t0" { n = split($10, v, ","); s = ""
	for (i = 1; i <= n; i++) s = s (i > 1 ? "," : "") sprintf("%.6g", v[i] * 1.5)
	$10 = s; $11 = s; $5 = sprintf("%.6g", 15) } { print }' busy-e.long >busy-f.long
run check busy-e.long busy-f.long
check "check both runs busy: a distorted figure 1.5 times slower is slower, exit 1" \
	[ "$rc $(verdict_of t0 c) $(check_cell t0 c basis)" = "1 slower relative" ]
busy_runs busy-g.long 1
run check busy-g.long busy-f.long
check "check the current run alone busy: the same figure is held back, exit 0" \
	[ "$rc $(verdict_of t0 c)" = "0 unclear" ]
# processes that take turns (ctx's, MOD_TAKES_TURNS) drift between invocations on a
# busy host: 13 % faster with both runs busy is held back, with neither it is not
ring() { # IN OUT FACTOR: t5 made ctx's, its runs FACTOR times
	awk -F'\t' -v k="$3" 'BEGIN { OFS = "\t" } $1 == "t5" { $3 = "ctx"; n = split($10, v, ","); s = ""
		for (i = 1; i <= n; i++) s = s (i > 1 ? "," : "") sprintf("%.6g", v[i] * k)
		$10 = s; $11 = s; $5 = sprintf("%.6g", $5 * k) } { print }' "$1" >"$2"
}
ring busy-e.long ring-a.long 1
ring busy-e.long ring-b.long 0.87
run check ring-a.long ring-b.long
check "check a ring 13 % faster, both runs busy: unclear, within its drift" \
	[ "$(verdict_of t5 c)" = unclear ]
check "check a ring 13 % faster, both runs busy: the note says it drifts on a busy host" \
	sh -c 'case $1 in "faster by its runs (0.870), but within what this figure drifts between invocations on a busy host"*) ;; *) exit 1 ;; esac' \
	_ "$(note_of t5 c)"
ring busy-g.long ring-c.long 1
ring busy-g.long ring-d.long 0.87
run check ring-c.long ring-d.long
check "check a ring 13 % faster, neither run busy: faster" [ "$(verdict_of t5 c)" = faster ]

# --- a machine that moved from run to run: each run's factor (the typical
# figure's move in that run) taken out.  moody MOODS MOVED FACTOR UNIT:
# eight figures (the last a MB/s one), each the machine's factor in each
# run (MOODS, a comma list) times its own level and a little noise of its
# own; the figures named in MOVED (t1 t2 ...) FACTOR times slower
moody() {
	awk -v moods="$1" -v moved=" $2 " -v f="$3" -v figs="${4:-8}" 'BEGIN {
		n = split(moods, m, ",")
		split("1.0 1.01 0.99 1.005 0.995 1.0 1.01 0.99", e, " ")
		for (g = 0; g < figs; g++) {
			rate = g == 7
			s = ""
			for (r = 1; r <= n; r++) {
				v = (g + 1) * m[r] * e[(g + r) % 8 + 1]
				if (index(moved, " t" g " ")) v *= f
				s = s (r > 1 ? "," : "") sprintf("%.6g", rate ? 1000 / v : v)
			}
			printf "t%d|c|m%d|%s|%s\n", g, g, rate ? "MB/s" : "us", s
		}
	}'
}
moody 1.0,1.35,1.0 "" 1 | mkruns moody-a.long
moody 1.35,1.0,1.0 "t1" 1.4 | mkruns moody-b.long
run check moody-a.long moody-b.long
check "check beyond the rest of its runs: slower, exit 1" [ "$rc $(verdict_of t1 c)" = "1 slower" ]
check "check beyond the rest of its runs: on the relative basis, its interval shown" \
	[ "$(check_cell t1 c basis) $(check_cell t1 c lo | awk '{ print ($1 > 1.3) }')" = "relative 1" ]
note=$(note_of t1 c)
check "check beyond the rest of its runs: the note gives it as measured, holding 1" \
	sh -c 'case $1 in "as measured 1.400 (0.9"*"); the machine moved it 1.0"*", following its runs'"'"' factor by "*) ;; *) exit 1 ;; esac' _ "$note"
check "check beyond the rest of its runs: the others ok against their runs, none changed" \
	[ "$(grep -c "${T}relative${T}ok\$" "$work/out") $(grep -c -E "${T}(slower|faster)\$" "$work/out")" = "7 1" ]
check "check a figure that moved with its runs: shown against them" \
	[ "$(check_cell t3 c basis) $(check_cell t3 c ratio | awk '{ print ($1 > 0.98 && $1 < 1.02) }')" = "relative 1" ]
run check -f json moody-a.long moody-b.long
if have python3; then
	check "check json: the ratio against the rest of its runs" python3 -c '
import json, sys
f = {x["table"]: x for x in json.load(open(sys.argv[1]))["figures"]}
r = f["t1"]["relative"]
assert f["t1"]["verdict"] == "slower" and 1.3 < r["lo"] < r["ratio"] < r["hi"] < 1.5, f["t1"]
assert f["t1"]["basis"] == "relative" and f["t1"]["lo"] == r["lo"], f["t1"]
assert f["t1"]["measured"]["lo"] < 1 < f["t1"]["measured"]["hi"], f["t1"]
' "$work/out"
fi
run check -f long moody-a.long moody-b.long
check "check long: the ratio against the rest of its runs" \
	[ "$(check_cell t1 c rel_ratio | awk '{ print ($1 > 1.3 && $1 < 1.5) }')" = 1 ]
moody 1.35,1.0,1.0 "t7" 1.4 | mkruns moody-rate.long
run check moody-a.long moody-rate.long
check "check a rate beyond the rest of its runs: slower" [ "$rc $(verdict_of t7 c)" = "1 slower" ]
moody 1.35,1.0,1.0 "" 1 | mkruns moody-same.long
run check moody-a.long moody-same.long
check "check a machine that moved from run to run, nothing changed: no verdict of change" \
	[ "$rc $(grep -c -E "${T}(slower|faster)\$" "$work/out")" = "0 0" ]
check "check a machine that moved from run to run, nothing changed: ok against the runs" \
	[ "$(grep -c "${T}relative${T}ok\$" "$work/out")" = 8 ]
# every figure but one 30 % slower, within the moods its runs showed:
# taken for the machine's, and stderr names the move of every figure
moody 1.35,1.0,1.0 "t0 t1 t2 t3 t4 t5 t7" 1.3 | mkruns moody-most.long
run check moody-a.long moody-most.long
# the machine moved (x1.3) beyond its runs' own spread within a side, so
# how each figure follows such a move is known only to the prior's
# spread: the one that stayed reads 0.77 against its runs, unclear
check "check most figures moved alike: the one that stayed reads 0.77 against its runs, unclear" \
	[ "$(verdict_of t6 c) $(check_cell t6 c basis) $(check_cell t6 c ratio | cut -c 1-4)" = "unclear relative 0.77" ]
check "check most figures moved alike: stderr names the move" \
	grep -q "every figure moved alike: 7 of 8 took longer, the typical one 30% slower" "$work/err"
# nothing changed, but the whole machine ran 20 % faster than in every
# baseline run, the 16 figures alike: how alike is read off them, and
# each is ok
moody 1.0,1.05,1.0,1.05,1.0,1.05 "" 1 16 | mkruns moody16-six.long
moody 0.8,0.82,0.8,0.82,0.8,0.82 "" 1 16 | mkruns moody16-fast.long
run check moody16-six.long moody16-fast.long
check "check the machine moved beyond its runs, every figure alike: ok, exit 0" \
	[ "$rc $(grep -c -E "${T}relative${T}ok\$" "$work/out")" = "0 16" ]
check "check the machine moved beyond its runs, every figure alike: the note says how alike" \
	[ "$(grep -c -E "; the machine moved it (0[.]7[89][0-9]|1[.]2[0-9]{2}), the figures following such a move alike to 0[.][0-4][0-9]${T}" "$work/out")" = 16 ]
# stray(N, PCT): the figures in moody's lines PCT % apart in how far they
# followed the move, as N, 1 - N, 1 in turn
stray() {
	awk -F'|' -v p="$1" 'BEGIN { OFS = "|"; k[0] = 1 + p / 100; k[1] = 1 - p / 100; k[2] = 1 }
		{ g = substr($1, 2) % 3; n = split($5, v, ","); s = ""
		  for (i = 1; i <= n; i++) s = s (i > 1 ? "," : "") sprintf("%.6g", $4 == "us" ? v[i] * k[g] : v[i] / k[g])
		  $5 = s; print }'
}
# ... 16 figures 8 % apart in following it: nothing ok, nothing claimed
moody 0.8,0.82,0.8,0.82,0.8,0.82 "" 1 16 | stray 8 | mkruns moody16-stray.long
run check moody16-six.long moody16-stray.long
check "check the machine moved, 16 figures 8 % apart in following it: nothing ok, nothing claimed" \
	[ "$rc $(grep -c -E "${T}(slower|faster|ok)\$" "$work/out")" = "0 0" ]
# ... and 8 figures, too few to tell how alike they follow it, 4 % apart:
# what the runs alone say is told, and why each is unclear
moody 1.0,1.05,1.0,1.05,1.0,1.05 "" 1 | mkruns moody-six.long
moody 0.8,0.82,0.8,0.82,0.8,0.82 "" 1 | stray 4 | mkruns moody-fast.long
run check moody-six.long moody-fast.long
check "check the machine moved beyond its runs: exit 0, nothing claimed" \
	[ "$rc $(grep -c -E "${T}(slower|faster|ok)\$" "$work/out")" = "0 0" ]
check "check the machine moved beyond its runs: each note says what the runs alone said" \
	[ "$(grep -c -E "${T}ok by its runs alone, [01][.][0-9]{3} \([01][.][0-9]{3}-[01][.][0-9]{3}\), (0[.][78][0-9]{2}|1[.][23][0-9]{2}) as measured, but the machine moved (0[.]7[89][0-9]|1[.]2[0-9]{2}) between the sides, and how far this figure follows such a move is known only roughly${T}relative${T}unclear\$" "$work/out")" = 8 ]
check "check the machine moved beyond its runs: what the runs alone said holds its own ratio, a rate's too" \
	awk -F'\t' '$1 == "t7" { seen = 1 } match($0, /by its runs alone, [0-9.]+ \([0-9.]+-[0-9.]+\)/) {
		split(substr($0, RSTART + 19, RLENGTH - 20), v, /[ (-]+/); n++
		if (!(v[2] + 0 <= v[1] + 0 && v[1] + 0 <= v[3] + 0)) bad = 1 }
		END { exit bad || n != 8 || !seen }' "$work/out"
check "check the machine moved beyond its runs: the summary counts them" \
	grep -q "^check: 8 figures: 0 ok, .*; 8 unclear for the machine's move)\$" "$work/out"
check "check the machine moved beyond its runs: stderr says why and what to do" \
	grep -qx "osbench: check: note: 8 figures are unclear only for the machine's move between the sides (the typical figure 2[01]% faster), which their runs alone would have told; how far each figure follows such a move is known only roughly: take the baseline again with the machine as it is now, or check again when it is back where the baseline found it" "$work/err"
run check -f json moody-six.long moody-fast.long
if have python3; then
	check "check json: the figures unclear for the machine's move counted" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["summary"]["unclear_for_the_move"] == 8 and d["summary"]["unclear"] == 8, d["summary"]
' "$work/out"
fi
# the machine reference (each run's, in the host record): a machine that
# moved with its reference is taken out by the reference's move; every
# figure 30 % slower while the reference stayed is a kernel's mood or a
# kernel's change, taken halfway, so nothing is claimed from it alone;
# with no reference the figures' own factor takes it for the machine's
refline() { # MOODS: each run's reference, MB/s, as the moods move it
	echo "$1" | awk -F, '{ printf "machine reference: "; for (i = 1; i <= NF; i++) printf "%s%.6g", (i > 1 ? "," : ""), 50000 / $i; printf " MB/s (each run)\n" }'
}
moods6=1.0,1.1,1.0,1.05,1.0,1.1
moody "$moods6" "" 1 | mkruns ref-a.long "$(refline "$moods6")"
moody "$moods6" "t0 t1 t2 t3 t4 t5 t6 t7" 1.3 | mkruns ref-b.long "$(refline "$moods6")"
run check ref-a.long ref-b.long
check "check every figure 30% slower, the reference unmoved: nothing claimed, exit 0" \
	[ "$rc $(grep -c -E "${T}(slower|faster)\$" "$work/out")" = "0 0" ]
check "check every figure 30% slower, the reference unmoved: taken halfway, 1.14 against the runs" \
	[ "$(verdict_of t0 c) $(check_cell t0 c basis) $(check_cell t0 c ratio | cut -c 1-4)" = "unclear relative 1.14" ]
check "check every figure 30% slower, the reference unmoved: stderr says how it was taken" \
	grep -q "typical one 30% slower than its baseline, and the machine reference, which no kernel change moves, did not move; a mood of this host's kernel moves every figure so too" "$work/err"
check "check the summary gives the reference's move" \
	grep -q "^check: 8 figures: .*; the machine reference moved 1.000)\$" "$work/out"
if have python3; then
	run check -f json ref-a.long ref-b.long
	check "check json: the reference's move in the summary" python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))["summary"]
assert abs(s["reference_time_ratio"] - 1) < 1e-6 and abs(s["typical_time_ratio"] - 1.3) < 0.01, s' "$work/out"
fi
moody "$moods6" "t0 t1 t2 t3 t4 t5 t6 t7" 1.3 | mkruns ref-h.long "$(refline 1.1,1.0,1.1,1.0,1.05,1.0)"
run check ref-a.long ref-h.long
check "check a reference the figures did not follow within the runs: not read, and the summary says so" \
	grep -q "^check: 8 figures: .*; the machine reference moved 1.000, not read: the figures followed it within the runs by r 0.07)\$" "$work/out"
check "check a reference not read: every figure 30% slower taken for the machine's, nothing claimed" \
	[ "$rc $(grep -c -E "${T}(slower|faster)\$" "$work/out")" = "0 0" ]
check "check a reference not read, the figures moved beyond it: stderr says a changed kernel and a mood look alike, and what tells" \
	grep -qx "osbench: check: note: every figure moved alike: 8 of 8 took longer, the typical one 30% slower than its baseline, while the machine reference, which makes no system call, did not move; a kernel that made every figure dearer does that, and so does a mood of this host's kernel, which check cannot tell apart: the figures did not follow the reference within the runs (r 0.07), so it is not read, and each figure is judged against the rest of its runs, so a change that moves every figure alike by less than x1.4 is not seen; check again in a few minutes: a mood passes, a changed kernel stays" "$work/err"
# ... and where the runs' own moods span the move, the figures are ok
# against them, but an ok must hold as measured or against the reference
# too: every call 10 % dearer reads so
moody 1.0,1.2,1.0,1.2,1.0,1.2 "" 1 | mkruns ref-k.long "$(refline 1.2,1.0,1.2,1.0,1.2,1.0)"
moody 1.1,1.32,1.1,1.32,1.1,1.32 "" 1 | mkruns ref-l.long "$(refline 1.2,1.0,1.2,1.0,1.2,1.0)"
run check -f long ref-k.long ref-l.long
check "check every figure 10% slower within the runs' moods, the reference unmoved: none ok" \
	[ "$rc $(verdict_of t0 c) $(grep -c -E "${T}ok\$" "$work/out")" = "0 unclear 0" ]
check "check an ok against the runs that the reference does not hold: the note says why" \
	sh -c 'case $1 in "ok against the rest of its runs (1.00"?"), but 1.100 as measured, and the machine reference, which no kernel change moves, moved 1.000: a change of every figure alike reads so") ;; *) exit 1 ;; esac' _ "$(note_of t0 c)"
moody 1.1,1.32,1.1,1.32,1.1,1.32 "" 1 | mkruns ref-m.long "$(refline 1.32,1.1,1.32,1.1,1.32,1.1)"
run check ref-k.long ref-m.long
check "check every figure 10% slower with the reference, within the runs' moods: ok" \
	[ "$rc $(grep -c -E "${T}ok\$" "$work/out")" = "0 8" ]
# a kernel that adds the same time to every system call moves each
# figure by its calls per operation over its cost: the pattern tells it
# from a mood, which moves the figures alike, and says by how much
callpat() { # MOODS ADDED_US [SHIFT]: figures of real modules, each run's
	# mood, and a wobble of each figure's own that SHIFT moves
	awk -v moods="$1" -v added="$2" -v shift="${3:-0}" 'BEGIN {
		n = split(moods, m, ",")
		k = split("syscall|null call|null|0.125|1;syscall|null I/O|nullio|0.15|1;" \
			"syscall|stat|stat|0.46|1;syscall|sig inst|siginst|0.18|1;" \
			"syscall|sig hndl|sighndl|1.08|1;syscall|open clos|openclose|0.84|2;" \
			"syscall|slct TCP|select|5.1|1;ipc|Pipe|pipe|2.9|4;ipc|AF UNIX|unix|5.2|4;" \
			"ctx|2p/0K ctxsw|ctx|1.05|0;ctx|2p/16K ctxsw|ctx|1.1|0;" \
			"ctx|8p/16K ctxsw|ctx|2.2|0;proc|fork proc|fork|96|2", f, ";")
		split("1.0 1.004 0.997 1.002 0.996 1.003", e, " ")
		for (g = 1; g <= k; g++) {
			split(f[g], x, "|")
			s = ""
			for (r = 1; r <= n; r++)
				s = s (r > 1 ? "," : "") sprintf("%.6g", (x[4] + x[5] * added) * m[r] * e[(g + r) % 6 + 1] * e[(g + shift) % 6 + 1])
			printf "%s|%s|%s|us|%s\n", x[1], x[2], x[3], s
		}
	}'
}
callpat 1.0,1.05,1.0,1.02,1.0,1.05 0 | mkruns calls-a.long
callpat 1.02,1.0,1.05,1.0,1.02,1.0 0.05 2 | mkruns calls-b.long
run check calls-a.long calls-b.long
check "check every system call 50 ns dearer: stderr says so, from the figures' pattern" \
	grep -qE "^osbench: check: note: every system call looks (4[5-9]|5[0-5]) ns dearer \(standard error [0-9]+\.[0-9] ns, 0\.(3[6-9]|4[0-4]) of the baseline's null call\), read from the pattern 12 figures' calls per operation leave, beside a move of (0\.9[89][0-9]|1\.0[0-2][0-9]) common to them: " "$work/err"
# ... and each run's machine factor is read without it: stat, which the
# 50 ns move 10.9 %, keeps its move against its runs and is slower; the
# rings, which cancel their calls, stay where they were
check "check every system call 50 ns dearer: stat slower at its own move, the rings ok" \
	[ "$(verdict_of syscall stat) $(check_cell syscall stat ratio | cut -c1-4) $(verdict_of ctx '2p/0K ctxsw') $(verdict_of ctx '8p/16K ctxsw')" = "slower 1.10 ok ok" ]
check "check every system call 50 ns dearer: the note says the factors were read without it" \
	grep -q "a mood of the machine moves the figures alike; so each run's machine factor is read without it, and each figure is judged against its runs with what the dearer call did to it kept\$" "$work/err"
# one run a side has no run factors: the note says only the call's cost
callpat 1.0 0 | mkruns calls-1a.long
callpat 1.0 0.05 2 | mkruns calls-1b.long
run check calls-1a.long calls-1b.long
check "check one run a side, every call 50 ns dearer: the note has no run factors" \
	grep -q "^osbench: check: note: every system call looks 50 ns dearer .* a mood of the machine moves the figures alike\$" "$work/err"
if have python3; then
	run check -f json calls-a.long calls-b.long
	check "check every system call 50 ns dearer: json's summary gives the time and its error" \
		python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))["summary"]
assert 45 <= s["call_dearer_ns"] <= 55 and 0 < s["call_dearer_se_ns"] < 5, s' "$work/out"
fi
run check -f junit calls-a.long calls-b.long
check "check every system call 50 ns dearer: each JUnit suite's properties give it" \
	sh -c '[ "$(grep -c "<property name=\"call_dearer_ns\" value=\"\(4[5-9]\|5[0-5]\)[.0-9]*\"/>" "$1")" -eq "$(grep -c "<testsuite " "$1")" ] &&
		grep -q "<property name=\"call_dearer_se_ns\" value=\"[0-4][.0-9]*\"/>" "$1"' _ "$work/out"
callpat 1.2,1.26,1.2,1.224,1.2,1.26 0 2 | mkruns calls-c.long
run check calls-a.long calls-c.long
check "check every figure 20% slower alike: no dearer system call read from it" \
	sh -c '! grep -q "system call looks" "$1" && grep -q "every figure moved alike" "$1"' _ "$work/err"
run check -f junit calls-a.long calls-c.long
check "check every figure 20% slower alike: no JUnit property of a dearer call" \
	sh -c 'grep -q "<testsuite " "$1" && ! grep -q "call_dearer" "$1"' _ "$work/out"
run check -f json calls-a.long calls-c.long
check "check every figure 20% slower alike: json's summary has no dearer call" \
	grep -q '"call_dearer_ns": null, "call_dearer_se_ns": null}' "$work/out"
moody "$moods6" "t0 t1 t2 t3 t4 t5 t6 t7" 1.3 | mkruns ref-i.long "$(refline 1.43,1.3,1.43,1.3,1.365,1.3)"
run check ref-a.long ref-i.long
check "check a reference not read that moved with the figures: the note is the busier machine's" \
	grep -q "^osbench: check: note: every figure moved alike: 8 of 8 took longer, the typical one 30% slower than its baseline; a slower kernel, allocator or placement does that, and so does a busier machine: " "$work/err"
# ... and figures unclear only for the machine's move while the
# reference stayed: the baseline's kernel may be gone, so the note says
# what tells a mood from a changed kernel
moody 1.0,1.05,1.0,1.05,1.0,1.05 "" 1 | mkruns moody-six-ref.long "$(refline 1.0,1.05,1.0,1.05,1.0,1.05)"
moody 0.8,0.82,0.8,0.82,0.8,0.82 "" 1 | stray 4 | mkruns moody-fast-ref.long "$(refline 1.0,1.0,1.05,1.0,1.05,1.05)"
run check moody-six-ref.long moody-fast-ref.long
check "check unclear for the move, the reference behind the figures: stderr says a move that stays is the kernel's" \
	grep -qx "osbench: check: note: 8 figures are unclear only for the machine's move between the sides (the typical figure 2[01]% faster), which their runs alone would have told; how far each figure follows such a move is known only roughly: take the baseline again with the machine as it is now, or check again when it is back where the baseline found it; the machine reference stayed behind the figures, so the move may be the kernel's own: where the baseline's kernel no longer runs, check again in a few minutes, and a move that stays is the kernel's" "$work/err"
moved6=1.1,1.21,1.1,1.155,1.1,1.21
moody "$moved6" "t1" 1.4 | mkruns ref-g.long "$(refline "$moved6")"
run check ref-a.long ref-g.long
check "check the machine 10% slower with its reference, one figure 40% more: slower, exit 1" \
	[ "$rc $(verdict_of t1 c) $(check_cell t1 c basis) $(grep -c -E "${T}(slower|faster)\$" "$work/out")" = "1 slower relative 1" ]
run check -f long ref-a.long ref-b.long
check "check long: each side's reference runs before the rows" \
	[ "$(sed -n '/^table/q;p' "$work/out")" = "# machine reference: baseline 50000,45454.5,50000,47619,50000,45454.5; current 50000,45454.5,50000,47619,50000,45454.5 MB/s" ]
moody "$moods6" "t0 t1 t2 t3 t4 t5 t6 t7" 1.3 | mkruns ref-c.long "$(refline 1.3,1.43,1.3,1.365,1.3,1.43)"
run check ref-a.long ref-c.long
check "check every figure 30% slower, the reference alike: no change claimed, exit 0" \
	[ "$rc $(grep -c -E "${T}(slower|faster)\$" "$work/out")" = "0 0" ]
moody "$moods6" "" 1 | mkruns ref-d.long
moody "$moods6" "t0 t1 t2 t3 t4 t5 t6 t7" 1.3 | mkruns ref-e.long
run check ref-d.long ref-e.long
check "check every figure 30% slower, no reference: taken for the machine's, exit 0" \
	[ "$rc $(grep -c -E "${T}(slower|faster)\$" "$work/out")" = "0 0" ]
moody "$moods6" "" 1 | mkruns ref-f.long "$(refline "$moods6")" "huge pages: never"
run check ref-f.long ref-b.long
check "check a reference in other huge pages: not used, exit 0" \
	[ "$rc $(grep -c -E "${T}(slower|faster)\$" "$work/out")" = "0 0" ]

# two runs a side give a ratio against the rest of the runs; one does
# not (no factor can be told)
moody 1.0,1.35 "" 1 | mkruns moody2-a.long
moody 1.35,1.0 "t1" 1.4 | mkruns moody2-b.long
run check moody2-a.long moody2-b.long
check "check two runs a side: judged against the rest of its runs" \
	[ "$(check_cell t1 c basis)" = relative ]
moody 1.0 "" 1 | mkruns moody1-a.long
run check moody1-a.long moody-b.long
check "check one baseline run: nothing against the rest of its runs" \
	[ "$rc $(verdict_of t1 c)" = "0 unclear" ]

# --- one run a side (the README's table format): only a gross change,
# beyond what this host's moods do to one figure, is a change
table1() { # FILE NULL STAT FORK
	printf '# osbench 0.2.0\n# host: alpha\n\n# syscall: x\nHost\tOS\tnull call\tstat\nalpha\tLinux\t%s\t%s\n\n# proc: x\nHost\tOS\tfork proc\nalpha\tLinux\t%s\n# end: 3 figures\n' "$2" "$3" "$4" >"$1"
}
table1 fast.tsv 0.1000 0.5000 100.0
table1 slow.tsv 0.3000 1.500 300.0
run check fast.tsv slow.tsv
check "check one-run tables 3x slower: exit 1, every figure slower" \
	[ "$rc $(grep -c "^check: 3 figures: 0 ok, 3 slower," "$work/out")" = "1 1" ]
check "check one-run tables 3x slower: on the one-run basis, and the note says so" \
	[ "$(check_cell syscall stat basis)|$(note_of syscall stat)" = "one-run|a gross change: 3.000, beyond x2; the verdict rests on one run a side" ]
check "check one-run tables 3x slower: no interval is claimed" \
	[ "$(check_cell syscall stat lo) $(check_cell syscall stat hi)" = "- -" ]
table1 half.tsv 0.1500 0.7500 150.0
run check fast.tsv half.tsv
check "check one-run tables 1.5x slower: unclear, exit 0" \
	[ "$rc $(grep -c "^check: 3 figures: 0 ok, 0 slower, 0 faster, 3 unclear," "$work/out")" = "0 1" ]
run check slow.tsv fast.tsv
check "check one-run tables 3x faster: faster, exit 0" \
	[ "$rc $(verdict_of proc 'fork proc')" = "0 faster" ]
with_samples base3.long base3s1.long
awk -F'\t' 'BEGIN { OFS = "\t" } /^#/ { print; next } /^table/ { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
	{ $(c["runs"]) = "-"; $(c["run_values_us"]) = "-"; m = $(c["median_us"]) * 2.5
	  $(c["median_us"]) = m; $(c["ci_lo_us"]) = m * 0.7; $(c["ci_hi_us"]) = m * 1.3; print }' base3s1.long >wide1.long
awk -F'\t' 'BEGIN { OFS = "\t" } /^#/ { print; next } /^table/ { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
	{ $(c["runs"]) = "-"; $(c["run_values_us"]) = "-"; print }' base3s1.long >one1.long
run check one1.long wide1.long
check "check one run a side 2.5x, its own interval reaching below 2x: unclear" \
	[ "$rc $(verdict_of syscall 'null call')" = "0 unclear" ]
# a ratio of 2.5 beside "only a change beyond x2 counts" reads as a
# contradiction: the note says what else it takes
check "check one run a side 2.5x, its own interval reaching below 2x: the note says why" \
	[ "$(note_of syscall 'null call')" = "one run a side, no interval (--runs 3): only a change beyond x2 counts, each side's own interval beyond it too" ]

# --- runs that agree exactly are no certainty: unclear, not slower
mkruns exact-a.long <<EOF
syscall|null call|null|us|0.2,0.2,0.2
EOF
mkruns exact-b.long <<EOF
syscall|null call|null|us|0.3,0.3,0.3
EOF
run check exact-a.long exact-b.long
check "check runs that agree exactly: unclear, no interval, no p" \
	[ "$rc $(verdict_of syscall 'null call') $(check_cell syscall 'null call' lo) $(check_cell syscall 'null call' p)" = "0 unclear - -" ]
check "check runs that agree exactly: the note says why" \
	[ "$(note_of syscall 'null call')" = "the runs agree exactly: no spread to judge by: only a change beyond x2 counts" ]

# --- a figure only the current side has is named, and fails nothing
mkruns new-b.long <<EOF
syscall|null call|null|us|0.20,0.202,0.198
syscall|stat|stat|us|1.0,1.02,0.98
proc|fork proc|fork|us|100,101,99
proc|exec proc|exec|us|300,301,299
EOF
run check base3.long new-b.long
check "check a figure only the current side has: new, exit 0" \
	[ "$rc $(verdict_of proc 'exec proc') $(check_cell proc 'exec proc' baseline)" = "0 new -" ]
check "check a figure only the current side has: counted and named" \
	sh -c 'grep -q "^check: 4 figures: 3 ok, 0 slower, 0 faster, 0 unclear, 0 fail, 0 missing, 1 new " "$1" && grep -qx "check: new: proc/exec proc" "$1"' _ "$work/out"
run check -f junit base3.long cur3.long
check "check junit: an unclear figure is skipped, with its reason" \
	sh -c 'grep -A 30 "name=\"fork proc\"" "$1" | grep -q "<skipped message=\"unclear: baseline 100 us, current 102 us, ratio 1.016"' _ "$work/out"
check "check junit: a suite counts its skipped case" grep -q 'name="alpha proc" tests="1" failures="0" errors="0" skipped="1"' "$work/out"
if have python3; then
	run check -f json base3.long new-b.long
	check "check json: a new figure" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
f = [x for x in d["figures"] if x["column"] == "exec proc"][0]
assert f["verdict"] == "new" and f["baseline"] is None and f["current"] > 0, f
assert d["summary"]["new"] == 1, d["summary"]
' "$work/out"
fi

# --- a figure that does not apply now is missing, and says why
sed 's/^\(syscall\tstat\tstat\t-\t\)[^\t]*\tok\t-\t\(us\)\t3\t[^\t]*/\1-\tna\tnot on this kernel\t\2\t-\t-/' cur3.long >na-b.long
run check base3.long na-b.long
check "check a figure that does not apply now: missing, its reason in the note" \
	[ "$rc $(verdict_of syscall stat)|$(note_of syscall stat)" = "1 missing|- now: not on this kernel" ]

# --- level N of a sweep of threads is not level N of one of processes
sed 's/^# scale mutex: threads,/# scale mutex: processes,/' "$fx/scale-a.tsv" >scale-p.tsv
run check "$fx/scale-a.tsv" scale-p.tsv
check "check threads against processes: unclear, and why" \
	[ "$(verdict_of scale 1)|$(note_of scale 1)" = "unclear|a sweep of threads -> one of processes" ]

# --- setups that differ: said first, and what they make incomparable unclear
mkruns setup-a.long "release: 6.1.0-18" "placement: same" "tmpdir fs: ext4" <<EOF
syscall|null call|null|us|0.20,0.202,0.198
fs|0K File Create|fscreate|us|10,10.1,9.9
fs|Prot Fault|protfault|us|0.5,0.505,0.495
vm|1-page fault|pagefault1|us|0.1,0.101,0.099
EOF
mkruns setup-b.long "release: 6.1.0-21" "placement: same" "tmpdir fs: tmpfs" <<EOF
syscall|null call|null|us|0.40,0.404,0.396
fs|0K File Create|fscreate|us|20,20.2,19.8
fs|Prot Fault|protfault|us|1.0,1.01,0.99
vm|1-page fault|pagefault1|us|0.2,0.202,0.198
EOF
run check setup-a.long setup-b.long
check "check setups: the kernel release first" sh -c 'head -n 1 "$1" | grep -qx "# differs: release: 6.1.0-18 -> 6.1.0-21"' _ "$work/out"
check "check setups: the temp dir's file system" grep -qx "# differs: tmpdir fs: ext4 -> tmpfs" "$work/out"
check "check setups: a file system figure is unclear, with the reason" \
	[ "$(verdict_of fs '0K File Create')|$(note_of fs '0K File Create')" = "unclear|tmpdir fs ext4 -> tmpfs" ]
check "check setups: a figure the file system does not touch is judged" [ "$(verdict_of syscall 'null call')" = slower ]
# their pages are a file's in the temp directory (the modules' trait)
check "check setups: Prot Fault and 1-page fault map a temp file: unclear" \
	[ "$(verdict_of fs 'Prot Fault')|$(verdict_of vm '1-page fault')" = "unclear|unclear" ]
run check -f junit setup-a.long setup-b.long
check "check setups: junit carries them" \
	grep -q '<property name="differs: release" value="6.1.0-18 -&gt; 6.1.0-21"/>' "$work/out"
sed 's/^# placement: same/# placement: spread/' setup-b.long >setup-c.long
run check setup-a.long setup-c.long
check "check setups: placement said" grep -qx "# differs: placement: same -> spread" "$work/out"
check "check setups: placement makes 2x unclear, never slower" \
	[ "$(verdict_of syscall 'null call')|$(note_of syscall 'null call')" = "unclear|placement same -> spread" ]
sed 's/^# tmpdir fs: .*/# tmpdir fs: ext4 (no journal)/' setup-a.long >nj-a.long
sed 's/^# tmpdir fs: .*/# tmpdir fs: ext4 (no journal)/; s/^# release: .*/# release: 6.1.0-18/' setup-b.long >nj-b.long
run check nj-a.long nj-b.long
check "check File Create on an ext4 without a journal: unclear" [ "$(verdict_of fs '0K File Create')" = unclear ]
check "check File Create on an ext4 without a journal: the reason" \
	sh -c 'grep "^fs${T}0K File Create${T}" "$1" | grep -q "an ext4 without a journal"' _ "$work/out"
run check --trust-file-create nj-a.long nj-b.long
check "check --trust-file-create: File Create judged" [ "$(verdict_of fs '0K File Create')" = slower ]

# --- an anonymous buffer's pages are the huge pages mode's (the modules' trait)
mkruns hp-a.long "huge pages: madvise" <<EOF
syscall|null call|null|us|0.20,0.202,0.198
bw|Mem read|bwread|MB/s|9000,9090,8910
vm|1-page fault|pagefault1|us|0.1,0.101,0.099
EOF
mkruns hp-b.long "huge pages: always" <<EOF
syscall|null call|null|us|0.40,0.404,0.396
bw|Mem read|bwread|MB/s|18000,18180,17820
vm|1-page fault|pagefault1|us|0.2,0.202,0.198
EOF
run check hp-a.long hp-b.long
check "check setups: the huge pages mode said" grep -qx "# differs: huge pages: madvise -> always" "$work/out"
check "check setups: a memory bandwidth under another huge pages mode is unclear, and why" \
	[ "$(verdict_of bw 'Mem read')|$(note_of bw 'Mem read')" = "unclear|huge pages madvise -> always" ]
check "check setups: figures the mode does not decide are judged" \
	[ "$(verdict_of syscall 'null call')|$(verdict_of vm '1-page fault')" = "slower|slower" ]
sed 's/^# huge pages: .*/# buffer: 64 MB (asked for)/' hp-a.long >buf-a.long
sed 's/^# huge pages: .*/# buffer: 128 MB (twice the 65536 KB cache sysconf tells of)/' hp-b.long >buf-b.long
run check buf-a.long buf-b.long
check "check setups: the buffer said" grep -qx "# differs: buffer: 64 MB -> 128 MB" "$work/out"
check "check setups: a memory bandwidth through another buffer is unclear, and why" \
	[ "$(verdict_of bw 'Mem read')|$(note_of bw 'Mem read')" = "unclear|buffer 64 MB -> 128 MB" ]

# --- json and junit carry values, unit, interval, tolerance, a fail's reason
mkruns fail-b.long <<EOF
syscall|null call|null|us|0.20,0.202,0.198
syscall|stat|stat|us|fail|stat: Permission denied
proc|fork proc|fork|us|100,101,99
EOF
run check -f json base3.long fail-b.long
check "check json of a failure exits 1" [ "$rc" -eq 1 ]
if have python3; then
	check "check json: values, runs, unit, interval, tolerance, reason" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
f = {x["column"]: x for x in d["figures"]}
n = f["null call"]
assert n["unit"] == "us" and abs(n["baseline"] - 0.2) < 1e-4 and n["basis"] == "runs", n
assert abs(n["current"] / n["baseline"] - n["ratio"]) < 1e-5, n
assert n["baseline_runs_us"] == [0.2, 0.202, 0.198] and len(n["current_runs_us"]) == 3, n
assert n["lo"] < 1 < n["hi"] and n["tolerance_pct"] == 10 and n["verdict"] == "ok", n
assert f["stat"]["verdict"] == "fail" and f["stat"]["reason"] == "stat: Permission denied", f["stat"]
assert d["tolerance_pct"] == 10 and d["summary"]["fail"] == 1, d["summary"]
' "$work/out"
fi
run check -f long base3.long fail-b.long
check "check long: a header, full precision and every run" sh -c '
	grep -qx "table${T}column${T}module${T}unit${T}baseline${T}current${T}ratio${T}lo${T}hi${T}p${T}runs${T}baseline_runs_us${T}current_runs_us${T}spread${T}tolerance_pct${T}rel_ratio${T}rel_lo${T}rel_hi${T}counted_as${T}note${T}basis${T}verdict" "$1" &&
	grep -q "^syscall${T}null call${T}null${T}us${T}0.199993${T}0.199993${T}1${T}.*${T}3:3${T}0.2,0.202,0.198${T}0.2,0.202,0.198${T}both${T}10${T}-${T}-${T}-${T}-${T}-${T}runs${T}ok\$" "$1" &&
	grep -q "^syscall${T}stat${T}stat${T}us${T}1${T}fail${T}.*${T}stat: Permission denied${T}-${T}fail\$" "$1"' _ "$work/out"
run check -f junit base3.long fail-b.long
check "check junit: a fail carries its reason and baseline in one line" \
	grep -q '<failure type="fail" message="fail: stat: Permission denied (baseline 1.00 us)"/>' "$work/out"
check "check junit: a passing case carries its values" grep -qx \
	'      <system-out>baseline 0.20 us, current 0.20 us, ratio 1.000, 95% interval 0.978 to 1.023 (basis runs), tolerance 10%, runs 3:3: ok</system-out>' "$work/out"
check "check junit: no time claimed that the files do not carry" sh -c '! grep -q " time=" "$1"' _ "$work/out"

# --- JUnit's time: the seconds the current file says each figure took
# with_seconds IN OUT SECONDS...: IN with a seconds column, a cell a row
with_seconds() {
	src=$1 dst=$2
	shift 2
	awk -F'\t' -v s="$*" 'BEGIN { OFS = "\t"; split(s, v, " ") }
		/^table\t/ { print $0, "seconds"; next }
		/^#/ { print; next }
		{ print $0, v[++k] }' "$src" >"$dst"
}
with_seconds base3.long base3s.long 9.001 9.002 9.003
with_seconds cur3.long cur3s.long 2.345 1.5 0.25
run check -f junit base3s.long cur3s.long
check "check junit time: a testcase's is the current file's seconds" sh -c '
	grep -qx "    <testcase classname=\"osbench.syscall\" name=\"null call\" time=\"2.345\">" "$1" &&
	grep -qx "    <testcase classname=\"osbench.syscall\" name=\"stat\" time=\"1.500\">" "$1" &&
	grep -qx "    <testcase classname=\"osbench.proc\" name=\"fork proc\" time=\"0.250\">" "$1"' _ "$work/out"
check "check junit time: a suite's is the sum of its cases'" sh -c '
	grep -q "<testsuite name=\"alpha syscall\" .* time=\"3.845\">\$" "$1" &&
	grep -q "<testsuite name=\"alpha proc\" .* time=\"0.250\">\$" "$1"' _ "$work/out"
with_seconds cur3.long cur3d.long 2.345 - 0.25
run check -f junit base3s.long cur3d.long
check "check junit time: a figure whose file says '-' has none, the suite the others'" sh -c '
	grep -qx "    <testcase classname=\"osbench.syscall\" name=\"stat\">" "$1" &&
	grep -q "<testsuite name=\"alpha syscall\" .* time=\"2.345\">\$" "$1"' _ "$work/out"
run check -f junit base3s.long cur3.long
check "check junit time: a current file without seconds gives none, whatever the baseline's" \
	sh -c '[ "$(grep -c "<testcase " "$1")" -eq 3 ] && ! grep -q " time=" "$1"' _ "$work/out"

# --- JUnit as CI systems read it: valid against the schema, whatever
# the case; the summary reaches the job log when the report goes to -o
top=$(cd "$fx/../.." && pwd)
if have xmllint; then
	valid() { # NAME (the report in $work/out)
		if xmllint --noout --schema "$top/tests/junit.xsd" "$work/out" 2>"$work/xmlerr"; then
			ok "$1"
		else
			fail "$1: $(head -3 "$work/xmlerr" | tr '\n' '|')"
		fi
	}
	run check -f junit base3.long fail-b.long
	valid "check junit of a fail is valid against the JUnit schema"
	run check -f junit calls-a.long calls-b.long
	valid "check junit with a dearer call's suite properties is valid against the schema"
	run check -f junit dup-a.long dup-b.long
	valid "check junit of a figure in two tables is valid against the JUnit schema"
	run check --strict -f junit base2.long cur3.long
	valid "check junit --strict of unclear figures is valid against the JUnit schema"
	run check -f junit setup-a.long setup-b.long
	valid "check junit of differing setups is valid against the JUnit schema"
	run check -f junit base3s.long cur3s.long
	valid "check junit with times is valid against the JUnit schema"
	run check -f junit base3s.long cur3d.long
	valid "check junit with a time unknown is valid against the JUnit schema"
	printf '<testsuites><testsuite name="x" tests="1"><testcase name="y" time="0"/></testsuite></testsuites>\n' >"$work/out"
	valid "check junit schema: a time of 0 s is valid"
	printf '<testsuites><testsuite name="x" tests="1"><testcase name="y" time="soon"/></testsuite></testsuites>\n' >"$work/out"
	check "check junit schema refuses a time that is no number" \
		sh -c '! xmllint --noout --schema "$1" "$2" 2>/dev/null' _ "$top/tests/junit.xsd" "$work/out"
	printf '<testsuites><testsuite name="x" tests="1"><testcase name="y"><verdict/></testcase></testsuite></testsuites>\n' >"$work/out"
	check "check junit schema refuses an element the format has not" \
		sh -c '! xmllint --noout --schema "$1" "$2" 2>/dev/null' _ "$top/tests/junit.xsd" "$work/out"
fi
run check -f junit -o "$work/j.xml" base3.long fail-b.long
check "check junit -o exits 1 on the fail" [ "$rc" -eq 1 ]
check "check junit -o: stdout empty" [ ! -s "$work/out" ]
check "check junit -o: the summary on stderr" grep -qx \
	"check: 3 figures: 2 ok, 0 slower, 0 faster, 0 unclear, 1 fail, 0 missing, 0 new (tolerance 10%, 95% intervals: 2 on the runs, 0 relative, 0 one-run)" "$work/err"
run check -f junit base3.long fail-b.long
check "check junit to stdout: stderr stays empty" [ ! -s "$work/err" ]
run check -o "$work/c.tsv" base3.long fail-b.long
check "check -o in table format: the summary on stderr too" grep -q "^check: 3 figures: 2 ok," "$work/err"
# a suite is named by host and table, never by the baseline's path
run check -f junit "$work/base3.long" fail-b.long
check "check junit: suites named by host and table" \
	[ "$(grep -c '<testsuite name="alpha \(syscall\|proc\)" ' "$work/out")" -eq 2 ]
check "check junit: no path in a suite name" sh -c '! grep -q "<testsuite name=\"[^\"]*/" "$1"' _ "$work/out"

# --- run --runs N: one result of N runs, read back
run run -q --runs 3 -f long null
check "run --runs 3 exits 0" [ "$rc" -eq 0 ]
check "run --runs 3: runs and run_values_us, the figure their median" awk -F'\t' '
	$1 == "table" { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$1 == "syscall" { n = split($c["run_values_us"], v, ",")
		for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] + 0 < v[i] + 0) { t = v[i]; v[i] = v[j]; v[j] = t }
		ok = $c["runs"] == 3 && n == 3 && $c["value_us"] + 0 == v[2] + 0 }
	END { exit !ok }' "$work/out"
cp "$work/out" runs3.long
run check runs3.long runs3.long
check "run --runs 3 read back: three runs a side" sh -c 'grep "^syscall${T}null call${T}" "$1" | grep -q "${T}3:3${T}"' _ "$work/out"
run run -q --runs 2 -f json null
if have python3; then
	check "run --runs 2 json: runs and two run values" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
assert r["runs"] == 2 and len(r["run_values_us"]) == 2, r
' "$work/out"
fi
check "run --runs leaves nothing behind" tmp_empty

# --- --relative: five figures 20 % slower in every run, one 60 %: as
# measured all six are slower; judged against the typical figure's move
# too, the five moved with the machine (unclear, and why), the sixth
# beyond it (slower)
# (each figure's runs scatter their own way: no run is slower for all)
mkruns rel-a.long <<EOF
syscall|null call|null|us|1.0,1.01,0.99
syscall|stat|stat|us|2.0,1.98,2.02
syscall|open clos|openclose|us|3.03,3.0,2.97
proc|fork proc|fork|us|99,100,101
ipc|Pipe|pipe|us|5.05,4.95,5.0
ipc|TCP|tcp|us|9.9,10.1,10
EOF
mkruns rel-b.long <<EOF
syscall|null call|null|us|1.6,1.584,1.616
syscall|stat|stat|us|2.424,2.4,2.376
syscall|open clos|openclose|us|3.6,3.564,3.636
proc|fork proc|fork|us|121.2,118.8,120
ipc|Pipe|pipe|us|6.0,6.06,5.94
ipc|TCP|tcp|us|11.88,12,12.12
EOF
run check rel-a.long rel-b.long
# the runs did not move within either side, so how far each figure
# follows the machine is not known, and a 20 % move leaves every figure
# unclear rather than guessed at
check "check a machine that moved 20 % between still sides: unclear, exit 0" \
	[ "$rc $(grep -c "^check: 6 figures: 0 ok, 0 slower, 0 faster, 6 unclear," "$work/out")" = "0 1" ]
check "check a machine that moved 20 % between still sides: intervals wider than the move" \
	[ "$(check_cell ipc Pipe lo | awk '{ print ($1 < 0.85) }') $(check_cell ipc Pipe basis)" = "1 relative" ]
check "check a machine that moved 20 %: the note gives the runs alone and the figure as measured" \
	sh -c 'case $1 in "ok by its runs alone, "*", 1.200 as measured, but the machine moved 1.2"*) ;; *) exit 1 ;; esac' _ "$(note_of ipc Pipe)"
check "check a machine that moved 20 %: stderr says what the verdicts rest on" grep -q "each figure is judged against the rest of its runs, with the machine's move taken out" "$work/err"
# every figure 1.5 times: beyond what this host's moods do to the whole
# machine, so as measured
awk -F'\t' 'BEGIN { OFS = "\t" } /^#/ || /^table/ { print; next }
	{ $5 = $5 * 1.5; n = split($10, v, ","); s = ""; for (i = 1; i <= n; i++) s = s (i > 1 ? "," : "") v[i] * 1.5; $10 = s; print }' rel-a.long >rel-c.long
run check rel-a.long rel-c.long
check "check every figure 1.5 times: beyond the moods, slower as measured, exit 1" \
	[ "$rc $(grep -c "^check: 6 figures: 0 ok, 6 slower," "$work/out")" = "1 1" ]
check "check every figure 1.5 times: the note says so" \
	sh -c 'case $1 in "the whole machine moved 1.500, beyond the x1.40 of this host'"'"'s moods and of its runs within a side: taken as measured") ;; *) exit 1 ;; esac' _ "$(note_of ipc Pipe)"
run check --relative rel-a.long rel-b.long
check "check --relative with runs that line up: the same verdicts" \
	[ "$rc $(grep -c "^check: 6 figures: 0 ok, 0 slower, 0 faster, 6 unclear," "$work/out")" = "0 1" ]
run check --relative -f json rel-a.long rel-b.long
check "check --relative json: said" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["relative"] is True
pipe = [f for f in d["figures"] if f["column"] == "Pipe"][0]
assert pipe["verdict"] == "unclear" and pipe["basis"] == "relative"
' "$work/out"
# fewer than five figures: no typical move to judge against, so stat's
# 20 % is slower
grep -v "^ipc" rel-a.long | sed 's/^# end: 6/# end: 4/' >rel-a4.long
run check --relative rel-a4.long rel-b.long
check "check --relative with four figures: as measured" [ "$(verdict_of syscall stat)" = slower ]

# --- each run's fastest sample: what check judges runs by where both
# files give it.  fast FILE NULL-RUNS NULL-FASTEST: a null call and
# four more figures (steady) in three runs
fast() {
	{
		echo "syscall|null call|null|us|$2|$3"
		for g in 1 2 3 4; do echo "t$g|c|m$g|us|$g.01,$g,$g.02|$g,$g,$g.01"; done
	} | mkruns "$1"
}
fast fast-a.long 1.0,1.01,1.02 0.9,0.91,0.92
# a busy current side: each run's median twice the baseline's, its
# fastest sample as quick as ever
fast fast-b.long 2.0,2.02,2.04 0.9,0.905,0.915
run check fast-a.long fast-b.long
check "check fastest: a busy side's fastest samples agree: ok, exit 0" \
	[ "$rc $(verdict_of syscall 'null call')" = "0 ok" ]
check "check fastest: the values shown are the fastest samples' means" \
	[ "$(check_cell syscall 'null call' baseline) $(check_cell syscall 'null call' current)" = "0.91 0.91" ]
check "check fastest: the summary says what the runs were judged by" \
	grep -q "; 5 by each run's fastest sample)\$" "$work/out"
run check -f long fast-a.long fast-b.long
check "check fastest: long lists the runs as judged" \
	[ "$(check_cell syscall 'null call' current_runs_us)" = "0.9,0.905,0.915" ]
# a file that does not give them: both sides by their run figures
{
	echo "syscall|null call|null|us|2.0,2.02,2.04"
	for g in 1 2 3 4; do echo "t$g|c|m$g|us|$g.01,$g,$g.02|$g,$g,$g.01"; done
} | mkruns fast-c.long
run check fast-a.long fast-c.long
check "check fastest: one side without them: judged by the run figures" \
	[ "$rc $(verdict_of syscall 'null call')" = "1 slower" ]
# --- a claim a few runs carry: five of a baseline's twenty runs went
# through a spell the other figures did not share; a clean current side
# reads faster by the mean of the runs, but not by the median run
spelled() { # FILE NULL-RUNS
	{
		echo "syscall|null call|null|us|$2"
		for g in 1 2 3 4; do echo "t$g|c|m$g|us|$(seq_runs "$g.01,$g,$g.02,$g")"; done
	} | mkruns "$1"
}
seq_runs() { echo "$1,$1,$1,$1,$1"; } # twenty runs of four
spelled spell-a.long "$(seq_runs 1.0,1.6,1.01,0.99)"
spelled spell-b.long "$(seq_runs 0.92,0.93,0.925,0.922)"
run check spell-a.long spell-b.long
check "check few runs: faster by the mean alone is unclear, exit 0" \
	[ "$rc $(verdict_of syscall 'null call')" = "0 unclear" ]
check "check few runs: the note gives the median run's move" \
	sh -c 'note=$1; case $note in "faster by the mean of its runs ("*"), but its median run moved 0.919, within the band: a few runs carry the change") ;; *) exit 1 ;; esac' - "$(note_of syscall 'null call')"
spelled spell-c.long "$(seq_runs 0.82,0.83,0.825,0.822)"
run check spell-a.long spell-c.long
check "check few runs: the median run past the band too: faster" \
	[ "$rc $(verdict_of syscall 'null call')" = "0 faster" ]
# the reader holds them to the runs
fast bad-fast.long 1.0,1.01,1.02 0.9,0.91
refused "run_fastest_us of the wrong length" "run_fastest_us has 2 values for 3 runs" check bad-fast.long fast-a.long
fast bad-fast.long 1.0,1.01,1.02 0.9,1.5,0.92
refused "a run's fastest sample slower than its figure" "run_fastest_us: run 2's fastest sample 1.5 is slower than its figure 1.01" check bad-fast.long fast-a.long

# --- bad input
refused() { # NAME NEEDLE ARGS...
	name=$1 needle=$2
	shift 2
	run "$@"
	if [ "$rc" -eq 2 ] && one_line_stderr && grep -qF -- "$needle" "$work/err" && [ ! -s "$work/out" ]; then
		ok "check refused: $name"
	else
		fail "check refused: $name: exit $rc, stderr '$(cat "$work/err")', stdout $(wc -c <"$work/out") bytes"
	fi
}
awk -F'\t' -v r="$(col base3.long runs)" 'BEGIN { OFS = "\t" } $1 == "syscall" && $2 == "stat" { $r = 2 } { print }' base3.long >badruns.long
refused "runs and run values disagree" "'badruns.long' line 5: runs says 2, run_values_us has 3" check badruns.long cur3.long
# a row whose figure is not the median of its runs would be judged by
# one and printed as the other: refused, in long and json alike
awk -F'\t' -v r="$(col base3.long run_values_us)" 'BEGIN { OFS = "\t" } $1 == "syscall" && $2 == "stat" { $r = "1000,1000,1000" } { print }' base3.long >contra.long
refused "a figure that is not its runs' median (long)" "check: 'contra.long' line 5: the figure 1 is not the median of run_values_us (1000)" check contra.long cur3.long
runs_json() { # FILE FIGURE RUNS RUN,RUN,...
	printf '{"osbench": "0.1.0", "host": {"name": "alpha"},\n "results": [\n  {"table": "syscall", "column": "null call", "module": "null", "params": "", "unit": "us", "status": "ok", "reason": "", "median": %s, "runs": %s, "run_values_us": [%s]}\n]}\n' "$2" "$3" "$4" >"$1"
}
runs_json runs.json 1 3 0.99,1,1.01
runs_json contra.json 0.98 3 1000,1000,1000
refused "a figure that is not its runs' median (json)" "check: 'contra.json' line 3: the figure 0.98 is not the median of run_values_us (1000)" check contra.json runs.json
# a figure osbench knows, in another unit, would be judged against the
# baseline's as if the units were one: refused, in long and json alike
awk -F'\t' -v u="$(col base3.long unit)" 'BEGIN { OFS = "\t" } $1 == "syscall" && $2 == "stat" { $u = "MB/s" } { print }' base3.long >mbs.long
refused "a known figure in another unit (long)" "check: 'mbs.long' line 5: unit 'MB/s': 'syscall' 'stat' is in us" check base3.long mbs.long
sed 's|"unit": "us"|"unit": "ops/s"|' runs.json >ops.json
refused "a known figure in another unit (json)" "check: 'ops.json' line 3: unit 'ops/s': 'syscall' 'null call' is in us" check runs.json ops.json
# the writer's %.6g: the mean of two runs and the figure, each rounded
runs_json even.json 1.00002 2 1.00001,1.00002
run check even.json runs.json
check "check: the median of two runs within the writer's rounding is the figure" [ "$rc" -eq 0 ]
with_seconds cur3.long negsec.long 2.345 -1.5 0.25
refused "a negative seconds cell" "'negsec.long' line 5: seconds: '-1.5' is negative" check base3.long negsec.long
with_seconds cur3.long nansec.long 2.345 nan 0.25
refused "a seconds cell that is nan" "'nansec.long' line 5: seconds: 'nan' is not a finite number" check base3.long nansec.long
refused "--runs with two files" "check: --runs: it measures the current side" check --runs 3 base3.long cur3.long
refused "--runs 0" "--runs: '0' is not a whole number from 1 to 64" run --runs 0 null
refused "--runs 65" "--runs: '65' is not a whole number from 1 to 64" run --runs 65 null
refused "--strict for run" "option '--strict' does not apply to 'run'" run --strict null
finish
