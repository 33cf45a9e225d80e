#!/bin/sh
# How well `osbench check` tells a real change from noise on this host.
#
#   scripts/bench-check.sh [-n TRIES] [-b OSBENCH] [-s NS,NS | -p PCT,PCT] [-k INSNS,INSNS] [-t TABLES]
#                          [-H] [-K DIR] [-- CHECK-ARGS...]
#
# Each try takes a baseline as the CI recipe of docs/across-hosts.md does (`run --runs 40
# -f long TABLES`) and then `check BASELINE` in rerun mode with its
# defaults (the current side in 20 runs).  -H runs one CPU-bound process
# per CPU beside every try, as on a shared CI runner; the filters are
# calibrated before they start, since under them a calibration's runs
# read 0.1 to 5 times what a filter adds.
#
# A/A: TRIES times at once after each other: every figure flagged slower
# or faster is a false alarm, and every interval should hold 1 in about
# 95 % of the figure-tries.  A/B: TRIES times per slow-down, a baseline on
# a kernel whose system calls pass a seccomp filter, then `check` under a
# longer filter that costs NS nanoseconds more per call (calibrated here,
# with scripts/slowsys.c, or given with -k): null call's verdict is
# counted, and with -p null I/O's and stat's too (-p: slow-downs of PCT per cent of null call, for a host whose
# system calls cost far more than the 0.2-0.3 us the ns targets assume).
# Both sides of
# an A/B pass a filter, so the only difference is its length.  The wall
# time of each check is set against its baseline's (the same 3 runs).
# -K DIR keeps each try's baseline and check output (-f long) there (DIR made),
# named by the slow-down and the try, for replaying the verdicts later.
# Needs a C compiler and Linux; targets are reported, never asserted.
set -eu
tries=4 bin=./osbench slowdowns=100,25 tables="syscall proc ctx ipc" given= percents= hog= keep=
while getopts n:b:s:k:t:p:HK: opt; do
	case $opt in
	n) tries=$OPTARG ;;
	b) bin=$OPTARG ;;
	s) slowdowns=$OPTARG ;;
	p) percents=$OPTARG ;;
	k) given=$OPTARG ;;
	t) tables=$OPTARG ;;
	H) hog=1 ;;
	K) keep=$OPTARG ;;
	*) echo "usage: $0 [-n TRIES] [-b OSBENCH] [-s NS,NS | -p PCT,PCT] [-k INSNS,INSNS] [-t TABLES] [-H] [-K DIR] [-- CHECK-ARGS...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
extra="$*" # CHECK-ARGS: plain words
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-check.XXXXXX")
# shellcheck source=scripts/hogs.sh
. "$here/hogs.sh"
trap stop EXIT
trap 'exit 130' INT TERM
cc -O2 -o "$dir/slowsys" "$here/slowsys.c"
[ -z "$keep" ] || mkdir -p "$keep"
label=aa

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# null call under a filter of N instructions: one run of 20 rounds
null_once() {
	"$dir/slowsys" "$1" "$bin" run -f long -r 20 null 2>/dev/null |
		awk -F'\t' '$1 == "table" { for (i = 1; i <= NF; i++) c[$i] = i; next }
			/^#/ { next } { print $(c["value_us"]) }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# what a filter of N instructions adds to null call, in ns: the median
# over PAIRS (5) pairs of runs under 1 and N, alternating, so that a slow
# spell of the host falls on both sides
cost_of() { # N [PAIRS]
	for i in $(seq "${2:-5}"); do
		a=$(null_once 1)
		b=$(null_once "$1")
		awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1f\n", (b - a) * 1000 }'
	done | median
}

# the filter lengths that cost NS more per call, from measured points: a
# short filter's instructions are nearly free (the CPU overlaps them with
# the call), so the cost is not linear in the length
points="32 64 128 192 256 384 512"
if [ -n "$percents" ]; then
	# the per cent targets in ns of this host's null call (under a
	# filter of one instruction, as both sides are)
	base_us=$(for i in 1 2 3 4 5; do null_once 1; done | median)
	slowdowns=$(echo "$percents" | tr ',' '\n' |
		awk -v b="$base_us" '{ printf "%s%.0f", (NR > 1 ? "," : ""), $1 / 100 * b * 1000 }')
	echo "null call under a filter of one instruction: $base_us us; +$percents % is +$slowdowns ns"
	points="$points 768 1024 1536 2048"
fi
if [ -z "$given" ]; then
	for L in $points; do echo "$L $(cost_of "$L")"; done >"$dir/curve"
	echo "calibration (filter length, ns added to null call): $(tr '\n' ';' <"$dir/curve")"
fi
length_for() { # NS: the shortest length that adds NS, interpolated
	awk -v ns="$1" '{ L[NR] = $1; v[NR] = $2; n = NR }
		END { for (i = 1; i <= n; i++) if (v[i] >= ns) {
			lo = i > 1 ? v[i - 1] : 0; lL = i > 1 ? L[i - 1] : 1
			f = v[i] > lo ? (ns - lo) / (v[i] - lo) : 1
			printf "%d", lL + f * (L[i] - lL); exit }
		printf "%d", L[n] }' "$dir/curve"
}

# check's long output (kept, for replaying its runs) in the table
# format's columns, which the counts below read
as_table() {
	awk -F'\t' 'BEGIN { OFS = "\t" }
		/^# check: / { sub(/^# /, ""); print; next } /^#/ { next }
		$1 == "table" { for (i = 1; i <= NF; i++) c[$i] = i
			print "table", "column", "baseline", "current", "ratio", "lo", "hi", "p", "runs", "note", "basis", "verdict"; next }
		{ note = $(c["counted_as"]) != "-" ? "counted once, as " $(c["counted_as"]) : $(c["note"])
		  print $(c["table"]), $(c["column"]), $(c["baseline"]), $(c["current"]), $(c["ratio"]), $(c["lo"]), $(c["hi"]),
			$(c["p"]), $(c["runs"]), note, $(c["basis"]), $(c["verdict"]) }'
}

# one try: a baseline under a filter of $1, a check under $2; the check's
# output in $dir/check.out, the wall times in $base_s and $check_s
# shellcheck disable=SC2086 # the tables and check arguments are words
try() {
	t0=$(now)
	"$dir/slowsys" "$1" "$bin" run --runs 40 -f long -o "$dir/base.long" $tables 2>/dev/null || true
	base_s=$(since "$t0")
	t0=$(now)
	"$dir/slowsys" "$2" "$bin" check -f long $extra "$dir/base.long" >"$dir/check.long" 2>"$dir/check.err" || true
	check_s=$(since "$t0")
	as_table <"$dir/check.long" >"$dir/check.out"
	[ -z "$keep" ] || for f in base.long check.long check.err; do
		cp "$dir/$f" "$keep/$label.$f"
	done
}
counted() { # VERDICT: rows with it, figures counted once
	awk -F'\t' -v v="$1" '$NF == v && $(NF - 2) !~ /^counted once/ { n++ } END { print n + 0 }' "$dir/check.out"
}
# figure-tries with an interval, and those whose interval holds 1
intervals() {
	awk -F'\t' '$1 != "table" && $6 ~ /^[0-9.]+$/ && $(NF - 2) !~ /^counted once/ {
		n++; if ($6 <= 1 && $7 >= 1) h++ } END { print n + 0, h + 0 }' "$dir/check.out"
}

# the length to try next after LENGTH added GOT ns of NS: scaled by
# NS/GOT, at most halving or doubling it
next_length() { # LENGTH GOT NS
	awk -v L="$1" -v g="$2" -v n="$3" \
		'BEGIN { f = g > 0 ? n / g : 2; if (f > 2) f = 2; if (f < 0.5) f = 0.5; printf "%d", L * f }'
}
off_by_quarter() { # GOT NS
	awk -v g="$1" -v n="$2" 'BEGIN { exit !(g < 0.75 * n || g > 1.25 * n) }'
}
# the filter length that adds NS (or the given length), appended to
# $dir/lengths as "NS LENGTH MEASURED_NS"; the curve is measured once and
# the host moves, so the length is refined until the filter adds what is
# asked within 10 %, three tries at most, a step at most halving or
# doubling it, and the nearest of the lengths tried is kept (one
# measurement of a few ns can be off by half); one still off by more
# than a quarter is measured again in longer runs
calibrate() { # NS [LENGTH]
	if [ -n "${2:-}" ]; then insns=$2; else insns=$(length_for "$1"); fi
	got=$(cost_of "$insns")
	best="$insns $got"
	r=1
	while [ -z "${2:-}" ] && [ "$r" -le 3 ] &&
		awk -v g="$got" -v n="$1" 'BEGIN { exit !(g < 0.9 * n || g > 1.1 * n) }'; do
		insns=$(next_length "$insns" "$got" "$1")
		got=$(cost_of "$insns")
		best=$(echo "$best" | awk -v L="$insns" -v g="$got" -v n="$1" '{
			d = $2 > n ? $2 - n : n - $2; e = g > n ? g - n : n - g
			print (e < d ? L " " g : $0) }')
		r=$((r + 1))
	done
	insns=${best% *} got=${best#* }
	# still off by more than a quarter: a few ns measured in 5 pairs on a
	# busy host, so the nearest length is measured again in 15, and one
	# step is taken from there
	if [ -z "${2:-}" ] && off_by_quarter "$got" "$1"; then
		got=$(cost_of "$insns" 15)
		if off_by_quarter "$got" "$1"; then
			step=$(next_length "$insns" "$got" "$1")
			again=$(cost_of "$step" 15)
			if awk -v g="$got" -v a="$again" -v n="$1" 'BEGIN { d = g - n; e = a - n; exit !(e * e < d * d) }'; then
				insns=$step got=$again
			fi
		fi
	fi
	echo "$1 $insns $got" >>"$dir/lengths"
	echo "+${1} ns: a filter of $insns instructions, measured to add $got ns ($(awk -v g="$got" -v b="${base_us:-0}" 'BEGIN { if (b > 0) printf "%.1f %% of a null call", g / b / 10; else printf "share unknown" }'))$(if off_by_quarter "$got" "$1"; then printf ": off by more than a quarter, the host moved"; fi)"
}

: >"$dir/lengths"
for ns in $(echo "$slowdowns" | tr ',' ' '); do
	calibrate "$ns" "${given%%,*}"
	given=${given#*,}
done
[ -z "$hog" ] || hogs_start "every try (the calibration above ran without them)"

echo "A/A: $tries tries of '$tables', check against a baseline taken just before"
alarms=0 with=0 held=0 unclear=0 figs=0 i=1
: >"$dir/steady"
while [ "$i" -le "$tries" ]; do
	label=aa-$i
	try 1 1
	n=$(($(counted slower) + $(counted faster)))
	iv=$(intervals)
	with=$((with + ${iv% *})) held=$((held + ${iv#* }))
	alarms=$((alarms + n)) unclear=$((unclear + $(counted unclear)))
	figs=$((figs + $(counted ok) + $(counted slower) + $(counted faster) + $(counted unclear)))
	awk -F'\t' '$NF == "ok" { print $1 "/" $2 }' "$dir/check.out" >>"$dir/steady"
	echo "  try $i: $n flagged $(awk -F'\t' '$NF == "slower" || $NF == "faster" { printf "[%s %s %s %s-%s] ", $2, $NF, $5, $6, $7 }' "$dir/check.out"); baseline ${base_s}s, check ${check_s}s; $(grep '^check: [0-9]' "$dir/check.out")"
	i=$((i + 1))
done
echo "A/A: $alarms figures flagged, $unclear unclear, of $figs figure-tries; intervals holding 1: $held of $with"
echo "A/A: ok in every try: $(sort "$dir/steady" | uniq -c | awk -v n="$tries" '$1 == n { $1 = ""; printf "%s;", $0 }')"

while read -r ns insns got <&3; do
	slower=0 unclear=0 ok=0 i=1
	while [ "$i" -le "$tries" ]; do
		label=ns$ns-$i
		try 1 $((insns + 1))
		verdict=$(awk -F'\t' '$2 == "null call" { print $4 " vs " $3 " (ratio " $5 ", " $6 "-" $7 ") " $NF }' "$dir/check.out")
		case $verdict in
		*slower) slower=$((slower + 1)) ;;
		*unclear) unclear=$((unclear + 1)) ;;
		*ok) ok=$((ok + 1)) ;;
		esac
		more=$(awk -F'\t' '$2 == "null I/O" || $2 == "stat" { printf "%s %s %s; ", $2, $5, $NF }' "$dir/check.out")
		echo "  +${ns} ns try $i: null call $verdict; $more others flagged: $(awk -F'\t' '$2 != "null call" && ($NF == "slower" || $NF == "faster") { n++ } END { print n + 0 }' "$dir/check.out"); baseline ${base_s}s, check ${check_s}s"
		i=$((i + 1))
	done
	echo "A/B +${ns} ns per system call ($insns instructions, $got ns): null call slower $slower, unclear $unclear, ok $ok of $tries"
done 3<"$dir/lengths"
