#!/bin/sh
# Fuzz the command-line parser, the result-file reader and the plot drawn
# from what it reads, with libFuzzer
# (clang), each for a bounded time, starting from the regression corpus in
# tests/fuzz/corpus/.  Usage: scripts/fuzz.sh [SECONDS-PER-TARGET]
# (FUZZ_TARGETS="reader plot" picks targets; two runs can go side by side)
# New inputs that reach new code go to build/fuzz/corpus-TARGET (not the
# committed corpus); crashes are saved as build/fuzz/crash-TARGET-*: fix
# the bug, then copy the input into tests/fuzz/corpus/TARGET so that
# `make test` replays it from then on.
set -eu
cd "$(dirname "$0")/.."
secs=${1:-60}
out=build/fuzz
mkdir -p "$out"
cc=${CC_FUZZ:-clang}
flags="-std=c11 -D_POSIX_C_SOURCE=200809L -Iinclude -Isrc -DOSBENCH_VERSION=\"fuzz\" -g -O1
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined"
lib=$(find src -name '*.c' ! -path src/main.c ! -path 'src/helper/*' | sort)
status=0
for target in ${FUZZ_TARGETS:-args reader plot}; do
	# shellcheck disable=SC2086 # flags and lib are word lists
	$cc $flags -o "$out/fuzz-$target" "tests/fuzz/fuzz_$target.c" $lib -lpthread -lm
	mkdir -p "$out/corpus-$target"
	if "$out/fuzz-$target" -max_total_time="$secs" -max_len=65536 -timeout=10 \
		-artifact_prefix="$out/crash-$target-" -print_final_stats=1 \
		"$out/corpus-$target" "tests/fuzz/corpus/$target" >"$out/log-$target" 2>&1; then
		echo "fuzz $target: no crash; $(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/log-$target" | grep -o '[0-9]*$') executions in ${secs}s"
	else
		echo "fuzz $target: CRASH, see $out/log-$target and $out/crash-$target-*"
		status=1
	fi
done
exit $status
