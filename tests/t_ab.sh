#!/bin/sh
# osbench ab: the header and cells, the child protocol, sides that are
# not osbench, that fail, hang, crash, talk nonsense or speak another
# protocol, the formats, and an interrupt: never a timing or a verdict.
. "$(dirname "$0")/lib.sh"

HEADER="table${T}column${T}A${T}B${T}B/A${T}lo${T}hi${T}p${T}verdict"

# a side is split at blanks: a binary under a path with one cannot be a side
case $OSBENCH in
*[[:space:]]*)
	echo "skip ab: the binary's path '$OSBENCH' has a blank"
	end_here
	;;
esac

# fake SIDE-NAME SCRIPT-BODY: a side that says hello like an osbench of
# protocol 1 and then does what the body says
fake() {
	{
		echo '#!/bin/sh'
		echo 'case "$*" in *hello*) printf "osbench-ab 1\nversion 0\nbuild fake\nend\n"; exit 0 ;; esac'
		echo "$2"
	} >"$work/$1"
	chmod +x "$work/$1"
}

# neither the script NAME nor its "sleep $nap" still running; the nap's
# length is this script's own, so that another test run beside this one
# (another build's suite) cannot be taken for a leak of ours
nap=37.$$
no_fake_left() { # NAME
	sleep 0.2
	! ps -eo args= | awk -v b="$work/$1" -v nap="$nap" '$1 == b || $2 == b || ($1 == "sleep" && $2 == nap) { f = 1 } END { exit !f }'
}

# --- the child protocol, spoken by hand
run ab-child protocol=1 hello
check "ab child hello: exit 0" [ "$rc" -eq 0 ]
check "ab child hello: protocol line first" [ "$(head -n 1 "$work/out")" = "osbench-ab 1" ]
check "ab child hello: names its build" grep -q '^build [a-z]* [0-9][0-9.]*, .*, sanitizers [a-z,]*$' "$work/out"
check "ab child hello: ends with end" [ "$(tail -n 1 "$work/out")" = "end" ]
run ab-child protocol=2 hello
check "ab child of another protocol: exit 2" [ "$rc" -eq 2 ]
check "ab child of another protocol: says so" grep -qx 'refused protocol 2' "$work/out"
run ab-child protocol=1 module=null procs=0 size_kb=0 time_ms=1 samples=3 placement=free \
	cpu=0 io_timeout_ms=2000 "tmpdir=$TMPDIR" n=0 base_n=0
check "ab child round: exit 0" [ "$rc" -eq 0 ]
check "ab child round: status ok" grep -qx 'status ok' "$work/out"
check "ab child round: calibrated n" grep -qE '^n [1-9][0-9]*$' "$work/out"
# a sample is "no more than zero" when the baseline's was slower: a number, never negative
check "ab child round: three samples, numbers not below 0" awk '$1 == "samples" { for (i = 2; i <= NF; i++) if ($i !~ /^[0-9.e+-]+$/ || $i + 0 < 0) bad++; n = NF - 1 }
	END { exit !(n == 3 && !bad) }' "$work/out"
run ab-child protocol=1 module=nosuch procs=0 size_kb=0 time_ms=1 samples=3 placement=free \
	cpu=0 io_timeout_ms=2000 "tmpdir=$TMPDIR" n=0 base_n=0
check "ab child unknown module: a fail answer" grep -qx 'status fail' "$work/out"
run ab-child protocol=1 bogus
check "ab child bad word: exit 2" [ "$rc" -eq 2 ]
check "ab child bad word: refused in the protocol, naming it" sh -c 'grep -qx "status fail" "$1" &&
	grep -qxF "reason ab-child: '"'bogus'"' is not KEY=VALUE" "$1" && [ "$(tail -n 1 "$1")" = end ]' - "$work/out"
run ab-child protocol=x bogus
check "ab child without the protocol word: exit 2" [ "$rc" -eq 2 ]
check "ab child without the protocol word: one line on stderr" grep -qxF "osbench: ab-child: 'protocol=x': the first word must be protocol=N" "$work/err"
check "ab child: nothing left" tmp_empty

# --- usage
refused "ab without sides" "ab: give two commands" ab
refused "ab with one side" "ab: give two commands" ab "$OSBENCH"
refused "ab unknown name" "unknown table or module 'nosuch'" ab "$OSBENCH" "$OSBENCH" nosuch
refused "ab --remote" "option '--remote' does not apply to 'ab'" ab --remote h "$OSBENCH" "$OSBENCH" null
refused "ab bad tolerance" "--tolerance: 'x'" ab --tolerance x "$OSBENCH" "$OSBENCH" null
refused "ab missing command" "side B: 'no-such-command-here': command not found" \
	ab "$OSBENCH" no-such-command-here null
check "ab usage: nothing left" tmp_empty

# --- the same binary on both sides
run ab -q "$OSBENCH" "$OSBENCH" null stat
check "ab same binary: exit 0 or 1" [ "$rc" -le 1 ]
check "ab same binary: the header exactly" has_line "$HEADER"
check "ab same binary: two rows, A and B positive, lo <= B/A <= hi, a verdict" by_name table '
	f("table") == "syscall" {
		n++; if (!(f("A") + 0 > 0 && f("B") + 0 > 0 && f("lo") + 0 > 0 && f("lo") + 0 <= f("B/A") + 0 && f("B/A") + 0 <= f("hi") + 0)) bad++
		if (f("verdict") !~ /^(same|slower|faster|unclear)$/) bad++ }
	END { exit !(n == 2 && !bad) }' "$work/out"
check "ab same binary: the summary line" grep -qE '^ab: 2 figures: [0-9]+ same, [0-9]+ slower, [0-9]+ faster, [0-9]+ unclear, 0 fail \(tolerance 3%, significance 0.05\)$' "$work/out"
check "ab same binary: the host record names side A" grep -qxF "# A: $OSBENCH" "$work/out"
check "ab same binary: and side B's build" grep -q '^# B build: [a-z]* [0-9][0-9.]*, ' "$work/out"
check "ab same binary: placement free by default" grep -qx '# placement: free' "$work/out"
check "ab same binary: nothing left" tmp_empty
check "ab same binary: no process left" no_process_left

# a figure in two tables is measured and printed once
run ab -q "$OSBENCH" "$OSBENCH" ctx ipc
check "ab 2p/0K ctxsw in ctx and ipc: one row" [ "$(grep -c "${T}2p/0K ctxsw${T}" "$work/out")" -eq 1 ]
check "ab ctx ipc: 12 figures" grep -q '^ab: 12 figures: ' "$work/out"

# --- a budget spent before the second round: every figure still gets the
# two paired rounds an interval needs, and none is a fail for it
# (two rounds of one binary against itself can still read as a change on a
# loaded host, exit 1: the verdict is not what this tests, the rounds are)
run ab -f long --budget 0.1 "$OSBENCH" "$OSBENCH" null stat
check "ab tiny budget: exit 0 or 1, not an error" [ "$rc" -le 1 ]
check "ab tiny budget: two rounds a side, no fail" by_name table \
	'f("table") == "syscall" { n++; if (f("rounds") < 2 || f("verdict") == "fail") bad++ } END { exit !(n == 4 && !bad) }' "$work/out"

# --- formats
run ab -q -f long "$OSBENCH" "$OSBENCH" null
check "ab long: a row per side" [ "$(grep -c "^syscall${T}null call${T}" "$work/out")" -eq 2 ]
check "ab long: the samples, all positive" awk -F'\t' '$1 == "table" { for (i = 1; i <= NF; i++) c[$i] = i; next }
	/^#/ { next } { n = split($(c["samples"]), s, ","); for (i = 1; i <= n; i++) if (s[i] + 0 <= 0) bad++; rows++; if (n < 2) bad++ }
	END { exit !(rows == 2 && !bad) }' "$work/out"
run ab -q -f json "$OSBENCH" "$OSBENCH" null
check "ab json: valid" python3 -c 'import json,sys; d = json.load(open(sys.argv[1])); assert d["figures"][0]["A"]["value"] > 0 and len(d["sides"]) == 2' "$work/out"
check "ab json: the host as run's json gives it (release, mhz, huge pages)" python3 -c 'import json,sys
h = json.load(open(sys.argv[1]))["host"]
assert h["release"] and (h["mhz"] is None or h["mhz"] > 0) and h["mhz_source"] in ("measured", "os", "unknown"), h
assert h["huge_pages"] and h["tmpdir_fs"], h' "$work/out"
run ab -q -f junit "$OSBENCH" "$OSBENCH" null stat
xml_ok "ab junit: well formed"
check "ab junit: a testcase per figure" [ "$(grep -c '<testcase ' "$work/out")" -eq 2 ]
# time: what both sides' children took for the figure, never a claim of none
check "ab junit: each testcase's time in seconds, the suite's their sum" awk '
	function ms(line) { if (line !~ / time="[0-9]+\.[0-9][0-9][0-9]"/) { bad++; return 0 }
		sub(/.* time="/, "", line); sub(/".*/, "", line); return int(line * 1000 + 0.5) }
	/<testsuite / { suite = ms($0); cases = 0; next }
	/<testcase / { t = ms($0); if (t <= 0) bad++; cases += t; n++ }
	/<\/testsuite>/ { if (cases != suite) bad++ }
	END { exit !(n == 2 && !bad) }' "$work/out"
if have xmllint; then
	check "ab junit: valid against the JUnit schema" \
		xmllint --noout --schema "$(cd "$(dirname "$0")" && pwd)/junit.xsd" "$work/out"
fi

# --- one estimator a row: A and B are the geometric means of the round
# values B/A pairs, so B/A is B over A (to the cells' four significant
# digits in the table, as a run's, to six in long and json)
run ab -q "$OSBENCH" "$OSBENCH" null stat
check "ab table: B/A is B over A as printed" by_name table '
	f("table") == "syscall" { n++; a = f("A") + 0; b = f("B") + 0; q = f("B/A") + 0
		d = q - b / a; if (d < 0) d = -d; if (!(a > 0) || d > 0.011 * q + 0.0005) bad++ }
	END { exit !(n == 2 && !bad) }' "$work/out"
run ab -q -f long "$OSBENCH" "$OSBENCH" null stat
check "ab long: B/A is the B row's value over the A row's" by_name table '
	f("side") == "A" { a[f("column")] = f("value") + 0 }
	f("side") == "B" { n++; q = f("B/A") + 0; d = q - f("value") / a[f("column")]; if (d < 0) d = -d
		if (!(a[f("column")] > 0) || d > 2e-5 * q) bad++ }
	END { exit !(n == 2 && !bad) }' "$work/out"
run ab -q -f json "$OSBENCH" "$OSBENCH" null stat
check "ab json: ratio is B's value over A's" python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert len(d["figures"]) == 2
for f in d["figures"]:
    assert abs(f["ratio"] - f["B"]["value"] / f["A"]["value"]) <= 2e-5 * f["ratio"], f' "$work/out"

# --- missing data: the rounds do not say, so unclear, with why; exit 0
run ab --reps 1 -t 1 "$OSBENCH" "$OSBENCH" null
check "ab one round: exit 0" [ "$rc" -eq 0 ]
check "ab one round: unclear, no ratio" by_name table '
	f("table") == "syscall" { n++; if (f("verdict") != "unclear" || f("B/A") != "-" || !(f("A") + 0 > 0)) bad++ }
	END { exit !(n == 1 && !bad) }' "$work/out"
check "ab one round: stderr says why" grep -qxF "osbench: warning: ab: syscall/null call: fewer than two paired rounds" "$work/err"
check "ab one round: the summary counts it unclear" grep -q '^ab: 1 figure: 0 same, 0 slower, 0 faster, 1 unclear, 0 fail ' "$work/out"
run ab --reps 1 -t 1 -f long "$OSBENCH" "$OSBENCH" null
check "ab one round long: the reason in the row" by_name table '
	f("table") == "syscall" { n++; if (f("verdict") != "unclear" || f("reason") != "fewer than two paired rounds") bad++ }
	END { exit !(n == 2 && !bad) }' "$work/out"

# a side whose every sample is at the overhead subtraction's floor (0):
# no number stands for it, and the verdict is unclear, not fail
fake zeros 'for w in "$@"; do case $w in n=*) n=${w#n=} ;; base_n=*) b=${w#base_n=} ;; esac; done
printf "osbench-ab 1\nstatus ok\nn %s\nbase_n %s\nbytes_per_op 0\nwait_pct 0\nsamples 0 0 0\nend\n" "$n" "$b"'
run ab -q "$OSBENCH" "$work/zeros" null
check "ab round at 0: exit 0" [ "$rc" -eq 0 ]
check "ab round at 0: B is -, no ratio, unclear" by_name table '
	f("table") == "syscall" { n++; if (f("B") != "-" || f("B/A") != "-" || f("verdict") != "unclear" || !(f("A") + 0 > 0)) bad++ }
	END { exit !(n == 1 && !bad) }' "$work/out"
check "ab round at 0: stderr says why" grep -qxF "osbench: warning: ab: syscall/null call: a round below the resolution of the overhead subtraction" "$work/err"
run ab -q -f json "$OSBENCH" "$work/zeros" null
check "ab round at 0 json: null value, the note says why" python3 -c 'import json,sys
f = json.load(open(sys.argv[1]))["figures"][0]
assert f["B"]["value"] is None and f["ratio"] is None and f["verdict"] == "unclear"
assert f["note"] == "a round below the resolution of the overhead subtraction", f' "$work/out"
run ab -q -f junit "$OSBENCH" "$work/zeros" null
check "ab round at 0 junit: no failure, a note" sh -c '! grep -q "<failure" "$1" && grep -qF "<property name=\"note\" value=\"a round below the resolution of the overhead subtraction\"/>" "$1"' - "$work/out"
run ab -q "$OSBENCH" "$work/zeros" bwpipe
check "ab bandwidth side without bytes per op: exit 1" [ "$rc" -eq 1 ]
check "ab bandwidth side without bytes per op: stderr says so" grep -qxF \
	"osbench: ab: side B: bwpipe: its answer gives no bytes per operation" "$work/err"
check "ab round at 0: nothing left" tmp_empty

# --- a side that is not osbench
run ab -q "$OSBENCH" /bin/echo null
check "ab side not osbench: exit 2" [ "$rc" -eq 2 ]
check "ab side not osbench: one line" one_line_stderr
check "ab side not osbench: naming the side and what it said" grep -qF \
	"side B '/bin/echo': not an osbench of protocol 1: ended without an answer; it said 'ab-child protocol=1 hello'" "$work/err"
check "ab side not osbench: nothing on stdout" [ ! -s "$work/out" ]
check "ab side not osbench: nothing left" tmp_empty

# --- a side of another protocol
printf '#!/bin/sh\nprintf "osbench-ab 2\\nrefused protocol 1\\nend\\n"\nexit 2\n' >"$work/proto2"
chmod +x "$work/proto2"
run ab -q "$work/proto2" "$OSBENCH" null
check "ab side of protocol 2: exit 2" [ "$rc" -eq 2 ]
check "ab side of protocol 2: one line" one_line_stderr
check "ab side of protocol 2: says which" grep -qF "side A '$work/proto2': it speaks protocol 2, this osbench 1" "$work/err"
check "ab side of protocol 2: nothing left" tmp_empty

# --- a side that exits 1 in its rounds
fake exits1 'exit 1'
run ab -q "$OSBENCH" "$work/exits1" null
check "ab side exiting 1: exit 1" [ "$rc" -eq 1 ]
check "ab side exiting 1: its cell is fail" grep -q "^syscall${T}null call${T}[0-9.]*${T}fail${T}.*${T}fail$" "$work/out"
check "ab side exiting 1: stderr says why" grep -qF "osbench: ab: side B: null: exited with status 1" "$work/err"
check "ab side exiting 1: nothing left" tmp_empty
run ab -q -f junit "$OSBENCH" "$work/exits1" null
check "ab junit with a failed side: exit 1" [ "$rc" -eq 1 ]
xml_ok "ab junit with a failed side: well formed"
check "ab junit with a failed side: a failure naming why" grep -qF '<failure type="fail" message="fail: B: exited with status 1"/>' "$work/out"

# --- a side whose module fails answers `fail`: its own reason reaches
# stderr, the long reason column and the JUnit message (not the
# protocol's complaint about how the answer was written)
forced="forced failure (OSBENCH_TEST_FAULT)"
run ab -q "env OSBENCH_TEST_FAULT=stat:fail $OSBENCH" "$OSBENCH" null stat
check "ab side answering fail: exit 1" [ "$rc" -eq 1 ]
check "ab side answering fail: stderr gives its reason" grep -qxF "osbench: ab: side A: stat: $forced" "$work/err"
check "ab side answering fail: and B's, not measured" grep -qxF "osbench: ab: side B: stat: not measured: A failed to calibrate" "$work/err"
check "ab side answering fail: its cells fail, the other figure measured" by_name table '
	f("column") == "stat" { n++; if (f("A") != "fail" || f("verdict") != "fail") bad++ }
	f("column") == "null call" { n++; if (!(f("A") + 0 > 0 && f("B") + 0 > 0)) bad++ }
	END { exit !(n == 2 && !bad) }' "$work/out"
run ab -q -f junit "$OSBENCH" "env OSBENCH_TEST_FAULT=stat:fail $OSBENCH" stat
check "ab side B answering fail: exit 1" [ "$rc" -eq 1 ]
check "ab side B answering fail junit: the failure gives its reason" \
	grep -qF "<failure type=\"fail\" message=\"fail: B: $forced\"/>" "$work/out"
run ab -q -f long "$OSBENCH" "env OSBENCH_TEST_FAULT=stat:fail $OSBENCH" stat
check "ab side B answering fail long: the reason column" by_name table '
	f("side") == "B" { n++; if (f("status") != "fail" || f("reason") != "'"$forced"'" || f("value") != "-") bad++ }
	END { exit !(n == 1 && !bad) }' "$work/out"
check "ab side answering fail: nothing left" tmp_empty

# --- a side of another build that refuses a word of the request (a key
# it does not know): its reason, not "exited with status 2"
printf '#!/bin/sh\ncase "$*" in *hello*) exec "%s" "$@" ;; esac\nexec "%s" ab-child protocol=1 future_key=1 "$@"\n' \
	"$OSBENCH" "$OSBENCH" >"$work/future"
chmod +x "$work/future"
run ab -q -f junit "$OSBENCH" "$work/future" null
check "ab side refusing a request word: exit 1" [ "$rc" -eq 1 ]
check "ab side refusing a request word: stderr gives its reason" grep -qxF \
	"osbench: ab: side B: null: ab-child: 'future_key=1': unknown key or bad value" "$work/err"
check "ab side refusing a request word junit: the failure gives it" grep -qF \
	"message=\"fail: B: ab-child: &apos;future_key=1&apos;: unknown key or bad value\"" "$work/out"
run ab -q "$OSBENCH ab-child protocol=1 bogus" "$OSBENCH" null
check "ab side refusing its hello: exit 2" [ "$rc" -eq 2 ]
check "ab side refusing its hello: one line giving its reason" sh -c '[ "$(grep -vc "^osbench: note: the Mhz cell is -: " "$1")" -eq 1 ] && grep -qxF "$2" "$1"' - "$work/err" \
	"osbench: ab: side A '$OSBENCH ab-child protocol=1 bogus': it refused the hello: ab-child: 'bogus' is not KEY=VALUE"

# --- a crafted side's negative samples: refused, so the cell is fail with
# the reason, never a number (no overhead subtraction goes below 0)
fake negative 'for w in "$@"; do case $w in n=*) n=${w#n=} ;; base_n=*) b=${w#base_n=} ;; esac; done
printf "osbench-ab 1\nstatus ok\nn %s\nbase_n %s\nbytes_per_op 0\nsamples -1 -2 -3\nend\n" "$n" "$b"'
run ab -q "$OSBENCH" "$work/negative" null
check "ab negative samples: exit 1" [ "$rc" -eq 1 ]
check "ab negative samples: B is fail, no ratio" by_name table '
	f("table") == "syscall" { n++; if (f("B") != "fail" || f("B/A") != "-" || f("verdict") != "fail" || !(f("A") + 0 > 0)) bad++ }
	END { exit !(n == 1 && !bad) }' "$work/out"
check "ab negative samples: stderr quotes them" grep -qxF "osbench: ab: side B: null: it said 'samples -1 -2 -3'" "$work/err"
check "ab negative samples: no negative number anywhere" sh -c '! grep -v "^#" "$1" | grep -q "[[:space:]]-[0-9]"' - "$work/out"

# --- two crafted sides whose samples no host gives (1e-10 and 1e308 us,
# a ratio that overflowed a double and once printed inf): each refused,
# so both cells are fail with the line quoted, and no inf anywhere
fake extreme 'for w in "$@"; do case $w in n=*) n=${w#n=} ;; base_n=*) b=${w#base_n=} ;; esac; done
[ "$n" = 0 ] && n=1
printf "osbench-ab 1\nstatus ok\nn %s\nbase_n %s\nbytes_per_op 0\nsamples %s\nend\n" "$n" "$b" "$S"'
run ab -q "env S=1e-10 $work/extreme" "env S=1e308 $work/extreme" null
check "ab samples beyond a measurement: exit 1" [ "$rc" -eq 1 ]
check "ab samples beyond a measurement: both fail, no ratio" by_name table '
	f("table") == "syscall" { n++; if (f("A") != "fail" || f("B") != "fail" || f("B/A") != "-" || f("verdict") != "fail") bad++ }
	END { exit !(n == 1 && !bad) }' "$work/out"
check "ab samples beyond a measurement: stderr quotes the first" grep -qxF "osbench: ab: side A: null: it said 'samples 1e-10'" "$work/err"
run ab -q -f json "env S=1e-10 $work/extreme" "env S=1e308 $work/extreme" null
check "ab samples beyond a measurement json: valid, ratio null, no inf" python3 -c 'import json,sys
t = open(sys.argv[1]).read()
f = json.loads(t)["figures"][0]
assert f["ratio"] is None and f["verdict"] == "fail" and "inf" not in t.lower(), f' "$work/out"

# --- a crafted side whose reason holds bytes that are not UTF-8 and an
# escape sequence: shown cleaned on stderr, in JUnit and json
fake rude 'printf "osbench-ab 1\nstatus fail\nreason bad\377\033[31m byte\nend\n"'
run ab -q -f junit "$OSBENCH" "$work/rude" null
check "ab side with a rude reason: stderr cleaned" grep -qxF "osbench: ab: side B: null: bad? [31m byte" "$work/err"
check "ab side with a rude reason junit: the reason cleaned" grep -qF 'message="fail: B: bad? [31m byte"' "$work/out"
xml_ok "ab side with a rude reason junit: well formed"
run ab -q -f json "$OSBENCH" "$work/rude" null
check "ab side with a rude reason json: valid" python3 -c 'import json,sys
f = json.load(open(sys.argv[1], encoding="utf-8"))["figures"][0]
assert f["B"]["reason"] == "bad? [31m byte", f' "$work/out"
# and a command with such a byte: escaped in the comment and in json's
# sides (the host record's command line is the writers' to clean)
run ab -q "env X=$(printf '\377') $OSBENCH" "$OSBENCH" null
check "ab command with a byte not UTF-8: the # A line escapes it" grep -qxF "# A: env X=\\xff $OSBENCH" "$work/out"
run ab -q -f json "env X=$(printf '\377') $OSBENCH" "$OSBENCH" null
check "ab command with a byte not UTF-8 json: the side's command escaped" python3 -c 'import json,sys
d = json.load(open(sys.argv[1], encoding="utf-8", errors="surrogateescape"))
assert d["sides"][0]["command"] == "env X=\\xff " + sys.argv[2], d["sides"]' "$work/out" "$OSBENCH"

# --- a crafted side that says its samples twice: refused, naming the line
fake twice 'for w in "$@"; do case $w in n=*) n=${w#n=} ;; base_n=*) b=${w#base_n=} ;; esac; done
printf "osbench-ab 1\nstatus ok\nn %s\nbase_n %s\nbytes_per_op 0\nsamples 1 1 1\nsamples 9 9 9\nend\n" "$n" "$b"'
run ab -q "$OSBENCH" "$work/twice" null
check "ab repeated samples line: exit 1" [ "$rc" -eq 1 ]
check "ab repeated samples line: stderr says so" grep -qxF "osbench: ab: side B: null: it repeated its 'samples' line" "$work/err"
fake twostatus 'for w in "$@"; do case $w in n=*) n=${w#n=} ;; base_n=*) b=${w#base_n=} ;; esac; done
printf "osbench-ab 1\nstatus fail\nreason broken\nstatus ok\nn %s\nbase_n %s\nsamples 1 1 1\nend\n" "$n" "$b"'
run ab -q "$OSBENCH" "$work/twostatus" null
check "ab repeated status line: stderr says so" grep -qxF "osbench: ab: side B: null: it repeated its 'status' line" "$work/err"

# --- a side that writes more than an answer can be: said so, not the
# kill that ended it
fake chatty 'yes 0123456789abcdef | head -c 1048576'
run ab -q "$OSBENCH" "$work/chatty" null
check "ab side writing 1 MB: exit 1" [ "$rc" -eq 1 ]
check "ab side writing 1 MB: stderr says its answer was too long" grep -qxF \
	"osbench: ab: side B: null: its answer was longer than the 16384 bytes an answer can be" "$work/err"
check "ab side writing 1 MB: no process left" no_fake_left chatty
# a side that closes its output and goes on: ab's kill is not its story
fake closer "exec >&-; sleep $nap"
run ab -q "$OSBENCH" "$work/closer" null
check "ab side closing its output: exit 1" [ "$rc" -eq 1 ]
check "ab side closing its output: stderr says so, not our kill" grep -qxF \
	"osbench: ab: side B: null: it closed its output without an answer and did not end" "$work/err"
check "ab side closing its output: no process left" no_fake_left closer
yes_path=$(command -v yes)
run ab -q "$yes_path" "$OSBENCH" null
check "ab side writing without end in its hello: exit 2, one line" sh -c '[ "$1" -eq 2 ] && [ "$(grep -vc "^osbench: note: the Mhz cell is -: " "$2")" -eq 1 ]' - "$rc" "$work/err"
check "ab side writing without end in its hello: says its answer was too long" grep -qxF \
	"osbench: ab: side A '$yes_path': not an osbench of protocol 1: its answer was longer than the 16384 bytes an answer can be" "$work/err"
check "ab side writing 1 MB: nothing left" tmp_empty

# --- a newline in a side's command: escaped wherever the command is
# shown, so the header's comment lines and a refusal stay whole lines
nl='
'
run ab -q "env X=a${nl}b $OSBENCH" "$OSBENCH" null
check "ab newline in a command: exit 0 or 1" [ "$rc" -le 1 ]
check "ab newline in a command: the # A line escapes it" grep -qxF "# A: env X=a\\nb $OSBENCH" "$work/out"
check "ab newline in a command: every line above the header a comment" awk -v h="$HEADER" '
	$0 == h { seen = 1; exit } !/^#/ { bad++ } END { exit !(seen && !bad) }' "$work/out"
run ab -q -f long "env X=a${nl}b $OSBENCH" "$OSBENCH" null
check "ab newline in a command long: the command column escapes it" by_name table '
	f("side") == "A" { n++; if (f("command") != "env X=a\\nb '"$OSBENCH"'") bad++ }
	END { exit !(n == 1 && !bad) }' "$work/out"
run ab -q "env X=a${nl}b $work/proto2" "$OSBENCH" null
check "ab refusal with a newline in the command: exit 2" [ "$rc" -eq 2 ]
check "ab refusal with a newline in the command: one line" one_line_stderr
check "ab refusal with a newline in the command: escaped" grep -qxF \
	"osbench: ab: side A 'env X=a\\nb $work/proto2': it speaks protocol 2, this osbench 1" "$work/err"
refused "ab command not found with a newline" "side B: 'no-such\\ny': command not found" \
	ab "$OSBENCH" "no-such${nl}y" null
check "ab newline in a command: nothing left" tmp_empty

# --- a side that answers nonsense
fake garbage 'echo "hello there"'
run ab -q "$work/garbage" "$OSBENCH" null
check "ab side talking nonsense: exit 1" [ "$rc" -eq 1 ]
check "ab side talking nonsense: stderr quotes it" grep -qF "side A: null: ended without an answer; it said 'hello there'" "$work/err"
check "ab side talking nonsense: B not measured without A's calibration" grep -qF "side B: null: not measured: A failed to calibrate" "$work/err"

# --- a side that hangs, in its rounds or in its hello: bounded
run ab -q --timeout 3 "$OSBENCH" "env OSBENCH_TEST_FAULT=null:hang $OSBENCH" null stat
check "ab side hanging: exit 1" [ "$rc" -eq 1 ]
check "ab side hanging: stderr says it timed out" grep -qF "side B: null: timed out after 3 s" "$work/err"
check "ab side hanging: the other figure measured" grep -q "^syscall${T}stat${T}[0-9.]*${T}[0-9.]*${T}" "$work/out"
check "ab side hanging: nothing left" tmp_empty
check "ab side hanging: no process left" no_process_left
printf '#!/bin/sh\nsleep %s\n' "$nap" >"$work/sleeper"
chmod +x "$work/sleeper"
run ab -q --timeout 1 "$OSBENCH" "$work/sleeper" null
check "ab side hanging in its hello: exit 2" [ "$rc" -eq 2 ]
check "ab side hanging in its hello: says so" grep -qF "side B '$work/sleeper': not an osbench of protocol 1: timed out after 1 s" "$work/err"
check "ab side hanging in its hello: no process left" no_fake_left sleeper

# --- a side that leaves its group (setsid, sudo with a pty, systemd-run):
# the hung child it left is killed and reaped too, by the end or on ^C
beside "$OSBENCH" ab -q --timeout 3 "$OSBENCH" "setsid env OSBENCH_TEST_FAULT=null:hang $OSBENCH" null
check "ab side in a session of its own: exit 1" [ "$rc" -eq 1 ]
check "ab side in a session of its own: stderr says it timed out" grep -qF "side B: null: timed out after 3 s" "$work/err"
check "ab side in a session of its own: no process left" [ -z "$left" ]
check "ab side in a session of its own: the bystander lives" [ "$bystander" = alive ]
check "ab side in a session of its own: nothing left" tmp_empty
BESIDE_SIGNAL=INT beside "$OSBENCH" ab -q --timeout 30 "$OSBENCH" "setsid env OSBENCH_TEST_FAULT=null:hang $OSBENCH" null
check "ab SIGINT, a side in a session of its own: ends by the signal" [ "$rc" -eq 130 ]
check "ab SIGINT, a side in a session of its own: no process left" [ -z "$left" ]
check "ab SIGINT, a side in a session of its own: the bystander lives" [ "$bystander" = alive ]
check "ab SIGINT, a side in a session of its own: nothing left" tmp_empty

# --- a side that crashes
run ab -q "env OSBENCH_TEST_FAULT=null:crash $OSBENCH" "$OSBENCH" null
check "ab side crashing: exit 1" [ "$rc" -eq 1 ]
check "ab side crashing: killed by a signal" grep -qF "side A: null: killed by signal 11" "$work/err"
check "ab side crashing: nothing left" tmp_empty

# --- interrupted: both sides' children go, and the private directory
OSBENCH_TEST_FAULT=stat:hang "$OSBENCH" ab "$OSBENCH" "$OSBENCH" null stat >"$work/out" 2>"$work/err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
rc=$?
check "ab SIGINT ends by the signal" [ "$rc" -eq 130 ]
check "ab SIGINT leaves no temp directory" tmp_empty
check "ab SIGINT leaves no process" no_process_left
check "ab SIGINT prints no results" [ ! -s "$work/out" ]
finish
