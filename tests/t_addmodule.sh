#!/bin/sh
# Adding a module is its file and one registry line.  A stand-in module
# is written into a copy of the tree with that line, and nothing else:
# it builds, `list` names it, it runs, and check reads its trait (it
# touches the temp directory) from its descriptor alone.
built=$OSBENCH
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
objs=$(dirname "$built")
tree=$work/tree

# the tree and this build's objects, their times kept, so that only what
# the stand-in touches is compiled again
mkdir -p "$tree/build/${objs##*/}" || exit 2
cp -Rp "$top/src" "$top/include" "$top/Makefile" "$tree/" || exit 2
cp -Rp "$objs/src" "$objs/.flags" "$tree/build/${objs##*/}/" || exit 2
cat >"$tree/src/modules/standin.c" <<'MODULE'
/* A stand-in: a getppid() a op, said to touch the temp directory. */
#include <errno.h>
#include <unistd.h>

#include "module.h"

static int standin_run(struct mod_ctx *ctx, uint64_t n)
{
	volatile unsigned long sink = 0;
	int failed = 0;

	for (uint64_t i = 0; i < n; i++) {
		pid_t p = getppid();
		failed |= p < 0;
		sink += (unsigned long)p;
	}
	(void)sink;
	return failed ? mod_fail(ctx, "getppid", errno ? errno : EPERM) : 0;
}

const struct module module_standin = {
	.name = "standin",
	.summary = "a stand-in added by a test",
	.flags = MOD_TMPDIR,
	.run = standin_run,
};
MODULE
awk '{ print } /^\tX\(stat\) \\$/ { print "\tX(standin) \\" }' "$top/src/modules/registry.c" \
	>"$tree/src/modules/registry.c" || exit 2
touch "$tree/src/modules/registry.c"
diff -r "$top/src" "$tree/src" >"$work/diff"
check "add a module: the copy differs by the file and one registry line" sh -c '
	[ "$(grep -c "^Only in .*/modules: standin.c\$" "$1")" -eq 1 ] &&
	[ "$(grep -c "^> " "$1")" -eq 1 ] && grep -qx "> 	X(standin) \\\\" "$1" &&
	[ "$(grep -c "^< " "$1")" -eq 0 ]' _ "$work/diff" || sed 's/^/# /' "$work/diff"

make -s -C "$tree" ${CC:+CC="$CC"} SANITIZE="${SANITIZE:-}" "build/$(basename "$objs")/osbench" >"$work/make.out" 2>&1
rc=$?
check "add a module: the tree builds with it" test "$rc" -eq 0 || sed 's/^/# /' "$work/make.out"
new=$tree/build/$(basename "$objs")/osbench
[ -x "$new" ] || end_here
cp "$(dirname "$built")/osbench-helper" "$(dirname "$new")/" 2>/dev/null

"$new" list >"$work/out" 2>"$work/err"
check "add a module: list names it with its summary and trait" \
	grep -q "^standin${T}.*a stand-in added by a test${T}tmpdir\$" "$work/out"
"$new" run -q -f long -o "$work/a.long" standin >/dev/null 2>"$work/err"
rc=$?
check "add a module: it runs" test "$rc" -eq 0
check "add a module: a positive figure" awk -F'\t' '
	$1 == "table" { for (i = 1; i <= NF; i++) c[$i] = i; next }
	/^#/ { next }
	$(c["module"]) == "standin" && $(c["status"]) == "ok" && $(c["median_us"]) + 0 > 0 { found = 1 }
	END { exit !found }' "$work/a.long"
# the same file with its temp directory on another file system: the
# stand-in's trait makes its figure incomparable.  A run that something
# took the CPU from is marked distorted, and that note would stand
# first: the copy is made undistorted, so that only the trait is tried
awk -F'\t' 'BEGIN { OFS = "\t" }
	$1 == "table" { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
	/^#/ || !c["distorted"] { print; next }
	{ $(c["distorted"]) = "no"; print }' "$work/a.long" >"$work/plain.long"
sed 's/^# tmpdir fs: .*/# tmpdir fs: tmpfs/' "$work/plain.long" >"$work/b.long"
sed 's/^# tmpdir fs: .*/# tmpdir fs: ext4/' "$work/plain.long" >"$work/a.long"
"$new" check "$work/a.long" "$work/b.long" >"$work/out" 2>"$work/err"
check "add a module: check reads its trait (the temp directory differs)" \
	grep -q "^standin${T}standin${T}.*${T}tmpdir fs ext4 -> tmpfs${T}runs${T}unclear\$" "$work/out"
check "add a module leaves nothing behind" tmp_empty
finish
