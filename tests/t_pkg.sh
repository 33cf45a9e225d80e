#!/bin/sh
# The Debian package: built with dpkg-buildpackage in a copy of the tree
# (the tracked files and new ones not ignored, as a clean clone has them;
# never in the working tree itself), then its exact file list, the
# packaged binary run from the unpacked package (finding its helper in
# ../libexec/osbench/), dpkg's hardening flags in the binary, the manual
# page, and lintian.
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)

if [ -n "${SANITIZE:-}" ]; then
	echo "skip pkg: the package builds with the system compiler; the plain test run checks it (this one is SANITIZE=$SANITIZE)"
	end_here
fi
need=
for c in dpkg-buildpackage dpkg-deb dpkg-parsechangelog dpkg-checkbuilddeps dh; do
	[ -n "$need" ] || command -v "$c" >/dev/null 2>&1 || need="'$c' is not installed (Debian: dpkg-dev, debhelper)"
done
if [ -n "$need" ]; then
	echo "skip pkg: $need"
	end_here
fi
if ! (cd "$top" && dpkg-checkbuilddeps) >"$work/deps" 2>&1; then
	echo "skip pkg: the build dependencies are not installed: $(tail -n 1 "$work/deps")"
	end_here
fi

# the copy: what git knows of (tracked, and untracked but not ignored), or
# without git the tree less what builds make
src="$work/src/osbench"
mkdir -p "$src" || exit 2
if git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git -C "$top" status --porcelain --ignored >"$work/status.before" 2>&1
	(cd "$top" && git ls-files -co --exclude-standard | while IFS= read -r f; do
		[ -e "$f" ] && printf '%s\n' "$f"
	done) >"$work/files" &&
		(cd "$top" && tar -cf - -T "$work/files") | tar -xf - -C "$src" || exit 2
else
	(cd "$top" && tar -cf - --exclude=./build --exclude=./osbench --exclude=./osbench-helper \
		--exclude=./debian/osbench --exclude=./debian/.debhelper .) | tar -xf - -C "$src" || exit 2
fi

# the build, with none of the test run's make or compiler settings
mkdir "$work/pkgtmp"
if (cd "$src" && env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u SANITIZE -u CC -u CFLAGS -u CPPFLAGS -u LDFLAGS \
	-u OSBENCH_HELPER TMPDIR="$work/pkgtmp" dpkg-buildpackage -b -us -uc) >"$work/build.log" 2>&1; then
	ok "pkg dpkg-buildpackage -b -us -uc succeeds in a clean tree"
else
	fail "pkg dpkg-buildpackage: $(tail -n 3 "$work/build.log" | tr '\n' ' ')"
	end_here
fi
version=$(sed -n 's/^VERSION *:= *//p' "$top/Makefile")
arch=$(dpkg --print-architecture)
deb="$work/src/osbench_${version}_${arch}.deb"
check "pkg debian/changelog's version is the Makefile's ($version)" \
	[ "$(cd "$src" && dpkg-parsechangelog -S Version)" = "$version" ]
check "pkg builds osbench_${version}_${arch}.deb" [ -f "$deb" ]
check "pkg the build ran the quick sanity run, not make test" \
	sh -c 'grep -q "^\./osbench run -q null exec" "$1" && ! grep -q "tests/run" "$1"' _ "$work/build.log"
[ -f "$deb" ] || end_here

# exactly these files (directories aside), with these modes
dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { print $1, $NF }' | sort >"$work/list"
cat >"$work/want" <<-'EOF'
	-rw-r--r-- ./usr/share/doc/osbench/README.md.gz
	-rw-r--r-- ./usr/share/doc/osbench/changelog.gz
	-rw-r--r-- ./usr/share/doc/osbench/copyright
	-rw-r--r-- ./usr/share/man/man1/osbench.1.gz
	-rwxr-xr-x ./usr/bin/osbench
	-rwxr-xr-x ./usr/libexec/osbench/osbench-helper
EOF
sort -o "$work/want" "$work/want"
if cmp -s "$work/list" "$work/want"; then
	ok "pkg holds exactly the binary, the helper, the man page, README, changelog, copyright"
else
	fail "pkg file list: $(diff "$work/want" "$work/list" | grep '^[<>]' | tr '\n' ' ')"
fi
check "pkg package is osbench $version for $arch" \
	[ "$(dpkg-deb -f "$deb" Package Version Architecture | tr '\n' ' ')" = "Package: osbench Version: $version Architecture: $arch " ]

# the packaged binary, unpacked anywhere: it finds the helper from its own
# location, by a path and through PATH
u="$work/unpacked"
dpkg-deb -x "$deb" "$u" || exit 2
pb="$u/usr/bin/osbench"
"$pb" run -q null exec >"$work/out" 2>"$work/err" </dev/null
rc=$?
check "pkg unpacked binary: run -q null exec exits 0" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || sed 's/^/# /' "$work/err"
check "pkg unpacked binary: null call is a number" row_positive "Host${T}OS${T}Mhz${T}null call"
check "pkg unpacked binary: exec proc is a number (the helper in ../libexec/osbench/)" \
	row_positive "Host${T}OS${T}Mhz${T}exec proc"
(cd / && PATH="$u/usr/bin:$PATH" osbench run -q exec) >"$work/out" 2>"$work/err" </dev/null
check "pkg unpacked binary found through PATH: exec proc is a number" \
	row_positive "Host${T}OS${T}Mhz${T}exec proc"
# without the helper the exec figure fails and says why: the figure above
# came from that helper and no other
if [ -f "$u/usr/libexec/osbench/osbench-helper" ]; then
	mv "$u/usr/libexec/osbench/osbench-helper" "$work/helper.aside"
	"$pb" run -q exec >"$work/out" 2>"$work/err" </dev/null
	rc=$?
	mv "$work/helper.aside" "$u/usr/libexec/osbench/osbench-helper"
	check "pkg without the libexec helper, exec fails (exit 1)" [ "$rc" -eq 1 ]
	check "pkg without the libexec helper, stderr names the helper" grep -q 'helper' "$work/err"
fi

# dpkg's build flags reached the compiler and the linker; the build line
# names them but not the build directory
"$pb" --version >"$work/version" 2>&1
check "pkg --version is $version" grep -qx "osbench $version" "$work/version"
check "pkg build line has dpkg's -fstack-protector-strong" grep -q '^build: .*-fstack-protector-strong' "$work/version"
check "pkg build line does not name the build directory" sh -c '! grep -qF "$1" "$2"' _ "$work" "$work/version"
if command -v readelf >/dev/null 2>&1; then
	check "pkg binary is fortified (CPPFLAGS -D_FORTIFY_SOURCE reached the compiler)" \
		sh -c 'readelf --dyn-syms -W "$1" | grep -q "__[a-z]*printf_chk"' _ "$pb"
	check "pkg binary is linked with -z now (LDFLAGS reached the linker)" \
		sh -c 'readelf -d "$1" | grep -q BIND_NOW' _ "$pb"
	check "pkg binary is position-independent" sh -c 'readelf -h "$1" | grep -q "Type: *DYN"' _ "$pb"
else
	echo "skip pkg hardening flags: readelf is not installed (Debian: binutils)"
fi

man_page="$u/usr/share/man/man1/osbench.1.gz"
if command -v man >/dev/null 2>&1; then
	MANWIDTH=80 man -l "$man_page" >"$work/man.out" 2>"$work/man.err"
	check "pkg man page renders without a warning" sh -c '[ -s "$1" ] && [ ! -s "$2" ]' _ "$work/man.out" "$work/man.err"
	check "pkg man page is osbench's" sh -c 'grep -q "^OSBENCH(1) " "$1" && grep -q "osbench compare FILE" "$1"' _ "$work/man.out"
else
	echo "skip pkg man page renders: man is not installed"
fi
check "pkg README is the project's" sh -c 'gzip -dc "$1" 2>/dev/null | cmp -s - "$2"' _ "$u/usr/share/doc/osbench/README.md.gz" "$top/README.md"

if command -v lintian >/dev/null 2>&1; then
	changes="$work/src/osbench_${version}_${arch}.changes"
	lintian --fail-on error "$changes" >"$work/lintian" 2>"$work/lintian.err"
	rc=$?
	check "pkg lintian: exit 0" [ "$rc" -eq 0 ]
	check "pkg lintian: no error" sh -c '! grep -q "^E: " "$1"' _ "$work/lintian"
	grep -E '^(E|W): ' "$work/lintian" | sed 's/^/# lintian: /'
else
	echo "skip pkg lintian: lintian is not installed"
fi

if [ -f "$work/status.before" ]; then
	git -C "$top" status --porcelain --ignored >"$work/status.after" 2>&1
	check "pkg the source tree is untouched" cmp -s "$work/status.before" "$work/status.after"
fi
finish
