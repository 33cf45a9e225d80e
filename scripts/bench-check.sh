#!/bin/sh
# How well `osbench check` tells a real change from noise on this host.
#
#   scripts/bench-check.sh [-n TRIES] [-b OSBENCH] [-s NS,NS] [-t TABLES] [-- CHECK-ARGS...]
#
# Each try takes a baseline as the README's CI recipe does (`run --runs 3
# -f long TABLES`) and then `check BASELINE` in rerun mode with its
# defaults (the current side in 3 runs).
#
# A/A: TRIES times at once after each other: every figure flagged slower
# or faster is a false alarm, and every interval should hold 1 in about
# 95 % of the figure-tries.  A/B: TRIES times per slow-down, a baseline on
# a kernel whose system calls pass a seccomp filter, then `check` under a
# longer filter that costs NS nanoseconds more per call (calibrated here,
# with scripts/slowsys.c): null call's verdict is counted.  Both sides of
# an A/B pass a filter, so the only difference is its length.  The wall
# time of each check is set against its baseline's (the same 3 runs).
# Needs a C compiler and Linux; targets are reported, never asserted.
set -eu
tries=4 bin=./osbench slowdowns=100,25 tables="syscall proc ctx ipc"
while getopts n:b:s:t: opt; do
	case $opt in
	n) tries=$OPTARG ;;
	b) bin=$OPTARG ;;
	s) slowdowns=$OPTARG ;;
	t) tables=$OPTARG ;;
	*) echo "usage: $0 [-n TRIES] [-b OSBENCH] [-s NS,NS] [-t TABLES] [-- CHECK-ARGS...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
extra="$*" # CHECK-ARGS: plain words
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-check.XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM
cc -O2 -o "$dir/slowsys" "$here/slowsys.c"

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

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

# one try: a baseline under a filter of $1, a check under $2; the check's
# output in $dir/check.out, the wall times in $base_s and $check_s
# shellcheck disable=SC2086 # the tables and check arguments are words
try() {
	t0=$(now)
	"$dir/slowsys" "$1" "$bin" run --runs 3 -f long -o "$dir/base.long" $tables 2>/dev/null || true
	base_s=$(since "$t0")
	t0=$(now)
	"$dir/slowsys" "$2" "$bin" check $extra "$dir/base.long" >"$dir/check.out" 2>"$dir/check.err" || true
	check_s=$(since "$t0")
}
counted() { # VERDICT: rows with it, figures counted once
	awk -F'\t' -v v="$1" '$NF == v && $(NF - 1) !~ /^counted once/ { n++ } END { print n + 0 }' "$dir/check.out"
}
# figure-tries with an interval, and those whose interval holds 1
intervals() {
	awk -F'\t' '$1 != "table" && $6 ~ /^[0-9.]+$/ && $(NF - 1) !~ /^counted once/ {
		n++; if ($6 <= 1 && $7 >= 1) h++ } END { print n + 0, h + 0 }' "$dir/check.out"
}

echo "A/A: $tries tries of '$tables', check against a baseline taken just before"
alarms=0 with=0 held=0 unclear=0 figs=0 i=1
while [ "$i" -le "$tries" ]; do
	try 1 1
	n=$(($(counted slower) + $(counted faster)))
	iv=$(intervals)
	with=$((with + ${iv% *})) held=$((held + ${iv#* }))
	alarms=$((alarms + n)) unclear=$((unclear + $(counted unclear)))
	figs=$((figs + $(counted ok) + $(counted slower) + $(counted faster) + $(counted unclear)))
	echo "  try $i: $n flagged $(awk -F'\t' '$NF == "slower" || $NF == "faster" { printf "[%s %s %s %s-%s] ", $2, $NF, $5, $6, $7 }' "$dir/check.out"); baseline ${base_s}s, check ${check_s}s; $(grep '^check: [0-9]' "$dir/check.out")"
	i=$((i + 1))
done
echo "A/A: $alarms figures flagged, $unclear unclear, of $figs figure-tries; intervals holding 1: $held of $with"

for ns in $(echo "$slowdowns" | tr ',' ' '); do
	insns=$(length_for "$ns")
	got=$(null_under "$insns")
	echo "  +${ns} ns: a filter of $insns instructions; null call $got us against $(head -n 1 "$dir/curve" | cut -d' ' -f2) us"
	slower=0 unclear=0 ok=0 i=1
	while [ "$i" -le "$tries" ]; do
		try 1 $((insns + 1))
		verdict=$(awk -F'\t' '$2 == "null call" { print $4 " vs " $3 " (ratio " $5 ", " $6 "-" $7 ") " $NF }' "$dir/check.out")
		case $verdict in
		*slower) slower=$((slower + 1)) ;;
		*unclear) unclear=$((unclear + 1)) ;;
		*ok) ok=$((ok + 1)) ;;
		esac
		echo "  +${ns} ns try $i: null call $verdict; others flagged: $(awk -F'\t' '$2 != "null call" && ($NF == "slower" || $NF == "faster") { n++ } END { print n + 0 }' "$dir/check.out"); baseline ${base_s}s, check ${check_s}s"
		i=$((i + 1))
	done
	echo "A/B +${ns} ns per system call ($insns instructions): null call slower $slower, unclear $unclear, ok $ok of $tries"
done
