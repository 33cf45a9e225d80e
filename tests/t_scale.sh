#!/bin/sh
# osbench scale: the seed-000 table, threads and processes, failures as
# rows, large sweeps, and the thread latency module.
. "$(dirname "$0")/lib.sh"

HDR="Concurrency${T}box ops/s${T}Scaling (Concurrency one=100%)${T}cpu %${T}ctxsw/op"

# rows of the sweep table, after its exact header
rows() { awk -F'\t' -v h="$HDR" 'f && NF == 5 { print } $0 == h { f = 1 }' "$work/out"; }
# sweep PROGRAM: awk over the sweep table's rows, f("cpu %") a cell by name
sweep() { by_name Concurrency "$1" "$work/out"; }
numeric_rows() { # every row: level, positive ops/s, N%, positive cpu, number
	sweep '{ if (!(f("Concurrency") ~ /^[0-9]+$/ && f("box ops/s") ~ /^[0-9]+$/ && f("box ops/s") + 0 > 0 &&
		f("Scaling (Concurrency one=100%)") ~ /^[0-9]+%$/ && f("cpu %") ~ /^[0-9]+$/ && f("cpu %") + 0 > 0 &&
		f("ctxsw/op") ~ /^[0-9.]+$/)) bad++; n++ }
		END { exit !(n > 0 && !bad) }'
}
# level_cell LEVEL COLUMN: that level's cell (nothing when the row is missing)
level_cell() { sweep "f(\"Concurrency\") == \"$1\" { print f(\"$2\") }"; }

run scale mutex --threads 1,2,5 --quick -l box
check "scale mutex exits 0" [ "$rc" -eq 0 ]
check "scale header exact" has_line "$HDR"
check "scale title names module, mode and host" grep -q '^# scale mutex: threads, host box' "$work/out"
check "scale three levels give three rows" [ "$(rows | wc -l)" -eq 3 ]
check "scale rows in the order asked" [ "$(rows | cut -f1 | tr '\n' ' ')" = "1 2 5 " ]
check "scale level 1 is 100%" [ "$(level_cell 1 "Scaling (Concurrency one=100%)")" = "100%" ]
check "scale ops/s, cpu % and ctxsw/op are numbers" numeric_rows
check "scale no process left" no_process_left
check "scale temp directory removed" tmp_empty

run scale stat --procs 1,2 --quick -l box
check "scale --procs exits 0" [ "$rc" -eq 0 ]
check "scale --procs title says processes" grep -q '^# scale stat: processes' "$work/out"
check "scale --procs rows are numbers" numeric_rows
check "scale --procs no process left" no_process_left

for m in malloc thread tcprr fork; do
	run scale "$m" --threads 1,3 --quick -l box
	check "scale $m sweeps" numeric_rows
done
check "scale no process left after tcprr" no_process_left

run scale mutex --procs 1,2 --quick -l box
check "scale mutex across processes" numeric_rows

run scale mutex --threads 256 --quick -l box
check "scale 256-thread mutex sweep completes" [ "$rc" -eq 0 ]
check "scale 256-thread mutex sweep: one row" [ "$(rows | wc -l)" -eq 1 ]
check "scale 256 threads: no process left" no_process_left

# a level that fails prints fail in its row; later levels still print
OSBENCH_TEST_FAULT=mutex:fail@5 run scale mutex --threads 1,5,2 --quick -l box
check "scale failed level exits 1" [ "$rc" -eq 1 ]
check "scale failed level row says fail" [ "$(level_cell 5 "box ops/s")" = fail ]
check "scale level after the failure still measured" positive "$(level_cell 2 "box ops/s")"
check "scale failure reason names the level" grep -q 'scale mutex threads=5: forced failure' "$work/err"

OSBENCH_TEST_FAULT=thread:crash@2 run scale thread --threads 1,2,3 --quick -l box
check "scale crashed level is fail" [ "$(level_cell 2 "box ops/s")" = fail ]
check "scale crashed level: the level before measured" positive "$(level_cell 1 "box ops/s")"
check "scale crashed level: the level after measured" positive "$(level_cell 3 "box ops/s")"
check "scale crashed level: the sweep goes on" [ "$(rows | wc -l)" -eq 3 ]

# a real resource failure: too little address space for 4000 thread stacks
case "${SANITIZE:-}" in
*address* | *thread*) skip "scale address-space limit: sanitizer shadow memory needs the space" ;;
*)
	sh -c 'ulimit -v 600000 && exec "$1" scale mutex --threads 1,4000,2 --quick -l box' _ "$OSBENCH" >"$work/out" 2>"$work/err"
	rc=$?
	check "scale refused thread creation: exit 1" [ "$rc" -eq 1 ]
	check "scale refused thread creation: that row fail" [ "$(level_cell 4000 "box ops/s")" = fail ]
	check "scale refused thread creation: reason is pthread_create" grep -q 'threads=4000: pthread_create' "$work/err"
	check "scale refused thread creation: next level measured" positive "$(level_cell 2 "box ops/s")"
	;;
esac
check "scale no process left after failures" no_process_left

run scale --format long mutex --threads 1,2 --quick -l box
check "scale long rows carry ops/s" [ "$(by_name table 'f("table") == "scale" && f("module") == "mutex" && f("unit") == "ops/s" && f("median_us") + 0 > 0' "$work/out" | wc -l)" -eq 2 ]

run run --quick thread
check "scale run thread prints microseconds" row_positive "Host${T}OS${T}thread"
finish
