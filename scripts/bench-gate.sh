#!/bin/sh
# The CI recipe of docs/across-hosts.md on an unchanged host: one
# baseline, then JOBS checks spread over time, as a CI job would run them.
#
#   scripts/bench-gate.sh [-n JOBS] [-g GAP] [-b OSBENCH] [-t TABLES] [-H|-B] [-k DIR] [-- CHECK-ARGS...]
#
# Baseline `run --runs 40 -f long TABLES`, then every GAP seconds `check
# BASELINE -f long` in rerun mode.  Each job's line: its exit status,
# its verdicts, the basis they rest on, the figures whose whole interval
# lies beyond the tolerance band (a false claim on an unchanged host),
# its wall time and the load average.  -H runs one CPU-bound process per
# CPU beside the whole series, as on a shared CI runner; -B beside the
# baseline only (a baseline taken in a busy spell); -k keeps the
# baseline and each job's output and stderr in DIR.  Targets are
# reported, never asserted.
set -eu
jobs=8 gap=150 bin=./osbench tables="syscall proc ctx ipc" hog='' busy='' keep=''
unmoved="moved under the note's 5 %"
while getopts n:g:b:t:HBk: opt; do
	case $opt in
	n) jobs=$OPTARG ;;
	g) gap=$OPTARG ;;
	b) bin=$OPTARG ;;
	t) tables=$OPTARG ;;
	H) hog=1 ;;
	B) hog=1 busy=1 ;;
	k) keep=$OPTARG && mkdir -p "$keep" ;;
	*) echo "usage: $0 [-n JOBS] [-g GAP] [-b OSBENCH] [-t TABLES] [-H|-B] [-k DIR] [-- CHECK-ARGS...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
extra="$*" # CHECK-ARGS: plain words
dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-gate.XXXXXX")
# shellcheck source=scripts/hogs.sh
. "$(cd "$(dirname "$0")" && pwd)/hogs.sh"
trap stop EXIT
trap 'exit 130' INT TERM

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

if [ -n "$busy" ]; then
	hogs_start "the baseline"
elif [ -n "$hog" ]; then
	hogs_start "the series"
fi

t0=$(now)
# shellcheck disable=SC2086 # the tables are words
"$bin" run --runs 40 -f long -o "$dir/base.long" $tables 2>/dev/null || true
echo "baseline: $(since "$t0") s, load $(cut -d' ' -f1-3 /proc/loadavg)"
[ -z "$keep" ] || cp "$dir/base.long" "$keep/base.long"
if [ -n "$busy" ]; then
	for p in $hogs; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	hogs=
	echo "the CPU-bound processes stopped: the jobs run on a calm host"
fi

# one job's summary from check's long output, columns found by name
summary() {
	awk -F'\t' '
		$1 == "table" { for (i = 1; i <= NF; i++) c[$i] = i; next }
		/^#/ { next }
		$(c["counted_as"]) != "-" { next }
		{ v[$(c["verdict"])]++; b[$(c["basis"])]++; n++
		  t = $(c["tolerance_pct"]) / 100; lo = $(c["lo"]); hi = $(c["hi"])
		  if (($(c["verdict"]) == "slower" || $(c["verdict"]) == "faster") && lo != "-" &&
		      (lo > 1 + t || hi < 1 / (1 + t)))
			beyond = beyond " " $(c["table"]) "/" $(c["column"]) "=" $(c["ratio"])
		  if ($(c["verdict"]) == "slower" || $(c["verdict"]) == "faster")
			named = named " " $(c["table"]) "/" $(c["column"]) ":" $(c["verdict"]) "=" $(c["ratio"]) "(" $(c["basis"]) ")" }
		END { printf "%d ok, %d slower, %d faster, %d unclear of %d; basis runs %d, relative %d, one-run %d; beyond the band:%s; changes:%s\n",
			v["ok"], v["slower"], v["faster"], v["unclear"], n, b["runs"], b["relative"], b["one-run"],
			beyond ? beyond : " none", named ? named : " none" }' "$1"
}

red=0 i=1
while [ "$i" -le "$jobs" ]; do
	[ "$i" -eq 1 ] || sleep "$gap"
	t0=$(now)
	rc=0
	# shellcheck disable=SC2086 # the check arguments are words
	"$bin" check $extra -f long "$dir/base.long" >"$dir/job.out" 2>"$dir/job.err" || rc=$?
	[ "$rc" -eq 0 ] || red=$((red + 1))
	if [ -n "$keep" ]; then
		cp "$dir/job.out" "$keep/job$i.long"
		cp "$dir/job.err" "$keep/job$i.err"
	fi
	mood=$(grep -o 'the typical one [0-9]*% [a-z]*' "$dir/job.err" | head -1 || true)
	echo "job $i: exit $rc, $(since "$t0") s, load $(cut -d' ' -f1 /proc/loadavg), machine: ${mood:-$unmoved}: $(summary "$dir/job.out")"
	i=$((i + 1))
done
echo "red jobs: $red of $jobs"
