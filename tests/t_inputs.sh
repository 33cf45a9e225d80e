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

# --- a header's title is the comment directly above it, whatever it says
printf '# syscall: processor, processes - times in microseconds - smaller is better\n# machine reference: 9000,9100 MB/s\nHost\tOS\tnull call\nalpha\tLinux\t0.2\n' >refabove.tsv
refused "inputs a header under the machine reference line" "'refabove.tsv' line 2: 'machine reference: 9000,9100 MB/s' is not a '# NAME: title' line" compare ok.tsv refabove.tsv
printf '\n# machine reference: 9000\nHost\tOS\tnull call\nalpha\tLinux\t0.2\n' >refonly.tsv
refused "inputs a header under a machine reference line alone" "'refonly.tsv' line 2: 'machine reference: 9000' is not a '# NAME: title' line" compare ok.tsv refonly.tsv

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
if [ "$(id -u)" -eq 0 ] && unshare -u true 2>/dev/null && have python3; then
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

# --- text no JSON or XML parser refuses, whatever the names, paths and labels
valid_utf8() { python3 -c 'import sys; open(sys.argv[1], encoding="utf-8").read()' "$1" 2>/dev/null; }
# A failure's reason longer than its 255 bytes: exec with a copy of the
# binary whose helper is missing quotes the helper's path, under two
# directories of 80 euro signs (three bytes each); padded so that a cut
# at 255 bytes would fall one byte into a character.
eu=$(printf '\342\202\254')
name=$(i=0; while [ $i -lt 80 ]; do printf '%s' "$eu"; i=$((i + 1)); done)
lead=$(printf "helper '%s/" "$work" | wc -c)
pad=$(printf '%*s' $((((254 - lead) % 3 + 3) % 3)) '' | tr ' ' x)
long="$work/$pad$name/$name"
mkdir -p "$long"
cp "$OSBENCH" "$long/osbench"
"$OSBENCH" run -q -f long -o base.long null exec 2>/dev/null
"$long/osbench" run -q -f long -o cutreason.long null exec >/dev/null 2>"$work/err"
rc=$?
check "inputs a reason longer than 255 bytes: exec fails, exit 1" [ "$rc" -eq 1 ]
check "inputs a reason longer than 255 bytes: cut on a character" \
	grep -q "^proc${T}exec proc${T}.*${T}helper '$work/$pad$eu*${T}" cutreason.long
if have python3; then
	check "inputs a reason longer than 255 bytes: the long file is UTF-8" valid_utf8 cutreason.long
	check "inputs a reason longer than 255 bytes: the message is UTF-8" valid_utf8 "$work/err"
fi
run compare base.long cutreason.long
check "inputs a reason cut on a character reads back" [ "$rc" -eq 0 ]
"$long/osbench" run -q -f json null exec >cutreason.json 2>/dev/null
json_ok "inputs a reason longer than 255 bytes: run -f json decodes" cutreason.json
run check -q -f json base.long cutreason.long
json_ok "inputs a reason longer than 255 bytes: check -f json decodes"
run check -q -f junit base.long cutreason.long
xml_ok "inputs a reason longer than 255 bytes: check -f junit is XML"
run compare -f json base.long cutreason.long
json_ok "inputs a reason longer than 255 bytes: compare -f json decodes"
run ab -q -f junit "$long/osbench" "$long/osbench" exec
xml_ok "inputs a side in a long path: ab -f junit is XML"
run ab -q -f json "$long/osbench" "$long/osbench" exec
json_ok "inputs a side in a long path: ab -f json decodes"
rm -rf "$work/$pad$name"

# a path of bytes that are not UTF-8 in a reason: U+FFFD in every format,
# and osbench reads back what it wrote
raw="$work/raw$(printf '\377\376')"
mkdir "$raw"
cp "$OSBENCH" "$raw/osbench"
"$raw/osbench" run -q -f long -o rawpath.long null exec >/dev/null 2>&1
check "inputs a path of 0xff bytes in a reason: U+FFFD in the long file" \
	grep -qF "helper '$work/raw$(printf '\357\277\275\357\277\275')/osbench-helper'" rawpath.long
run compare base.long rawpath.long
check "inputs a path of 0xff bytes in a reason reads back" [ "$rc" -eq 0 ]
"$raw/osbench" run -q -f json null exec >rawpath.json 2>/dev/null
json_ok "inputs a path of 0xff bytes in a reason: run -f json decodes" rawpath.json
run check -q -f junit base.long rawpath.long
xml_ok "inputs a path of 0xff bytes in a reason: check -f junit is XML"
rm -rf "$raw"

# a file an older build wrote, its reason cut one byte into a character
sed "s/^\\(proc${T}exec proc${T}.*${T}helper '[^${T}]*\\)$eu${T}/\\1$(printf '\342')${T}/" cutreason.long >oldcut.long
run check -q base.long oldcut.long
check "inputs a reason cut inside a character exits 2" [ "$rc" -eq 2 ]
check "inputs a reason cut inside a character: one line naming the line" \
	sh -c 'grep -Eqx "osbench: check: '\''oldcut.long'\'' line [0-9]+: byte 0xe2 at byte [0-9]+ is not UTF-8" "$1" && [ "$(wc -l <"$1")" -eq 1 ]' _ "$work/err"
run compare base.long oldcut.long
check "inputs compare of a reason cut inside a character exits 2" [ "$rc" -eq 2 ]

# a host record crafted with bytes that are not UTF-8: refused, in every format
sed "s/^# host: .*/# host: x$(printf '\377\376')y/" base.long >badhost.long
refused "inputs check of a host line of 0xff bytes" "osbench: check: 'badhost.long' line 2: byte 0xff at byte 10 is not UTF-8" check -q badhost.long base.long
refused "inputs compare of a host line of 0xff bytes" "osbench: compare: 'badhost.long' line 2: byte 0xff at byte 10 is not UTF-8" compare base.long badhost.long
printf '{"osbench": "0.2.0", "host": {"name": "a\377"},\n "results": [{"table": "syscall", "column": "null call", "status": "ok", "median": 0.2}]}\n' >badhost.json
refused "inputs a JSON host of a 0xff byte" "osbench: check: 'badhost.json' line 1: byte 0xff at byte 41 is not UTF-8" check -q badhost.json ok.tsv

# U+FFFF is UTF-8, and a label may hold it, but XML 1.0 cannot carry it
ffff=$(printf '\357\277\277')
run run -q -l "a${ffff}b" -f long -o ffff.long null
check "inputs a label with U+FFFF runs" [ "$rc" -eq 0 ]
run check -q -f junit ffff.long ffff.long
xml_ok "inputs a label with U+FFFF: check -f junit is XML"
check "inputs a label with U+FFFF: U+FFFD in the suite's name" \
	grep -qF "<testsuite name=\"a$(printf '\357\277\275')b syscall\"" "$work/out"
run run -q -l "a${ffff}b" -f json null
json_ok "inputs a label with U+FFFF: run -f json decodes"
run check -q -f json ffff.long ffff.long
json_ok "inputs a label with U+FFFF: check -f json decodes"
run compare -f json ffff.long ffff.long
json_ok "inputs a label with U+FFFF: compare -f json decodes"
# an escape decodes to what XML forbids
printf '{"osbench": "0.2.0", "host": {"name": "a\\ufffeb"}, "results": [{"table": "syscall", "column": "null call", "status": "ok", "median": 0.2}]}\n' >esc.json
run check -q -f junit esc.json esc.json
xml_ok "inputs a JSON host of U+FFFE: check -f junit is XML"
check "inputs a JSON host of U+FFFE: U+FFFD in the suite's name" \
	grep -qF "<testsuite name=\"a$(printf '\357\277\275')b syscall\"" "$work/out"

# a control byte in an argument (here an -o name) goes into the file's
# "# command:" line: blanked there, so that its own reader takes the file
escname=$(printf 'e\033[2J\001x.long')
run run -q -f long -o "$escname" null
run compare "$escname" "$escname"
check "inputs a control byte in an argument: the file reads back" [ "$rc" -eq 0 ]
check "inputs a control byte in an argument: blanked in '# command:'" \
	grep -qF -- "-o e [2J x.long null" "$escname"
rm -f "$escname"
# and so does one in LD_PRELOAD (an object that is not there: the loader
# says so and goes on), copied into "# ld_preload:"
LD_PRELOAD=$(printf '/nonexistent\033x.so') "$OSBENCH" run -q -f long -o ldp.long null >"$work/out" 2>"$work/err" </dev/null
run compare ldp.long ldp.long
check "inputs a control byte in LD_PRELOAD: the file reads back" [ "$rc" -eq 0 ]
check "inputs a control byte in LD_PRELOAD: blanked in '# ld_preload:'" grep -qxF "# ld_preload: /nonexistent x.so" ldp.long

# --- out of descriptors: every cell fail with the reason, exit 1, nothing left
(ulimit -n 4 && exec "$OSBENCH" run -q null) >"$work/out" 2>"$work/err"
rc=$?
check "inputs four descriptors: exit 1, a resource failure" [ "$rc" -eq 1 ]
check "inputs four descriptors: the cell fails" grep -q "^[^#].*${T}fail\$" "$work/out"
check "inputs four descriptors: says which call and why" grep -q '^osbench: null: [a-z_]*: [A-Z][a-z ]*$' "$work/err"
check "inputs four descriptors: nothing left behind" tmp_empty
finish
