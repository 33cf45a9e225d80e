#!/bin/sh
# The fs and bw tables: lmbench's file & VM system latencies and local
# communication bandwidths; the vm and mem tables of osbench's own
# definitions; the page-fault checks, failing fixtures, nothing left behind.
. "$(dirname "$0")/lib.sh"

FS="Host${T}OS${T}0K File Create${T}0K File Delete${T}10K File Create${T}10K File Delete${T}Mmap Latency${T}Prot Fault${T}Page Fault${T}100fd selct"
BW="Host${T}OS${T}Pipe${T}AF UNIX${T}TCP${T}File reread${T}Mmap reread${T}Bcopy (libc)${T}Bcopy (hand)${T}Mem read${T}Mem write"
VM="Host${T}OS${T}1-page fault${T}SEGV trip"
MEM="Host${T}OS${T}memcpy 2MB${T}copy 8B 2MB${T}read 8B 2MB${T}write 8B 2MB"

run list
check "fsbw list names the fs table" grep -q "^fs${T}table${T}0K File Create, 0K File Delete, 10K File Create" "$work/out"
check "fsbw list names the bw table" grep -q "^bw${T}table${T}Pipe, AF UNIX, TCP, File reread" "$work/out"
check "fsbw list names the vm table" grep -q "^vm${T}table${T}1-page fault, SEGV trip$" "$work/out"
check "fsbw list names the mem table" grep -q "^mem${T}table${T}memcpy 2MB, copy 8B 2MB, read 8B 2MB, write 8B 2MB$" "$work/out"
for m in fscreate fsdelete mmap protfault pagefault selfile bwpipe bwunix bwtcp bwfile bwmmap \
	bwcopy bwhcopy bwread bwwrite pagefault1 segvtrip memcpy2m memcp8 memrd8 memwr8; do
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

# --- osbench's own definitions, in tables of their own
run run -q vm mem
check "fsbw run vm mem exits 0" [ "$rc" -eq 0 ]
check "fsbw vm header exact" has_line "$VM"
check "fsbw mem header exact" has_line "$MEM"
check "fsbw vm cells positive numbers" row_positive "$VM"
check "fsbw mem cells positive numbers" row_positive "$MEM"
check "fsbw vm title says it is not lmbench's" grep -q "^# vm: osbench's own VM latencies, not lmbench's - times in microseconds" "$work/out"
check "fsbw mem title gives the unit" grep -q "^# mem: .* in MB/s - bigger is better$" "$work/out"
check "fsbw vm mem temp directory removed" tmp_empty

# 0K and 10K are two figures of one module each, told apart by size_kb
run run -q -f long fscreate fsdelete
for m in fscreate fsdelete; do
	for s in 0 10; do
		check "fsbw long: $m at size_kb=$s is its own figure" \
			by_name table "f(\"module\") == \"$m\" && f(\"params\") ~ /(^| )size_kb=$s\$/ && f(\"status\") == \"ok\" { n++ }
				END { exit n != 1 }" "$work/out"
	done
done
check "fsbw long: the File Create columns are the size they say" by_name table '
	f("column") == "0K File Create" && f("params") ~ /size_kb=0$/ { a = 1 }
	f("column") == "10K File Create" && f("params") ~ /size_kb=10$/ { b = 1 }
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

# the vm table's one fault a page: pages left mapped make it fail too
OSBENCH_TEST_FAULT=pagefault1:nodrop run run -q vm
check "fsbw nodrop 1-page fault: exit 1" [ "$rc" -eq 1 ]
check "fsbw nodrop 1-page fault: fail" [ "$(cell "$VM" "1-page fault")" = fail ]
check "fsbw nodrop 1-page fault: the reason on stderr" \
	grep -q "^osbench: pagefault1: 0\.[0-4][0-9] page faults per op: pages were not dropped$" "$work/err"
check "fsbw nodrop 1-page fault: SEGV trip still measured" positive "$(cell "$VM" "SEGV trip")"

# --- a fixture file that cannot be written: its figures fail with the call
# (stdout and stderr through pipes: the limit would bind files too)
{ { (trap '' XFSZ && ulimit -f 1 && exec "$OSBENCH" run -q protfault pagefault pagefault1 mmap \
	segvtrip 2>&4 </dev/null)
    echo $? >"$work/rc"; } 4>&1 >&3 | cat >"$work/err"; } 3>&1 | cat >"$work/out"
rc=$(cat "$work/rc")
check "fsbw file too large: exit 1" [ "$rc" -eq 1 ]
for m in protfault pagefault mmap; do
	check "fsbw file too large: $m fails with the write" \
		grep -Eq "^osbench: $m: write '.*': File too large$" "$work/err"
done
check "fsbw file too large: pagefault1 fails with the write" \
	grep -Eq "^osbench: pagefault1: pwrite: (short write|File too large)$" "$work/err"
check "fsbw file too large: SEGV trip, needing no file, measured" \
	positive "$(cell "Host${T}OS${T}1-page fault${T}SEGV trip" "SEGV trip")"
check "fsbw file too large: temp directory removed" tmp_empty

# --- memory that cannot be had: the memory figures fail with the call
# (a sanitizer's shadow memory cannot live under an address-space limit);
# 16 MB is below the smallest buffer (32 MB) whatever the libc leaves free
# of it, and above what osbench itself needs (t_limits runs it in 8 MB)
if [ -z "${SANITIZE:-}" ]; then
	(ulimit -v 16384 && exec "$OSBENCH" run -q memrd8 bwread >"$work/out" 2>"$work/err" </dev/null)
	rc=$?
	check "fsbw no memory: exit 1" [ "$rc" -eq 1 ]
	for m in memrd8 bwread; do
		check "fsbw no memory: $m fails with the mmap" \
			grep -Eq "^osbench: $m: mmap [0-9]+ MB: (Cannot allocate memory|Out of memory)$" "$work/err"
	done
	check "fsbw no memory: read 8B 2MB is fail" [ "$(cell "Host${T}OS${T}read 8B 2MB" "read 8B 2MB")" = fail ]
else
	echo "skip fsbw no memory: an address-space limit and $SANITIZE do not mix"
fi

# nodrop concerns the modules whose ops are page faults only
OSBENCH_TEST_FAULT=mmap:nodrop run run -q mmap
check "fsbw nodrop elsewhere: exit 0" [ "$rc" -eq 0 ]
check "fsbw nodrop elsewhere: measured" positive "$(cell "Host${T}OS${T}Mmap Latency" "Mmap Latency")"
finish
