#!/bin/sh
# fleet.sh - run osbench on several hosts over OpenSSH, in parallel, and
# print the comparison of their results.
#
# usage: scripts/fleet.sh [-i | -b BIN] [-t SECONDS] [-o DIR] [-a "ARGS"]
#                         [-p PORT] [-l USER] [-F SSH_CONFIG] HOST...
#
#   HOST       what ssh connects to (a name, an address or a Host alias of the
#              ssh config); it is also the label: the Host cell of the tables
#              (osbench run --label HOST) and the result file DIR/HOST-YYYYMMDD.tsv
#              (YYYYMMDD: today's local date; an older file of that name is replaced)
#   -b BIN     the local osbench build to copy to each host (default: the
#              project's ./osbench); its exec helper osbench-helper must be beside
#              it or in ../libexec/osbench/.  Both go to a private `mktemp -d`
#              directory on the remote, removed afterwards, also on timeout
#   -i         use the osbench installed on each remote PATH instead of copying
#   -t SECONDS per-host limit on the whole visit: connect, copy, run, fetch
#              (default 300); a host over it is stopped and reported
#   -o DIR     where result files go (default: the project's results/)
#   -a "ARGS"  extra arguments for `osbench run`, e.g. "--quick" or "--quick syscall";
#              split into words at blanks (no quotes, no globbing) and each word
#              sent quoted: nothing in them is interpreted by a shell
#   -p PORT, -l USER, -F SSH_CONFIG   passed to ssh
#   -h         this help
#
# ssh runs with BatchMode=yes (no password prompts) and ConnectTimeout (10 s,
# or -t if shorter); host key checking is whatever the ssh config says.
# The remote needs a POSIX login shell, mktemp, tar (unless -i) and, for -b,
# a machine that can run the copied binary.
#
# Output: stdout has `osbench compare` of the collected files (with a single
# file, that file).  stderr has one line per host that failed (unreachable,
# ssh refused, timed out, osbench could not run), the hosts' own messages
# prefixed "HOST: ", and a summary.  A result file appears in DIR only
# complete: it is fetched into a private temp directory and renamed into place.
# Exit status: 0 every host produced a result file; 1 some did not; 2 bad
# usage.  A failing `osbench compare` is reported on stderr and does not
# change the status, which is about the hosts.
set -u

prog=fleet
usage_line='usage: fleet.sh [-i | -b BIN] [-t SECONDS] [-o DIR] [-a "ARGS"] [-p PORT] [-l USER] [-F SSH_CONFIG] HOST...'
here=$(cd "$(dirname "$0")" && pwd) || exit 2
top=$(dirname "$here")

die_usage() { # MESSAGE
	printf '%s: %s\n%s\n' "$prog" "$1" "$usage_line" >&2
	exit 2
}

# quote WORD: WORD as one single-quoted shell word, for the remote shell
quote() {
	q_rest=$1 q_out=
	while :; do
		case $q_rest in
		*\'*)
			q_out="$q_out${q_rest%%\'*}'\\''"
			q_rest=${q_rest#*\'}
			;;
		*) break ;;
		esac
	done
	printf "'%s%s'" "$q_out" "$q_rest"
}

is_uint() { case $1 in '' | *[!0-9]*) return 1 ;; *) return 0 ;; esac; }

bin='' installed=0 limit=300 outdir=$top/results extra='' port='' user='' config=''
while getopts b:it:o:a:p:l:F:h opt; do
	case $opt in
	b) bin=$OPTARG ;;
	i) installed=1 ;;
	t) limit=$OPTARG ;;
	o) outdir=$OPTARG ;;
	a) extra=$OPTARG ;;
	p) port=$OPTARG ;;
	l) user=$OPTARG ;;
	F) config=$OPTARG ;;
	h)
		sed -n '2,/^set -u$/{/^set -u$/d;s/^# \{0,1\}//;p;}' "$0"
		exit 0
		;;
	*) die_usage "bad option" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || die_usage "no HOST given"

if ! is_uint "$limit" || [ "$limit" -eq 0 ]; then
	die_usage "-t: '$limit' is not a positive number of seconds"
fi
[ -z "$port" ] || { is_uint "$port" && [ "$port" -ge 1 ] && [ "$port" -le 65535 ]; } ||
	die_usage "-p: '$port' is not a port number"
[ -z "$config" ] || [ -r "$config" ] || die_usage "-F: '$config' cannot be read"
case $user in -*) die_usage "-l: '$user' is not a user name" ;; esac
[ -n "$outdir" ] || die_usage "-o: empty directory name"
if [ "$installed" -eq 1 ] && [ -n "$bin" ]; then
	die_usage "-i and -b exclude each other"
fi

# the osbench that runs compare here, and that is copied unless -i
cmp_bin=
if [ -n "$bin" ] || [ "$installed" -eq 0 ]; then
	[ -n "$bin" ] || bin=$top/osbench
	if [ ! -f "$bin" ] || [ ! -x "$bin" ]; then
		die_usage "-b: '$bin' is not an executable osbench (build it with make)"
	fi
	cmp_bin=$bin
	case $bin in /*) ;; *) cmp_bin=$(pwd)/$bin ;; esac
elif [ -x "$top/osbench" ]; then
	cmp_bin=$top/osbench
elif command -v osbench >/dev/null 2>&1; then
	cmp_bin=osbench
fi
helper=
if [ "$installed" -eq 0 ]; then
	bindir=$(dirname "$bin")
	for h in "$bindir/osbench-helper" "$bindir/../libexec/osbench/osbench-helper"; do
		if [ -f "$h" ] && [ -x "$h" ]; then helper=$h && break; fi
	done
	[ -n "$helper" ] || die_usage "-b: no osbench-helper beside '$bin' or in ../libexec/osbench/"
fi

# the words of -a, each quoted for the remote shell; -o would take the
# result away from us
set -f
rargs='' own_label=0
for w in $extra; do
	case $w in
	-o* | --output | --output=*) die_usage "-a: '$w': fleet.sh chooses where the result goes (see -o)" ;;
	-l* | --label | --label=*) own_label=1 ;;
	esac
	rargs="$rargs $(quote "$w")"
done
set +f

# hosts: not empty, not an ssh option, one result file each
day=$(date +%Y%m%d)
name_of() { # HOST: its result file's name
	printf '%s-%s.tsv' "$(printf '%s' "$1" | tr -c 'A-Za-z0-9._@:-' '_')" "$day"
}
names=
for h in "$@"; do
	case $h in
	'') die_usage "an empty HOST" ;;
	-*) die_usage "'$h' is not a host" ;;
	esac
	n=$(name_of "$h")
	case " $names " in *" $n "*) die_usage "'$h' is given twice" ;; esac
	names="$names $n"
done

[ -d "$outdir" ] || mkdir -p "$outdir" || die_usage "-o: cannot make '$outdir'"

ct=10
[ "$limit" -lt "$ct" ] && ct=$limit

tmp=$(mktemp -d "${TMPDIR:-/tmp}/osbench-fleet.XXXXXX") || exit 2
workers=''
# shellcheck disable=SC2317 # called by the traps
on_signal() { # STATUS
	trap '' INT TERM HUP
	for p in $workers; do kill -TERM "$p" 2>/dev/null; done
	wait 2>/dev/null
	rm -rf "$tmp"
	echo "$prog: interrupted; the results that came in are in $outdir" >&2
	exit "$1"
}
trap 'rm -rf "$tmp"' EXIT
trap 'on_signal 130' INT
trap 'on_signal 143' TERM
trap 'on_signal 129' HUP

mode=installed
if [ "$installed" -eq 0 ]; then
	mode=copy
	if ! { mkdir "$tmp/stage" &&
		cp "$bin" "$tmp/stage/osbench" &&
		cp "$helper" "$tmp/stage/osbench-helper" &&
		(cd "$tmp/stage" && tar -cf ../payload.tar osbench osbench-helper); }; then
		echo "$prog: cannot pack '$bin' and '$helper'" >&2
		exit 2
	fi
fi

# A token that names this visit's remote directories, so that a cleanup
# connection finds them even when the run connection died before saying where.
token=$(od -An -N6 -tx1 /dev/urandom 2>/dev/null | tr -dc '0-9a-f')
[ -n "$token" ] || token=$$

# The remote side, run by `sh -c` with arguments TOKEN LIMIT MODE LABEL ARGS...
# (LABEL empty: ARGS has its own).  Everything lives in one private
# directory that this script removes on every way out.  osbench runs in the
# background with TMPDIR pointing into the directory and is stopped after
# LIMIT seconds, the same limit as here, so a lost connection cannot leave
# it running.  On stdout, the result file follows a line "osbench-fleet:
# result" (whatever a login script may print comes before).
# shellcheck disable=SC2016
remote_run='token=$1 limit=$2 mode=$3 label=$4
shift 4
[ -z "$label" ] || set -- --label "$label" "$@"
umask 077
d=$(mktemp -d "${TMPDIR:-/tmp}/osbench-fleet.$token.XXXXXX") || exit 125
p=""
finish() {
	if [ -n "$p" ]; then kill -TERM "$p" 2>/dev/null; wait "$p" 2>/dev/null; fi
	cd / && rm -rf "$d"
}
trap "finish; exit 143" TERM
trap "finish; exit 129" HUP
trap "finish; exit 130" INT
echo "$$" >"$d/sh.pid" || { rm -rf "$d"; exit 125; }
echo "osbench-fleet: ready" >&2
if [ "$mode" = copy ]; then
	(cd "$d" && tar -x -o -f -) || { echo "osbench-fleet: cannot unpack osbench into $d" >&2; finish; exit 125; }
	bin=$d/osbench
else
	bin=$(command -v osbench) || { echo "osbench-fleet: no osbench on the PATH ($PATH)" >&2; finish; exit 127; }
fi
TMPDIR=$d
export TMPDIR
"$bin" run -o "$d/result" "$@" </dev/null &
p=$!
echo "$p" >"$d/osbench.pid"
n=0 late=""
while kill -0 "$p" 2>/dev/null; do
	if [ "$n" -ge "$((limit * 10))" ]; then
		late=1
		kill -TERM "$p" 2>/dev/null
		break
	elif [ "$n" -lt 50 ] && sleep 0.1 2>/dev/null; then
		n=$((n + 1))
	else
		sleep 1
		n=$((n + 10))
	fi
done
wait "$p" 2>/dev/null
rc=$?
p=""
trap "" PIPE
if [ -n "$late" ]; then
	echo "osbench-fleet: timed out after $limit s" >&2
	rc=124
elif [ "$rc" -le 1 ] && [ -s "$d/result" ]; then
	echo "osbench-fleet: result"
	cat "$d/result" || rc=125
elif [ "$rc" -le 1 ]; then
	echo "osbench-fleet: osbench wrote no result" >&2
	rc=125
fi
finish
exit "$rc"'

# The cleanup connection, with argument TOKEN: stop the remote shell of this
# visit (it stops osbench and removes its directory), then make sure.
# shellcheck disable=SC2016
remote_clean='for d in "${TMPDIR:-/tmp}"/osbench-fleet."$1".*; do
	[ -d "$d" ] || continue
	p=$(cat "$d/sh.pid" 2>/dev/null)
	if [ -n "$p" ] && kill -TERM "$p" 2>/dev/null; then
		i=0
		while [ -d "$d" ] && [ "$i" -lt 50 ]; do
			sleep 0.1 2>/dev/null || sleep 1
			i=$((i + 1))
		done
		q=$(cat "$d/osbench.pid" 2>/dev/null)
		[ ! -d "$d" ] || kill -KILL "$p" ${q:+"$q"} 2>/dev/null
	fi
	rm -rf "$d"
done'

ssh_to() { # HOST COMMAND
	ssh -T -o BatchMode=yes -o "ConnectTimeout=$ct" ${config:+-F "$config"} \
		${port:+-p "$port"} ${user:+-l "$user"} -- "$1" "$2"
}

# wait_limited SECONDS PID: wait for the child PID, but stop it with TERM
# after about SECONDS; its exit status, and wl_late=1 if it was stopped.
# Polling in the foreground (every 0.1 s for 5 s, then every second): a
# watchdog process could outlive us.
wait_limited() {
	wl_n=0 wl_late=0
	while kill -0 "$2" 2>/dev/null; do
		if [ "$wl_n" -ge $(($1 * 10)) ]; then
			wl_late=1
			kill -TERM "$2" 2>/dev/null
			break
		elif [ "$wl_n" -lt 50 ] && sleep 0.1 2>/dev/null; then
			wl_n=$((wl_n + 1))
		else
			sleep 1
			wl_n=$((wl_n + 10))
		fi
	done
	wait "$2" 2>/dev/null
}

# worker N HOST: one host's visit; leaves $tmp/N.report (lines for stderr)
# and $tmp/N.ok when DIR/NAME holds its result
worker() {
	w_i=$1 w_host=$2 w_name=$3
	w_pfx=$tmp/$w_i
	w_ssh='' w_part=''
	w_stdin=/dev/null
	[ "$mode" = copy ] && w_stdin=$tmp/payload.tar
	trap 'w_stop interrupted' TERM

	w_label=$w_host
	[ "$own_label" -eq 0 ] || w_label=''
	ssh_to "$w_host" "sh -c $(quote "$remote_run") osbench-fleet $(quote "$token-$w_i") $limit $mode $(quote "$w_label")$rargs" \
		<"$w_stdin" >"$w_pfx.out" 2>"$w_pfx.err" &
	w_ssh=$!
	wait_limited "$limit" "$w_ssh"
	w_rc=$?
	w_ssh=''

	# the hosts' own messages, without the remote side's marker
	grep -v '^osbench-fleet: ready$' "$w_pfx.err" | sed "s/^/$(printf '%s' "$w_host" | sed 's/[\\/&]/\\&/g'): /" >"$w_pfx.report"
	w_last=$(grep -v '^osbench-fleet: ready$' "$w_pfx.err" | sed '/^[[:space:]]*$/d' | tail -n 1)
	w_started=0
	grep -q '^osbench-fleet: ready$' "$w_pfx.err" && w_started=1

	if [ "$wl_late" -eq 1 ] && [ "$w_rc" -gt 1 ]; then
		w_stop "timed out after $limit s"
	fi
	case $w_rc in
	0 | 1)
		awk 'f { print } !f && $0 == "osbench-fleet: result" { f = 1 }' "$w_pfx.out" >"$w_pfx.tsv"
		if ! grep -q '^osbench-fleet: result$' "$w_pfx.out" || [ ! -s "$w_pfx.tsv" ]; then
			w_say "no result came back"
			return
		fi
		if ! { w_part=$(mktemp "$outdir/.$w_name.XXXXXX") &&
			cat "$w_pfx.tsv" >"$w_part" &&
			chmod 644 "$w_part" &&
			mv -f "$w_part" "$outdir/$w_name"; }; then
			rm -f "$w_part"
			w_say "cannot write '$outdir/$w_name'"
			return
		fi
		w_part=
		: >"$w_pfx.ok"
		[ "$w_rc" -eq 0 ] || w_say "some figures failed (their cells say fail): $outdir/$w_name"
		;;
	124) w_say "timed out after $limit s (stopped on the remote side)" ;;
	125) w_say "could not set up the run: $w_last" ;;
	126 | 127) w_say "cannot run osbench there (exit $w_rc): $w_last" ;;
	255)
		if [ "$w_started" -eq 1 ]; then
			w_clean
			w_say "connection lost: $w_last"
		else
			# ssh's one line says it all
			[ "$(wc -l <"$w_pfx.report")" -gt 1 ] || : >"$w_pfx.report"
			case $w_last in
			*"connect to host"* | *"Could not resolve"* | *"Connection timed out"* | \
				*"No route to host"* | *"Network is unreachable"* | *"Connection refused"*)
				w_say "unreachable: $w_last" ;;
			*) w_say "ssh failed: $w_last" ;;
			esac
		fi
		;;
	*) w_say "osbench run failed (exit $w_rc): $w_last" ;;
	esac
}

w_say() { # REASON: the report's first line
	printf '%s: %s: %s\n' "$prog" "$w_host" "$1" >"$w_pfx.head"
}

# w_clean: a second connection stops what is left of this visit remotely
w_clean() {
	ssh_to "$w_host" "sh -c $(quote "$remote_clean") osbench-fleet $(quote "$token-$w_i")" \
		</dev/null >/dev/null 2>"$w_pfx.clean.err" &
	wait_limited 30 "$!" || printf '%s: %s: could not clean up there (osbench-fleet.%s.* in its temp directory): %s\n' \
		"$prog" "$w_host" "$token-$w_i" \
		"$(tail -n 1 "$w_pfx.clean.err")" >>"$w_pfx.report"
}

# w_stop REASON: end the visit early (timeout or interrupt) and clean up
w_stop() {
	trap '' TERM
	[ -z "$w_ssh" ] || kill -TERM "$w_ssh" 2>/dev/null
	wait 2>/dev/null
	[ -z "$w_part" ] || rm -f "$w_part"
	w_clean
	w_say "$1"
	exit 0
}

i=0
for h in "$@"; do
	i=$((i + 1))
	worker "$i" "$h" "$(name_of "$h")" &
	workers="$workers $!"
done
for p in $workers; do wait "$p"; done

# the report, in the order the hosts were given
i=0 good=0 files=
for h in "$@"; do
	i=$((i + 1))
	n=$(name_of "$h")
	[ -f "$tmp/$i.head" ] && cat "$tmp/$i.head" >&2
	[ -f "$tmp/$i.report" ] && cat "$tmp/$i.report" >&2
	if [ -f "$tmp/$i.ok" ]; then
		good=$((good + 1))
		files="$files$n
"
	fi
done

status=0
[ "$good" -eq $# ] || status=1
echo "$prog: $good of $# hosts produced results in $outdir" >&2
[ "$good" -gt 0 ] || exit "$status"

# compare what came in; the file names have no blanks or newlines
set -f
old_ifs=$IFS
IFS='
'
# shellcheck disable=SC2086
set -- $files
IFS=$old_ifs
set +f
if [ $# -eq 1 ]; then
	cat "$outdir/$1"
elif [ -z "$cmp_bin" ]; then
	echo "$prog: no local osbench to compare the results with (build one with make, or put one on the PATH)" >&2
else
	(cd "$outdir" && "$cmp_bin" compare "$@")
	crc=$?
	[ "$crc" -eq 0 ] || echo "$prog: osbench compare failed (exit $crc); the results are in $outdir" >&2
fi
exit "$status"
