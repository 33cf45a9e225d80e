#!/bin/sh
# Behaviour kept through a refactoring: the report commands of two
# binaries, byte for byte, over the committed result files and the test
# fixtures.  usage: scripts/same-output.sh OLD-OSBENCH NEW-OSBENCH
# Prints one line per command that differs (and its diff); exits 1 if any.
set -u
old=${1:?usage: same-output.sh OLD NEW}
new=${2:?usage: same-output.sh OLD NEW}
cd "$(dirname "$0")/.." || exit 2
out=$(mktemp -d "${TMPDIR:-/tmp}/same-output.XXXXXX") || exit 2
trap 'rm -rf "$out"' EXIT INT TERM

files="results/*.tsv tests/fixtures/a.tsv tests/fixtures/b.tsv tests/fixtures/a.long tests/fixtures/a.json"
scales="tests/fixtures/scale-a.tsv tests/fixtures/scale-b.tsv results/vm-20261129-mutex.tsv"
n=0 bad=0
each() { # NAME ARGS... : run ARGS under both binaries, compare stdout, stderr, status
	name=$1
	shift
	n=$((n + 1))
	for which in old new; do
		eval bin=\$$which
		"$bin" "$@" >"$out/$which.out" 2>"$out/$which.err"
		echo "exit $?" >>"$out/$which.err"
		# plot writes its file; the file is the output
		for f in "$out"/*.svg; do [ -e "$f" ] && mv "$f" "$out/$which.svgout"; done
	done
	for k in out err svgout; do
		[ -e "$out/old.$k" ] || [ -e "$out/new.$k" ] || continue
		if ! cmp -s "$out/old.$k" "$out/new.$k"; then
			echo "differs ($k): $name"
			diff "$out/old.$k" "$out/new.$k" | head -10
			bad=$((bad + 1))
		fi
	done
	rm -f "$out"/old.* "$out"/new.*
}

for f in $files $scales; do
	each "compare $f" compare $f
	each "compare -f long $f" compare -f long $f
	each "plot $f" plot $f -o "$out/p.svg"
done
# every pair, both ways, and a three-way table
for a in $files; do
	for b in $files; do
		each "compare $a $b" compare "$a" "$b"
		each "check $a $b" check "$a" "$b"
		each "check -f json $a $b" check -f json "$a" "$b"
		each "check -f junit $a $b" check -f junit "$a" "$b"
		each "check --tolerance 5 $a $b" check --tolerance 5 "$a" "$b"
	done
done
each "compare scale" compare $scales
each "check scale" check tests/fixtures/scale-a.tsv tests/fixtures/scale-b.tsv
each "plot all" plot $files -o "$out/p.svg"
each "plot --log" plot --log $files -o "$out/p.svg"
each "plot scale" plot $scales -o "$out/p.svg"
for f in tests/fixtures/bad/*; do
	each "compare bad $f" compare "$f"
	each "check bad $f" check "$f" tests/fixtures/a.tsv
	each "plot bad $f" plot "$f" -o "$out/p.svg"
done
each "list" list
each "help" help
each "bad option" run --bogus
echo "$n commands, $bad differ"
[ "$bad" -eq 0 ]
