#!/bin/sh
# The ctx and ipc tables, ctx at custom points, osbench serve and --remote,
# on loopback and between two network namespaces.
. "$(dirname "$0")/lib.sh"

CTX="Host${T}OS${T}2p/0K ctxsw${T}2p/16K ctxsw${T}2p/64K ctxsw${T}8p/16K ctxsw${T}8p/64K ctxsw${T}16p/16K ctxsw${T}16p/64K ctxsw"
IPC="Host${T}OS${T}2p/0K ctxsw${T}Pipe${T}AF UNIX${T}UDP${T}TCP${T}TCP conn"
NET="Host${T}OS${T}UDP${T}TCP${T}TCP conn"

# pinned: on a loaded machine the unpinned ring may land on one CPU or two
# from one measurement to the next, which a subtraction cannot survive
run run --quick --cpu 0 ctx ipc
check "ipc run ctx ipc exits 0" [ "$rc" -eq 0 ]
check "ipc ctx header exact" has_line "$CTX"
check "ipc ipc header exact" has_line "$IPC"
check "ipc ctx cells positive numbers" row_positive "$CTX"
check "ipc ipc cells positive numbers" row_positive "$IPC"
check "ipc 2p/0K measured once, shown in both tables" \
	[ "$(cell "$CTX" "2p/0K ctxsw")" = "$(cell "$IPC" "2p/0K ctxsw")" ]
check "ipc no process left" no_process_left
check "ipc temp directory removed" tmp_empty

run run --quick --cpu 0 ctx --procs 4,3 --size 0,8
check "ipc ctx custom points header" has_line "Host${T}OS${T}4p/0K ctxsw${T}4p/8K ctxsw${T}3p/0K ctxsw${T}3p/8K ctxsw"
check "ipc ctx custom points are numbers" row_positive "Host${T}OS${T}4p/0K ctxsw${T}4p/8K ctxsw${T}3p/0K ctxsw${T}3p/8K ctxsw"
run run --quick --format long ctx --procs 3 --size 4
check "ipc long carries the ctx parameters" grep -q "^ctx${T}3p/4K ctxsw${T}ctx${T}procs=3 size_kb=4${T}" "$work/out"
run run --quick pipe --procs 3
check "ipc --procs without ctx refused" [ "$rc" -eq 2 ]

# --- osbench serve on loopback
start_serve() { # ARGS...: sets serve_pid and port, or fails
	"$OSBENCH" serve "$@" >"$work/serve.out" 2>"$work/serve.err" &
	serve_pid=$!
	port=
	tries=0
	while [ "$tries" -lt 100 ]; do # up to 10 s on a loaded machine
		port=$(sed -n 's/.*listening on .*:\([0-9]*\) (tcp and udp)$/\1/p' "$work/serve.out")
		[ -n "$port" ] && return 0
		sleep 0.1
		tries=$((tries + 1))
	done
	kill "$serve_pid" 2>/dev/null
	wait "$serve_pid" 2>/dev/null
	return 1
}
stop_serve() {
	kill -INT "$serve_pid" 2>/dev/null
	wait "$serve_pid"
	serve_rc=$?
}

if start_serve --port 0; then
	ok "ipc serve starts on a kernel-chosen port"
	check "ipc serve binds loopback by default" grep -q 'listening on 127.0.0.1:' "$work/serve.out"
	run run --quick tcp udp tcpconn --remote "127.0.0.1:$port"
	check "ipc remote run exits 0" [ "$rc" -eq 0 ]
	check "ipc remote cells positive numbers" row_positive "$NET"
	run run --quick --format long tcp --remote "127.0.0.1:$port"
	check "ipc long carries the remote address" grep -q "remote=127.0.0.1:$port" "$work/out"

	"$OSBENCH" serve --port "$port" >/dev/null 2>"$work/err2"
	check "ipc serve on a port in use exits 2" [ $? -eq 2 ]
	check "ipc serve on a port in use says so" grep -qE "bind '127.0.0.1:$port': Address (already )?in use" "$work/err2"

	stop_serve
	check "ipc serve exits 0 on SIGINT" [ "$serve_rc" -eq 0 ]
else
	fail "ipc serve starts on a kernel-chosen port: $(cat "$work/serve.err")"
fi
check "ipc no serve process left" no_process_left

run serve --bind 192.0.2.1 --port 0
check "ipc serve on an address not on this host exits 2" [ "$rc" -eq 2 ]
check "ipc serve names the address" grep -q "192.0.2.1" "$work/err"
run serve --bind no-such-host.invalid
check "ipc serve on an unknown name exits 2" [ "$rc" -eq 2 ]

# a remote that does not answer: fail cells with a reason, not a hang
if start_serve --port 0; then
	dead=$port
	stop_serve
	run run --quick --timeout 30 tcp udp tcpconn --remote "127.0.0.1:$dead"
	check "ipc dead remote exits 1" [ "$rc" -eq 1 ]
	check "ipc dead remote: every cell fail" awk -F'\t' -v h="$NET" '$0 == h { getline; exit !($3 == "fail" && $4 == "fail" && $5 == "fail") }' "$work/out"
	check "ipc dead remote: reasons, not the watchdog" sh -c '! grep -q "timed out after" "$1" && [ "$(grep "^osbench: " "$1" | grep -vc "^osbench: note: the Mhz cell is -: ")" -eq 3 ]' _ "$work/err"
fi

# --- two hosts: network namespaces joined by a veth pair
ns_a="osbA$$" ns_b="osbB$$"
net_cleanup() {
	[ -n "${ns_pid:-}" ] && kill -INT "$ns_pid" 2>/dev/null && wait "$ns_pid" 2>/dev/null
	ip netns del "$ns_a" 2>/dev/null
	ip netns del "$ns_b" 2>/dev/null
}
if ! command -v ip >/dev/null 2>&1; then
	echo "skip ipc two-host test: 'ip' (iproute2) is not installed"
elif ! ip netns add "$ns_a" 2>/dev/null; then
	echo "skip ipc two-host test: cannot make network namespaces here (not root?)"
else
	ip netns add "$ns_b" &&
		ip link add "va$$" netns "$ns_a" type veth peer name "vb$$" netns "$ns_b" &&
		ip -n "$ns_a" addr add 10.213.7.1/24 dev "va$$" &&
		ip -n "$ns_b" addr add 10.213.7.2/24 dev "vb$$" &&
		ip -n "$ns_a" link set "va$$" up && ip -n "$ns_b" link set "vb$$" up &&
		ip -n "$ns_a" link set lo up && ip -n "$ns_b" link set lo up
	if [ $? -ne 0 ]; then
		echo "skip ipc two-host test: could not wire the namespaces"
	else
		ip netns exec "$ns_a" "$OSBENCH" serve --bind 10.213.7.1 --port 7100 >"$work/ns.out" 2>&1 &
		ns_pid=$!
		until_listening "$work/ns.out"
		ip netns exec "$ns_b" "$OSBENCH" run --quick tcp udp tcpconn --remote 10.213.7.1:7100 >"$work/out" 2>"$work/err"
		rc=$?
		check "ipc two hosts: run exits 0" [ "$rc" -eq 0 ]
		check "ipc two hosts: cells positive numbers" row_positive "$NET"
		kill -INT "$ns_pid"
		wait "$ns_pid"
		check "ipc two hosts: serve exits 0" [ $? -eq 0 ]
		ns_pid=
	fi
	net_cleanup
	check "ipc two hosts: no process left" no_process_left
fi
finish
