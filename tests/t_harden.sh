#!/bin/sh
# Hostile-user cases: output files through links and with their modes,
# results kept when the output cannot be written, extreme values in plot,
# non-regular inputs, a small stack, few descriptors, SIGHUP and SIGQUIT,
# and serve at its descriptor limit.
. "$(dirname "$0")/lib.sh"

has_root_tools() { is_root && command -v setpriv >/dev/null 2>&1; }
SEED="$(dirname "$0")/../results/seeds/xeon-3.06-linux-2.4.tsv"
SEED2="$(dirname "$0")/../results/seeds/opteron-850-linux-2.6.tsv"

# a private directory every user can traverse, whatever TMPDIR's mode
d="$work/pub"
mkdir "$d"
chmod 755 "$work" "$d"

# the only entries of DIR are exactly NAMES (sorted, space-separated)
only() { # DIR NAMES
	[ "$(ls -A "$1" | sort | tr '\n' ' ')" = "$2 " ]
}
# bounded_wait PID: its exit status, or 255 after killing it when it is
# still running 10 s on (a signal it ignored must not hang the tests)
bounded_wait() {
	n=0
	while kill -0 "$1" 2>/dev/null && [ "$n" -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
	if kill -0 "$1" 2>/dev/null; then
		kill -KILL "$1"
		wait "$1"
		return 255
	fi
	wait "$1"
}
is_result() { head -n 1 "$1" 2>/dev/null | grep -q '^# osbench '; }

# --- 1. -o through a symbolic link
mkdir "$d/l"
echo old >"$d/l/real.tsv"
ln -s real.tsv "$d/l/link.tsv"
run run -q null -o "$d/l/link.tsv"
check "harden -o link: exits 0" [ "$rc" -eq 0 ]
check "harden -o link: the link stays a link" [ -L "$d/l/link.tsv" ]
check "harden -o link: the target holds the results" is_result "$d/l/real.tsv"
check "harden -o link: nothing else left" only "$d/l" "link.tsv real.tsv"

ln -s gone.tsv "$d/l/dangling.tsv"
run run -q null -o "$d/l/dangling.tsv"
check "harden -o dangling link: exits 0" [ "$rc" -eq 0 ]
check "harden -o dangling link: the link stays a link" [ -L "$d/l/dangling.tsv" ]
check "harden -o dangling link: the target is created" is_result "$d/l/gone.tsv"

# a chain of links into another directory: the temporary goes beside the
# final target, so only that directory needs to be writable
mkdir "$d/l/far"
echo old >"$d/l/far/final.tsv"
ln -s far/final.tsv "$d/l/hop2"
ln -s hop2 "$d/l/hop1"
if has_root_tools; then
	chmod 555 "$d/l"
	chmod 777 "$d/l/far"
	chmod 666 "$d/l/far/final.tsv"
	mkdir "$d/ntmp"
	chmod 777 "$d/ntmp"
	TMPDIR="$d/ntmp" as_nobody "$OSBENCH" run -q null -o "$d/l/hop1" >"$work/out" 2>"$work/err"
	rc=$?
	chmod 755 "$d/l"
	check "harden -o link chain: exits 0 with only the target's directory writable" [ "$rc" -eq 0 ]
	check "harden -o link chain: written through" is_result "$d/l/far/final.tsv"
	check "harden -o link chain: links kept" sh -c '[ -L "$1/hop1" ] && [ -L "$1/hop2" ]' _ "$d/l"
	check "harden -o link chain: no temporary left" only "$d/l/far" "final.tsv"
else
	echo "skip harden -o link chain: needs root and setpriv to drop privileges"
fi

# a link to a descriptor of ours (as /dev/stdout is): written in place
ln -s /proc/self/fd/1 "$d/l/fd1"
if [ -e /proc/self/fd/1 ]; then
	"$OSBENCH" run -q null -o "$d/l/fd1" >"$d/l/captured" 2>"$work/err"
	rc=$?
	check "harden -o link to /proc/self/fd/1: exits 0" [ "$rc" -eq 0 ]
	check "harden -o link to /proc/self/fd/1: the link stays" [ -L "$d/l/fd1" ]
	check "harden -o link to /proc/self/fd/1: stdout's file holds the results" is_result "$d/l/captured"
	"$OSBENCH" run -q null -o /dev/stdout 2>"$work/err" | cat >"$work/out"
	check "harden -o /dev/stdout into a pipe" is_result "$work/out"
	check "harden -o /dev/stdout stays a link or device" sh -c '[ -L /dev/stdout ] || [ -c /dev/stdout ]'
else
	echo "skip harden -o link to /proc/self/fd/1: no /proc here"
fi

# --- 2. modes and owners of -o files
umask_run() { # UMASK FILE
	(umask "$1" && exec "$OSBENCH" run -q null -o "$2") >/dev/null 2>&1
}
umask_run 077 "$d/m077.tsv"
check "harden -o new file, umask 077: mode 600" [ "$(stat -c %a "$d/m077.tsv")" = 600 ]
umask_run 002 "$d/m002.tsv"
check "harden -o new file, umask 002: mode 664" [ "$(stat -c %a "$d/m002.tsv")" = 664 ]
umask_run 022 "$d/m022.tsv"
check "harden -o new file, umask 022: mode 644" [ "$(stat -c %a "$d/m022.tsv")" = 644 ]
echo old >"$d/m600.tsv"
chmod 600 "$d/m600.tsv"
umask_run 022 "$d/m600.tsv"
check "harden -o existing 0600 file keeps 600" [ "$(stat -c %a "$d/m600.tsv")" = 600 ]
check "harden -o existing 0600 file replaced" is_result "$d/m600.tsv"
echo old >"$d/m640.tsv"
chmod 640 "$d/m640.tsv"
ln -s m640.tsv "$d/m640.link"
umask_run 077 "$d/m640.link"
check "harden -o through a link keeps the target's 640" [ "$(stat -c %a "$d/m640.tsv")" = 640 ]
if is_root; then
	echo old >"$d/owned.tsv"
	chown 65534:65534 "$d/owned.tsv"
	umask_run 022 "$d/owned.tsv"
	check "harden -o as root keeps the file's owner and group" [ "$(stat -c %u:%g "$d/owned.tsv")" = 65534:65534 ]
	check "harden -o as root still replaced the content" is_result "$d/owned.tsv"
else
	echo "skip harden -o keeps the owner: needs root"
fi

# --- 3. the output cannot be written at commit: results go to stdout
rescued() { # NAME TARGET [STATUS]: after a run with -o TARGET
	check "harden $1: exit 2" [ "$rc" -eq "${3:-2}" ]
	check "harden $1: the reason in one line" [ "$(grep -c "output '" "$work/err")" -eq 1 ]
	check "harden $1: stderr says where the results went" grep -q "output '$2': .*; the results are on standard output instead" "$work/err"
	check "harden $1: the results are on stdout" is_result "$work/out"
}
run run -q null -o /dev/full
rescued "-o /dev/full" /dev/full
run compare "$SEED" "$SEED2" -o /dev/full
check "harden compare -o /dev/full: exit 2" [ "$rc" -eq 2 ]
check "harden compare -o /dev/full: results on stdout" grep -q '^# syscall' "$work/out"
check "harden compare -o /dev/full: says so" grep -q "compare: output '/dev/full': .*; the results are on standard output instead" "$work/err"
run plot "$SEED" -o /dev/full
check "harden plot -o /dev/full: the picture is on stdout" grep -q '^</svg>$' "$work/out"
check "harden plot -o /dev/full: says so" grep -q "plot: output '/dev/full': .*; the results are on standard output instead" "$work/err"

# a regular file that cannot grow (a file size limit: EFBIG on write)
mkdir "$d/fs"
echo old >"$d/fs/keep.tsv"
# limited() ARGS...: osbench under a 512-byte file size limit, SIGXFSZ
# ignored; stdout through a pipe (the limit would bind a file too)
limited() {
	{ (trap '' XFSZ && ulimit -f 1 && exec "$OSBENCH" "$@" 2>"$work/err" </dev/null)
	  echo $? >"$work/rc"; } | cat >"$work/out"
	rc=$(cat "$work/rc")
}
limited run -q -f long null -o "$d/fs/keep.tsv"
rescued "-o a file that cannot grow" "$d/fs/keep.tsv"
check "harden -o a file that cannot grow: the old file is whole" [ "$(cat "$d/fs/keep.tsv")" = old ]
check "harden -o a file that cannot grow: no temporary left" only "$d/fs" "keep.tsv"

# the same limit with SIGXFSZ at its default, as prlimit --fsize leaves
# it: no death by the signal, the same rescue
unlimited_sig() {
	{ (ulimit -f 1 && exec env --default-signal=XFSZ "$OSBENCH" "$@" 2>"$work/err" </dev/null)
	  echo $? >"$work/rc"; } | cat >"$work/out"
	rc=$(cat "$work/rc")
}
if env --default-signal=XFSZ true 2>/dev/null; then
	unlimited_sig run -q -f long null stat -o "$d/fs/keep.tsv"
	rescued "-o past the file-size limit, SIGXFSZ at its default" "$d/fs/keep.tsv"
	check "harden SIGXFSZ at its default: no temporary left" only "$d/fs" "keep.tsv"
	check "harden SIGXFSZ at its default: no private directory left" tmp_empty
else
	echo "skip harden SIGXFSZ at its default: env cannot reset a signal here"
fi

# a full file system, where this machine lets us mount one
mnt="$d/mnt"
mkdir "$mnt"
cleanup() { umount "$mnt" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
trap 'cleanup; exit 130' INT TERM HUP
if is_root && mount -t tmpfs -o size=64k tmpfs "$mnt" 2>/dev/null; then
	dd if=/dev/zero of="$mnt/fill" bs=4096 count=64 2>/dev/null
	run run -q null -o "$mnt/r.tsv"
	rescued "-o on a full file system" "$mnt/r.tsv"
	check "harden -o on a full file system: no temporary left" only "$mnt" "fill"
	umount "$mnt" || fail "harden tmpfs: could not unmount '$mnt'"
else
	echo "skip harden -o on a full file system: mounting a tmpfs is not permitted here"
fi

# --- 4. plot: extreme values are refused, never an endless axis
with_value() { # VALUE FILE: the seed with its null call cell replaced
	awk -F'\t' -v OFS='\t' -v v="$1" 'p { $4 = v; p = 0 } $4 == "null call" { p = 1 } { print }' \
		"$SEED" >"$2"
}
# past what a chart can show, though within what a measurement can give
# (values no measurement gives are refused by the reader: t_inputs.sh)
with_value 1e14 "$d/huge.tsv"
with_value 1e-8 "$d/tiny.tsv"
mkdir "$d/p"
# plot_refused WHAT NEEDLE ARGS...: a plot under a 10 MiB file size limit and a
# 30 s bound (the bug wrote gigabytes and ignored SIGTERM), refused with exit 2
plot_refused() { # WHAT NEEDLE ARGS...
	what=$1 needle=$2
	shift 2
	(ulimit -f 20480 && exec timeout -k 5 30 "$OSBENCH" plot "$@") >"$work/out" 2>"$work/err" </dev/null
	rc=$?
	check "harden plot $what: exit 2" [ "$rc" -eq 2 ]
	check "harden plot $what: one line naming file and figure" sh -c 'one() { [ "$(grep -vc "^osbench: note: the Mhz cell is -: " "$1")" -eq 1 ]; }
		one "$1" && grep -qF -- "$2" "$1"' _ "$work/err" "$needle"
	check "harden plot $what: nothing written" sh -c '[ ! -s "$1" ] && [ -z "$(ls -A "$2")" ]' _ "$work/out" "$d/p"
}
plot_refused "1e14" "osbench: plot: '$d/huge.tsv': syscall 'null call': 1e+14 is outside" "$d/huge.tsv" -o "$d/p/x.svg"
plot_refused "1e-8" "osbench: plot: '$d/tiny.tsv': syscall 'null call': 1e-08 is outside" "$d/tiny.tsv" -o "$d/p/x.svg"
plot_refused "huge and tiny --log" "'$d/huge.tsv': syscall 'null call'" --log "$d/huge.tsv" "$d/tiny.tsv" -o "$d/p/x.svg"
plot_refused "1e14 to stdout" "'$d/huge.tsv'" "$d/huge.tsv"
# an interrupt reaches a plot being written: no temporary is left
(ulimit -f 20480 && exec "$OSBENCH" plot "$d/huge.tsv" -o "$d/p/y.svg") >/dev/null 2>&1 &
pid=$!
sleep 0.3
kill -INT "$pid" 2>/dev/null
bounded_wait "$pid"
check "harden plot SIGINT: ended within 10 s" [ $? -ne 255 ]
check "harden plot SIGINT: no temporary left" [ -z "$(ls -A "$d/p")" ]
rm -f "$d/p"/*
# ordinary values still plot
with_value 0.25 "$d/normal.tsv"
run plot --log "$d/normal.tsv" "$SEED" -o "$d/p/ok.svg"
check "harden plot ordinary values: exit 0" [ "$rc" -eq 0 ]
check "harden plot ordinary values: a whole document" grep -q '^</svg>$' "$d/p/ok.svg"

# --- 5. a FIFO or other non-regular input is refused, never waited on
mkfifo "$d/fifo"
nonregular() { # NAME FILE ARGS...
	name=$1 file=$2
	shift 2
	timeout 20 "$OSBENCH" "$@" >"$work/out" 2>"$work/err" </dev/null
	rc=$?
	cmd=$1
	if [ "$rc" -eq 2 ] && [ "$(cat "$work/err")" = "osbench: $cmd: '$file': not a regular file" ]; then
		ok "harden $name"
	else
		fail "harden $name: exit $rc, stderr '$(head -c 200 "$work/err")'"
	fi
}
nonregular "compare a fifo without a writer" "$d/fifo" compare "$d/fifo" "$SEED"
nonregular "check a fifo without a writer" "$d/fifo" check "$d/fifo" "$SEED"
nonregular "plot a fifo without a writer" "$d/fifo" plot "$d/fifo"
exec 7<>"$d/fifo" # a writer that never writes
nonregular "compare a fifo with a silent writer" "$d/fifo" compare "$SEED" "$d/fifo"
nonregular "plot a fifo with a silent writer" "$d/fifo" plot "$d/fifo"
exec 7>&-
timeout 20 "$OSBENCH" compare "$d" "$SEED" >"$work/out" 2>"$work/err" </dev/null
check "harden compare a directory: exit 2, named" sh -c '[ "$1" -eq 2 ] && grep -qxF "$2" "$3"' _ $? \
	"osbench: compare: '$d': Is a directory" "$work/err"
nonregular "compare a device" /dev/null compare /dev/null "$SEED"
# -o a FIFO: its open waits for a reader, as the shell's "> FIFO" does,
# and a reader that comes late gets the results; a signal that ends the
# wait ends the command by that signal, silently, nothing left
"$OSBENCH" run -q -o "$d/fifo" null >/dev/null 2>"$work/err" </dev/null &
pid=$!
sleep 1
timeout 60 cat "$d/fifo" >"$work/got"
bounded_wait "$pid"
check "harden -o a fifo read late: exit 0" [ $? -eq 0 ]
check "harden -o a fifo read late: the reader got the results" grep -qx "# end: 1 figure" "$work/got"
fifo_unread() { # NAME ARGS...
	what=$1
	shift
	BESIDE_SIGNAL=INT beside "$OSBENCH" "$@"
	check "harden $what -o a fifo nobody reads, SIGINT: ends by the signal" [ "$rc" -eq 130 ]
	# (but the Mhz cell's note, which a busy machine may add before the wait)
	check "harden $what -o a fifo nobody reads, SIGINT: no message" \
		[ -z "$(grep -v '^osbench: note: the Mhz cell is -: ' "$work/err")" ]
	check "harden $what -o a fifo nobody reads, SIGINT: no process left" [ -z "$left" ]
	check "harden $what -o a fifo nobody reads, SIGINT: the bystander lives" [ "$bystander" = alive ]
	check "harden $what -o a fifo nobody reads, SIGINT: temp directory removed" tmp_empty
}
fifo_unread run run -q -o "$d/fifo" null
fifo_unread plot plot -o "$d/fifo" "$SEED"

# --- 9. a small stack: refused at start, nothing left behind
for kb in 16 64 72; do
	# ASan's runtime itself overruns a 16 KiB stack before main() in about
	# one start of five: that is the sanitizer's, not osbench's
	if [ "$kb" -eq 16 ] && case ${SANITIZE:-} in *address*) true ;; *) false ;; esac; then
		echo "skip harden stack 16 KiB: the address sanitizer's runtime needs more before main()"
		continue
	fi
	# a clean environment: arguments and environment count against the
	# limit, and at 16 KiB a large one leaves the loader no room before
	# main() can say anything
	env -i TMPDIR="$TMPDIR" sh -c "ulimit -s $kb && exec \"\$@\"" _ "$OSBENCH" run -q null \
		>"$work/out" 2>"$work/err" </dev/null
	rc=$?
	check "harden stack ${kb} KiB: exit 2" [ "$rc" -eq 2 ]
	check "harden stack ${kb} KiB: one line naming the limit" sh -c '[ "$(grep -vc "^osbench: note: the Mhz cell is -: " "$1")" -eq 1 ] &&
		grep -q "^osbench: stack limit: $2 KiB is below the .* KiB osbench needs" "$1"' _ "$work/err" "$kb"
	check "harden stack ${kb} KiB: no temp directory left" tmp_empty
done
need=$(sed -n 's/.*below the \([0-9]*\) KiB.*/\1/p' "$work/err")
sh -c "ulimit -s ${need:-256} && exec \"\$@\"" _ "$OSBENCH" run -q null fork ctx >"$work/out" 2>"$work/err" </dev/null
rc=$?
check "harden stack at the limit osbench names (${need:-?} KiB): a run completes" [ "$rc" -le 1 ]
check "harden stack at the limit: the tables are printed" is_result "$work/out"
sh -c "ulimit -s ${need:-256} && exec \"\$@\"" _ "$OSBENCH" scale -q mutex --threads 1,16 >"$work/out" 2>"$work/err" </dev/null
check "harden stack at the limit: a sweep completes" [ $? -le 1 ]
check "harden stack at the limit: temp directory removed" tmp_empty

# --- 10. five descriptors: fail cells, the host record whole, nothing left
"$OSBENCH" run -q null >"$work/out" 2>/dev/null </dev/null
cpu=$(grep '^# cpu: ' "$work/out")
sh -c 'ulimit -n 5 && exec "$@"' _ "$OSBENCH" run -q null stat >"$work/out" 2>"$work/err" </dev/null
rc=$?
check "harden nofile 5: exit 1" [ "$rc" -eq 1 ]
check "harden nofile 5: every cell fail" grep -q "${T}fail${T}fail$" "$work/out"
check "harden nofile 5: the cpu is known" grep -qxF "$cpu" "$work/out"
check "harden nofile 5: no complaint about the temp directory" sh -c '! grep -q "could not remove" "$1"' _ "$work/err"
check "harden nofile 5: temp directory removed" tmp_empty
sh -c 'ulimit -n 5 && exec "$@"' _ "$OSBENCH" run -q null -o "$d/n5.tsv" >"$work/out" 2>"$work/err" </dev/null
rc=$?
check "harden nofile 5 with -o: exit 1 and the file written" sh -c '[ "$1" -eq 1 ] && grep -q "^# osbench " "$2"' _ "$rc" "$d/n5.tsv"
check "harden nofile 5 with -o: temp directory removed" tmp_empty
# ab's own pipe or fork failing says nothing of what a side is
sh -c 'ulimit -n 5 && exec "$@"' _ "$OSBENCH" ab -q "$OSBENCH" "$OSBENCH" null >"$work/out" 2>"$work/err" </dev/null
rc=$?
check "harden nofile 5, ab: exit 2, one line: the side could not be started" sh -c \
	'[ "$1" -eq 2 ] && [ "$(grep -vc "^osbench: note: the Mhz cell is -: " "$2")" -eq 1 ] && grep -q "^osbench: ab: side A .*: could not be started: pipe: " "$2"' _ "$rc" "$work/err"
check "harden nofile 5, ab: temp directory removed" tmp_empty

# --- 11. SIGHUP and SIGQUIT end a run as SIGINT does.  A background job
# of a non-interactive shell starts with SIGQUIT ignored, and an ignored
# SIGHUP or SIGQUIT (nohup) is kept: start with them at their defaults.
if env --default-signal=HUP true 2>/dev/null; then
	for sig in HUP QUIT; do
		env --default-signal=HUP,QUIT "$OSBENCH" run ctx --procs 16 --size 64 --time 2000 >/dev/null 2>&1 &
		pid=$!
		sleep 1
		kill "-$sig" "$pid"
		bounded_wait "$pid"
		rc=$?
		check "harden SIG$sig in ctx: ended by the signal" [ "$rc" -ge 128 ]
		check "harden SIG$sig in ctx: not by the test's bound" [ "$rc" -ne 255 ]
		check "harden SIG$sig in ctx: no process left" no_process_left
		check "harden SIG$sig in ctx: temp directory removed" tmp_empty
		env --default-signal=HUP,QUIT "$OSBENCH" serve --port 0 >"$work/serve.out" 2>&1 &
		pid=$!
		until_listening "$work/serve.out"
		kill "-$sig" "$pid"
		bounded_wait "$pid"
		check "harden SIG$sig in serve: a clean stop, exit 0" [ $? -eq 0 ]
		check "harden SIG$sig in serve: no process left" no_process_left
	done
	# nohup: an ignored SIGHUP stays ignored
	(trap '' HUP && OSBENCH_TEST_FAULT=null:hang exec "$OSBENCH" run -q --timeout 2 null) >/dev/null 2>&1 &
	pid=$!
	sleep 1
	kill -HUP "$pid" 2>/dev/null
	bounded_wait "$pid"
	check "harden SIGHUP ignored at start stays ignored (nohup): the run ends itself" [ $? -eq 1 ]
else
	echo "skip harden SIGHUP and SIGQUIT: env cannot reset a signal to its default here"
fi

# --- 12. every other signal whose default is to end the process ends a
# run as SIGTERM does; and a parent killed outright takes its children
sigs="USR1 USR2 ALRM VTALRM PROF XCPU"
for extra in IO PWR STKFLT RTMIN; do
	kill -l "$extra" >/dev/null 2>&1 && sigs="$sigs $extra"
done
for sig in $sigs; do
	"$OSBENCH" run ctx --procs 16 --size 64 --time 2000 >"$work/out" 2>/dev/null &
	pid=$!
	sleep 0.5
	kill "-$sig" "$pid"
	bounded_wait "$pid"
	rc=$?
	if [ "$rc" -ge 128 ] && [ "$rc" -ne 255 ] && no_process_left && tmp_empty; then
		ok "harden SIG$sig in ctx: ended by it, nothing left"
	else
		fail "harden SIG$sig in ctx: exit $rc, left: $(ls -A "$TMPDIR") $(pgrep -f "$OSBENCH" | tr '\n' ' ')"
		rm -rf "$TMPDIR"/*
	fi
done
if [ "$(uname -s)" = Linux ]; then
	OSBENCH_TEST_FAULT=null:hang "$OSBENCH" run -q --timeout 30 null >/dev/null 2>&1 &
	pid=$!
	sleep 0.5
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null
	check "harden kill -9 of the parent: its hung child dies with it" no_process_left
	rm -rf "$TMPDIR"/*
fi

# a module's child that leaves the group in a session of its own is
# killed and reaped as the group is, by the end or on ^C
beside env OSBENCH_TEST_FAULT=null:escape "$OSBENCH" run -q --timeout 2 null
check "harden escaped child: exit 1" [ "$rc" -eq 1 ]
check "harden escaped child: the figure timed out" grep -qF "null: timed out after 2 s" "$work/err"
check "harden escaped child: no process left" [ -z "$left" ]
check "harden escaped child: the bystander lives" [ "$bystander" = alive ]
check "harden escaped child: temp directory removed" tmp_empty
BESIDE_SIGNAL=INT beside env OSBENCH_TEST_FAULT=null:escape "$OSBENCH" run -q --timeout 30 null
check "harden SIGINT, an escaped child: ends by the signal" [ "$rc" -eq 130 ]
check "harden SIGINT, an escaped child: no process left" [ -z "$left" ]
check "harden SIGINT, an escaped child: the bystander lives" [ "$bystander" = alive ]
check "harden SIGINT, an escaped child: temp directory removed" tmp_empty

# --- 14. the helper timed is this build's: found from the running binary,
# never from the current directory or PATH, and it must answer its token
fake="$work/fakecwd"
mkdir "$fake"
printf '#!/bin/sh\n: >"%s/ran"\nexit 0\n' "$fake" >"$fake/osbench-helper"
chmod +x "$fake/osbench-helper"
proc_row="Host${T}OS${T}Mhz${T}exec proc"
if command -v perl >/dev/null 2>&1; then
	# argv[0] a bare name that PATH does not find
	(cd "$fake" && perl -e '$ENV{PATH} = "/nonexistent"; exec { $ARGV[0] } "osbench", @ARGV[1 .. $#ARGV]' \
		"$OSBENCH" run -q exec >"$work/out" 2>"$work/err" </dev/null)
	check "harden helper, argv[0] a bare name: exec proc measured" positive "$(cell "$proc_row" "exec proc")"
	check "harden helper, argv[0] a bare name: the file in the cwd never ran" [ ! -e "$fake/ran" ]
else
	echo "skip harden helper with a bare argv[0]: perl is not installed"
fi
OSBENCH_HELPER=osbench-helper
export OSBENCH_HELPER
(cd "$fake" && "$OSBENCH" run -q exec >"$work/out" 2>"$work/err" </dev/null)
check "harden OSBENCH_HELPER a bare name: exec proc is fail" [ "$(cell "$proc_row" "exec proc")" = fail ]
check "harden OSBENCH_HELPER a bare name: says it must be absolute" grep -q "helper 'osbench-helper': not an absolute path" "$work/err"
check "harden OSBENCH_HELPER a bare name: the file in the cwd never ran" [ ! -e "$fake/ran" ]
OSBENCH_HELPER=$fake/osbench-helper
run run -q exec
check "harden OSBENCH_HELPER another program: exec proc is fail" [ "$(cell "$proc_row" "exec proc")" = fail ]
check "harden OSBENCH_HELPER another program: says it is not ours" grep -q "helper '$fake/osbench-helper' is not osbench's (it answered nothing)" "$work/err"
unset OSBENCH_HELPER
rm -f "$fake/ran"

# --- 15. the environment is what it claims: a /bin/sh that runs nothing,
# a /dev/zero that is a file
if is_root && command -v unshare >/dev/null 2>&1 && unshare -m true 2>/dev/null; then
	echo x >"$work/notzero"
	OSB=$OSBENCH W=$work unshare -m sh -c '
		mount --bind /bin/true /bin/sh && "$OSB" run -q sh >"$W/out.sh" 2>"$W/err.sh" </dev/null
		mount --bind "$W/notzero" /dev/zero && "$OSB" run -q nullio >"$W/out" 2>"$W/err" </dev/null'
	check "harden a /dev/zero that is a file: null I/O is fail" \
		[ "$(cell "Host${T}OS${T}Mhz${T}null I/O" "null I/O")" = fail ]
	check "harden a /dev/zero that is a file: says so" grep -q "'/dev/zero' is not a character device" "$work/err"
	mv "$work/out.sh" "$work/out"
	check "harden a /bin/sh that runs nothing: sh proc is fail" \
		[ "$(cell "Host${T}OS${T}Mhz${T}sh proc" "sh proc")" = fail ]
	check "harden a /bin/sh that runs nothing: says the helper did not run" \
		grep -q "'/bin/sh' did not run the helper" "$work/err.sh"
	check "harden a stand-in environment: nothing left" tmp_empty
else
	echo "skip harden a stand-in /bin/sh and /dev/zero: needs root and a mount namespace"
fi

# --- 16. the CPUs the run was given: it places itself among them, and
# refuses a --cpu or a placement it cannot honour there
if command -v taskset >/dev/null 2>&1 && [ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ] &&
	taskset -c 1 true 2>/dev/null; then
	taskset -c 1 "$OSBENCH" run -q --cpu 0 null >"$work/out" 2>"$work/err" </dev/null
	rc=$?
	check "harden --cpu outside the given cpus: exit 2" [ "$rc" -eq 2 ]
	check "harden --cpu outside the given cpus: says so" grep -qx "osbench: --cpu: '0' is not a cpu this process may run on (1)" "$work/err"
	check "harden --cpu outside the given cpus: nothing on stdout" [ ! -s "$work/out" ]
	taskset -c 1 "$OSBENCH" run -q --placement spread pipe >"$work/out" 2>"$work/err" </dev/null
	rc=$?
	check "harden spread on one given cpu: exit 2" [ "$rc" -eq 2 ]
	check "harden spread on one given cpu: says so" grep -q "^osbench: --placement: 'spread' needs two cpus, and this process may run on cpu 1 only" "$work/err"
	if command -v strace >/dev/null 2>&1; then
		taskset -c 1 strace -f -o "$work/strace" -e trace=sched_setaffinity "$OSBENCH" run -q null pipe >"$work/out" 2>"$work/err" </dev/null
		check "harden taskset -c 1: the run pins to cpu 1" grep -q 'sched_setaffinity(0, [0-9]*, \[1\])  *= 0' "$work/strace"
		check "harden taskset -c 1: never to another cpu" sh -c '! grep "sched_setaffinity" "$1" | grep -qv "\[1\]"' _ "$work/strace"
		check "harden taskset -c 1: measured" row_positive "Host${T}OS${T}Mhz${T}null call"
	else
		echo "skip harden taskset -c 1 pinning: strace is not installed"
	fi
	check "harden given cpus: nothing left" tmp_empty
else
	echo "skip harden the given cpus: needs taskset and two cpus"
fi

# --- 17. memory runs out at the Nth allocation (tests/nomem.c, through
# LD_PRELOAD; a build it cannot reach, static, sanitized or of another
# libc, skips): a start that fails for it exits 2, keeps an existing -o
# file and leaves nothing in TMPDIR.  Every N from 1 to 60 for every
# command is t_starve.sh's, in make test-slow.
if nomem_ready; then
	# the reproduction of the issue: a start that fails once the records
	# are to be allocated
	printf 'old results\n' >"$d/prev.out"
	cp "$d/prev.out" "$work/old"
	fails=0
	for n in $(seq 1 60); do
		starved "$n" run -q -o "$d/prev.out" null stat
		grep -q "cannot start: Cannot allocate memory" "$work/err" || continue
		fails=1
		check "harden cannot start for memory (N=$n): exit 2" [ "$rc" -eq 2 ]
		check "harden cannot start for memory (N=$n): the old -o file kept" cmp -s "$work/old" "$d/prev.out"
		check "harden cannot start for memory (N=$n): nothing left in TMPDIR" tmp_empty
		break
	done
	[ "$fails" -eq 1 ] || skip "harden cannot start for memory: no N in 1..60 reached it here"
	rm -rf "${TMPDIR:?}"/* "$d/prev.out"
	# a run whose figures fail is whole: its file is written, exit 1
	printf 'old results\n' >"$d/prev.out"
	OSBENCH_TEST_FAULT=stat:fail "$OSBENCH" run -q -o "$d/prev.out" null stat >"$work/out" 2>"$work/err" </dev/null
	rc=$?
	check "harden a run with a fail cell: exit 1" [ "$rc" -eq 1 ]
	check "harden a run with a fail cell: its -o file written whole" whole_run "$d/prev.out"
	check "harden a run with a fail cell: the cell says fail" grep -q "${T}fail\$" "$d/prev.out"
	rm -f "$d/prev.out"
else
	skip "harden starved of memory: an LD_PRELOAD allocator cannot reach this build"
fi

# --- 18. a baseline from another host chooses nothing this host forks or
# allocates: check measures again only the points this build's tables
# define and scale's default levels, and a point must fit this host;
# run --procs x --size is held to the same limit.  The cases that would
# fork a bomb on a build without the bound run under RLIMIT_NPROC, so
# such a build fails at its first forks instead of filling the machine.
# A check row's FIELD, by its column
row_field() { by_name table "f(\"column\") == \"$1\" { print f(\"$2\") }" "$work/out"; }
notdef="not measured: a point this build's tables do not define"
run run -q -o "$d/ctx.tsv" ctx --procs 2 --size 0
check "harden baseline points: a ctx baseline to edit" is_result "$d/ctx.tsv"
# a point no table defines, small enough to be harmless either way
sed "s|2p/0K ctxsw|3p/8K ctxsw|" "$d/ctx.tsv" >"$d/p3.tsv"
run check -q "$d/p3.tsv"
check "harden baseline points: a point no table defines: exit 1" [ "$rc" -eq 1 ]
check "harden baseline points: a point no table defines is missing" [ "$(row_field '3p/8K ctxsw' verdict)" = missing ]
check "harden baseline points: the row says why and how to measure it" [ "$(row_field '3p/8K ctxsw' note)" = \
	"$notdef (osbench run ctx --procs 3 --size 8 -o FILE measures it; then check BASELINE FILE)" ]
check "harden baseline points: nothing measured, said on stderr" grep -qxF \
	"osbench: check: nothing in '$d/p3.tsv' that this osbench measures" "$work/err"
# a sweep level outside the defaults, as threads: as harmless
run scale mutex --threads 1 -q -o "$d/sweep.tsv"
sed "s/^1${T}/3${T}/" "$d/sweep.tsv" >"$d/sweep3.tsv"
run check -q "$d/sweep3.tsv"
check "harden baseline levels: a level outside the defaults: exit 1" [ "$rc" -eq 1 ]
check "harden baseline levels: the level is missing" [ "$(row_field 3 verdict)" = missing ]
check "harden baseline levels: the row says why and how to measure it" [ "$(row_field 3 note)" = \
	"not measured: a level this build's sweeps do not define (osbench scale mutex --threads 3 -o FILE measures it; then check BASELINE FILE)" ]
# a column this osbench does not know (another version's): missing, saying so
sed "s|2p/0K ctxsw|frob ctxsw|" "$d/ctx.tsv" >"$d/unknown.tsv"
run check -q "$d/unknown.tsv"
check "harden baseline column unknown: exit 1" [ "$rc" -eq 1 ]
check "harden baseline column unknown: missing, saying why" [ "$(row_field 'frob ctxsw' verdict) $(row_field 'frob ctxsw' note)" = \
	"missing not measured: a figure this osbench does not know" ]
check "harden baseline points and levels: nothing left" tmp_empty

# under_nproc N ARGS...: osbench ARGS with RLIMIT_NPROC N, as run does;
# as nobody when root, whom the kernel does not hold to the limit
under_nproc() {
	n=$1
	shift
	if is_root; then
		prlimit --nproc="$n:$n" setpriv --reuid=65534 --regid=65534 --clear-groups "$OSBENCH" "$@"
	else
		sh -c 'ulimit -u "$1" && shift && exec "$@"' _ "$n" "$OSBENCH" "$@"
	fi >"$work/out" 2>"$work/err" </dev/null
	rc=$?
}
phys_kb=$(($(getconf _PHYS_PAGES 2>/dev/null || echo 0) * $(getconf PAGESIZE 2>/dev/null || echo 0) / 1024))
if is_root && ! { has_root_tools && command -v prlimit >/dev/null 2>&1; }; then
	echo "skip harden baseline bombs: as root, needs setpriv and prlimit to run under RLIMIT_NPROC"
else
	tmpdir_mode=$(stat -c %a "$TMPDIR")
	chmod 755 "$work/bin"
	chmod 777 "$TMPDIR"
	chmod 644 "$d/ctx.tsv" "$d/sweep.tsv"
	# the reproduction: a ring of 4096 processes touching 256 GiB
	sed "s|2p/0K ctxsw|4096p/65536K ctxsw|" "$d/ctx.tsv" >"$d/bomb.tsv"
	chmod 644 "$d/bomb.tsv"
	under_nproc 8 check -q "$d/bomb.tsv"
	check "harden baseline bomb: exit 1" [ "$rc" -eq 1 ]
	check "harden baseline bomb: the point is missing" [ "$(row_field '4096p/65536K ctxsw' verdict)" = missing ]
	check "harden baseline bomb: the row says why" sh -c 'case $1 in "$2"*) true ;; *) false ;; esac' _ \
		"$(row_field '4096p/65536K ctxsw' note)" "$notdef"
	check "harden baseline bomb: the ring is never forked" sh -c '! grep -q "fork" "$1"' _ "$work/err"
	# a sweep of 4096 processes
	sed "s/^1${T}/4096${T}/" "$d/sweep.tsv" | sed "s/^# scale mutex: threads/# scale mutex: processes/" >"$d/sweep-bomb.tsv"
	chmod 644 "$d/sweep-bomb.tsv"
	under_nproc 8 check -q "$d/sweep-bomb.tsv"
	check "harden baseline sweep bomb: exit 1" [ "$rc" -eq 1 ]
	check "harden baseline sweep bomb: the level is missing, saying why" [ "$(row_field 4096 note)" = \
		"not measured: a level this build's sweeps do not define (osbench scale mutex --procs 4096 -o FILE measures it; then check BASELINE FILE)" ]
	check "harden baseline sweep bomb: no copy started" sh -c '! grep -q "procs=4096" "$1"' _ "$work/err"
	# a point the tables define, more processes than the user may have
	sed "s|2p/0K ctxsw|16p/16K ctxsw|" "$d/ctx.tsv" >"$d/p16.tsv"
	chmod 644 "$d/p16.tsv"
	under_nproc 8 check -q "$d/p16.tsv"
	check "harden baseline point beyond RLIMIT_NPROC: missing, saying why" [ "$(row_field '16p/16K ctxsw' note)" = \
		"not measured: 16 processes: more than the 8 this user may have (RLIMIT_NPROC, ulimit -u)" ]
	check "harden baseline point beyond RLIMIT_NPROC: the ring is never forked" sh -c '! grep -q "fork" "$1"' _ "$work/err"
	# run --procs: refused before anything forks, one line, exit 2
	under_nproc 8 run -q ctx --procs 16
	check "harden run --procs beyond RLIMIT_NPROC: exit 2" [ "$rc" -eq 2 ]
	check "harden run --procs beyond RLIMIT_NPROC: one line saying why" sh -c '[ "$(cat "$1")" = "$2" ]' _ "$work/err" \
		"osbench: --procs 16: 16 processes: more than the 8 this user may have (RLIMIT_NPROC, ulimit -u)"
	check "harden run --procs beyond RLIMIT_NPROC: nothing on stdout" [ ! -s "$work/out" ]
	# ab's child takes its point from its command line's words: held alike
	under_nproc 8 ab-child protocol=1 module=ctx procs=16 size_kb=0 time_ms=1 samples=1 \
		placement=free io_timeout_ms=5000 "tmpdir=$TMPDIR"
	check "harden ab-child point beyond RLIMIT_NPROC: a failed round saying why" sh -c \
		'grep -qx "status fail" "$1" && grep -qxF "$2" "$1"' _ "$work/out" \
		"reason 16 processes: more than the 8 this user may have (RLIMIT_NPROC, ulimit -u)"
	if [ "$phys_kb" -gt 0 ] && [ "$phys_kb" -lt $((4096 * 65536)) ]; then
		under_nproc 8 run -q ctx --procs 2,4096 --size 0,65536
		check "harden run --procs x --size beyond memory: exit 2" [ "$rc" -eq 2 ]
		check "harden run --procs x --size beyond memory: one line saying why" sh -c \
			'[ "$(grep -vc "^osbench: note: the Mhz cell is -: " "$1")" -eq 1 ] && grep -q "^osbench: --procs 4096 --size 65536: 4096 processes of 65536 KB each need 256.0 GiB, more than this host.s [0-9.]* [GMK]iB of memory\$" "$1"' _ "$work/err"
		check "harden run --procs x --size beyond memory: nothing on stdout" [ ! -s "$work/out" ]
	else
		echo "skip harden run --procs x --size beyond memory: this host has 256 GiB or more, or does not say"
	fi
	check "harden baseline bombs: nothing left" no_process_left
	check "harden baseline bombs: temp directory removed" tmp_empty
	chmod "$tmpdir_mode" "$TMPDIR"
fi

# --- 13. serve at its descriptor limit: every client answered or refused
# clients.bash PORT N: N loopback connections held open at once, each sends
# one byte; prints how many got the echo, a refusal (end of file or reset),
# or nothing (2 s after the last request, then 1 s per client)
cat >"$work/clients.bash" <<'BASH'
port=$1 n=$2 echo=0 refused=0 silent=0
declare -a fds
for ((i = 0; i < n; i++)); do
	if exec {fd}<>"/dev/tcp/127.0.0.1/$port"; then fds[i]=$fd; else fds[i]=-1; ((refused++)); fi
done 2>/dev/null
# every request out before any answer is read: no client leaves early
for ((i = 0; i < n; i++)); do
	((fds[i] >= 0)) && printf x >&"${fds[i]}"
done 2>/dev/null
sleep 2
for ((i = 0; i < n; i++)); do
	fd=${fds[i]}
	((fd < 0)) && continue
	if IFS= read -r -t 1 -n 1 c <&"$fd" 2>/dev/null; then
		if [ "$c" = x ]; then ((echo++)); else ((refused++)); fi
	else
		# status above 128: the wait ran out; else end of file or an error
		if (($? > 128)); then ((silent++)); else ((refused++)); fi
	fi
done
echo "$echo $refused $silent"
BASH
# serve_clients NAME LIMITS N: serve under ulimit LIMITS, N clients; sets
# answered, refused, silent
# start_serve LIMITS: serve under ulimit LIMITS in the background; sets
# serve_pid, and port once it listens (empty when it never did)
start_serve() {
	sh -c "ulimit $1 && exec \"\$@\"" _ "$OSBENCH" serve --port 0 >"$work/serve.out" 2>"$work/serve.err" &
	serve_pid=$!
	port=
	n=0
	while [ -z "$port" ] && [ "$n" -lt 100 ]; do
		sleep 0.1
		port=$(sed -n 's/.*listening on .*:\([0-9]*\) (tcp and udp)$/\1/p' "$work/serve.out")
		n=$((n + 1))
	done
}
serve_clients() {
	what=$1
	start_serve "$2"
	answered=0 refused=0 silent=1
	if [ -n "$port" ]; then
		set -- $(timeout 120 bash "$work/clients.bash" "$port" "$3")
		answered=${1:-0} refused=${2:-0} silent=${3:-1}
		echo "serve clients: $answered answered, $refused refused, $silent silent"
	else
		fail "harden serve $what: did not start: $(head -c 200 "$work/serve.err")"
	fi
	kill -INT "$serve_pid" 2>/dev/null
	bounded_wait "$serve_pid"
	check "harden serve $what: clean stop" [ $? -eq 0 ]
}
if command -v bash >/dev/null 2>&1; then
	# soft and hard limit 64: serve cannot raise it; 100 clients exceed it
	serve_clients "at 64 fds" "-n 64" 100
	check "harden serve 100 clients at 64 fds: some answered" [ "$answered" -gt 0 ]
	check "harden serve 100 clients at 64 fds: the rest refused" [ "$refused" -gt 0 ]
	check "harden serve 100 clients at 64 fds: none left waiting ($silent silent)" [ "$silent" -eq 0 ]
	# soft 64, hard 256: serve raises its soft limit and answers all 100
	serve_clients "at soft 64, hard 256" "-Sn 64 && ulimit -Hn 256" 100
	check "harden serve soft 64 hard 256: the limit raised, all 100 answered" [ "$answered" -eq 100 ]
	# idle connections that fill every place must not lock a new client
	# out: osbench's own --remote figures still measure
	start_serve "-n 100"
	bash -c 'for ((i = 0; i < 100; i++)); do exec {fd}<>"/dev/tcp/127.0.0.1/$1"; done 2>/dev/null; sleep 60' _ "$port" &
	idlers=$!
	sleep 1.5
	run run -q tcp tcpconn --remote "127.0.0.1:$port"
	check "harden serve full of idle connections: tcp and tcpconn measured" row_positive "Host${T}OS${T}TCP${T}TCP conn"
	row_positive "Host${T}OS${T}TCP${T}TCP conn" || sed "s/^/# /" "$work/err" "$work/out"
	kill "$idlers" 2>/dev/null
	wait "$idlers" 2>/dev/null
	kill -INT "$serve_pid" 2>/dev/null
	bounded_wait "$serve_pid"
	check "harden serve full of idle connections: clean stop" [ $? -eq 0 ]
else
	echo "skip harden serve at its descriptor limit: needs bash for /dev/tcp clients"
fi
finish
