#!/bin/sh
# osbench plot: result files as one well-formed SVG, a series per file,
# host names escaped, --log, failures as marked gaps, bad input exits 2.
. "$(dirname "$0")/lib.sh"

A="$work/a.tsv" B="$work/b.tsv" O="$work/odd.tsv" S="$work/s.tsv"
ODD='a<b&c">'
EMDASH=$(printf '\342\200\224') # the legend's "host, em dash, OS release"
# a figure may fail on a restricted machine (exit 1): the file is still whole
"$OSBENCH" run --quick -l hostA -o "$A" >/dev/null 2>&1
"$OSBENCH" run --quick -l hostB -o "$B" >/dev/null 2>&1
"$OSBENCH" run --quick -l "$ODD" -o "$O" syscall >/dev/null 2>&1
"$OSBENCH" scale mutex --threads 1,2 -q -l hostA -o "$S" >/dev/null 2>&1
for f in "$A" "$B" "$O" "$S"; do
	[ -s "$f" ] || fail "plot setup: '$f' was not written"
done


# series per chart: "TABLE KIND COUNT" for every chart of an SVG
series_per_chart() {
	awk '/<g class="chart"/ {
		match($0, /data-table="[^"]*"/); t = substr($0, RSTART + 12, RLENGTH - 13)
		match($0, /data-kind="[^"]*"/); k = substr($0, RSTART + 11, RLENGTH - 12)
		cur = t " " k; order[++n] = cur; count[cur] = 0 }
		/<g class="series"/ { count[cur]++ }
		END { for (i = 1; i <= n; i++) print order[i], count[order[i]] }' "$1"
}
series_in() { # SVG TABLE KIND
	series_per_chart "$1" | awk -v t="$2" -v k="$3" '$1 == t && $2 == k { print $3 }'
}
files_seen() { grep -o 'class="series" data-file="[0-9]*"' "$1" | sort -u | wc -l; }
no_garbage() { ! grep -qiE '="[^"]*(nan|inf)[^"]*"' "$1"; }

# --- four files into one picture
run plot "$A" "$B" "$O" "$S" -o "$work/all.svg"
check "plot exits 0" [ "$rc" -eq 0 ]
check "plot -o prints nothing on stdout" [ ! -s "$work/out" ]
check "plot -o writes the SVG" grep -q '^<svg xmlns="http://www.w3.org/2000/svg"' "$work/all.svg"
check "plot -o leaves no temporary beside it" [ "$(ls "$work" | grep -c 'all.svg')" -eq 1 ]
xml_ok "plot output is well-formed XML" "$work/all.svg"
check "plot a series for every input file" [ "$(files_seen "$work/all.svg")" -eq 4 ]
check "plot syscall chart: one series per file with it" [ "$(series_in "$work/all.svg" syscall latency)" = 3 ]
for t in proc ctx ipc; do
	check "plot $t chart: one series per full run" [ "$(series_in "$work/all.svg" "$t" latency)" = 2 ]
done
check "plot mutex throughput chart" [ "$(series_in "$work/all.svg" mutex throughput)" = 1 ]
check "plot mutex scaling chart" [ "$(series_in "$work/all.svg" mutex scaling)" = 1 ]
check "plot titles, units and legend" sh -c 'grep -q ">syscall: processor, processes<" "$1" &&
	grep -q ">microseconds (lower is better)<" "$1" &&
	grep -q ">operations per second (higher is better)<" "$1" &&
	grep -qF "class=\"legend\">hostB $3 $2<" "$1"' _ "$work/all.svg" "$(uname -s) $(uname -r)" "$EMDASH"
check "plot host name escaped in data and legend" sh -c 'grep -qF "data-host=\"a&lt;b&amp;c&quot;&gt;\"" "$1" &&
	grep -qF "class=\"legend\">a&lt;b&amp;c&quot;&gt; $2 " "$1"' _ "$work/all.svg" "$EMDASH"
check "plot no raw markup from a host name" sh -c '! grep -qF "a<b" "$1"' _ "$work/all.svg"
check "plot a host keeps its colour in the sweep" sh -c '
	a=$(grep -A1 "data-host=\"hostA\"" "$1" | grep -v "data-host" | grep -o "\"#[0-9A-F]\{6\}\"" | sort -u)
	[ "$(printf "%s\n" "$a" | wc -l)" -eq 1 ] && [ -n "$a" ]' _ "$work/all.svg"
check "plot no NaN or inf in attributes" no_garbage "$work/all.svg"

# --- stdout, other formats, --log
run plot "$A"
check "plot to stdout exits 0" [ "$rc" -eq 0 ]
check "plot to stdout writes the document" grep -q '^</svg>$' "$work/out"
"$OSBENCH" run -q -f json -l hostJ -o "$work/j.json" null stat >/dev/null 2>&1
"$OSBENCH" run -q -f long -l hostL -o "$work/l.tsv" null stat >/dev/null 2>&1
run plot "$work/j.json" "$work/l.tsv" -o "$work/fmt.svg"
check "plot reads json and long files: exit 0" [ "$rc" -eq 0 ]
check "plot reads json and long files: two series" [ "$(series_in "$work/fmt.svg" syscall latency)" = 2 ]

run plot --log "$A" "$B" "$S" -o "$work/log.svg"
check "plot --log exits 0" [ "$rc" -eq 0 ]
xml_ok "plot --log output is well-formed XML" "$work/log.svg"
check "plot --log has decade ticks" sh -c 'grep -q ">1</text>" "$1" && grep -q ">10</text>" "$1" &&
	grep -q ">100</text>" "$1"' _ "$work/log.svg"
check "plot --log differs from linear" sh -c '! cmp -s "$1" "$2"' _ "$work/log.svg" "$work/all.svg"
check "plot --log no NaN or inf" no_garbage "$work/log.svg"

# --- failures are marked gaps, not zero bars
OSBENCH_TEST_FAULT=stat:fail "$OSBENCH" run -q -l hostF -o "$work/f.tsv" syscall >/dev/null 2>&1
OSBENCH_TEST_FAULT=mutex:fail@2 "$OSBENCH" scale mutex --threads 1,2,3 -q -l hostF \
	-o "$work/fs.tsv" >/dev/null 2>&1
run plot "$work/f.tsv" "$work/fs.tsv" -o "$work/fail.svg"
check "plot files with failures exit 0" [ "$rc" -eq 0 ]
xml_ok "plot with failures is well-formed XML" "$work/fail.svg"
check "plot failed figure marked" [ "$(grep -c 'class="gap">fail<' "$work/fail.svg")" -eq 3 ]
check "plot failed figure has no bar" [ "$(grep -c 'class="bar[ "]' "$work/fail.svg")" -eq 6 ]

# --- bad input: exit 2, one line naming the culprit, no output
bad() { # NAME NEEDLE ARGS...
	name=$1 needle=$2
	shift 2
	run "$@"
	if [ "$rc" -eq 2 ] && one_line_stderr && grep -qF -- "$needle" "$work/err" && [ ! -s "$work/out" ]; then
		ok "plot bad input: $name"
	else
		fail "plot bad input: $name: exit $rc, stderr '$(cat "$work/err")', stdout $(wc -c <"$work/out") bytes"
	fi
}
printf 'this is not a result file\n' >"$work/junk.tsv"
{ sed -n '1,/^Host/p' "$A"; printf 'hostA\tLinux\n'; } >"$work/short.tsv"
bad "no files" "plot" plot
bad "missing file" "'$work/absent.tsv'" plot "$A" "$work/absent.tsv"
bad "not a result file" "'$work/junk.tsv'" plot "$work/junk.tsv"
bad "a bad line is named" "line" plot "$work/short.tsv"
bad "bad input with -o" "'$work/junk.tsv'" plot "$A" "$work/junk.tsv" -o "$work/never.svg"
check "plot bad input leaves no output file" [ -z "$(ls "$work" | grep never.svg)" ]
bad "output into a missing directory" "$work/absent/x.svg" plot "$A" -o "$work/absent/x.svg"
if [ -w /dev/full ]; then
	"$OSBENCH" plot "$A" >/dev/full 2>"$work/err"
	check "plot stdout on a full device exits 2" [ "$?" -eq 2 ]
fi

# --- what the picture says: host and system in the legend, error bars
# where a file carries the interval, hatched bars where it does not (the
# transcribed seeds), where log bars start; read with xmllint's XPath
top=$(cd "$(dirname "$0")/.." && pwd)
seeds="$top/results/seeds"
"$OSBENCH" run -q -f long -l hostL -o "$work/ci.long" null stat >/dev/null 2>&1
count_of() { # SVG XPATH
	xmllint --xpath "count($2)" "$1" 2>/dev/null
}
el() { printf "//*[local-name()='%s']" "$1"; }
if have xmllint; then
	run plot "$seeds/xeon-3.06-linux-2.4.tsv" "$seeds/g5-2.7-darwin-8.1.tsv" "$work/ci.long" -o "$work/marks.svg"
	check "plot seeds and a long file exits 0" [ "$rc" -eq 0 ]
	xml_ok "plot seeds and a long file is well-formed XML" "$work/marks.svg"
	check "plot legend: label, em dash, OS release" [ "$(count_of "$work/marks.svg" \
		"$(el text)[@class='legend'][. = 'G5 2.7 GHz $EMDASH Darwin 8.1']")" -eq 2 ]
	check "plot legend: the other seed host and its system" [ "$(count_of "$work/marks.svg" \
		"$(el text)[@class='legend'][. = 'Xeon 3.06 GHz $EMDASH Linux 2.4']")" -eq 2 ]
	check "plot error bars: one per figure of the long file with its interval" [ "$(count_of "$work/marks.svg" \
		"$(el g)[@class='series'][@data-host='hostL']/*[local-name()='g'][@class='error-bar']")" -eq \
		"$(awk -F"$T" '/^#/ { next } !n++ { for (i = 1; i <= NF; i++) c[$i] = i; next }
			$c["status"] == "ok" && $c["ci_lo_us"] + 0 > 0 && $c["ci_hi_us"] + 0 >= $c["ci_lo_us"] + 0 { k++ } END { print k + 0 }' "$work/ci.long")" ]
	check "plot error bars: three lines each (the range and its caps)" [ "$(count_of "$work/marks.svg" \
		"$(el g)[@class='error-bar']/*[local-name()='line']")" -eq \
		$(( 3 * $(count_of "$work/marks.svg" "$(el g)[@class='error-bar']") )) ]
	check "plot no error bar on a transcribed figure" [ "$(count_of "$work/marks.svg" \
		"$(el g)[@data-host='G5 2.7 GHz']/*[local-name()='g'][@class='error-bar']")" -eq 0 ]
	check "plot transcribed figures: hatched, outlined bars, all ten of a seed" [ "$(count_of "$work/marks.svg" \
		"$(el g)[@data-host='G5 2.7 GHz']/*[local-name()='rect'][@class='bar no-interval'][starts-with(@fill, 'url(#hatch-')][@stroke]")" -eq 10 ]
	check "plot the hatch each such bar names is defined" [ "$(count_of "$work/marks.svg" \
		"$(el pattern)[@id = substring-before(substring-after(//*[local-name()='g'][@data-host='G5 2.7 GHz']/*[local-name()='rect'][1]/@fill, '#'), ')')]")" -eq 1 ]
	check "plot the legend explains both marks" sh -c '
		grep -q "class=\"legend\">95% interval of the median<" "$1" &&
		grep -q "class=\"legend\">hatched: no interval in the file (a table)<" "$1"' _ "$work/marks.svg"

	run plot --log "$seeds/xeon-3.06-linux-2.4.tsv" "$seeds/g5-2.7-darwin-8.1.tsv" -o "$work/seedlog.svg"
	check "plot --log of the seeds exits 0" [ "$rc" -eq 0 ]
	check "plot --log: syscall bars from the decade below 0.42" [ "$(count_of "$work/seedlog.svg" \
		"$(el g)[@data-table='syscall']//*[local-name()='text'][@class='axis-title'][. = 'log scale, bars from 0.1']")" -eq 1 ]
	check "plot --log: proc bars from the decade below 163" [ "$(count_of "$work/seedlog.svg" \
		"$(el g)[@data-table='proc']//*[local-name()='text'][@class='axis-title'][. = 'log scale, bars from 100']")" -eq 1 ]
	check "plot --log: a bar's foot on that decade" [ "$(xmllint --xpath "string($(el g)[@data-table='proc']//*[local-name()='rect'][@class='bar no-interval'][1]/@y + $(el g)[@data-table='proc']//*[local-name()='rect'][@class='bar no-interval'][1]/@height)" "$work/seedlog.svg")" = \
		"$(xmllint --xpath "string($(el g)[@data-table='proc']//*[local-name()='text'][. = '100']/@y - 4)" "$work/seedlog.svg")" ]

	# one host twice in a chart: the day of each run in the legend
	run plot "$top/tests/fixtures/same-1.tsv" "$top/tests/fixtures/same-2.tsv" -o "$work/days.svg"
	check "plot one host twice: the days in the legend" [ "$(count_of "$work/days.svg" \
		"$(el text)[@class='legend'][. = 'alpha $EMDASH Linux 6.1, 2026-11-29' or . = 'alpha $EMDASH Linux 6.1, 2026-11-30']")" -eq 2 ]
fi
finish
