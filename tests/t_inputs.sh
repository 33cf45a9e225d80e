#!/bin/sh
# Hostile inputs the readers and the command line must refuse in one line
# naming what is wrong: figures no measurement can give, files cut short,
# labels no writer can round-trip, stray names, duplicate JSON keys.
. "$(dirname "$0")/lib.sh"


top=$(cd "$(dirname "$0")/.." && pwd)
cd "$work" || exit 2
table_with() { # FILE VALUE: a one-figure table file
	printf '# syscall: processor, processes - times in microseconds - smaller is better\nHost\tOS\tnull call\nalpha\tLinux\t%s\n' "$2" >"$1"
}
table_with ok.tsv 0.20

# --- figures no measurement can give, in every format
table_with huge.tsv 1e100
refused "inputs a figure of 1e100" "'huge.tsv' line 3: null call: 1e+100 is not a measurement (1e-09 to 1e+15)" compare ok.tsv huge.tsv
table_with top.tsv 1e308
refused "inputs a figure of 1e308" "'top.tsv' line 3: null call: 1e+308 is not a measurement" check top.tsv ok.tsv
table_with tiny.tsv 1e-320
refused "inputs a figure of 1e-320" "'tiny.tsv' line 3: null call: 9.99989e-321 is not a measurement" compare ok.tsv tiny.tsv
table_with zero.tsv 0
refused "inputs a figure of 0" "'zero.tsv' line 3: null call: 0 is not a measurement" compare ok.tsv zero.tsv
json_with() { # FILE MEDIAN-TEXT
	printf '{"osbench": "0.2.0", "host": {"name": "a"}, "results": [{"table": "syscall", "column": "null call", "status": "ok", "median": %s}]}\n' "$2" >"$1"
}
json_with negzero.json -0
refused "inputs a JSON median of -0" "'negzero.json' line 1: 'median' is negative" check negzero.json ok.tsv
json_with big.json 1e200
refused "inputs a JSON median of 1e200" "'big.json' line 1: null call: 1e+200 is not a measurement" compare ok.tsv big.json
# the extremes that are measurements print short, with a readable ratio
table_with fast.tsv 0.000000002
table_with slow.tsv 5000
run compare fast.tsv slow.tsv
check "inputs extreme figures compare" [ "$rc" -eq 0 ]
check "inputs a nanosecond's fraction prints as written" grep -q "^alpha fast.tsv${T}Linux${T}-${T}0.000000002\$" "$work/out"
check "inputs a ratio beyond a million prints in exponent form" grep -qx "B/A${T}-${T}-${T}2.5e+12" "$work/out"
check "inputs no cell longer than 20 characters" awk -F'\t' '{ for (i = 1; i <= NF; i++) if (length($i) > 20 && $i !~ /^#/ && i > 2) bad++ } END { exit bad > 0 }' "$work/out"

# --- files cut short are refused, old files without an end line still read
"$OSBENCH" run -q -f long -o full.long null stat fork 2>/dev/null
"$OSBENCH" run -q -o full.tsv syscall proc 2>/dev/null
lines=$(wc -l <full.long)
for keep in 16 18 19; do
	[ "$keep" -lt "$lines" ] || continue
	head -n "$keep" full.long >cut.long
	run compare full.long cut.long
	check "inputs a long file cut after $keep of $lines lines exits 2" [ "$rc" -eq 2 ]
	check "inputs a long file cut after $keep lines: says so" grep -Eq "^osbench: compare: 'cut.long'.*(cut short|truncated file)" "$work/err"
done
# cut between the two tables: everything before the proc table
awk '/^# proc:/ { exit } { print }' full.tsv >between.tsv
refused "inputs a table file cut between tables" "'between.tsv': no '# end: N figures' line: the file is cut short" compare full.tsv between.tsv
sed 's/^# end: 10 figures$/# end: 11 figures/' full.tsv >miscount.tsv
refused "inputs an end line that counts more figures" "the end line says 11 figures, the file holds 10: cut short" compare full.tsv miscount.tsv
{ cat full.tsv; printf 'alpha\tLinux\t1\n'; } >after.tsv
refused "inputs a row after the end line" "a row after the end line" compare full.tsv after.tsv
run compare full.tsv full.long
check "inputs complete files compare" [ "$rc" -eq 0 ]

# --- labels: one rule every writer can round-trip
refused "inputs --label with a control byte" "--label: control byte 0x01 at byte 2" run -q -l "$(printf 'a\001b')" null
refused "inputs --label with ESC" "--label: control byte 0x1b at byte 1" run -q -l "$(printf '\033[31mred')" null
refused "inputs --label with DEL" "--label: control byte 0x7f at byte 3" run -q -l "$(printf 'ab\177')" null
refused "inputs --label starting with #" "--label: starts with '#'" run -q -l '#host' null
refused "inputs --label not UTF-8" "--label: byte 0xff at byte 1 is not UTF-8" run -q -l "$(printf '\377\376')" null
refused "inputs --label too long" "--label: 256 bytes long, at most 255" run -q -l "$(printf '%0256d' 0)" null
refused "inputs --label of a cut character" "--label: byte 0xc3 at byte 4 is not UTF-8" run -q -l "$(printf 'caf\303')" null
run run -q -l "café ☕" -f json -o label.json null
check "inputs a UTF-8 label runs" [ "$rc" -eq 0 ]
run compare label.json label.json
check "inputs a UTF-8 label reads back" grep -q "^café ☕ A${T}" "$work/out"
if [ "$(id -u)" -eq 0 ] && unshare -u true 2>/dev/null && command -v python3 >/dev/null 2>&1; then
	# sethostname itself takes any bytes; the hostname tool would refuse
	unshare -u python3 -c 'import os, socket, sys
socket.sethostname("#bad")
os.execv(sys.argv[1], [sys.argv[1], "run", "-q", "null"])' "$OSBENCH" >"$work/out" 2>"$work/err"
	rc=$?
	check "inputs a host name the rule refuses exits 2" [ "$rc" -eq 2 ]
	check "inputs a bad host name asks for --label" grep -qx "osbench: host name: starts with '#': give --label NAME" "$work/err"
	check "inputs a bad host name leaves nothing behind" tmp_empty
else
	echo "skip inputs bad host name: needs root, a UTS namespace (unshare -u) and python3"
fi

# --- stray names and numbers as given
refused "inputs --version with a name" "--version: 'extra': it takes no names" --version extra
refused "inputs help with a stray name" "help: 'bogus' is not a command (see 'osbench --help')" help bogus
run help run
check "inputs help with a command's name exits 0" [ "$rc" -eq 0 ]
refused "inputs list with a name" "list: 'x': it takes no names" list x
refused "inputs --cpu +5" "--cpu: '+5' is not a whole number from 0 to 4095" run --cpu +5 null
refused "inputs run ctx --procs 1" "--procs: '1': a ctx ring needs at least 2 processes" run ctx --procs 1
names=$(i=0; while [ $i -lt 65 ]; do printf 'null '; i=$((i + 1)); done)
# shellcheck disable=SC2086
refused "inputs 65 names" "too many names: 'null' is one more than 64" run $names
run --help
check "inputs --help says how many names" grep -q 'at most 64 names' "$work/out"
check "inputs the man page says how many names" grep -q 'at most 64 names' "$top/osbench.1"

# --- JSON keys given twice
printf '{"osbench": "0.2.0", "host": {"name": "a", "name": "b"}, "results": [{"table": "syscall", "column": "null call", "status": "ok", "median": 0.2}]}\n' >dupkey.json
refused "inputs a JSON key given twice" "'dupkey.json' line 1: 'name' given twice in one JSON object" compare ok.tsv dupkey.json
printf '{"osbench": "0.2.0", "results": [{"table": "syscall", "column": "null call", "status": "ok", "median": 0.2, "median": 0.3}]}\n' >dupmedian.json
refused "inputs a JSON median given twice" "'median' given twice in one JSON object" check dupmedian.json ok.tsv

# --- out of descriptors: every cell fail with the reason, exit 1, nothing left
(ulimit -n 4 && exec "$OSBENCH" run -q null) >"$work/out" 2>"$work/err"
rc=$?
check "inputs four descriptors: exit 1, a resource failure" [ "$rc" -eq 1 ]
check "inputs four descriptors: the cell fails" grep -q "^[^#].*${T}fail\$" "$work/out"
check "inputs four descriptors: says which call and why" grep -q '^osbench: null: [a-z_]*: [A-Z][a-z ]*$' "$work/err"
check "inputs four descriptors: nothing left behind" tmp_empty
finish
