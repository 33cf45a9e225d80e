#!/bin/sh
# Behaviour kept through a refactoring: every compare, check and plot of
# two builds over the committed result files (results/, results/seeds/)
# and the test fixtures, byte for byte: stdout, stderr, exit status and
# the SVG written.
#
#   scripts/same-output.sh OLD-OSBENCH NEW-OSBENCH
#   git worktree add /tmp/old main && make -C /tmp/old && scripts/same-output.sh /tmp/old/osbench ./osbench
#
# Prints each command whose output differs (and the start of the diff),
# then "N commands, N differ (N refused by both)"; exits 1 if any differ,
# 2 if the old build cannot compare two result files at all (the wrong
# binary, or the script itself broken).
set -u
usage() {
	echo "usage: scripts/same-output.sh OLD-OSBENCH NEW-OSBENCH" >&2
	exit 2
}
[ $# -eq 2 ] || usage
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
old=$(abs "$1") new=$(abs "$2")
for b in "$old" "$new"; do
	[ -x "$b" ] || { echo "same-output: '$b' is not an executable" >&2; exit 2; }
done
cd "$(dirname "$0")/.." || exit 2
out=$(mktemp -d "${TMPDIR:-/tmp}/same-output.XXXXXX") || exit 2
trap 'rm -rf "$out"' EXIT INT TERM

# every committed result file, latency tables and sweeps alike, in every
# format the fixtures hold
files="$(ls results/*.tsv results/seeds/*.tsv | tr '\n' ' ')tests/fixtures/a.tsv tests/fixtures/b.tsv"
files="$files tests/fixtures/a.long tests/fixtures/a.json tests/fixtures/bw-a.tsv tests/fixtures/bw-b.tsv"
files="$files tests/fixtures/scale-a.tsv tests/fixtures/scale-b.tsv"

# the old build must really compare two files: else every command below
# would compare two usage messages and find them alike
if ! "$old" compare results/vm-20261201.tsv results/vm-free-20261201.tsv 2>/dev/null | grep -q '^B/A'; then
	echo "same-output: '$old' cannot compare two result files" >&2
	exit 2
fi

n=0 bad=0 refused=0
each() { # NAME ARGS... : run ARGS under both binaries, compare stdout, stderr, status, SVG
	name=$1
	shift
	n=$((n + 1))
	for which in old new; do
		eval bin=\$$which
		"$bin" "$@" >"$out/$which.out" 2>"$out/$which.err" </dev/null
		echo "exit $?" >"$out/$which.status"
		# plot writes its file; the file is the output
		if [ -e "$out/p.svg" ]; then mv "$out/p.svg" "$out/$which.svg"; fi
	done
	grep -qx 'exit 2' "$out/old.status" && grep -qx 'exit 2' "$out/new.status" && refused=$((refused + 1))
	for k in out err status svg; do
		[ -e "$out/old.$k" ] || [ -e "$out/new.$k" ] || continue
		if ! cmp -s "$out/old.$k" "$out/new.$k"; then
			echo "differs ($k): $name"
			diff "$out/old.$k" "$out/new.$k" 2>&1 | head -10
			bad=$((bad + 1))
			break
		fi
	done
	rm -f "$out"/old.* "$out"/new.*
}

# every ordered pair, the same file twice included
for a in $files; do
	for b in $files; do
		for f in table long json; do
			each "compare -f $f $a $b" compare -f "$f" "$a" "$b"
		done
		for f in table long json junit; do
			each "check -f $f $a $b" check -f "$f" "$a" "$b"
		done
		each "check --tolerance 5 $a $b" check --tolerance 5 "$a" "$b"
		each "check --no-stats $a $b" check --no-stats "$a" "$b"
		each "plot $a $b" plot "$a" "$b" -o "$out/p.svg"
	done
	each "plot $a" plot "$a" -o "$out/p.svg"
	each "plot --log $a" plot --log "$a" -o "$out/p.svg"
done
each "compare every file" compare $files
each "compare every file -f long" compare -f long $files
each "plot every file" plot $files -o "$out/p.svg"
each "plot --log every file" plot --log $files -o "$out/p.svg"
each "plot --cdf long and json" plot --cdf tests/fixtures/a.long tests/fixtures/a.json -o "$out/p.svg"
for f in tests/fixtures/bad/*; do
	each "compare bad $f" compare "$f" tests/fixtures/a.tsv
	each "check bad $f" check "$f" tests/fixtures/a.tsv
	each "plot bad $f" plot "$f" -o "$out/p.svg"
done
each "compare one file" compare tests/fixtures/a.tsv
each "list" list
each "help" help
each "bad option" run --bogus
echo "$n commands, $bad differ ($refused refused by both)"
[ "$bad" -eq 0 ]
