#!/bin/sh
# The latency tail: every latency figure in long and json carries the
# distribution of single operations, ordered, with p50 near the figure's
# median for an operation slow enough to time alone; the reader refuses a
# tail out of order; plot --cdf draws one line per file and figure.
. "$(dirname "$0")/lib.sh"

TAILCOLS="op_p50_us op_p99_us op_p999_us op_max_us stalls op_batch op_cdf_us"

run run -q -f long null fork pipe
check "tail run exits 0" [ "$rc" -eq 0 ]
cp "$work/out" "$work/a.long"
# column numbers by name, as a reader must find them
col() { awk -F"$T" -v n="$1" '/^table\t/ { for (i = 1; i <= NF; i++) if ($i == n) print i; exit }' "$work/a.long"; }
for c in $TAILCOLS; do
	check "tail long has column $c" [ -n "$(col "$c")" ]
done
p50=$(col op_p50_us) p99=$(col op_p99_us) p999=$(col op_p999_us) max=$(col op_max_us)
st=$(col stalls) batch=$(col op_batch) cdf=$(col op_cdf_us) med=$(col median_us)
check "tail percentiles ordered for every figure" awk -F"$T" -v a="$p50" -v b="$p99" -v c="$p999" -v d="$max" \
	'/^(syscall|proc|ipc)\t/ { n++; if (!($a > 0 && $a <= $b && $b <= $c && $c <= $d)) bad++ } END { exit !(n == 3 && bad == 0) }' "$work/a.long"
check "tail stalls and batch are whole numbers" awk -F"$T" -v s="$st" -v b="$batch" \
	'/^(syscall|proc|ipc)\t/ { if ($s !~ /^[0-9]+$/ || $b !~ /^[1-9][0-9]*$/) bad++ } END { exit bad > 0 }' "$work/a.long"
check "tail fork is timed one op at a time" awk -F"$T" -v b="$batch" '$2 == "fork proc" { exit $b != 1 }' "$work/a.long"
check "tail null call is timed in batches" awk -F"$T" -v b="$batch" '$2 == "null call" { exit !($b > 1) }' "$work/a.long"
check "tail fork p50 is near its median" awk -F"$T" -v a="$p50" -v m="$med" \
	'$2 == "fork proc" { exit !($a > $m / 2 && $a < $m * 2) }' "$work/a.long"
check "tail cdf has 101 rising points" awk -F"$T" -v c="$cdf" '/^(syscall|proc|ipc)\t/ {
	n = split($c, v, ","); if (n != 101) bad++
	for (i = 2; i <= n; i++) if (v[i] + 0 < v[i - 1] + 0) bad++ } END { exit bad > 0 }' "$work/a.long"

run run -q -f json -l beta null fork pipe
cp "$work/out" "$work/b.json"
check "tail json carries the tail" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for r in d["results"]:
    assert r["op_p50_us"] <= r["op_p99_us"] <= r["op_p999_us"] <= r["op_max_us"], r
    assert len(r["op_cdf_us"]) == 101 and r["op_batch"] >= 1 and r["stalls"] >= 0
' "$work/b.json"

# read back: compare and check take them; a tail out of order is refused
run compare "$work/a.long" "$work/b.json"
check "tail files compare" [ "$rc" -eq 0 ]
awk -F"$T" -v a="$p50" -v d="$max" 'BEGIN { OFS = FS } $2 == "fork proc" { $a = $d * 2 } { print }' \
	"$work/a.long" >"$work/bad.long"
run compare "$work/a.long" "$work/bad.long"
check "tail out of order exits 2" [ "$rc" -eq 2 ]
check "tail out of order names the line" grep -q "bad.long' line [0-9]*: op percentiles out of order" "$work/err"

# the picture: one chart per figure, one series per file
run plot --cdf "$work/a.long" "$work/b.json" -o "$work/tail.svg"
check "tail plot --cdf exits 0" [ "$rc" -eq 0 ]
if command -v xmllint >/dev/null 2>&1; then
	check "tail plot --cdf is well-formed" xmllint --noout "$work/tail.svg"
fi
check "tail plot --cdf has a chart per figure" [ "$(grep -c 'class="chart cdf"' "$work/tail.svg")" -eq 3 ]
check "tail plot --cdf has a series per file and figure" [ "$(grep -c 'class="series"' "$work/tail.svg")" -eq 6 ]
check "tail plot --cdf names both hosts" grep -q 'data-host="beta"' "$work/tail.svg"
check "tail plot --cdf has axis titles" grep -q 'time of one operation (log scale)' "$work/tail.svg"
# the placement and the table's figure beside the p50, and why they differ
pl=$(col placement)
fork_place=$(awk -F"$T" -v c="$pl" '$2 == "fork proc" { print $c }' "$work/a.long")
fork_p50=$(awk -F"$T" -v c="$p50" '$2 == "fork proc" { printf "%.3g", $c }' "$work/a.long")
run compare "$work/a.long"
fork_table=$(cell "Host${T}OS${T}Mhz${T}fork proc" "fork proc")
check "tail plot --cdf: the placement and the table's figure beside the p50" \
	grep -qF "placement $fork_place: p50 $fork_p50 us (table $fork_table us), p99 " "$work/tail.svg"
check "tail plot --cdf: the placement is a word of its own" sh -c 'case "$1" in free | same | spread) ;; *) exit 1 ;; esac' _ "$fork_place"
check "tail plot --cdf says why p50 and the table differ" \
	grep -q 'class="note">p50: single operations timed one by one; table: the median of samples' "$work/tail.svg"
cp "$work/a.long" "$work/a2.long"
run plot --cdf "$work/a.long" "$work/a2.long" -o "$work/twice.svg"
check "tail plot --cdf: two files of one host, two colours" [ "$(grep -A1 'class="series"' "$work/twice.svg" | grep -o 'stroke="#[0-9A-F]*"' | sort -u | wc -l)" -eq 2 ]
run plot --cdf --log "$work/a.long"
check "tail --cdf with --log exits 2" [ "$rc" -eq 2 ]
check "tail --cdf with --log says why" grep -q -- "--log: the --cdf time axis is always log" "$work/err"
check "tail leaves no temp file" tmp_empty
