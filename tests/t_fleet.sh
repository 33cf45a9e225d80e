#!/bin/sh
# scripts/fleet.sh against real hosts: network namespaces on this machine,
# each running its own OpenSSH sshd (private config, host key, authorized
# key, PidFile and /run, nothing of /etc/ssh or of a system sshd), reached
# from a third namespace where fleet.sh runs with a generated ssh config.
#
#   client ns --veth-- alpha ns  10.213.8.1 -> 10.213.8.2 (sshd), 10.213.8.9 (nothing listens)
#             --veth-- beta ns   10.213.9.1 -> 10.213.9.2 (sshd)
#   10.213.8.3 is nobody: no route to host
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

FLEET=$(cd "$(dirname "$0")/.." && pwd)/scripts/fleet.sh
day=$(date +%Y%m%d)

# fleet ARGS...: fleet.sh run here, outside any namespace
fleet() {
	sh "$FLEET" "$@" >"$work/out" 2>"$work/err" </dev/null
	rc=$?
}

# --- usage: no network needed
fleet -b "$OSBENCH"
check "fleet no HOST: exit 2" [ "$rc" -eq 2 ]
check "fleet no HOST: says so" grep -q '^fleet: no HOST given$' "$work/err"
fleet -h
check "fleet -h: exit 0 and the usage" sh -c '[ "$1" -eq 0 ] && grep -q "^usage: scripts/fleet.sh" "$2" && grep -q -- "^  -t SECONDS" "$2"' _ "$rc" "$work/out"
fleet -b "$OSBENCH" -t 0 somehost
check "fleet -t 0: exit 2" [ "$rc" -eq 2 ]
fleet -b "$OSBENCH" -x somehost
check "fleet unknown option: exit 2" [ "$rc" -eq 2 ]
fleet -b "$OSBENCH" -- "-oProxyCommand=touch $work/pwned" somehost
check "fleet a HOST that is an ssh option: exit 2" [ "$rc" -eq 2 ]
fleet -b "$OSBENCH" -a "--quick --output=x" somehost
check "fleet -a with --output: exit 2" [ "$rc" -eq 2 ]
fleet -b "$OSBENCH" somehost somehost
check "fleet a HOST twice: exit 2" [ "$rc" -eq 2 ]
fleet -b "$work/no-such-osbench" somehost
check "fleet -b without a binary: exit 2" [ "$rc" -eq 2 ]
check "fleet usage errors leave no temp dir" tmp_empty

# --- the hosts
need=
[ "$(id -u)" -eq 0 ] || need="not root"
for c in ip ssh ssh-keygen unshare mount; do
	[ -n "$need" ] || command -v "$c" >/dev/null 2>&1 || need="'$c' is not installed"
done
SSHD=/usr/sbin/sshd
[ -n "$need" ] || [ -x "$SSHD" ] || need="$SSHD is not installed (Debian: openssh-server)"
if [ -n "$need" ]; then
	echo "skip fleet hosts: $need"
	exit 0
fi

ns_c="osbFc$$" ns_a="osbFa$$" ns_b="osbFb$$"
made_ns=
net_cleanup() {
	for ns in $made_ns; do
		# every process in the namespace: the sshd and whatever it left
		pids=$(ip netns pids "$ns" 2>/dev/null)
		# shellcheck disable=SC2086 # one pid a word
		[ -z "$pids" ] || kill -TERM $pids 2>/dev/null
	done
	for ns in $made_ns; do
		i=0
		while [ -n "$(ip netns pids "$ns" 2>/dev/null)" ] && [ "$i" -lt 30 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		pids=$(ip netns pids "$ns" 2>/dev/null)
		# shellcheck disable=SC2086
		[ -z "$pids" ] || kill -KILL $pids 2>/dev/null
		ip netns del "$ns" 2>/dev/null
	done
	made_ns=
}
trap 'net_cleanup; rm -rf "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if ! ip netns add "$ns_c" 2>/dev/null; then
	echo "skip fleet hosts: cannot make network namespaces here"
	exit 0
fi
made_ns=$ns_c
if ! { ip netns add "$ns_a" && made_ns="$made_ns $ns_a" &&
	ip netns add "$ns_b" && made_ns="$made_ns $ns_b" &&
	ip link add "fa0$$" netns "$ns_c" type veth peer name "fa1$$" netns "$ns_a" &&
	ip link add "fb0$$" netns "$ns_c" type veth peer name "fb1$$" netns "$ns_b" &&
	ip -n "$ns_c" addr add 10.213.8.1/24 dev "fa0$$" &&
	ip -n "$ns_c" addr add 10.213.9.1/24 dev "fb0$$" &&
	ip -n "$ns_a" addr add 10.213.8.2/24 dev "fa1$$" &&
	ip -n "$ns_a" addr add 10.213.8.9/24 dev "fa1$$" &&
	ip -n "$ns_b" addr add 10.213.9.2/24 dev "fb1$$" &&
	for ns in $ns_c $ns_a $ns_b; do ip -n "$ns" link set lo up || exit 1; done &&
	ip -n "$ns_c" link set "fa0$$" up && ip -n "$ns_c" link set "fb0$$" up &&
	ip -n "$ns_a" link set "fa1$$" up && ip -n "$ns_b" link set "fb1$$" up; }; then
	echo "skip fleet hosts: could not wire the namespaces"
	exit 0
fi

# keys: the client's, and one host key per host
if ! { ssh-keygen -q -t ed25519 -N '' -C osbench-fleet-test -f "$work/id" &&
	cp "$work/id.pub" "$work/authorized_keys"; }; then
	fail "fleet keys: ssh-keygen failed"
	exit 0
fi

# start_sshd NAME NS ADDRESS PATH: a private sshd; its pid in sshd_pid
start_sshd() {
	h=$work/$1
	mkdir -p "$h/tmp" "$h/bin" &&
		ssh-keygen -q -t ed25519 -N '' -C "$1" -f "$h/hostkey" || return 1
	cat >"$h/sshd_config" <<-EOF
		ListenAddress $3:22
		HostKey $h/hostkey
		PidFile $h/sshd.pid
		AuthorizedKeysFile $work/authorized_keys
		AuthorizedPrincipalsFile none
		PermitRootLogin prohibit-password
		PubkeyAuthentication yes
		PasswordAuthentication no
		KbdInteractiveAuthentication no
		HostbasedAuthentication no
		UsePAM no
		StrictModes no
		UseDNS no
		PrintMotd no
		PrintLastLog no
		X11Forwarding no
		AllowAgentForwarding no
		AllowTcpForwarding no
		PermitTunnel no
		SetEnv TMPDIR=$h/tmp PATH=$4
	EOF
	# alpha's login talks on stdout, as some login scripts do
	if [ "$1" = alpha ]; then
		printf '%s\n' '#!/bin/sh' 'echo "motd: welcome to alpha"' 'exec /bin/sh -c "$SSH_ORIGINAL_COMMAND"' >"$h/login" &&
			chmod 755 "$h/login" &&
			echo "ForceCommand $h/login" >>"$h/sshd_config" || return 1
	fi
	# sshd needs its privilege separation directory /run/sshd: give it a
	# private /run in a mount namespace of its own, gone when it exits
	# shellcheck disable=SC2016 # for the inner shell
	ip netns exec "$2" unshare -m sh -c \
		'mount -t tmpfs -o mode=0755,size=64k osbench-fleet-test /run && mkdir -m 0755 /run/sshd && exec "$0" -D -f "$1" -E "$2"' \
		"$SSHD" "$h/sshd_config" "$h/sshd.log" </dev/null >/dev/null 2>&1 &
	sshd_pid=$!
	i=0
	while [ ! -s "$h/sshd.pid" ] && [ "$i" -lt 50 ]; do
		kill -0 "$sshd_pid" 2>/dev/null || return 1
		sleep 0.1
		i=$((i + 1))
	done
	[ -s "$h/sshd.pid" ]
}
if ! start_sshd alpha "$ns_a" 10.213.8.2 "$work/alpha/bin:/usr/bin:/bin"; then
	fail "fleet sshd starts in a namespace: $(tail -n 3 "$work/alpha/sshd.log" 2>/dev/null)"
	exit 0
fi
sshd_a=$sshd_pid
if ! start_sshd beta "$ns_b" 10.213.9.2 "$work/beta/bin:/usr/bin:/bin"; then
	fail "fleet sshd starts in a namespace: $(tail -n 3 "$work/beta/sshd.log" 2>/dev/null)"
	exit 0
fi
sshd_b=$sshd_pid
# beta has osbench installed on its PATH (for -i), alpha has not
cp "$OSBENCH" "$work/beta/bin/osbench" &&
	cp "$(dirname "$OSBENCH")/osbench-helper" "$work/beta/bin/osbench-helper"

cat >"$work/ssh_config" <<EOF
Host alpha
	HostName 10.213.8.2
Host beta
	HostName 10.213.9.2
Host refused
	HostName 10.213.8.9
Host gone
	HostName 10.213.8.3
Host *
	User $(id -un)
	IdentityFile $work/id
	IdentitiesOnly yes
	IdentityAgent none
	UserKnownHostsFile $work/known_hosts
	GlobalKnownHostsFile /dev/null
	StrictHostKeyChecking accept-new
	UpdateHostKeys no
	ControlMaster no
	ControlPath none
	LogLevel ERROR
EOF

# nfleet ARGS...: fleet.sh run in the client namespace
nfleet() {
	ip netns exec "$ns_c" sh "$FLEET" -F "$work/ssh_config" "$@" >"$work/out" 2>"$work/err" </dev/null
	rc=$?
	[ -z "${DBG:-}" ] || { echo "=== rc=$rc"; cat "$work/err"; for f in "$work"/results*/*; do echo "--- $f"; grep -v '^#' "$f"; done; } >&2
}

# cells_ok ALLOW FILE LABEL HEADER...: each header row present, the row
# under it for LABEL with every cell after Host and OS (and Mhz) a positive
# number, or the word ALLOW ("fail", or "" for none)
cells_ok() {
	a=$1 f=$2 l=$3
	shift 3
	for hdr in "$@"; do
		awk -F'\t' -v h="$hdr" -v l="$l" -v a="$a" '
			$0 == h { getline; found = 1
				if ($1 != l || NF < 3) bad++
				for (i = 3; i <= NF; i++)
					if (!(a != "" && $i == a) && ($i !~ /^[0-9]+(\.[0-9]+)?$/ || $i + 0 <= 0)) bad++ }
			END { exit !(found && !bad) }' "$f" || return 1
	done
}
table_ok() { cells_ok "" "$@"; }
# a cell may be fail: two hosts measuring at once on one machine can push a
# subtracted figure (ctx) below its resolution, which osbench then reports
# as fail, never as a number
table_ok_or_fail() { cells_ok fail "$@"; }
SYSCALL="Host${T}OS${T}Mhz${T}null call${T}null I/O${T}stat${T}open clos${T}slct TCP${T}sig inst${T}sig hndl"
PROC="Host${T}OS${T}Mhz${T}fork proc${T}exec proc${T}sh proc"
CTX="Host${T}OS${T}2p/0K ctxsw${T}2p/16K ctxsw${T}2p/64K ctxsw${T}8p/16K ctxsw${T}8p/64K ctxsw${T}16p/16K ctxsw${T}16p/64K ctxsw"
IPC="Host${T}OS${T}2p/0K ctxsw${T}Pipe${T}AF UNIX${T}UDP${T}TCP${T}TCP conn"
NULL="Host${T}OS${T}Mhz${T}null call"

# exactly these names in a directory, no hidden or partial file
dir_is() { # DIR NAME...
	d=$1
	shift
	# shellcheck disable=SC2012 # plain names
	[ "$(ls -A "$d" | sort)" = "$(printf '%s\n' "$@" | sort)" ]
}
# the hosts are clean: remote temp dirs empty, only the sshd in each namespace
hosts_clean() {
	sleep 0.2
	[ -z "$(ip netns exec "$ns_a" ls -A "$work/alpha/tmp")" ] &&
		[ -z "$(ip netns exec "$ns_b" ls -A "$work/beta/tmp")" ] || return 1
	[ "$(ip netns pids "$ns_a")" = "$sshd_a" ] && [ "$(ip netns pids "$ns_b")" = "$sshd_b" ]
}

# --- two hosts, the whole quick suite
R=$work/results
nfleet -b "$OSBENCH" -o "$R" -a "--quick --cpu 0" alpha beta
check "fleet two hosts: exit 0" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || sed 's/^/# /' "$work/err"
check "fleet two hosts: two files named HOST-YYYYMMDD.tsv, nothing else" dir_is "$R" "alpha-$day.tsv" "beta-$day.tsv"
check "fleet two hosts: alpha's tables, Host cell alpha" table_ok "$R/alpha-$day.tsv" alpha "$SYSCALL" "$PROC"
check "fleet two hosts: beta's tables, Host cell beta" table_ok "$R/beta-$day.tsv" beta "$SYSCALL" "$PROC"
check "fleet two hosts: alpha's ctx and ipc tables" table_ok_or_fail "$R/alpha-$day.tsv" alpha "$CTX" "$IPC"
check "fleet two hosts: beta's ctx and ipc tables" table_ok_or_fail "$R/beta-$day.tsv" beta "$CTX" "$IPC"
check "fleet two hosts: login shell chatter kept out of the files" sh -c 'head -n 1 "$1" | grep -q "^# osbench " && head -n 1 "$2" | grep -q "^# osbench "' _ "$R/alpha-$day.tsv" "$R/beta-$day.tsv"
check "fleet two hosts: summary on stderr" grep -q "^fleet: 2 of 2 hosts produced results in $R\$" "$work/err"
# the comparison: what `osbench compare` of the two files prints, if this
# build has compare; its failure reported, if not
(cd "$R" && "$OSBENCH" compare "alpha-$day.tsv" "beta-$day.tsv") >"$work/cmp.out" 2>"$work/cmp.err"
crc=$?
if [ "$crc" -eq 2 ] && grep -q 'not available' "$work/cmp.err"; then
	check "fleet two hosts: compare's failure reported" grep -q '^fleet: osbench compare failed (exit 2)' "$work/err"
	check "fleet two hosts: compare's own message shown" grep -qF "$(cat "$work/cmp.err")" "$work/err"
	echo "skip fleet two hosts: comparison printed: osbench compare is not available in this build"
else
	check "fleet two hosts: osbench compare of the two files works" [ "$crc" -eq 0 ]
	check "fleet two hosts: the comparison printed" sh -c '[ -s "$1" ] && cmp -s "$1" "$2"' _ "$work/cmp.out" "$work/out"
	check "fleet two hosts: the comparison names both hosts" sh -c 'grep -q alpha "$1" && grep -q beta "$1"' _ "$work/out"
fi
check "fleet two hosts: hosts clean (no remote temp dir, no process but sshd)" hosts_clean
check "fleet two hosts: no local temp dir left" tmp_empty

# --- hosts that cannot be reached; the others still done.  The -a words
# carry shell syntax that must reach osbench untouched (the last --label wins)
evil="x;touch\${IFS}$work/pwned;'\"*\`id\`"
nfleet -b "$OSBENCH" -o "$R" -l "$(id -un)" -a "--quick null --label=$evil" alpha refused gone beta
check "fleet unreachable hosts: exit 1" [ "$rc" -eq 1 ]
check "fleet unreachable hosts: refused reported" grep -q '^fleet: refused: unreachable: .*Connection refused' "$work/err"
check "fleet unreachable hosts: no route reported" grep -q '^fleet: gone: unreachable: .*' "$work/err"
check "fleet unreachable hosts: summary" grep -q "^fleet: 2 of 4 hosts produced results in $R\$" "$work/err"
check "fleet unreachable hosts: the others' files replaced, nothing else" dir_is "$R" "alpha-$day.tsv" "beta-$day.tsv"
check "fleet unreachable hosts: alpha measured" table_ok "$R/alpha-$day.tsv" "$evil" "$NULL"
check "fleet unreachable hosts: beta measured" table_ok "$R/beta-$day.tsv" "$evil" "$NULL"
check "fleet -a words reach osbench unquoted, interpreted by no shell" [ ! -e "$work/pwned" ]
check "fleet unreachable hosts: hosts clean" hosts_clean

# wait_running PID: until osbench runs on alpha, while PID lives (0.1 s steps, 4 s)
wait_running() {
	seen=0 i=0
	while [ "$i" -lt 40 ] && kill -0 "$1" 2>/dev/null; do
		for p in $(ip netns pids "$ns_a"); do
			case $(ps -o args= -p "$p" 2>/dev/null) in */osbench-fleet.*/osbench\ run*) seen=1 ;; esac
		done
		[ "$seen" -eq 1 ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# --- per-host timeout: stopped while osbench runs, then nothing left
R3=$work/results3
start=$(date +%s)
ip netns exec "$ns_c" sh "$FLEET" -F "$work/ssh_config" -b "$OSBENCH" -o "$R3" -t 2 -a "--time 5000" alpha \
	>"$work/out" 2>"$work/err" </dev/null &
fpid=$!
wait_running "$fpid"
seen=$?
wait "$fpid"
rc=$?
took=$(($(date +%s) - start))
check "fleet timeout: osbench was running on the host" [ "$seen" -eq 0 ]
check "fleet timeout: exit 1" [ "$rc" -eq 1 ]
check "fleet timeout: reported" grep -q '^fleet: alpha: timed out after 2 s$' "$work/err"
check "fleet timeout: no shell job chatter" sh -c '! grep -q "Terminated" "$1"' _ "$work/err"
check "fleet timeout: in time (${took} s)" [ "$took" -le 10 ]
check "fleet timeout: no result file, no partial file" dir_is "$R3"
check "fleet timeout: hosts clean (osbench stopped, remote dir removed)" hosts_clean
check "fleet timeout: no local temp dir left" tmp_empty

# --- Ctrl-C: SIGINT to fleet.sh's whole process group, as a terminal sends
# it (python3 only to start it in its own group with SIGINT not ignored)
if command -v python3 >/dev/null 2>&1; then
	ip netns exec "$ns_c" python3 -c 'import os, signal, sys
os.setpgid(0, 0)
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execvp("sh", ["sh"] + sys.argv[1:])' "$FLEET" -F "$work/ssh_config" -b "$OSBENCH" -o "$R3" -a "--time 5000" alpha beta \
		>"$work/out" 2>"$work/err" </dev/null &
	fpid=$!
	wait_running "$fpid"
	seen=$?
	kill -INT "-$fpid"
	wait "$fpid"
	rc=$?
	check "fleet Ctrl-C: osbench was running on the host" [ "$seen" -eq 0 ]
	check "fleet Ctrl-C: exit 130" [ "$rc" -eq 130 ]
	check "fleet Ctrl-C: says so" grep -q '^fleet: interrupted' "$work/err"
	check "fleet Ctrl-C: no result file, no partial file" dir_is "$R3"
	check "fleet Ctrl-C: hosts clean (osbench stopped, remote dirs removed)" hosts_clean
	check "fleet Ctrl-C: no local temp dir left" tmp_empty
else
	echo "skip fleet Ctrl-C: python3 is not installed"
fi

# --- -i: the osbench on the remote PATH (beta has one, alpha has not)
R4=$work/results4
nfleet -i -o "$R4" -a "--quick null" alpha beta
check "fleet -i: exit 1 (alpha has no osbench)" [ "$rc" -eq 1 ]
if ! PATH="$work/alpha/bin:/usr/bin:/bin" command -v osbench >/dev/null 2>&1; then
	check "fleet -i: alpha's missing osbench reported" grep -q '^fleet: alpha: cannot run osbench there (exit 127): osbench-fleet: no osbench on the PATH' "$work/err"
fi
check "fleet -i: beta's result" table_ok "$R4/beta-$day.tsv" beta "$NULL"
check "fleet -i: one file printed as it is" cmp -s "$R4/beta-$day.tsv" "$work/out"
check "fleet -i: hosts clean" hosts_clean


# --- teardown, and nothing left behind
net_cleanup
check "fleet: no sshd left" sh -c '! kill -0 "$1" 2>/dev/null && ! kill -0 "$2" 2>/dev/null' _ "$sshd_a" "$sshd_b"
check "fleet: no namespace left" sh -c '! ip netns list | grep -q "osbF.$1"' _ "$$"
