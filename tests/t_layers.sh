#!/bin/sh
# Layers that only call down: scripts/layers.sh passes on this tree, and
# fails, naming the file, on a copy broken each way it guards against.
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)

sh "$top/scripts/layers.sh" "$top" >"$work/out" 2>&1
rc=$?
check "layers this tree calls only down" test "$rc" -eq 0
check "layers this tree says nothing" test ! -s "$work/out"
[ -s "$work/out" ] && sed 's/^/# /' "$work/out"

# broken NAME TEXT FILE=LINE...: a fresh copy with each LINE appended to
# its FILE must fail with TEXT among its messages
broken() {
	what=$1 want=$2
	shift 2
	rm -rf "$work/tree"
	mkdir "$work/tree" "$work/tree/scripts"
	cp -R "$top/src" "$top/include" "$work/tree/" || exit 2
	cp "$top/scripts/layers.sh" "$work/tree/scripts/" || exit 2
	# on a line of its own, whether or not the file ends in a newline
	for edit in "$@"; do printf '\n%s\n' "${edit#*=}" >>"$work/tree/${edit%%=*}"; done
	sh "$work/tree/scripts/layers.sh" "$work/tree" >"$work/out" 2>&1
	rc=$?
	check "layers $what: exit 1" test "$rc" -eq 1
	check "layers $what: says so" grep -qxF "$want" "$work/out"
	[ "$rc" -eq 1 ] && grep -qxF "$want" "$work/out" || sed "s/^/# /" "$work/out"
}
broken "lower into higher" \
	'layers: src/sys/host.c includes measure/mhz.h: src/sys is below src/measure,include/harness.h' \
	'src/sys/host.c=#include "measure/mhz.h"'
broken "siblings" \
	'layers: src/serve/serve.c includes modules/lib/fdio.h: src/serve and src/modules are siblings' \
	'src/serve/serve.c=#include "modules/lib/fdio.h"'
broken "two units" \
	'layers: units include each other: src/results/fmt -> src/results/rfile -> src/results/fmt' \
	'src/results/fmt.h=#include "results/rfile.h"' 'src/results/rfile.c=#include "results/fmt.h"'
broken "cycle of three" \
	'layers: units include each other: src/results/fmt -> src/results/label -> src/results/json -> src/results/fmt' \
	'src/results/fmt.c=#include "results/label.h"' 'src/results/label.c=#include "results/json.h"' \
	'src/results/json.h=#include "results/fmt.h"'
broken "denied" \
	'layers: src/results/store.c includes modules/registry.h: src/results may not include src/modules' \
	'src/results/store.c=#include "modules/registry.h"'
broken "no such file" \
	'layers: src/sys/pid.c: includes "sys/nothing.h", no file of the tree' \
	'src/sys/pid.c=#include "sys/nothing.h"'
broken "stale exemption" \
	'layers: src/LAYERS: "allow src/sys/pid.c sys/host.h": no such include any more' \
	'src/LAYERS=allow src/sys/pid.c sys/host.h'
finish
