#!/bin/sh
# Speed and agreement of the ctx and ipc tables, side by side with
# `perf bench sched pipe`, in one run, alternating the tools so that both
# see the same machine.  Usage: scripts/bench-ipc.sh [ROUNDS]
# Prints the wall time of `osbench run ctx ipc`, the medians of each tool
# per round trip, and their ratio.
set -eu
cd "$(dirname "$0")/.."
rounds=${1:-5}
ob=./osbench
[ -x "$ob" ] || make -s
command -v perf >/dev/null 2>&1 || { echo "bench-ipc: perf not installed (Debian: linux-perf)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "# osbench run ctx ipc: wall time (s)"
for i in $(seq "$rounds"); do
	s=$(date +%s.%N)
	"$ob" run ctx ipc >"$tmp/tables.$i" 2>/dev/null
	e=$(date +%s.%N)
	echo "$s $e" | awk '{ printf "%.2f\n", $2 - $1 }'
done | tee "$tmp/walls" | tr '\n' ' '
echo
echo "median wall: $(median <"$tmp/walls") s"

# side by side, alternating, unpinned (as both tools run by default) and
# pinned to CPU 0 (both processes on one CPU: no cross-CPU wake-ups)
side_by_side() { # LABEL OSBENCH-OPTIONS PERF-PREFIX
	: >"$tmp/ob"
	: >"$tmp/perf"
	for i in $(seq "$rounds"); do
		# shellcheck disable=SC2086 # option lists
		"$ob" run $2 --format long pipe ctx 2>/dev/null |
			awk -F'\t' '$3 == "pipe" { p = $7 } $3 == "ctx" && $2 == "2p/0K ctxsw" { c = $7 } END { print p, c }' >>"$tmp/ob"
		# shellcheck disable=SC2086
		$3 perf bench sched pipe -l 100000 2>/dev/null | awk '/usecs\/op/ { print $1 }' >>"$tmp/perf"
	done
	ob_pipe=$(cut -d' ' -f1 "$tmp/ob" | median)
	ob_ctx=$(cut -d' ' -f2 "$tmp/ob" | median)
	perf_pipe=$(median <"$tmp/perf")
	echo "# $1 (us per round trip; medians of $rounds alternating rounds)"
	echo "osbench Pipe:        $ob_pipe   (rounds: $(cut -d' ' -f1 "$tmp/ob" | tr '\n' ' '))"
	echo "perf sched pipe:     $perf_pipe   (rounds: $(tr '\n' ' ' <"$tmp/perf"))"
	echo "osbench 2p/0K ctxsw: $ob_ctx"
	awk -v a="$ob_pipe" -v b="$perf_pipe" -v c="$ob_ctx" 'BEGIN {
		printf "ratio Pipe / perf: %.3f\n", a / b
		printf "Pipe / (2 x 2p/0K ctxsw): %.2f  (a round trip is two switches plus two writes and two reads)\n", a / (2 * c) }'
}
side_by_side "unpinned" "" ""
if command -v taskset >/dev/null 2>&1; then
	side_by_side "pinned to cpu 0" "--cpu 0" "taskset -c 0"
fi
echo "# last ctx and ipc tables"
grep -v '^#' "$tmp/tables.$rounds" | sed '/^$/d'
