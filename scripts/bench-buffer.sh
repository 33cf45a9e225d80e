#!/bin/sh
# How the memory bandwidths move with the buffer they stream through, to
# choose the default cap (modules/lib/membuf.h) from a measurement.
#
#   scripts/bench-buffer.sh [-n TRIES] [-b OSBENCH] [-s MB,MB,...] [-m MODULE,...]
#
# For each try and each size, in an order that alternates from try to
# try, `run --buffer MB --runs 3 -f long MODULES`; then per size the
# median over the tries of each module's MB/s, and the median wall time
# of the run (the setup writes the buffer every round).  A size past
# which no figure moves by more than the tries' spread is out of the
# caches.  Targets are reported, never asserted.
set -eu
tries=3 bin=./osbench sizes=16,32,64,128,256 modules=bwread,bwcopy,memrd8
while getopts n:b:s:m: opt; do
	case $opt in
	n) tries=$OPTARG ;;
	b) bin=$OPTARG ;;
	s) sizes=$OPTARG ;;
	m) modules=$OPTARG ;;
	*) echo "usage: $0 [-n TRIES] [-b OSBENCH] [-s MB,MB,...] [-m MODULE,...]" >&2; exit 2 ;;
	esac
done
dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-buffer.XXXXXX")
trap 'rm -rf "$dir"' EXIT
trap 'exit 130' INT TERM

now() { date +%s.%N; }
list=$(echo "$sizes" | tr ',' ' ')
reversed=$(for s in $list; do echo "$s"; done | sort -rn | tr '\n' ' ')
i=1
while [ "$i" -le "$tries" ]; do
	order=$list
	[ $((i % 2)) -eq 0 ] && order=$reversed
	for mb in $order; do
		t0=$(now)
		# shellcheck disable=SC2046 # the modules are words
		"$bin" run --buffer "$mb" --runs 3 -f long $(echo "$modules" | tr ',' ' ') \
			>"$dir/$mb.$i" 2>/dev/null || true
		awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.2f\n", b - a }' >"$dir/$mb.$i.s"
	done
	i=$((i + 1))
done

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
printf 'buffer MB'
for m in $(echo "$modules" | tr ',' ' '); do printf '\t%s MB/s' "$m"; done
printf '\trun s\n'
for mb in $list; do
	printf '%s' "$mb"
	for m in $(echo "$modules" | tr ',' ' '); do
		v=$(for f in "$dir/$mb".[0-9]*; do
			case $f in *.s) continue ;; esac
			awk -F'\t' -v m="$m" '$1 == "table" { for (i = 1; i <= NF; i++) c[$i] = i; next }
				/^#/ { next } $(c["module"]) == m && $(c["status"]) == "ok" { print $(c["value_us"]) }' "$f"
		done | median)
		printf '\t%s' "${v:--}"
	done
	printf '\t%s\n' "$(cat "$dir/$mb".*.s | median)"
done
