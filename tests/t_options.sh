#!/bin/sh
# Options and their documentation: `osbench help COMMAND` prints that
# command's usage, options and exit statuses from its option table, every
# option is in --help, and the man page's OPTIONS section gives each
# command exactly the options the binary lists for it.
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
man_page=$top/osbench.1
commands="run list scale serve compare check plot ab help"

# the long names of the options a help text lists, one per line, sorted
listed() { # FILE
	sed -n 's/^  \(-[a-zA-Z], \|    \)\(--[a-z][a-z-]*\).*/\2/p' "$1" | sort
}

# the long names the man page's OPTIONS section gives a command: the
# entries under a heading that is its name, or that names it in
# parentheses ("Sampling options (run, scale, check, ab)")
man_options() { # COMMAND
	awk -v cmd="$1" '
		/^\.SH / { in_opts = ($0 == ".SH OPTIONS"); mine = 0; next }
		!in_opts { next }
		/^\.SS / {
			h = $0; sub(/^\.SS /, "", h); gsub(/"/, "", h); mine = (h == cmd)
			if (match(h, /\(.*\)/)) {
				n = split(substr(h, RSTART + 1, RLENGTH - 2), c, /, */)
				for (i = 1; i <= n; i++) if (c[i] == cmd) mine = 1
			}
			next
		}
		/^\.TP/ { entry = 1; next }
		entry {
			entry = 0
			if (mine && match($0, /\\-\\-[a-z]([a-z]|\\-)*/)) {
				o = substr($0, RSTART, RLENGTH); gsub(/\\/, "", o); print o
			}
		}' "$man_page" | sort
}

# --- help COMMAND
run help check
check "options help check exits 0" [ "$rc" -eq 0 ]
check "options help check prints check's usage" grep -q '^usage: osbench check BASELINE \[CURRENT\]' "$work/out"
check "options help check lists --tolerance" grep -q '^      --tolerance PCT  ' "$work/out"
check "options help check says its exit statuses" sh -c 'grep -qx "exit status:" "$1" && grep -q "1 a figure slower, fail or" "$1"' _ "$work/out"
check "options help check lists no option of another command" sh -c '! grep -q -- "--threads\|--bind\|--cdf" "$1"' _ "$work/out"
cp "$work/out" "$work/help-check"
run check --help
check "options check --help is help check" cmp -s "$work/out" "$work/help-check"
run --help
cp "$work/out" "$work/help"
check "options --help is not help check" sh -c '! cmp -s "$1" "$2"' _ "$work/help" "$work/help-check"
check "options --help lists --tolerance" grep -q '^      --tolerance PCT  ' "$work/help"
refused "options help of no command" "help: 'bogus' is not a command (see 'osbench --help')" help bogus

# --- every command's options are in --help, and in the man page as in help
for c in $commands; do
	run help "$c"
	listed "$work/out" >"$work/help.$c"
	missing=$(listed "$work/help" | comm -13 - "$work/help.$c" | tr '\n' ' ')
	check "options --help lists every option of $c${missing:+ (not: $missing)}" [ -z "$missing" ]
	man_options "$c" >"$work/man.$c"
	if cmp -s "$work/man.$c" "$work/help.$c"; then
		ok "options the man page gives $c the options help $c lists"
	else
		fail "options the man page gives $c the options help $c lists: man only: $(comm -23 "$work/man.$c" "$work/help.$c" | tr '\n' ' ')help only: $(comm -13 "$work/man.$c" "$work/help.$c" | tr '\n' ' ')"
	fi
done
# the extraction itself finds something: an empty list on both sides
# would agree
check "options the man page's run options found" sh -c 'grep -qx -- --quick "$1" && grep -qx -- --remote "$1" && [ "$(wc -l <"$1")" -ge 10 ]' _ "$work/man.run"
check "options help run's options found" sh -c 'grep -qx -- --output "$1" && [ "$(wc -l <"$1")" -ge 10 ]' _ "$work/help.run"

# --- check -f long in rerun mode: a row per figure with both sides and
# the interval; a warning about scatter points at what check shows
run run -q -o "$work/base.tsv" null
check "options a baseline to check against" [ "$rc" -eq 0 ]
run check -q -f long "$work/base.tsv"
check "options check -f long measuring now is not refused" [ "$rc" -le 1 ]
# a current side that failed (a child timed out on a loaded machine) has
# no value and no interval to show: said, not asserted
why=$(by_name table 'f("column") == "null call" && f("verdict") == "fail" { print f("note") }' "$work/out")
if [ -n "$why" ]; then
	skip "options check -f long: both sides and the interval: the current side failed ($why)"
else
	long_row_whole() { # FILE: the null call row with both sides and an interval
		awk -F'\t' '
			/^#/ { next }
			$1 == "table" { for (i = 1; i <= NF; i++) col[$i] = i; next }
			$col["column"] == "null call" { rows++
				if ($col["baseline"] + 0 <= 0 || $col["current"] + 0 <= 0) bad++
				if ($col["lo"] + 0 <= 0 || $col["hi"] + 0 < $col["lo"] + 0) bad++ }
			END { exit !(col["verdict"] && rows == 1 && !bad) }' "$1" && return 0
		grep -v '^#' "$1" | sed 's/^/# /'
		return 1
	}
	check "options check -f long: one row for the figure, both sides and the interval" \
		long_row_whole "$work/out"
fi
if grep -q 'scatter.* widely' "$work/err"; then
	check "options check's scatter warning points at check -f long" sh -c '
		grep -q "spread between runs, which check -f long lists" "$1" &&
		! grep -q "see --format long" "$1"' _ "$work/err"
else
	echo "skip options check's scatter warning: no figure scattered this time"
fi

# --buffer: the memory bandwidths' buffer, said in the host record
run run -q --buffer 4 -f long bwread
check "options --buffer 4: exit 0" [ "$rc" -eq 0 ]
check "options --buffer 4: the host record says it was asked for" grep -qx '# buffer: 4 MB (asked for)' "$work/out"
check "options --buffer 4: Mem read measured" \
	by_name table 'f("module") == "bwread" && f("status") == "ok" && f("value_us") + 0 > 0 { n++ } END { exit n != 1 }' "$work/out"
if have python3; then
	run run -q --buffer 6 -f json null
	check "options --buffer 6: json gives buffer_mb" python3 -c 'import json, sys
h = json.load(open(sys.argv[1]))["host"]
assert h["buffer_mb"] == 6 and h["buffer_why"] == "asked for", h' "$work/out"
fi
run run -t 1 -r 1 null
check "options default buffer: the host record says how it was chosen, 64 to 128 MB" sh -c '
	mb=$(sed -n "s/^# buffer: \([0-9]*\) MB (4 x .*)\$/\1/p" "$1")
	[ -n "$mb" ] && [ "$mb" -ge 64 ] && [ "$mb" -le 128 ]' _ "$work/out"
full_mb=$(sed -n 's/^# buffer: \([0-9]*\) MB .*/\1/p' "$work/out")
run run -q null
check "options --quick buffer: twice the cache, at least 64 MB, half the full one where that is above 64 MB, the record says so" sh -c '
	mb=$(sed -n "s/^# buffer: \([0-9]*\) MB (2 x .*, --quick)\$/\1/p" "$1")
	[ -n "$mb" ] && [ "$mb" -ge 64 ] && { [ "$mb" -eq 64 ] || [ "$((2 * mb))" -eq "$2" ]; }' _ "$work/out" "$full_mb"
run run -q --buffer 8 null
check "options --quick --buffer 8: what was asked for" grep -qx '# buffer: 8 MB (asked for)' "$work/out"
# --runs: each run's machine reference, in the host record after the
# figures; one run takes none
run run --runs 3 -f long null
check "options --runs 3: the host record gives each run's machine reference, before the end line" sh -c '
	tail -n 2 "$1" | head -n 1 | grep -Eq "^# machine reference: [0-9][0-9.e+]*,[0-9][0-9.e+]*,[0-9][0-9.e+]* MB/s \(" &&
	[ "$(grep -c "^# machine reference:" "$1")" -eq 1 ]' _ "$work/out"
check "options --runs 3: every reference positive" sh -c '
	sed -n "s/^# machine reference: \([^ ]*\) .*/\1/p" "$1" | tr , "\n" | awk "\$1 + 0 <= 0 { bad = 1 } END { exit bad || NR != 3 }"' _ "$work/out"
if have python3; then
	run run --runs 2 -f json null
	check "options --runs 2: json gives reference_mbs, one a run" python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert len(d["reference_mbs"]) == 2 and min(d["reference_mbs"]) > 0, d["reference_mbs"]' "$work/out"
fi
OSBENCH_TEST_FAULT=reference:fail run run --runs 2 -f long null
check "options --runs 2, the reference failing: exit 0, no reference line, stderr says why" sh -c '
	[ "$1" -eq 0 ] && ! grep -q "^# machine reference:" "$2" &&
	grep -qx "osbench: warning: the machine reference failed (forced failure (OSBENCH_TEST_FAULT)); check will take each run'"'"'s machine factor from its figures alone" "$3"' _ "$rc" "$work/out" "$work/err"
run run -q -f long null
check "options one run: no machine reference" [ "$(grep -c "^# machine reference:" "$work/out")" -eq 0 ]
run run -q reference
check "options the reference module alone: MB/s, bigger is better, a positive cell" sh -c '
	[ "$1" -eq 0 ] && grep -q "^# reference: .* - in MB/s - bigger is better\$" "$2" &&
	awk -F"\t" "\$1 == \"Host\" { h = NR } h && NR == h + 1 { exit !(\$3 + 0 > 0) }" "$2"' _ "$rc" "$work/out"
for bad in "0,5" "5,x" "5," ""; do
	printf '# osbench 0.2.0\n# host: a\n# machine reference: %s MB/s\ntable\tcolumn\tmodule\tparams\tmedian_us\tstatus\treason\tunit\n# end: 0 figures\n' "$bad" >"$work/ref.long"
	run check "$work/ref.long" "$work/ref.long"
	check "options a reference line '$bad': exit 2, naming the file's line 3" \
		sh -c '[ "$1" -eq 2 ] && grep -q "ref.long.*3.*reference" "$2" && [ "$(grep -vc "^osbench: note: the Mhz cell is -: " "$2")" -eq 1 ]' _ "$rc" "$work/err"
done
run run --buffer 1 null
check "options --buffer 1: exit 2, naming the option" sh -c '[ "$1" -eq 2 ] && grep -q -- "--buffer" "$2"' _ "$rc" "$work/err"
finish
