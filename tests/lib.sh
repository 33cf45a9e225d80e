# Shared by the command-line tests: sourced, not run.
# Every check prints "ok NAME", "FAIL NAME: detail" or "skip NAME: reason",
# and a script's last line is "end SCRIPT" (finish): tests/run fails a
# script that stopped before it, so an early exit cannot lose checks.
set -u
: "${OSBENCH:?set OSBENCH to the osbench binary under test}"

T=$(printf '\t')
# Tests that drop privileges run the binary from $work as another user, so
# every directory above $work must be searchable by others; a TMPDIR such
# as the 0700 one mktemp -d makes is not, and the work goes to /tmp then.
others_can_reach() { # DIR
	d=$1
	while :; do
		case $(ls -ld "$d" 2>/dev/null | cut -c10) in x | t) ;; *) return 1 ;; esac
		[ "$d" = / ] && return 0
		d=$(dirname "$d")
	done
}
base=${TMPDIR:-/tmp}
others_can_reach "$base" || base=/tmp
work=$(mktemp -d "$base/osbench-test.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
# a private copy of the binary and its helper: "no process left" then
# means ours, whatever else runs on the machine
mkdir "$work/bin"
cp "$OSBENCH" "$work/bin/osbench" || exit 2
cp "$(dirname "$OSBENCH")/osbench-helper" "$work/bin/osbench-helper" || exit 2
OSBENCH="$work/bin/osbench"
# each run gets a private TMPDIR, so leftovers can be seen
export TMPDIR="$work/tmp"
mkdir "$TMPDIR"

ok() { echo "ok $*"; }
fail() { echo "FAIL $*"; }
skip() { echo "skip $*"; }
# the last line of every script; end_here where a script stops on purpose
# (after a skip line saying why, or a FAIL that makes the rest pointless)
finish() { echo "end $(basename "$0")"; }
end_here() {
	finish
	exit 0
}
check() { # NAME CONDITION-COMMAND...: the condition's outcome, said and returned
	name=$1
	shift
	if "$@"; then
		ok "$name"
		return 0
	fi
	fail "$name: '$*' was false"
	return 1
}

# have PROG: whether PROG is on the PATH.  Where it is not, the checks
# that need it go untried, and one skip line a script says so (CI
# installs every one of them).
_have_said=
have() {
	command -v "$1" >/dev/null 2>&1 && return 0
	case " $_have_said " in
	*" $1 "*) ;;
	*)
		skip "$(basename "$0"): the checks that need $1: it is not installed"
		_have_said="$_have_said $1"
		;;
	esac
	return 1
}

# root, and a command run as nobody (setpriv, util-linux)
is_root() { [ "$(id -u)" -eq 0 ]; }
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }

# run ARGS...: output in $work/out, errors in $work/err, status in $rc
run() {
	"$OSBENCH" "$@" >"$work/out" 2>"$work/err" </dev/null
	rc=$?
}

# the header row of a table, exactly
has_line() { grep -qxF "$1" "$work/out"; }

# the data row under a header: every cell after Host and OS (and Mhz) a
# positive number
# (the Mhz cell may be - where stderr said why: a busy machine's two
# clock chains disagreed)
row_positive() { # HEADER-LINE
	mhz_dash=0
	grep -q '^osbench: note: the Mhz cell is -: ' "$work/err" 2>/dev/null && mhz_dash=1
	awk -F'\t' -v h="$1" -v dash="$mhz_dash" '
		$0 == h { n = split(h, head, "\t"); getline; found = 1
			for (i = 3; i <= NF; i++) if (!(dash && head[i] == "Mhz" && $i == "-") &&
				($i !~ /^[0-9]+(\.[0-9]+)?$/ || $i + 0 <= 0)) bad++
			if (NF < 3) bad++ }
		END { exit !(found && !bad) }' "$work/out"
}

# the cell under a given header cell in the row after the header line
cell() { # HEADER-LINE COLUMN-NAME
	awk -F'\t' -v h="$1" -v c="$2" '
		$0 == h { for (i = 1; i <= NF; i++) if ($i == c) col = i; getline; print $col; exit }' "$work/out"
}

# wait_until SECONDS CMD...: run CMD every 0.1 s until it succeeds, for
# at most SECONDS; its status is CMD's last
wait_until() {
	n=$(($1 * 10))
	shift
	until "$@"; do
		[ "$n" -gt 0 ] || return 1
		sleep 0.1
		n=$((n - 1))
	done
}

# until_listening FILE: wait up to 10 s (a loaded machine, a sanitized
# build) for osbench serve's "listening on" line in FILE; its signal
# handlers are in place once it has printed it
until_listening() { wait_until 10 grep -qs "listening on" "$1"; }

# nothing left in the private TMPDIR
tmp_empty() { [ -z "$(ls -A "$TMPDIR")" ]; }

# no process still running this binary (children keep its name when forked)
no_process_left() {
	sleep 0.2
	! ps -eo args= | awk -v b="$OSBENCH" '$1 == b { found = 1 } END { exit !found }'
}

# beside COMMAND...: run COMMAND (out, err and rc as run does) beside a
# bystander, in a pid namespace of its own where one can be made (root):
# a kill gone astray can reach nothing outside it, and its end takes
# whatever the run left.  With BESIDE_SIGNAL=SIG the run is sent SIG
# after a second.  Then $left lists the processes of this binary still
# running after it (none may be) and $bystander says whether the
# bystander lived ("alive").
beside() {
	rm -f "$work/alive" "$work/left"
	script='sleep 600 & by=$!
		if [ -n "$SIG" ]; then
			"$@" >"$W/out" 2>"$W/err" </dev/null &
			sleep 1
			kill "-$SIG" $! 2>/dev/null
			wait $!
		else
			"$@" >"$W/out" 2>"$W/err" </dev/null
		fi
		echo $? >"$W/rc"
		sleep 0.3
		kill -0 $by 2>/dev/null && echo alive >"$W/alive"
		ps -eo pid=,args= | awk -v b="$B" "\$2 == b" >"$W/left"
		kill $by'
	if [ "$(id -u)" -eq 0 ] && unshare -pf --mount-proc true 2>/dev/null; then
		W=$work B=$OSBENCH SIG=${BESIDE_SIGNAL:-} unshare -pf --mount-proc sh -c "$script" sh "$@"
	else
		W=$work B=$OSBENCH SIG=${BESIDE_SIGNAL:-} sh -c "$script" sh "$@"
		# what a failed run left must not outlive the test
		awk '{ print $1 }' "$work/left" | xargs -r kill -9 2>/dev/null
	fi
	rc=$(cat "$work/rc")
	left=$(awk '{ $1 = ""; print }' "$work/left")
	bystander=$(cat "$work/alive" 2>/dev/null)
}

# a cell that is a positive number (not fail, not -, not empty)
positive() { awk -v v="$1" 'BEGIN { exit !(v ~ /^[0-9]+(\.[0-9]+)?$/ && v + 0 > 0) }'; }

one_line_stderr() { [ "$(grep -vc "^osbench: note: the Mhz cell is -: " "$work/err")" -eq 1 ]; }

# mkruns FILE [HOST-LINE...]: a long file, the one builder of the check
# tests' fixtures; figures on stdin, one a line,
# TABLE|COLUMN|MODULE|UNIT|RUN,RUN,...[|FASTEST,FASTEST,...[|DISTORTED]]
# (the figure the runs' median; each run's fastest sample and why the
# figure was distorted, - and no where not given), or
# TABLE|COLUMN|MODULE|UNIT|fail|REASON
mkruns() {
	mk_file=$1
	shift
	{
		printf '# osbench 0.2.0\n# host: alpha\n'
		for kv in "$@"; do printf '# %s\n' "$kv"; done
		printf 'table\tcolumn\tmodule\tparams\tmedian_us\tstatus\treason\tunit\truns\trun_values_us\trun_fastest_us\tdistorted\n'
		awk -F'|' 'BEGIN { OFS = "\t" }
			$5 == "fail" { print $1, $2, $3, "-", "-", "fail", $6, $4, "-", "-", "-", "no"; k++; next }
			{ n = split($5, v, ",")
			  for (i = 1; i <= n; i++) s[i] = v[i] + 0
			  for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (s[j] < s[i]) { t = s[i]; s[i] = s[j]; s[j] = t }
			  med = n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
			  print $1, $2, $3, "-", sprintf("%.6g", med), "ok", "-", $4, n, $5,
				(NF >= 6 ? $6 : "-"), (NF >= 7 ? $7 : "no"); k++ }
			END { printf "# end: %d figures\n", k }'
	} >"$mk_file"
}
# json_ok NAME [FILE], xml_ok NAME [FILE]: FILE (by default the last
# command's stdout) decodes as JSON, is well-formed XML; untried where
# python3, xmllint is not installed (have says so once)
json_ok() {
	have python3 || return 0
	check "$1" python3 -c 'import json, sys; json.load(open(sys.argv[1], encoding="utf-8"))' "${2:-$work/out}"
}
xml_ok() {
	have xmllint || return 0
	check "$1" xmllint --noout "${2:-$work/out}"
}
# refused NAME MESSAGE ARGS...: bad usage or input, exit 2, one line on
# stderr holding MESSAGE, nothing on stdout
refused() {
	what=$1 want=$2
	shift 2
	run "$@"
	check "$what exits 2" [ "$rc" -eq 2 ]
	check "$what: one line saying why" sh -c 'grep -qF -- "$1" "$2" && [ "$(grep -vc "^osbench: note: the Mhz cell is -: " "$2")" -eq 1 ]' _ "$want" "$work/err"
	check "$what: nothing on stdout" [ ! -s "$work/out" ]
}

# col FILE NAME [FIRST]: the field number of column NAME in FILE's first
# header row, the row whose first cell is FIRST (default "table", the long
# format's); nothing when there is no such column
col() {
	awk -F'\t' -v n="$2" -v first="${3:-table}" '
		$1 == first { for (i = 1; i <= NF; i++) if ($i == n) { print i; break }; exit }' "$1"
}

# by_name FIRST PROGRAM FILE: awk PROGRAM over the data rows under FILE's
# first header row whose first cell is FIRST (comment and blank lines
# left out), where f("NAME") is the cell of column NAME: a reader finds
# columns by name, never by position. A NAME the header lacks fails the
# call (status 3) and says so on stderr.
by_name() {
	_bn_first=$1 _bn_prog=$2 _bn_file=$3
	_bn_missing=$(printf '%s\n' "$_bn_prog" | grep -o 'f("[^"]*")' | sed 's/^f("//; s/")$//' | sort -u |
		while IFS= read -r name; do [ -n "$(col "$_bn_file" "$name" "$_bn_first")" ] || printf "'%s' " "$name"; done)
	if [ -n "$_bn_missing" ]; then
		echo "# by_name: no column $_bn_missing under the '$_bn_first' header of '$_bn_file'" >&2
		return 3
	fi
	awk -F'\t' -v first="$_bn_first" '
		function f(name) { return $(c[name]) }
		!h && $1 == first { h = 1; for (i = 1; i <= NF; i++) c[$i] = i; next }
		!h || /^#/ || NF == 0 { next }
		'"$_bn_prog" "$_bn_file"
}

# starved N ARGS...: osbench ARGS with every allocation after the Nth
# failing with ENOMEM (tests/nomem.c through LD_PRELOAD); out, err and rc
# as run gives them.  nomem_ready builds the allocator and says whether
# it reaches this build (not a static, sanitized or other libc's one)
nomem_ready() {
	nomem=$work/nomem.so
	[ "$(uname -s)" = Linux ] && cc -shared -fPIC -o "$nomem" "$(dirname "$0")/nomem.c" 2>/dev/null &&
		starved 1000000000 run -q null && [ "$rc" -eq 0 ] && starved 5 run -q null && [ "$rc" -ne 0 ]
}
starved() {
	n=$1
	shift
	NOMEM_AFTER=$n LD_PRELOAD=$nomem "$OSBENCH" "$@" >"$work/out" 2>"$work/err" </dev/null
	rc=$?
}
# a run's file of two figures: whole when it closes with both
whole_run() { [ "$(tail -n 1 "$1")" = "# end: 2 figures" ]; }
