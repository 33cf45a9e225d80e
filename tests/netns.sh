# Real hosts for the fleet tests, sourced after lib.sh (not a test: the
# runner runs only t_*.sh).  Network namespaces on this machine, each
# running its own OpenSSH sshd (private config, host key, authorized key,
# PidFile and /run, nothing of /etc/ssh or of a system sshd), reached from a
# third namespace where the fleet tool runs with a generated ssh config:
#
#   client ns --veth-- alpha ns  10.213.8.1 -> 10.213.8.2 (sshd), 10.213.8.9 (nothing listens)
#             --veth-- beta ns   10.213.9.1 -> 10.213.9.2 (sshd)
#   10.213.8.3 is nobody: no route to host
#
# netns_hosts TAG NAME: makes them (TAG: one letter naming the test's
# namespaces and links, NAME: the test's name in skip and FAIL lines), or
# prints why not and exits the test.  Then: $ns_c, $ns_a, $ns_b; the sshds'
# pids $sshd_a, $sshd_b; $work/ssh_config with the Host aliases alpha,
# beta, refused (10.213.8.9) and gone (10.213.8.3); alpha's login prints a
# line on stdout before every command, as some login scripts do.  Each
# host's sshd sets TMPDIR=$work/HOST/tmp and PATH=$work/HOST/bin:/usr/bin:/bin.
# With NETNS_BETA_SYSTEM set, beta has /usr and /var of its own (changes in
# memory, see start_sshd) when $work/beta.system.ok exists after the call.
# The EXIT trap tears them down (net_cleanup) and removes $work.

SSHD=/usr/sbin/sshd
made_ns= started_sshds=
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
	# and the sshds have ended (a mount namespace of their own can take
	# a moment to go), reaped
	for p in $started_sshds; do wait "$p" 2>/dev/null; done
	started_sshds=
}

# start_sshd NAME NS ADDRESS PATH [SYSTEM]: a private sshd; its pid in sshd_pid
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
		Subsystem sftp internal-sftp
		SetEnv TMPDIR=$h/tmp PATH=$4
	EOF
	# alpha's login talks on stdout, as some login scripts do
	if [ "$1" = alpha ]; then
		printf '%s\n' '#!/bin/sh' 'echo "motd: welcome to alpha"' 'exec /bin/sh -c "$SSH_ORIGINAL_COMMAND"' >"$h/login" &&
			chmod 755 "$h/login" &&
			echo "ForceCommand $h/login" >>"$h/sshd_config" || return 1
	fi
	# sshd needs its privilege separation directory /run/sshd: give it a
	# private /run in a mount namespace of its own, gone when it exits.
	# With a SYSTEM directory, /usr and /var are its own too: overlays
	# whose changes stay in a tmpfs there, so a package can be installed
	# on the host and this machine's stays as it is; SYSTEM.ok says it
	# worked.
	# shellcheck disable=SC2016 # for the inner shell
	ip netns exec "$2" unshare -m sh -c '
		mount -t tmpfs -o mode=0755,size=64k osbench-fleet-test /run && mkdir -m 0755 /run/sshd || exit 1
		if [ -n "$3" ] && mount -t tmpfs -o mode=0755,size=256m osbench-fleet-system "$3" &&
			mkdir "$3/usr" "$3/usr.work" "$3/var" "$3/var.work" &&
			mount -t overlay osbench-fleet-usr -o "lowerdir=/usr,upperdir=$3/usr,workdir=$3/usr.work" /usr &&
			mount -t overlay osbench-fleet-var -o "lowerdir=/var,upperdir=$3/var,workdir=$3/var.work" /var; then
			: >"$3.ok"
		fi
		exec "$0" -D -f "$1" -E "$2"' \
		"$SSHD" "$h/sshd_config" "$h/sshd.log" "${5:-}" </dev/null >/dev/null 2>&1 &
	sshd_pid=$!
	started_sshds="$started_sshds $sshd_pid"
	i=0
	while [ ! -s "$h/sshd.pid" ] && [ "$i" -lt 50 ]; do
		kill -0 "$sshd_pid" 2>/dev/null || return 1
		sleep 0.1
		i=$((i + 1))
	done
	[ -s "$h/sshd.pid" ]
}

netns_hosts() { # TAG NAME
	nh_tag=$1 nh_name=$2
	need=
	[ "$(id -u)" -eq 0 ] || need="not root"
	for c in ip ssh ssh-keygen unshare mount; do
		[ -n "$need" ] || command -v "$c" >/dev/null 2>&1 || need="'$c' is not installed"
	done
	[ -n "$need" ] || [ -x "$SSHD" ] || need="$SSHD is not installed (Debian: openssh-server)"
	if [ -n "$need" ]; then
		echo "skip $nh_name hosts: $need"
		end_here
	fi

	l=$(printf '%s' "$nh_tag" | tr 'A-Z' 'a-z')
	ns_c="osb${nh_tag}c$$" ns_a="osb${nh_tag}a$$" ns_b="osb${nh_tag}b$$"
	trap 'net_cleanup; rm -rf "$work"' EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM

	if ! ip netns add "$ns_c" 2>/dev/null; then
		echo "skip $nh_name hosts: cannot make network namespaces here"
		end_here
	fi
	made_ns=$ns_c
	if ! { ip netns add "$ns_a" && made_ns="$made_ns $ns_a" &&
		ip netns add "$ns_b" && made_ns="$made_ns $ns_b" &&
		ip link add "${l}a0$$" netns "$ns_c" type veth peer name "${l}a1$$" netns "$ns_a" &&
		ip link add "${l}b0$$" netns "$ns_c" type veth peer name "${l}b1$$" netns "$ns_b" &&
		ip -n "$ns_c" addr add 10.213.8.1/24 dev "${l}a0$$" &&
		ip -n "$ns_c" addr add 10.213.9.1/24 dev "${l}b0$$" &&
		ip -n "$ns_a" addr add 10.213.8.2/24 dev "${l}a1$$" &&
		ip -n "$ns_a" addr add 10.213.8.9/24 dev "${l}a1$$" &&
		ip -n "$ns_b" addr add 10.213.9.2/24 dev "${l}b1$$" &&
		for ns in $ns_c $ns_a $ns_b; do ip -n "$ns" link set lo up || exit 1; done &&
		ip -n "$ns_c" link set "${l}a0$$" up && ip -n "$ns_c" link set "${l}b0$$" up &&
		ip -n "$ns_a" link set "${l}a1$$" up && ip -n "$ns_b" link set "${l}b1$$" up; }; then
		echo "skip $nh_name hosts: could not wire the namespaces"
		end_here
	fi

	# keys: the client's, and one host key per host
	if ! { ssh-keygen -q -t ed25519 -N '' -C osbench-fleet-test -f "$work/id" &&
		cp "$work/id.pub" "$work/authorized_keys"; }; then
		fail "$nh_name keys: ssh-keygen failed"
		end_here
	fi

	if ! start_sshd alpha "$ns_a" 10.213.8.2 "$work/alpha/bin:/usr/bin:/bin"; then
		fail "$nh_name sshd starts in a namespace: $(tail -n 3 "$work/alpha/sshd.log" 2>/dev/null)"
		end_here
	fi
	sshd_a=$sshd_pid
	# beta's own /usr and /var when asked for, and $work is elsewhere
	beta_system=
	if [ -n "${NETNS_BETA_SYSTEM:-}" ]; then
		case $work/ in /usr/* | /var/*) ;; *) mkdir "$work/beta.system" && beta_system=$work/beta.system ;; esac
	fi
	if ! start_sshd beta "$ns_b" 10.213.9.2 "$work/beta/bin:/usr/bin:/bin" "$beta_system"; then
		fail "$nh_name sshd starts in a namespace: $(tail -n 3 "$work/beta/sshd.log" 2>/dev/null)"
		end_here
	fi
	sshd_b=$sshd_pid

	cat >"$work/ssh_config" <<-EOF
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
}

# cells_ok ALLOW FILE LABEL HEADER...: each header row present, the row
# under it for LABEL with every cell after Host and OS (and Mhz) a positive
# number, or the word ALLOW ("fail", or "" for none)
cells_ok() {
	a=$1 f=$2 l=$3
	shift 3
	for hdr in "$@"; do
		awk -F'\t' -v h="$hdr" -v l="$l" -v a="$a" '
			$0 == h { getline; found = 1; split(h, hc, "\t")
				if ($1 != l || NF < 3) bad++
				for (i = 3; i <= NF; i++) {
					# the clock rate may be unknown ("-") on a loaded machine
					if (hc[i] == "Mhz" && $i == "-") continue
					if (!(a != "" && $i == a) && ($i !~ /^[0-9]+(\.[0-9]+)?$/ || $i + 0 <= 0)) bad++
				} }
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
