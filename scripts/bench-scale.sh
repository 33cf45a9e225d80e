#!/bin/sh
# osbench scale against sysbench and stress-ng at the same thread counts,
# in one run.  Usage: scripts/bench-scale.sh [SECONDS-PER-POINT]
# Needs Debian's sysbench and stress-ng for the comparison columns.
set -eu
cd "$(dirname "$0")/.."
secs=${1:-2}
levels="1 2 5 10 20 35 50"
ob=./osbench
[ -x "$ob" ] || make -s
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "# osbench scale mutex, default levels: wall time and table"
s=$(date +%s.%N)
"$ob" scale mutex -l osbench >"$tmp/mutex" 2>/dev/null || true
e=$(date +%s.%N)
echo "$s $e" | awk '{ printf "wall: %.1f s\n", $2 - $1 }'
grep -v '^#' "$tmp/mutex" | sed '/^$/d'

echo "# osbench scale thread (create+join), same levels"
"$ob" scale thread -l osbench 2>/dev/null | grep -v '^#' | sed '/^$/d' || true

have() { command -v "$1" >/dev/null 2>&1; }
if have sysbench; then
	echo "# sysbench threads (yield + 8 lock/unlock per event), ${secs}s per level: events/s"
	printf 'threads\tevents/s\n'
	for n in $levels; do
		ev=$(sysbench threads --threads="$n" --time="$secs" run 2>/dev/null |
			awk '/total number of events/ { print $NF }')
		printf '%s\t%s\n' "$n" "$(awk -v e="$ev" -v s="$secs" 'BEGIN { printf "%.0f", e / s }')"
	done
	echo "# sysbench mutex (fixed work per thread): total seconds"
	printf 'threads\tseconds\n'
	for n in $levels; do
		t=$(sysbench mutex --threads="$n" run 2>/dev/null | awk '/total time:/ { sub("s", "", $NF); print $NF }')
		printf '%s\t%s\n' "$n" "$t"
	done
else
	echo "# sysbench not installed (apt-get install sysbench): skipped"
fi
if have stress-ng; then
	echo "# stress-ng --mutex N --metrics-brief, ${secs}s per level: bogo ops/s (real time)"
	printf 'threads\tbogo-ops/s\n'
	for n in $levels; do
		r=$(stress-ng --mutex "$n" -t "$secs" --metrics-brief 2>&1 |
			awk '$4 == "mutex" && NF == 10 && $9 ~ /^[0-9.]+$/ { v = $9 } END { print v }')
		printf '%s\t%s\n' "$n" "$r"
	done
else
	echo "# stress-ng not installed (apt-get install stress-ng): skipped"
fi
