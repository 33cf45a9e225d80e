#!/bin/sh
# make install: the files land under DESTDIR/PREFIX, the installed binary
# finds its helper, the man page renders and documents what --help says.
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
stage="$work/stage"

# the binaries under test, installed without building anything in the tree
if env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u SANITIZE -u CC make -s -C "$top" install-files \
	BINDIR_SRC="$work/bin" DESTDIR="$stage" PREFIX=/usr >"$work/make.out" 2>&1; then
	ok "install make install-files succeeds"
else
	fail "install make install-files: $(tail -n 3 "$work/make.out")"
fi
for f in usr/bin/osbench usr/libexec/osbench/osbench-helper usr/share/man/man1/osbench.1; do
	check "install puts $f" [ -f "$stage/$f" ]
done
check "install the binary is executable" [ -x "$stage/usr/bin/osbench" ]
check "install the helper is executable" [ -x "$stage/usr/libexec/osbench/osbench-helper" ]

"$stage/usr/bin/osbench" run -q exec sh >"$work/out" 2>"$work/err"
rc=$?
check "install installed binary finds its helper in libexec" [ "$rc" -eq 0 ]
check "install installed exec and sh are numbers" row_positive "Host${T}OS${T}Mhz${T}exec proc${T}sh proc"

man_page="$top/osbench.1"
if command -v man >/dev/null 2>&1; then
	check "install man page renders" sh -c 'MANWIDTH=80 man -l "$1" >/dev/null 2>"$2" && [ ! -s "$2" ]' _ "$man_page" "$work/man.err"
else
	echo "skip install man page renders: man is not installed"
fi
# every option and command of --help is in the man page, and the reverse
"$OSBENCH" --help >"$work/help"
for opt in $(grep -o -- '--[a-z][a-z-]*' "$work/help" | sort -u); do
	esc=$(printf '%s' "$opt" | sed 's/-/\\\\-/g')
	check "install man page documents $opt" grep -q -- "$esc" "$man_page"
done
for opt in $(grep -o -- '\\-\\-[a-z][a-z-]*' "$man_page" | sed 's/\\//g' | sort -u); do
	check "install --help mentions $opt from the man page" grep -q -- "$opt" "$work/help"
done
for cmd in run list scale compare check plot serve; do
	check "install man page has the $cmd command" grep -q "^\.B osbench $cmd\|^\.B $cmd\|osbench $cmd" "$man_page"
done
finish
