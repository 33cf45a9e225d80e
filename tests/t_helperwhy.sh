#!/bin/sh
# A helper process that leaves says why, and that reason is the message.
# A module sees only the consequence of its helper's end (the echo gone,
# a connection refused or reset), which names neither the call that
# failed nor the remedy.  Played with a seccomp filter that fails one
# call: in the peer alone (its pin to another cpu under --placement
# spread, the measuring process's own pin going through first), or in a
# server that makes a call its client does not (accept, setsockopt
# SO_LINGER).
. "$(dirname "$0")/lib.sh"

skip() { echo "skip helperwhy: $*"; end_here; }
[ "$(uname -s)" = Linux ] || skip "seccomp is Linux only"
[ -n "${DENY:-}" ] && [ -x "$DENY" ] || skip "no deny program (make test builds it)"
"$DENY" getpid true 2>/dev/null || skip "seccomp filters cannot be installed here"

# one figure, one round: the reason of the first failure is the cell's
denied() { # NAME MODULE EXPECTED-REASON DENY-ARGS... -- RUN-OPTIONS...
	dn=$1 m=$2 want=$3
	shift 3
	args=
	while [ "$1" != -- ]; do args="$args $1"; shift; done
	shift
	# shellcheck disable=SC2086
	$launch "$DENY" $args "$OSBENCH" run -q -r 1 "$@" "$m" >"$work/out" 2>"$work/err" </dev/null
	rc=$?
	check "helperwhy $dn: exit 1" [ "$rc" -eq 1 ]
	check "helperwhy $dn: the cell is fail" grep -q "${T}fail\$" "$work/out"
	if grep -qxF "osbench: $m: $want" "$work/err"; then
		ok "helperwhy $dn: the helper's own reason"
	else
		fail "helperwhy $dn: stderr is not 'osbench: $m: $want':"
		sed 's/^/# /' "$work/err"
	fi
	check "helperwhy $dn: nothing left in TMPDIR" tmp_empty
}

# the peer's cpu cannot be set, the measuring process's could: the first
# sched_setaffinity goes through, the later ones fail
launch=
if ! "$DENY" -a 1 getpid true 2>/dev/null; then
	echo "skip helperwhy spread: seccomp user notification is not available here"
elif ! taskset -c 0,1 true 2>/dev/null; then
	echo "skip helperwhy spread: needs cpus 0 and 1 (and taskset)"
else
	launch="taskset -c 0,1"
	for m in pipe unix tcp udp tcpconn tcprr bwpipe bwunix bwtcp; do
		denied "spread $m" "$m" \
			"helper: sched_setaffinity to cpu 1: Invalid argument (--placement spread)" \
			-a 1 -e 22 sched_setaffinity -- --placement spread --cpu 0
	done
fi

# calls only the server makes: its reason, not the client's consequence
# (tcpconn used to say "Connection refused", tcp "Connection reset by peer")
launch=
denied "tcpconn setsockopt" tcpconn "helper: setsockopt SO_LINGER: Operation not permitted" \
	setsockopt --
for m in tcp tcpconn tcprr bwtcp; do
	denied "$m accept" "$m" "helper: accept: Operation not permitted" accept --
done

# the harness's own wait for a child's report refused: the parent's call
# and error, not the child's death by the SIGKILL that follows
denied "harness poll" null "poll of the child's report: Operation not permitted" poll --
finish
