#!/bin/sh
# The fs and bw tables: lmbench's file & VM system latencies and local
# communication bandwidths, the page-fault check, and nothing left behind.
. "$(dirname "$0")/lib.sh"

FS="Host${T}OS${T}0K File Create${T}0K File Delete${T}10K File Create${T}10K File Delete${T}Mmap Latency${T}Prot Fault${T}Page Fault${T}100fd selct"
BW="Host${T}OS${T}Pipe${T}AF UNIX${T}TCP${T}File reread${T}Mmap reread${T}Bcopy (libc)${T}Bcopy (hand)${T}Mem read${T}Mem write"

run list
check "fsbw list names the fs table" grep -q "^fs${T}table${T}0K File Create, 0K File Delete, 10K File Create" "$work/out"
check "fsbw list names the bw table" grep -q "^bw${T}table${T}Pipe, AF UNIX, TCP, File reread" "$work/out"
for m in fscreate fsdelete mmap protfault pagefault selfile bwpipe bwunix bwtcp bwfile bwmmap \
	bwcopy bwhcopy bwread bwwrite; do
	check "fsbw list has module $m" grep -q "^$m${T}module${T}" "$work/out"
done

# --- the two tables
run run -q fs bw
check "fsbw run fs bw exits 0" [ "$rc" -eq 0 ]
check "fsbw fs header exact" has_line "$FS"
check "fsbw bw header exact" has_line "$BW"
check "fsbw fs cells positive numbers" row_positive "$FS"
check "fsbw bw cells positive numbers" row_positive "$BW"
check "fsbw fs before bw" awk -v a="$FS" -v b="$BW" '$0 == a { fa = NR } $0 == b { fb = NR }
	END { exit !(fa && fb && fa < fb) }' "$work/out"
check "fsbw temp directory removed" tmp_empty
check "fsbw no process left" no_process_left

# 0K and 10K are two figures of one module each, told apart by size_kb
run run -q -f long fscreate fsdelete
for m in fscreate fsdelete; do
	for s in 0 10; do
		check "fsbw long: $m at size_kb=$s is its own figure" \
			awk -F'\t' -v m="$m" -v s="size_kb=$s" '$3 == m && $4 ~ ("(^| )" s "$") && $14 == "ok" { n++ }
				END { exit n != 1 }' "$work/out"
	done
done
check "fsbw long: the File Create columns are the size they say" awk -F'\t' '
	$2 == "0K File Create" && $4 ~ /size_kb=0$/ { a = 1 }
	$2 == "10K File Create" && $4 ~ /size_kb=10$/ { b = 1 }
	END { exit !(a && b) }' "$work/out"
check "fsbw long: file modules leave the temp directory empty" tmp_empty

# --- every op of pagefault must fault: pages left mapped make it fail
OSBENCH_TEST_FAULT=pagefault:nodrop run run -q fs
check "fsbw nodrop: exit 1" [ "$rc" -eq 1 ]
check "fsbw nodrop: Page Fault is fail" [ "$(cell "$FS" "Page Fault")" = fail ]
check "fsbw nodrop: the reason on stderr" \
	grep -q "^osbench: pagefault: 0\.[0-4][0-9] page faults per op: pages were not dropped$" "$work/err"
check "fsbw nodrop: the other fs cells still measured" awk -F'\t' -v h="$FS" '
	$0 == h { getline; for (i = 3; i <= NF; i++) if (i != 9 && !($i + 0 > 0)) bad++; found = 1 }
	END { exit !(found && !bad) }' "$work/out"
check "fsbw nodrop: temp directory removed" tmp_empty
check "fsbw nodrop: no process left" no_process_left

# nodrop concerns the modules whose ops are page faults only
OSBENCH_TEST_FAULT=mmap:nodrop run run -q mmap
check "fsbw nodrop elsewhere: exit 0" [ "$rc" -eq 0 ]
check "fsbw nodrop elsewhere: measured" positive "$(cell "Host${T}OS${T}Mmap Latency" "Mmap Latency")"
