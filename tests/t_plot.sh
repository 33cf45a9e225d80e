#!/bin/sh
# osbench plot: result files as one well-formed SVG, a series per file,
# host names escaped, --log, failures as marked gaps, bad input exits 2.
. "$(dirname "$0")/lib.sh"

A="$work/a.tsv" B="$work/b.tsv" O="$work/odd.tsv" S="$work/s.tsv"
ODD='a<b&c">'
# a figure may fail on a restricted machine (exit 1): the file is still whole
"$OSBENCH" run --quick -l hostA -o "$A" >/dev/null 2>&1
"$OSBENCH" run --quick -l hostB -o "$B" >/dev/null 2>&1
"$OSBENCH" run --quick -l "$ODD" -o "$O" syscall >/dev/null 2>&1
"$OSBENCH" scale mutex --threads 1,2 -q -l hostA -o "$S" >/dev/null 2>&1
for f in "$A" "$B" "$O" "$S"; do
	[ -s "$f" ] || fail "plot setup: '$f' was not written"
done

have_xmllint=0
command -v xmllint >/dev/null 2>&1 && have_xmllint=1
well_formed() { # NAME FILE
	if [ "$have_xmllint" -eq 0 ]; then
		echo "skip $1: xmllint not installed (Debian: libxml2-utils)"
	elif xmllint --noout "$2" 2>"$work/xmllint.err"; then
		ok "$1"
	else
		fail "$1: $(head -n 3 "$work/xmllint.err")"
	fi
}

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
well_formed "plot output is well-formed XML" "$work/all.svg"
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
	grep -q "class=\"legend\">hostB<" "$1"' _ "$work/all.svg"
check "plot host name escaped in data and legend" sh -c 'grep -qF "data-host=\"a&lt;b&amp;c&quot;&gt;\"" "$1" &&
	grep -qF "class=\"legend\">a&lt;b&amp;c&quot;&gt;<" "$1"' _ "$work/all.svg"
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
well_formed "plot --log output is well-formed XML" "$work/log.svg"
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
well_formed "plot with failures is well-formed XML" "$work/fail.svg"
check "plot failed figure marked" [ "$(grep -c 'class="gap">fail<' "$work/fail.svg")" -eq 3 ]
check "plot failed figure has no bar" [ "$(grep -c 'class="bar"' "$work/fail.svg")" -eq 6 ]

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
finish
