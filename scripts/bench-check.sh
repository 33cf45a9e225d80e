#!/bin/sh
# How well `osbench check` tells a real change from noise on this host.
#
#   scripts/bench-check.sh [-n TRIES] [-b OSBENCH] [-s NS,NS] [-l] [-- CHECK-ARGS...]
#
# -l takes the baselines in long format, with their samples (check then
# holds samples against samples); by default they are tables, as a plain
# `osbench -o BASELINE` writes them.
#
# A/A: TRIES times, a baseline of the default run, then `check BASELINE`
# (rerun mode) at once: every figure flagged slower or faster is a false
# alarm.  A/B: TRIES times per slow-down, a baseline on a kernel whose
# system calls pass a seccomp filter, then `check` with a longer filter
# that costs NS nanoseconds more per call (calibrated here, with
# scripts/slowsys.c): a `null call  slower` verdict is a catch.  Both
# sides of an A/B pass a filter, so the only difference is its length.
# Needs a C compiler and Linux; targets are reported, never asserted.
set -eu
tries=4 bin=./osbench slowdowns=100,25 base_fmt=table
while getopts n:b:s:l opt; do
	case $opt in
	n) tries=$OPTARG ;;
	b) bin=$OPTARG ;;
	s) slowdowns=$OPTARG ;;
	l) base_fmt=long ;;
	*) echo "usage: $0 [-n TRIES] [-b OSBENCH] [-s NS,NS] [-l] [-- CHECK-ARGS...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-check.XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM
cc -O2 -o "$dir/slowsys" "$here/slowsys.c"

# the null call figure under a filter of N instructions, median of 5 runs
null_under() {
	for i in 1 2 3 4 5; do
		"$dir/slowsys" "$1" "$bin" run -f long -r 5 null 2>/dev/null |
			awk -F'\t' '$1 == "table" { for (i = 1; i <= NF; i++) c[$i] = i; next }
				/^#/ { next } { print $(c["median_us"]) }'
	done | sort -n | sed -n 3p
}

# the filter lengths that cost NS more per call, from measured points: a
# short filter's instructions are nearly free (the CPU overlaps them with
# the call), so the cost is not linear in the length
lengths="1 64 128 256 512 1024 2048"
for L in $lengths; do echo "$L $(null_under "$L")"; done >"$dir/curve"
echo "calibration (filter length, null call us): $(tr '\n' ';' <"$dir/curve")"
length_for() { # NS: the length whose null call is NS more than at length 1
	awk -v ns="$1" 'NR == 1 { base = $2 } { L[NR] = $1; v[NR] = ($2 - base) * 1000; n = NR }
		END { for (i = 2; i <= n; i++) if (v[i] >= ns) {
			f = v[i] > v[i - 1] ? (ns - v[i - 1]) / (v[i] - v[i - 1]) : 1
			printf "%d", L[i - 1] + f * (L[i] - L[i - 1]); exit }
		printf "%d", L[n] }' "$dir/curve"
}

flagged() { # FILE: figures judged slower or faster
	awk -F'\t' '$NF == "slower" || $NF == "faster" { n++ } END { print n + 0 }' "$1"
}

echo "A/A: $tries tries, check against a baseline taken just before"
alarms=0 i=1
while [ "$i" -le "$tries" ]; do
	"$bin" -f "$base_fmt" -o "$dir/base.tsv" 2>/dev/null || true
	"$bin" check "$@" "$dir/base.tsv" >"$dir/check.out" 2>/dev/null || true
	n=$(flagged "$dir/check.out")
	alarms=$((alarms + n))
	echo "  try $i: $n flagged $(awk -F'\t' '$NF == "slower" || $NF == "faster" { printf "[%s %s %s] ", $2, $5, $NF }' "$dir/check.out")"
	i=$((i + 1))
done
echo "A/A: $alarms figures flagged over $tries tries"

for ns in $(echo "$slowdowns" | tr ',' ' '); do
	insns=$(length_for "$ns")
	got=$(null_under "$insns")
	echo "  +${ns} ns: a filter of $insns instructions; null call $got us against $(head -n 1 "$dir/curve" | cut -d' ' -f2) us"
	caught=0 i=1
	while [ "$i" -le "$tries" ]; do
		"$dir/slowsys" 1 "$bin" -f "$base_fmt" -o "$dir/base.tsv" 2>/dev/null || true
		"$dir/slowsys" $((insns + 1)) "$bin" check "$@" "$dir/base.tsv" >"$dir/check.out" 2>/dev/null || true
		verdict=$(awk -F'\t' '$2 == "null call" { print $4 " vs " $3 " (ratio " $5 ", p " $6 ") " $NF }' "$dir/check.out")
		case $verdict in *slower) caught=$((caught + 1)) ;; esac
		echo "  +${ns} ns try $i: null call $verdict; others flagged: $(awk -F'\t' '$2 != "null call" && ($NF == "slower" || $NF == "faster") { n++ } END { print n + 0 }' "$dir/check.out"); $(tail -n 1 "$dir/check.out")"
		i=$((i + 1))
	done
	echo "A/B +${ns} ns per system call ($insns instructions): caught $caught of $tries"
done
