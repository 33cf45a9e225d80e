#!/bin/sh
# osbench starts and runs under a tight address-space limit: nothing big
# is reserved at exec, what a run needs is allocated for it.
. "$(dirname "$0")/lib.sh"

if [ -n "${SANITIZE:-}" ]; then
	echo "skip limits: a sanitized build reserves its shadow memory (SANITIZE=$SANITIZE)"
	finish
	exit 0
fi
# 8 MB: well below the 12 MB a build with its records in bss needed
(ulimit -v 8192 && exec "$OSBENCH" run -q null) >"$work/out" 2>"$work/err"
rc=$?
check "limits run -q null under ulimit -v 8192 exits 0" test "$rc" -eq 0
check "limits run -q null under ulimit -v 8192 prints its table" \
	grep -q "^$(printf 'Host\tOS\tMhz\tnull call')" "$work/out"
[ "$rc" -eq 0 ] || sed 's/^/# /' "$work/err"
finish
