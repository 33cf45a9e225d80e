#!/bin/sh
# Figures in rounds: samples, confidence intervals, rounds and placement in
# long and json and read back; --placement, --precision, --budget; check's
# statistical verdicts and its json and junit reports; the build line and
# the warning of a build that is not plain and optimised.
. "$(dirname "$0")/lib.sh"

# long_fields FILE: "median ci_lo ci_hi rounds nsamples reps placement value" per ok row
long_fields() {
	awk -F'\t' '$1 == "table" { for (i = 1; i <= NF; i++) c[$i] = i; next }
		/^#/ || $(c["status"]) != "ok" { next }
		{ print $(c["median_us"]), $(c["ci_lo_us"]), $(c["ci_hi_us"]), $(c["rounds"]),
			split($(c["samples_us"]), s, ","), $(c["reps"]), $(c["placement"]), $(c["value_us"]) }' "$1"
}

# --- long: the samples travel with the figure
run run -q -f long null pipe
check "rounds long run exits 0" [ "$rc" -eq 0 ]
long_fields "$work/out" >"$work/fields"
check "rounds long has two ok rows" [ "$(wc -l <"$work/fields")" -eq 2 ]
check "rounds long: ci_lo <= value <= ci_hi, all positive" \
	awk '{ if (!($2 > 0 && $2 <= $8 && $8 <= $3)) bad++ } END { exit bad > 0 || NR == 0 }' "$work/fields"
check "rounds long: the value is the median of the samples, and median_us says the same" awk -F'\t' '
	$1 == "table" { for (i = 1; i <= NF; i++) c[$i] = i; next } /^#/ || $(c["status"]) != "ok" { next }
	{ n = split($(c["samples_us"]), s, ",")
	  for (i = 2; i <= n; i++) { t = s[i] + 0; for (j = i - 1; j >= 1 && s[j] + 0 > t; j--) s[j + 1] = s[j]; s[j + 1] = t }
	  m = n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
	  v = $(c["value_us"]) + 0
	  if (!(n > 0 && v > 0 && (v - m) / m < 1e-5 && (m - v) / m < 1e-5 && $(c["median_us"]) + 0 == v)) bad++ }
	END { exit bad > 0 || NR == 0 }' "$work/out"
check "rounds long: --quick takes two rounds" awk '{ if ($4 != 2) bad++ } END { exit bad > 0 || NR == 0 }' "$work/fields"
check "rounds long: one sample per rep, several per round" \
	awk '{ if ($5 != $6 || $5 < $4) bad++ } END { exit bad > 0 || NR == 0 }' "$work/fields"
check "rounds long: every sample a positive number" awk -F'\t' '
	$1 == "table" { for (i = 1; i <= NF; i++) c[$i] = i; next } /^#/ { next }
	{ n = split($(c["samples_us"]), s, ","); for (i = 1; i <= n; i++) if (s[i] !~ /^[0-9.e+-]+$/ || s[i] + 0 <= 0) bad++ }
	END { exit bad > 0 || NR == 0 }' "$work/out"
check "rounds long: the default placement is same" awk '{ if ($7 != "same") bad++ } END { exit bad > 0 || NR == 0 }' "$work/fields"
check "rounds long: the host record names the placement" grep -qx '# placement: same' "$work/out"
check "rounds long: the host record names the build" grep -q '^# build: [a-z]* [0-9][0-9.]*, .*, sanitizers [a-z,]*$' "$work/out"

# the reader takes them back: a file compared with itself
cp "$work/out" "$work/a.long"
run compare "$work/a.long" "$work/a.long"
check "rounds long with samples reads back" [ "$rc" -eq 0 ]
check "rounds long with samples: ratio 1.00" grep -Eq "^B/A${T}-${T}(1.00|-)${T}1.00" "$work/out"

# --- json: the same, samples as an array
run run -q -f json null
check "rounds json run exits 0" [ "$rc" -eq 0 ]
if have python3; then
	check "rounds json: samples, interval, rounds, placement, build" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
r = d["results"][0]
assert d["host"]["build"].startswith(("gcc ", "clang ")), d["host"]["build"]
assert d["host"]["placement"] == "same"
assert r["placement"] == "same" and r["rounds"] == 2
assert len(r["samples_us"]) == r["reps"] and all(s > 0 for s in r["samples_us"])
# the figure is the median of its own samples, worked out here
s = sorted(r["samples_us"])
n = len(s)
m = s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2
assert abs(r["value"] - m) <= 1e-5 * m, (r["value"], m)
assert r["ci_lo_us"] <= r["value"] <= r["ci_hi_us"]
' "$work/out"
fi
cp "$work/out" "$work/a.json"
run compare "$work/a.json" "$work/a.long"
check "rounds json with samples reads back" [ "$rc" -eq 0 ]

# --- table: the build line too
run run -q null
check "rounds table host record names the build" grep -q '^# build: ' "$work/out"

# --- placement
for p in free same spread; do
	run run -q --placement "$p" -f long pipe
	check "rounds --placement $p exits 0" [ "$rc" -eq 0 ]
	check "rounds --placement $p is in the host record" grep -qx "# placement: $p" "$work/out"
	check "rounds --placement $p is in the row" by_name table \
		"{ n++; if (f(\"placement\") != \"$p\") bad++ } END { exit !(n == 1 && !bad) }" "$work/out"
	check "rounds --placement $p leaves nothing behind" tmp_empty
done
check "rounds --placement runs leave no process" no_process_left
# where the processes really run: the measuring child and the echo peer,
# read from /proc while a pipe figure is being taken (the parent, which
# only waits, is never pinned)
cpus_seen() { # PLACEMENT LISTS: the CPU lists of our processes, sorted, unique
	"$OSBENCH" run --placement "$1" -t 50 -r 30 pipe >/dev/null 2>&1 &
	bg=$!
	: >"$work/cpus"
	# children come and go between rounds: look for 2 s, and on (up to
	# 10 s: a loaded machine, a sanitized build starts slowly) until as
	# many lists as the placement makes have been seen
	i=0
	while [ "$i" -lt 10 ] || { [ "$(sort -u "$work/cpus" | wc -l)" -lt "$2" ] && [ "$i" -lt 50 ]; }; do
		sleep 0.2
		for pid in $(ps -eo pid=,args= | awk -v b="$OSBENCH" '$2 == b { print $1 }'); do
			awk '/^Cpus_allowed_list:/ { print $2 }' "/proc/$pid/status" 2>/dev/null
		done >>"$work/cpus"
		i=$((i + 1))
	done
	sort -u "$work/cpus" | tr '\n' ' '
	kill "$bg" 2>/dev/null
	wait "$bg" 2>/dev/null
}
all=$(awk '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status 2>/dev/null)
if [ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ] && [ "$all" = "0-$(($(getconf _NPROCESSORS_ONLN) - 1))" ]; then
	seen=$(cpus_seen same 2)
	# on one cpu: the first no other osbench is pinned to, cpu 0 on a
	# machine of its own
	one=$(printf '%s\n' $seen | grep -vxF "$all" | tr '\n' ' ')
	check "rounds same puts child and peer on one cpu ($seen)" \
		sh -c 'printf "%s\n" "$1" | grep -qxE "[0-9]+ " && printf "%s\n" $2 | grep -qxF "$3"' _ "$one" "$seen" "$all"
	seen=$(cpus_seen spread 3)
	check "rounds spread puts the peer on cpu 1 ($seen)" \
		sh -c '[ "$1" = "0 $2 1 " ] || [ "$1" = "0 1 $2 " ]' _ "$seen" "$all"
	seen=$(cpus_seen free 1)
	check "rounds free pins nothing ($seen)" [ "$seen" = "$all " ]
	check "rounds placement runs killed mid-way leave nothing" no_process_left
else
	skip "rounds placement on real cpus: needs two cpus and /proc (have $all)"
fi
# a sweep runs free, unless --cpu pins every copy (then two threads share
# one CPU: together they cannot use much more than one CPU's time)
run scale -q -f long mutex --threads 2
check "rounds a sweep runs free by default" sh -c '[ "$(grep -v "^#" "$1" | cut -f 22 | tail -n 1)" = free ]' _ "$work/out"
run scale -q -f long mutex --threads 2 --cpu 0
check "rounds a sweep with --cpu is pinned, row and host record alike" \
	sh -c 'grep -qx "# placement: same" "$1"' _ "$work/out"
check "rounds a sweep with --cpu: the row says same" by_name table \
	'{ n++; if (f("placement") != "same") bad++ } END { exit !(n == 1 && !bad) }' "$work/out"
check "rounds a pinned sweep of two threads uses about one CPU" \
	by_name table 'f("table") == "scale" { if (f("cpu_pct") + 0 > 150) bad++; n++ } END { exit bad > 0 || n != 1 }' "$work/out"
check "rounds a sweep level says the seconds its rounds took" \
	by_name table 'f("table") == "scale" { if (!(f("seconds") ~ /^[0-9]+\.[0-9]+$/ && f("seconds") + 0 > 0)) bad++; n++ } END { exit bad > 0 || n != 1 }' "$work/out"
run run -q --cpu 0 -f long null
check "rounds --cpu alone means same" grep -qx "# placement: same" "$work/out"

refused "rounds --placement bogus" "--placement: 'bogus' is not free, same or spread" run --placement bogus null
refused "rounds --placement empty" "--placement: '' is not free, same or spread" run --placement= null
refused "rounds --placement free with --cpu" "--cpu: it pins processes, --placement free does not" run --placement free --cpu 0 null
refused "rounds --placement for scale" "option '--placement' does not apply to 'scale'" scale mutex --placement same
refused "rounds --precision 0" "--precision: '0' is not a percentage above 0, at most 100" run --precision 0 null
refused "rounds --precision 101" "--precision: '101' is not a percentage" run --precision 101 null
refused "rounds --precision abc" "--precision: 'abc' is not a percentage" run --precision abc null
refused "rounds --budget 0" "--budget: '0' is not a number of seconds from 0.1 to 86400" run --budget 0 null
refused "rounds --budget x" "--budget: 'x' is not a number of seconds" run --budget x null
refused "rounds run -f junit" "--format: 'junit' applies to 'check' and 'ab' only" run -f junit null

# --reps fixes the rounds; --precision and --budget are taken
run run -r 3 -t 1 -f long null
# the rounds column, found by its name
rounds_of_null() { awk -F'\t' '$1 == "table" { for (i = 1; i <= NF; i++) if ($i == "rounds") c = i }
	$1 == "syscall" && c { print $c }' "$work/out"; }
check "rounds --reps 3 gives three rounds" [ "$(rounds_of_null)" = 3 ]
# how many rounds a precision takes depends on the machine's noise (at
# 50 % a loaded machine took up to 30): only that it begins with the
# fewest (5) and ends by itself is certain
run run -t 1 --precision 100 --budget 5 -f long null
check "rounds --precision 100: exit 0" [ "$rc" -eq 0 ]
check "rounds --precision 100: at least the fewest rounds (5)" [ "$(rounds_of_null)" -ge 5 ]
# a run of fewer figures than the default run's gets their share of its
# budget, at least 1 s: one figure that cannot be precise, in samples of
# 100 ms, stops after a few rounds; --budget lets it go on (9-10 rounds
# idle, 6-8 beside a CPU-bound process per CPU, whose share of the CPU
# stretches each round)
run run -t 100 --precision 0.0001 -f long null
check "rounds one figure's share of the budget: a few rounds" [ "$(rounds_of_null)" -le 4 ]
run run -t 100 --precision 0.0001 --budget 5 -f long null
check "rounds --budget over the share: more rounds than the share's most" [ "$(rounds_of_null)" -ge 5 ]
# --reps asks for its rounds, and the share does not cut them
run run -t 100 -r 6 -f long null
check "rounds --reps over the share: every round asked" [ "$(rounds_of_null)" = 6 ]
run run -t 1 --precision 0.0001 --budget 0.2 -f long null stat
check "rounds --budget stops a run that cannot be precise" [ "$rc" -eq 0 ]
check "rounds --budget: the rounds begun stand" by_name table 'f("table") == "syscall" { if (f("rounds") + 0 < 1 || f("rounds") + 0 >= 40) bad++; n++ } END { exit bad > 0 || n != 2 }' "$work/out"

# --- runs: each round in a fresh image of osbench, a plain run in a fork
if command -v strace >/dev/null 2>&1 && strace -f -o /dev/null true 2>/dev/null; then
	strace -f -qq -e trace=execve -o "$work/trace" "$OSBENCH" run -q --runs 2 -f long null \
		>"$work/out" 2>"$work/err"
	# strace (and a sanitizer) can slow a figure below what it can
	# subtract: a fail then, never a crash
	check "rounds --runs: exit 0 or 1 under strace" [ $? -le 1 ]
	check "rounds --runs: each round execs osbench with the harness's words" sh -c '
		[ "$(grep -c "ab-child\", \"protocol=1\", \"module=null\".*\"report_fd=[0-9]*\"" "$1")" -ge 4 ]' _ "$work/trace"
	strace -f -qq -e trace=execve -o "$work/trace" "$OSBENCH" run -q null >"$work/out" 2>"$work/err"
	check "rounds: a run of one forks its rounds, no exec" sh -c '! grep -q ab-child "$1"' _ "$work/trace"
else
	skip "rounds --runs exec: strace cannot trace here"
fi
if [ -n "${DENY:-}" ] && [ -x "$DENY" ] && "$DENY" getpid true 2>/dev/null; then
	"$DENY" -a 1 execve "$OSBENCH" run -q --runs 2 -f long null >"$work/out" 2>"$work/err"
	check "rounds --runs: where exec is refused, the rounds run in the fork (exit 0)" [ $? -eq 0 ]
	check "rounds --runs: ... and null call is measured twice" by_name table \
		'f("column") == "null call" && f("status") == "ok" && f("runs") == 2 { n++ } END { exit n != 1 }' "$work/out"
else
	skip "rounds --runs exec refused: no seccomp filter here"
fi
check "rounds --runs: the harness's word to a terminal or file is refused" sh -c '
	"$1" ab-child protocol=1 module=null time_ms=1 samples=1 placement=same tmpdir=/ report_fd=3 \
		3>"$2/plain" >/dev/null 2>"$2/why"; [ $? -eq 2 ] && [ ! -s "$2/plain" ] &&
		grep -qx "osbench: ab-child: not a round of this build'"'"'s harness" "$2/why"' _ "$OSBENCH" "$work"

# --- check with three runs a side: the run is the unit
mklong() { # FILE SCALE: a null call that ran 3 times, 0.99, 1 and 1.01 times 1.095 SCALE
	awk -v s="$2" 'BEGIN { printf "syscall|null call|null|us|%.6g,%.6g,%.6g\n", 1.095 * 0.99 * s, 1.095 * s, 1.095 * 1.01 * s }' |
		mkruns "$1" "os: Linux" "release: 6.1" "build: gcc 12.2.0, -O2, sanitizers none"
}
mklong "$work/base.long" 1
mklong "$work/slow.long" 1.5
mklong "$work/near.long" 1.04
mklong "$work/edge.long" 1.07
run check "$work/base.long" "$work/slow.long"
check "rounds check: 1.5 times in every run exits 1" [ "$rc" -eq 1 ]
# log spread 0.01 a side: se 0.008165, Welch df 4, t 2.776: 1.5 e^(+-0.02267)
check "rounds check: 1.5 times is slower, its interval from three runs a side" \
	grep -qx "syscall${T}null call${T}1.09${T}1.64${T}1.500${T}1.466${T}1.534${T}[0-9.e-]*${T}3:3${T}-${T}runs${T}slower" "$work/out"
run check "$work/base.long" "$work/near.long"
check "rounds check: a 4 % shift within the 10 % tolerance is ok" grep -q "${T}1.040${T}1.017${T}1.064${T}.*${T}ok\$" "$work/out"
# a change at the tolerance is never ok: within the band, but past half of it
run check "$work/base.long" "$work/edge.long"
check "rounds check: a 7 % shift, its interval within the band, is unclear" \
	grep -q "${T}1.070${T}1.046${T}1.095${T}.*${T}within the band, but moved 1.070, past half of it (x1.049): too near the tolerance to call ok${T}runs${T}unclear\$" "$work/out"
check "rounds check: ... and exits 0" [ "$rc" -eq 0 ]
run check --tolerance 2 "$work/base.long" "$work/near.long"
check "rounds check: beyond a 2 % tolerance, the interval above 1: slower" grep -q "${T}slower\$" "$work/out"
run check "$work/base.long" "$work/base.long"
check "rounds check: identical runs ok with p 1" grep -qx "syscall${T}null call${T}1.09${T}1.09${T}1.000${T}0.978${T}1.023${T}1${T}3:3${T}-${T}runs${T}ok" "$work/out"
check "rounds check: same setup, nothing said" sh -c '[ ! -s "$1" ] && ! grep -q "^# differs" "$2"' _ "$work/err" "$work/out"
sed 's/^# build: .*/# build: clang 14.0.6, -O0, sanitizers none/' "$work/near.long" >"$work/other-build.long"
run check "$work/base.long" "$work/other-build.long"
check "rounds check: builds that differ are said before the rows" \
	sh -c 'head -n 1 "$1" | grep -qxF "# differs: build: gcc 12.2.0, -O2, sanitizers none -> clang 14.0.6, -O0, sanitizers none"' _ "$work/out"

# rerun mode: a figure that looks slower is measured again before it is
# called a regression (a baseline no real null call can match)
mklong "$work/impossible.long" 0.001
run check -q -f json "$work/impossible.long"
if grep -q 'current distorted: ' "$work/out"; then
	echo "skip rounds rerun check: something took the CPU from the run, so no verdict can stand"
elif check "rounds rerun check of an impossible baseline exits 1" [ "$rc" -eq 1 ] &&
	have python3; then
	check "rounds rerun check: the slower figure was measured again" python3 -c '
import json, sys
f = json.load(open(sys.argv[1]))["figures"][0]
assert f["verdict"] == "slower" and f["measured_again"] is True, f
assert len(f["baseline_runs_us"]) == 3 and len(f["current_runs_us"]) == 20, f
' "$work/out"
fi
run check -q --runs 3 "$work/impossible.long"
if grep -q "current distorted: " "$work/out"; then
	echo "skip rounds rerun check summary: something took the CPU from the run"
else
	check "rounds rerun check: the summary counts it" grep -q "; 1 measured again)\$" "$work/out"
fi
check "rounds rerun check leaves nothing behind" tmp_empty
# a second look takes a few unchanged figures along, to tell its runs'
# machine factors: they are measured, never reported, never counted
run run -q --runs 3 -f long null nullio stat siginst sighndl openclose -o "$work/six.long"
awk -F'\t' 'BEGIN { OFS = "\t" }
	$1 == "table" && $2 == "column" { for (i = 1; i <= NF; i++) c[$i] = i }
	$1 == "syscall" && $2 == "null call" {
		for (k in c) if (k ~ /_us$/ && $(c[k]) ~ /^[0-9.,e+-]+$/) {
			n = split($(c[k]), v, ","); s = ""
			for (i = 1; i <= n; i++) s = s (i > 1 ? "," : "") sprintf("%.6g", v[i] / 1000)
			$(c[k]) = s
		}
	}
	{ print }' "$work/six.long" >"$work/six-fast.long"
run check -q --runs 3 -f json "$work/six-fast.long"
if grep -q '\(baseline\|current\) distorted: ' "$work/out"; then
	echo "skip rounds rerun check with references: something took the CPU from the run"
elif have python3; then
	check "rounds rerun check: the references of a second look are not reported" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
figs = d["figures"]
assert len(figs) == 6, len(figs)
again = [f for f in figs if f["measured_again"]]
assert [f["column"] for f in again][:1] == ["null call"], again
assert figs[0]["verdict"] == "slower", figs[0]
# on a busy host another figure may move beyond the tolerance by itself:
# then it is a change of its own, measured again, and says so; a
# reference taken along never is
for f in again[1:]:
    own = f["verdict"] in ("slower", "faster") or " measured again " in f["note"]
    assert own, f
assert d["summary"]["figures"] == 6 and d["summary"]["measured_again"] == len(again), d["summary"]
' "$work/out"
fi
check "rounds rerun check with references leaves nothing behind" tmp_empty
# a figure whose interval is only too wide to tell goes along in the
# second look, to see whether it is ok, and is never a change on its word
# its median run kept, the others 0.6 and 1.6 times theirs
awk -F'\t' 'BEGIN { OFS = "\t" }
	$1 == "table" && $2 == "column" { for (i = 1; i <= NF; i++) c[$i] = i }
	$1 == "syscall" && $2 == "null call" {
		split($(c["run_values_us"]), v, ","); split($(c["run_fastest_us"]), q, ",")
		lo = hi = v[1] + 0
		for (i = 2; i <= 3; i++) { lo = v[i] + 0 < lo ? v[i] + 0 : lo; hi = v[i] + 0 > hi ? v[i] + 0 : hi }
		for (i = 1; i <= 3; i++) {
			f = v[i] + 0 == lo ? 0.6 : (v[i] + 0 == hi ? 1.6 : 1)
			v[i] = sprintf("%.6g", v[i] * f); q[i] = sprintf("%.6g", q[i] * f)
		}
		$(c["run_values_us"]) = v[1] "," v[2] "," v[3]
		$(c["run_fastest_us"]) = q[1] "," q[2] "," q[3]
	}
	{ print }' "$work/six.long" >"$work/six-wide.long"
run check -q --runs 3 -f json "$work/six-wide.long"
if grep -q '\(baseline\|current\) distorted: ' "$work/out"; then
	echo "skip rounds rerun check of a wide figure: something took the CPU from the run"
elif have python3; then
	# exit 0, unless the second look found a change (of the wide figure,
	# or of another that moved by itself on a busy host): then 1
	check "rounds rerun check of a wide figure: exit 1 only with a change" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
changed = [f["column"] for f in d["figures"] if f["verdict"] in ("slower", "fail", "missing")]
assert int(sys.argv[2]) == (1 if changed else 0), (sys.argv[2], changed)
' "$work/out" "$rc"
	check "rounds rerun check: a wide figure is measured again and takes that verdict" python3 -c '
import json, sys
f = json.load(open(sys.argv[1]))["figures"][0]
assert f["column"] == "null call" and f["measured_again"] is True, f
assert f["verdict"] in ("ok", "unclear", "slower", "faster"), f
assert f["note"].startswith("unclear at first, "), f
assert " measured again " + f["verdict"] in f["note"], f
' "$work/out"
fi
# a band of x11: nothing leans past it, so nothing is measured again but
# a figure whose interval of three runs a side is wider than the band
# itself, unclear at first for its width alone (a busy host's sig hndl
# or open clos reach 70 times from end to end)
run check -q --runs 3 --tolerance 1000 "$work/six.long"
check "rounds rerun check: nothing slower, nothing measured again but one too wide" \
	awk -F'\t' -v band=11 '
	$1 == "table" { for (i = 1; i <= NF; i++) c[$i] = i; next }
	/^check: / && match($0, /[0-9]+ measured again/) { again = substr($0, RSTART, RLENGTH) + 0 }
	!c["verdict"] || /^#/ || /^check:/ { next }
	$c["verdict"] == "slower" || $c["verdict"] == "faster" { bad = 1 }
	index($c["note"], "measured again") {
		noted++
		if (!match($c["note"], /^unclear at first, [0-9.]+ \([0-9.]+-[0-9.]+, /)) { bad = 1; next }
		split(substr($c["note"], 1, RLENGTH), p, /[(-]/)
		if (!(p[2] + 0 < 1 / band || p[3] + 0 > band)) bad = 1
	}
	END { exit bad || again != noted }' "$work/out"
# the figures measured now took time, and the report says how much
run check -q --runs 3 -f junit "$work/impossible.long"
check "rounds rerun check junit: the testcase's time is the seconds spent on it now" \
	sh -c 'grep -q "<testcase classname=\"osbench.syscall\" name=\"null call\" time=\"[0-9]*\.[0-9][0-9][0-9]\">" "$1" &&
		! grep -q " time=\"0.000\"" "$1"' _ "$work/out"

# --- junit and json reports
run check -f junit "$work/base.long" "$work/slow.long"
check "rounds check junit exits 1 on a regression" [ "$rc" -eq 1 ]
check "rounds check junit: the suite named by host and table" grep -q '<testsuite name="alpha syscall" tests="1" failures="1"' "$work/out"
check "rounds check junit: values, unit, interval and tolerance" sh -c '
	grep -q "<property name=\"baseline\" value=\"1.09\"/>" "$1" &&
	grep -q "<property name=\"current\" value=\"1.64\"/>" "$1" &&
	grep -q "<property name=\"unit\" value=\"us\"/>" "$1" &&
	grep -q "<property name=\"lo\" value=\"1.466\"/>" "$1" &&
	grep -q "<property name=\"hi\" value=\"1.534\"/>" "$1" &&
	grep -q "<property name=\"tolerance_pct\" value=\"10\"/>" "$1"' _ "$work/out"
if have xmllint; then
	check "rounds check junit is well-formed XML" xmllint --noout "$work/out"
	check "rounds check junit: one testcase, one failure" sh -c '
		[ "$(xmllint --xpath "count(//testcase)" "$1")" = 1 ] &&
		[ "$(xmllint --xpath "count(//testcase/failure[@type=\"slower\"])" "$1")" = 1 ]' _ "$work/out"
fi
fx="$(cd "$(dirname "$0")/fixtures" && pwd)"
cp "$fx/a.tsv" "$work/fa.tsv"
cp "$fx/b.tsv" "$work/fb.tsv"
run check -f junit --tolerance 25 --no-stats "$work/fa.tsv" "$work/fb.tsv"
check "rounds check junit of table files: a suite per table" \
	[ "$(grep -c '<testsuite name="beta \(syscall\|proc\|thread\)"' "$work/out")" -eq 3 ]
if have xmllint; then
	# seven baseline figures, and two only b.tsv has (new)
	check "rounds check junit of table files: one testcase per figure" \
		[ "$(xmllint --xpath 'count(//testcase)' "$work/out")" = 9 ]
	check "rounds check junit: slower, fail and missing are failures" \
		[ "$(xmllint --xpath 'count(//testcase/failure)' "$work/out")" = 5 ]
	check "rounds check junit: the suites count them" \
		[ "$(xmllint --xpath 'sum(//testsuite/@failures)' "$work/out")" = 5 ]
fi
run check -f json "$work/base.long" "$work/slow.long"
check "rounds check json exits 1 on a regression" [ "$rc" -eq 1 ]
if have python3; then
	check "rounds check json: figures, interval, runs and summary" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
f = d["figures"]
assert len(f) == 1 and f[0]["verdict"] == "slower" and f[0]["column"] == "null call"
assert 0 < f[0]["p"] < 1e-3 and abs(f[0]["ratio"] - 1.5) < 1e-3
assert abs(f[0]["lo"] - 1.4664) < 1e-3 and abs(f[0]["hi"] - 1.5344) < 1e-3
assert f[0]["unit"] == "us" and f[0]["tolerance_pct"] == 10 and f[0]["spread"] == "both"
assert len(f[0]["baseline_runs_us"]) == 3 and len(f[0]["current_runs_us"]) == 3
assert d["summary"]["slower"] == 1 and d["summary"]["figures"] == 1
' "$work/out"
fi

# --- a result file whose samples contradict it is refused
# (a file run wrote, with every column)
at=$(grep -n "^syscall${T}null call${T}" "$work/six.long" | cut -d: -f1)
awk -F'\t' -v lo="$(col "$work/six.long" ci_lo_us)" -v hi="$(col "$work/six.long" ci_hi_us)" \
	'BEGIN { OFS = "\t" } $1 == "syscall" && $2 == "null call" { $lo = "2000"; $hi = "3000" } { print }' "$work/six.long" >"$work/outside.long"
run compare "$work/outside.long" "$work/six.long"
check "rounds reader: a median outside its interval is refused" [ "$rc" -eq 2 ]
check "rounds reader: ... naming file and line" grep -qF "'$work/outside.long' line $at: figure outside its confidence interval" "$work/err"
awk -F'\t' -v s="$(col "$work/six.long" samples_us)" 'BEGIN { OFS = "\t" } $1 == "syscall" && $2 == "null call" { $s = "1,x,2" } { print }' \
	"$work/six.long" >"$work/badsample.long"
run compare "$work/badsample.long" "$work/six.long"
check "rounds reader: a sample that is not a number is refused" grep -qF "line $at: samples_us: 'x' is not a number" "$work/err"

# --- the build says what it is
run run -q null
if grep -q '^# build: .*sanitizers none$' "$work/out" && ! grep -q '^# build: .*(unoptimised)' "$work/out"; then
	"$OSBENCH" run -q null 2>"$work/err" >/dev/null
	check "rounds a plain optimised build does not warn" sh -c '! grep -q "warning: this is" "$1"' _ "$work/err"
else
	env -u OSBENCH_ACCEPT_BUILD "$OSBENCH" run -q null 2>"$work/err" >/dev/null
	check "rounds a sanitized or unoptimised build warns at every run" \
		grep -q "^osbench: warning: this is a.* build.*: its figures are not those of a plain optimised build\$" "$work/err"
fi

# --- a sweep whose first thread cannot start says why, at once
if [ -z "${SANITIZE:-}" ]; then
	seen=
	# the limit that leaves room for the program but not for a thread
	# depends on the binary: try a range, in small steps
	v=3000
	while [ "$v" -le 12000 ]; do
		(ulimit -v "$v" && "$OSBENCH" scale -q mutex --threads 1 --timeout 20) >"$work/out" 2>"$work/err"
		if grep -q 'timed out' "$work/err"; then seen=timeout; break; fi
		if grep -q 'pthread_create: ' "$work/err"; then seen=said; break; fi
		v=$((v + 250))
	done
	case $seen in
	said) ok "rounds a thread that cannot start: pthread_create's reason, no wait" ;;
	timeout) fail "rounds a thread that cannot start: waited for the watchdog: $(cat "$work/err")" ;;
	*) skip "rounds a thread that cannot start: no address-space limit here makes pthread_create fail" ;;
	esac
else
	skip "rounds a thread that cannot start: address-space limits do not suit a sanitizer"
fi
finish
