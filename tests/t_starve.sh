#!/bin/sh
# Memory runs out at the Nth allocation, for N = 1..60, under every
# command that allocates: each says so and exits 2 (or measures, the
# figures it could not take fail), an existing -o file is replaced only
# by a whole output, never by a start that failed, and nothing is left
# in TMPDIR.  The allocator is starved through LD_PRELOAD (tests/nomem.c);
# a build it cannot reach (static, sanitized, another libc) skips.  Six
# commands at sixty points: minutes on a loaded machine, so make
# test-slow runs it (t_harden.sh keeps the start that fails).
. "$(dirname "$0")/lib.sh"
SEED="$(dirname "$0")/../results/seeds/xeon-3.06-linux-2.4.tsv"
SEED2="$(dirname "$0")/../results/seeds/opteron-850-linux-2.6.tsv"
d="$work/pub"
mkdir "$d"
whole_ab() { tail -n 1 "$1" | grep -q "^ab: 1 figure: "; }
# a report of fixed inputs: whole when it is the report made with memory
same_as_ref() { cmp -s "$work/ref" "$1"; }
# starve_all NAME WHOLE ARGS...: ARGS with -o FILE over an old FILE at
# every N; one check each for the exit status, the file, TMPDIR
starve_all() {
	what=$1 whole=$2
	shift 2
	printf 'old results\n' >"$work/old"
	statuses= files= left= bare=
	for n in $(seq 1 60); do
		cp "$work/old" "$d/prev.out"
		starved "$n" "$@" -o "$d/prev.out"
		case $rc in 0 | 1 | 2) ;; *) statuses="$statuses N=$n:$rc($(head -c 100 "$work/err"))" ;; esac
		if [ "$rc" -eq 2 ] || [ "$rc" -ge 128 ]; then
			cmp -s "$work/old" "$d/prev.out" || files="$files N=$n:replaced($(head -c 80 "$work/err"))"
		elif ! cmp -s "$work/old" "$d/prev.out"; then
			"$whole" "$d/prev.out" || files="$files N=$n:exit-$rc-not-whole"
		elif [ "$rc" -le 1 ]; then
			files="$files N=$n:exit-$rc-not-written"
		fi
		# a message names what failed, never the bare errno text
		grep -qx "osbench: Cannot allocate memory" "$work/err" && bare="$bare N=$n"
		if ! tmp_empty; then
			left="$left N=$n:$(ls -A "$TMPDIR" | tr '\n' ' ')"
			rm -rf "${TMPDIR:?}"/*
		fi
		rm -f "$d/prev.out"
	done
	none "harden $what starved at N=1..60: exit 0, 1 or 2, never a crash" "$statuses"
	none "harden $what starved at N=1..60: the old -o file kept unless replaced whole" "$files"
	none "harden $what starved at N=1..60: nothing left in TMPDIR" "$left"
	none "harden $what starved at N=1..60: every message says what failed" "$bare"
}
none() { # NAME FOUND: ok when nothing was found
	if [ -z "$2" ]; then ok "$1"; else fail "$1:$2"; fi
}
if nomem_ready; then
	starve_all "run" whole_run run -q null stat
	starve_all "scale" whole_run scale -q -t 5 mutex --threads 1,2
	starve_all "ab" whole_ab ab -q "$OSBENCH" "$OSBENCH" null
	"$OSBENCH" compare "$SEED" "$SEED2" >"$work/ref" 2>/dev/null
	starve_all "compare" same_as_ref compare "$SEED" "$SEED2"
	"$OSBENCH" plot "$SEED" "$SEED2" >"$work/ref" 2>/dev/null
	starve_all "plot" same_as_ref plot "$SEED" "$SEED2"
	F="$(dirname "$0")/fixtures"
	"$OSBENCH" check "$F/same-1.tsv" "$F/same-2.tsv" >"$work/ref" 2>/dev/null
	starve_all "check" same_as_ref check "$F/same-1.tsv" "$F/same-2.tsv"
else
	skip "starve: an LD_PRELOAD allocator cannot reach this build"
fi
finish
