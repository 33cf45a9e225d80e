#!/bin/sh
# How steady osbench's figures are from run to run on this host: RUNS runs
# one after another, each in long format, then per figure the coefficient
# of variation of its table value (the figure: the median of its samples)
# across the runs, next to the CV that other estimators of the same
# samples would have had (long's median_us, the 25th percentile, and the
# mean of the middle half).  The last two columns say where a run's own samples scatter: the CV within a round
# (one child's samples) and the CV of the rounds' means, each averaged
# over the runs.  Ends with the median and the largest CV over the
# figures, how far the whole machine moved from run to run (and the CV
# that is left once each run is divided by that), and the median wall
# time of a run.
#
#   scripts/bench-repro.sh [-n RUNS] [-b OSBENCH] [-k DIR] [-- RUN-ARGS...]
#   scripts/bench-repro.sh -n 6                  # the default run, 6 times
#   scripts/bench-repro.sh -n 6 -- --placement free syscall
#   scripts/bench-repro.sh -a DIR                # the runs DIR/run*.tsv
#   scripts/bench-repro.sh -n 6 -L ~/lmbench/bin/x86_64-linux-gnu
#
# -L DIR also runs lmbench's lat_syscall null, lat_pipe (all on one CPU:
# LMBENCH_SCHED=SINGLE, as osbench's default placement) and lat_sig catch
# from DIR after each run, and prints their CVs for the same minutes: the
# spread of a tool that spends seconds on each figure, on this machine.
#
# -k DIR keeps the runs' files there; -a DIR only analyses such files (to
# compare settings whose runs were interleaved, so that the machine's
# moods weigh on each alike).  Timing targets are measured here, never
# asserted by a test.
set -eu
runs=6 bin=./osbench keep= analyse= lmbench=
while getopts n:b:k:a:L: opt; do
	case $opt in
	n) runs=$OPTARG ;;
	b) bin=$OPTARG ;;
	k) keep=$OPTARG ;;
	a) analyse=$OPTARG ;;
	L) lmbench=$OPTARG ;;
	*) echo "usage: $0 [-n RUNS] [-b OSBENCH] [-k DIR] [-a DIR] [-- RUN-ARGS...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-repro.XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM

i=1
[ -n "$analyse" ] && runs=0 && cp "$analyse"/run*.tsv "$dir"/ && : >"$dir/walls"
while [ "$i" -le "$runs" ]; do
	t0=$(date +%s.%N)
	"$bin" run -f long "$@" >"$dir/run$i.tsv" 2>"$dir/err$i" || true
	t1=$(date +%s.%N)
	echo "$t0 $t1" >>"$dir/walls"
	if [ -n "$lmbench" ]; then
		{
			"$lmbench/lat_syscall" null 2>&1 | awk '{ print "null", $(NF - 1) }'
			LMBENCH_SCHED=SINGLE "$lmbench/lat_pipe" 2>&1 | awk '{ print "pipe", $(NF - 1) }'
			"$lmbench/lat_sig" catch 2>&1 | awk '{ print "sighndl", $(NF - 1) }'
		} >>"$dir/lmbench"
	fi
	i=$((i + 1))
done
[ -n "$keep" ] && mkdir -p "$keep" && cp "$dir"/run*.tsv "$keep"/

awk -F'\t' '
function sort(a, n,   i, j, t) { for (i = 2; i <= n; i++) { t = a[i]
	for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t } }
function quantile(a, n, q,   h, lo) { h = (n - 1) * q + 1; lo = int(h)
	return lo >= n ? a[n] : a[lo] + (h - lo) * (a[lo + 1] - a[lo]) }
function midmean(a, n,   i, s, c) { for (i = int(n / 4) + 1; i <= n - int(n / 4); i++) { s += a[i]; c++ }
	return s / c }
function cv(key, what,   i, m, s, d) { m = 0
	for (i = 1; i <= nrun[key]; i++) m += val[key, what, i]; m /= nrun[key]
	for (i = 1; i <= nrun[key]; i++) { d = val[key, what, i] - m; s += d * d }
	return nrun[key] > 1 && m > 0 ? 100 * sqrt(s / (nrun[key] - 1)) / m : 0 }
# where the samples of a run scatter (they come round by round, k a round):
# the CV within a round (pooled) and that of the means of the rounds, summed
# over the runs
function spread(key, s, n, rounds,   k, j, i, m, gm, ss, sb) {
	k = rounds > 0 ? int(n / rounds) : 0
	if (k < 2 || k * rounds != n) return
	for (i = 1; i <= n; i++) gm += s[i]; gm /= n
	if (gm <= 0) return
	for (j = 0; j < rounds; j++) { m = 0
		for (i = 1; i <= k; i++) m += s[j * k + i]; m /= k
		for (i = 1; i <= k; i++) ss += (s[j * k + i] - m) ^ 2
		sb += (m - gm) ^ 2 }
	within[key] += 100 * sqrt(ss / (n - rounds)) / gm
	between[key] += rounds > 1 ? 100 * sqrt(sb / (rounds - 1)) / gm : 0
	nspread[key]++ }
FNR == 1 { file++ }
/^#/ { next }
$1 == "table" { for (i = 1; i <= NF; i++) col[$i] = i; next }
$(col["status"]) == "ok" {
	key = $(col["module"]) " " $(col["params"]) " (" $(col["column"]) ")"
	if ((key, file) in seen) next
	seen[key, file] = 1
	if (!(key in nrun)) order[++nkeys] = key
	r = ++nrun[key]
	n = split($(col["samples_us"]), s, ",")
	spread(key, s, n, $(col["rounds"]))
	sort(s, n)
	val[key, "value", r] = $(col["value_us"])
	# as a time whatever the unit, for the factor of the machine below
	unit = ("unit" in col) ? $(col["unit"]) : "us"
	tv[key, file] = unit == "us" ? $(col["value_us"]) : ($(col["value_us"]) > 0 ? 1 / $(col["value_us"]) : 0)
	val[key, "median", r] = $(col["median_us"])
	val[key, "p25", r] = quantile(s, n, 0.25)
	val[key, "midmean", r] = midmean(s, n)
	rounds[key] += $(col["rounds"])
}
END {
	printf "%-34s %8s %8s %8s %8s %7s %8s %8s\n", "figure", "figure", "median", "p25", "midmean", "rounds", "in-round", "rounds"
	for (k = 1; k <= nkeys; k++) { key = order[k]
		v = cv(key, "value"); a = cv(key, "median"); b = cv(key, "p25"); c = cv(key, "midmean")
		w = nspread[key] ? within[key] / nspread[key] : 0
		bb = nspread[key] ? between[key] / nspread[key] : 0
		printf "%-34s %7.1f%% %7.1f%% %7.1f%% %7.1f%% %7.1f %7.1f%% %7.1f%%\n", key, v, a, b, c, rounds[key] / nrun[key], w, bb
		cv_[k] = v; cm[k] = a; cp[k] = b; cq[k] = c }
	sort(cv_, nkeys); sort(cm, nkeys); sort(cp, nkeys); sort(cq, nkeys)
	printf "%-34s %7.1f%% %7.1f%% %7.1f%% %7.1f%%\n", "median CV over figures", quantile(cv_, nkeys, 0.5), quantile(cm, nkeys, 0.5), quantile(cp, nkeys, 0.5), quantile(cq, nkeys, 0.5)
	printf "%-34s %7.1f%% %7.1f%% %7.1f%% %7.1f%%\n", "largest CV", cv_[nkeys], cm[nkeys], cp[nkeys], cq[nkeys]
	machine()
}
# How much of the spread is the whole machine: the factor of a run is the
# median over the figures of each figure (as a time) against its mean
# over the runs, 1.10 for a run in which the typical figure took 10 %
# longer.  Then the figures CV once each run is divided by its factor:
# what is left is each figure on its own.
function machine(   k, key, f, n, m, c, x, fac, lo, hi, cvs, nc) {
	if (file < 3) return
	for (k = 1; k <= nkeys; k++) { key = order[k]; m = c = 0
		for (f = 1; f <= file; f++) if (tv[key, f] > 0) { m += tv[key, f]; c++ }
		mean[key] = c == file ? m / c : 0 }
	lo = 1e9; hi = 0
	for (f = 1; f <= file; f++) { n = 0
		for (k = 1; k <= nkeys; k++) if (mean[order[k]] > 0) x[++n] = tv[order[k], f] / mean[order[k]]
		if (n == 0) return
		sort(x, n); fac[f] = quantile(x, n, 0.5)
		if (fac[f] < lo) lo = fac[f]; if (fac[f] > hi) hi = fac[f] }
	for (k = 1; k <= nkeys; k++) { key = order[k]; if (mean[key] <= 0) continue
		m = 0; for (f = 1; f <= file; f++) m += tv[key, f] / fac[f]; m /= file
		c = 0; for (f = 1; f <= file; f++) c += (tv[key, f] / fac[f] - m) ^ 2
		cvs[++nc] = 100 * sqrt(c / (file - 1)) / m }
	m = 0; for (f = 1; f <= file; f++) m += fac[f]; m /= file
	c = 0; for (f = 1; f <= file; f++) c += (fac[f] - m) ^ 2
	printf "the machine, run by run:          factors %.3f to %.3f, CV %.1f%%\n", lo, hi, 100 * sqrt(c / (file - 1)) / m
	sort(cvs, nc)
	printf "median CV, each run divided by its factor: %.1f%%\n", quantile(cvs, nc, 0.5)
}' "$dir"/run*.tsv
[ -s "$dir/walls" ] && awk '{ w[NR] = $2 - $1 } END { for (i = 2; i <= NR; i++) { t = w[i]
	for (j = i - 1; j >= 1 && w[j] > t; j--) w[j + 1] = w[j]; w[j + 1] = t }
	printf "wall time of a run: median %.1f s (of %d runs)\n", w[int((NR + 1) / 2)], NR }' "$dir/walls"
[ -s "$dir/lmbench" ] && awk '{ v[$1, ++n[$1]] = $2; s[$1] += $2 }
	END { for (k in n) { m = s[k] / n[k]; d = 0
		for (i = 1; i <= n[k]; i++) d += (v[k, i] - m) ^ 2
		printf "lmbench %-26s %7.1f%% (mean %.4g us over %d runs)\n", k, 100 * sqrt(d / (n[k] - 1)) / m, m, n[k] } }' "$dir/lmbench"
cat "$dir"/err* 2>/dev/null | sort | uniq -c | sed 's/^/stderr: /' | head -n 20
