#!/bin/sh
# The Makefile keeps the plain optimised build at ./osbench: a sanitized
# build stays under build/, and a top-level binary from anywhere else is
# replaced by a plain make.  Built in a copy of the tree, never in the
# working tree itself.
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)

if [ -n "${SANITIZE:-}" ]; then
	echo "skip build: the plain test run checks the Makefile (this one is SANITIZE=$SANITIZE)"
	end_here
fi
tree="$work/tree"
mkdir "$tree"
cp -R "$top/Makefile" "$top/src" "$top/include" "$top/osbench.1" "$tree/" || exit 2
tmake() { env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u SANITIZE -u CC -u CFLAGS -u CPPFLAGS -u LDFLAGS make -s -j2 -C "$tree" "$@" >"$work/make.out" 2>&1; }
has_asan() { grep -q __asan_init "$1"; }

check "build plain make succeeds" tmake
check "build plain ./osbench has no sanitizer" sh -c '! grep -q __asan_init "$1"' _ "$tree/osbench"
cp "$tree/osbench" "$work/plain"
if tmake SANITIZE=address,undefined; then
	ok "build sanitized make succeeds"
	check "build sanitized make leaves ./osbench alone" cmp -s "$tree/osbench" "$work/plain"
	check "build sanitized binary stays under build/" has_asan "$(ls "$tree"/build/*-san-address-undefined/osbench)"
	# a sanitized binary at the top, as an older Makefile left it
	cp "$tree"/build/*-san-address-undefined/osbench "$tree/osbench"
	check "build plain make after it" tmake
	check "build plain make replaces a sanitized ./osbench" sh -c '! grep -q __asan_init "$1"' _ "$tree/osbench"
	"$tree/osbench" run -q null >"$work/out" 2>"$work/err"
	check "build the top binary says it is plain" grep -q '^# build: .*, sanitizers none$' "$work/out"
	check "build the top binary does not warn" sh -c '! grep -q "warning: this is" "$1"' _ "$work/err"
	env -u OSBENCH_ACCEPT_BUILD OSBENCH_HELPER="$tree/osbench-helper" "$(ls "$tree"/build/*-san-address-undefined/osbench)" run -q null \
		>"$work/out" 2>"$work/err"
	check "build a sanitized binary names its sanitizers" \
		grep -q '^# build: .*, sanitizers address,undefined$' "$work/out"
	check "build a sanitized binary warns at every run" \
		grep -qx "osbench: warning: this is a sanitized build (address,undefined): its figures are not those of a plain optimised build" "$work/err"
else
	echo "skip build sanitized: this compiler cannot build with -fsanitize=address,undefined: $(tail -n 1 "$work/make.out")"
fi

# a package build (make clean, then make with its own CFLAGS) leaves
# ./osbench and the objects under build/ built with other flags; a plain
# make afterwards must put the plain build back
plain_build=$("$work/plain" --version | grep '^build: ')
# ctx's ring and its baseline subtract the one copy of the working-set
# loop: a copy inlined into each, or a clone, would run at its own
# alignment's speed
if command -v nm >/dev/null 2>&1; then
	check "build ctx's working-set loop is one copy, out of line" \
		[ "$(nm "$work/plain" | grep -c ' [tT] touch_set\($\|\.\)')" = 1 ]
else
	echo "skip build ctx's working-set loop: no nm here"
fi
check "build plain --version has the default flags" \
	sh -c 'printf "%s\n" "$1" | grep -qx "build: .*, -O2 -g, sanitizers none"' _ "$plain_build"
check "build make clean" tmake clean
check "build with other CFLAGS succeeds" tmake CFLAGS='-O1 -g -fno-inline'
check "build with other CFLAGS says so in --version" \
	sh -c '"$1" --version | grep -qx "build: .*, -O1 -g -fno-inline, sanitizers none"' _ "$tree/osbench"
check "build plain make after other CFLAGS" tmake
check "build plain make replaces the other-flags ./osbench" \
	[ "$("$tree/osbench" --version | grep '^build: ')" = "$plain_build" ]
check "build plain make after other CFLAGS: the plain binary again" cmp -s "$tree/osbench" "$work/plain"
finish
