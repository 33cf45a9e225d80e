#!/bin/sh
# Every lmbench-named column of osbench next to lmbench 3's figure of the
# same name, on this host in the same minutes: RUNS passes, each one
# `osbench run TABLES` then lmbench's programs for those columns, once
# pinned (everything on CPU 0: osbench's default placement `same`,
# lmbench under taskset) and once unpinned (osbench --placement free,
# lmbench as the scheduler places it), alternating.  Per placement and
# column: the median over the passes of each tool's figure, their ratio,
# and each tool's coefficient of variation over the passes (its steadiness
# on this host, the same minutes for both).  How the two define each
# figure is in the man page (COLUMNS), and what it found in docs/notes/.
#
#   scripts/bench-lmbench.sh -L LMBENCH_BIN [-n RUNS] [-b OSBENCH] [-t TABLES] [-p same|free|both] [-F] [-c]
#   scripts/bench-lmbench.sh -L ~/lmbench/bin/x86_64-linux-gnu -n 3
#   scripts/bench-lmbench.sh -L ~/lmbench/bin/x86_64-linux-gnu -t "fs bw" -p same
#
# TABLES: any of syscall proc ctx ipc fs bw (default all six); -p: the
# placements (default both); -F leaves lat_fs out (it alone can take many
# minutes on a file system slow to create files), so File Create and
# Delete have no lmbench figure.  -c alternates column by column instead
# of table by table: each pass runs, for every column, osbench's module
# alone (`run --budget 3 MODULE`) and then lmbench's program, so that the
# two figures of a column are taken within seconds of each other (on a
# machine whose load moves from minute to minute, the passes' medians of
# whole tables do not compare).  The vm and mem tables are osbench's own and
# have no lmbench figure.  ENOUGH, if set, is passed to lmbench as its
# sample length in microseconds instead of what its `enough` finds (on a
# noisy machine that can be a second a sample).  Where the host's shared
# last-level cache is larger than the buffer, a long sample reads part of
# the buffer from the cache (see the man page, bw): there ENOUGH=5000
# gives lmbench samples as long as osbench's.
#
# lmbench's programs and arguments, as its own scripts/lmbench runs them
# for the summary: lat_syscall null/read/write/stat/open; lat_select -n
# 100 tcp; lat_sig install/catch; lat_proc fork/exec/shell; lat_ctx -s S P;
# lat_pipe; lat_unix; lat_udp, lat_tcp, lat_connect localhost (their
# servers started and stopped here); lat_fs DIR; lat_mmap 8m FILE;
# lat_sig prot FILE; lat_pagefault FILE16; lat_select -n 100 file; bw_pipe;
# bw_unix; bw_tcp localhost; bw_file_rd SIZE io_only FILE; bw_mmap_rd SIZE
# mmap_only FILE; bw_mem SIZE/2 bcopy and fcp, SIZE frd and fwr, where
# SIZE is the size of osbench's memory buffer and file (its host record's
# buffer line).  Each with -N 5 (lat_fs -N 1); lmbench's
# calibration (enough, timing_o, loop_o) is done once, as its scripts do.
# FILE is a SIZE file in a private temp dir, written as lmbench's script
# writes it (8 KB writes, synced), removed at the end; FILE16 the same at
# 16 MB, the size of osbench's Page Fault file (a page costs more to fault
# in a larger mapping read in a random order).  lat_proc runs
# /tmp/hello: lmbench's hello is copied there for the run when no such
# file exists, and removed again; else proc is left out.
set -eu
runs=3 bin=./osbench lm='' tables="syscall proc ctx ipc fs bw" places=both latfs=1 bycol='' budget=3
while getopts n:b:L:t:p:Fc opt; do
	case $opt in
	n) runs=$OPTARG ;;
	b) bin=$OPTARG ;;
	L) lm=$OPTARG ;;
	t) tables=$(echo "$OPTARG" | tr , ' ') ;;
	p) places=$OPTARG ;;
	F) latfs='' ;;
	c) bycol=1 ;;
	*) echo "usage: $0 -L LMBENCH_BIN [-n RUNS] [-b OSBENCH] [-t TABLES] [-p same|free|both] [-F] [-c]" >&2; exit 2 ;;
	esac
done
for t in $tables; do
	case $t in syscall | proc | ctx | ipc | fs | bw) ;; *) echo "$0: -t: '$t' is not a lmbench-named table" >&2; exit 2 ;; esac
done
case $places in same | free) ;; both) places="same free" ;; *) echo "$0: -p: '$places' is not same, free or both" >&2; exit 2 ;; esac
if [ -z "$lm" ] || [ ! -x "$lm/bw_mem" ]; then echo "$0: -L: no lmbench programs in '$lm'" >&2; exit 2; fi
has() { case " $tables " in *" $1 "*) return 0 ;; esac; return 1; }

dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-lmbench.XXXXXX")
servers='' hello=
# shellcheck disable=SC2317 # called by the trap
cleanup() {
	for s in $servers; do "$lm/$s" -S localhost >/dev/null 2>&1 || true; done
	[ -z "$hello" ] || rm -f /tmp/hello
	rm -rf "$dir"
}
trap cleanup EXIT INT TERM

# osbench's buffer and file size, as its host record gives it ("# buffer:
# 128 MB (...)"): the size modules/lib/membuf.c plans on this host for a
# run that is not --quick (whose buffer is half as large)
mb=$("$bin" run -t 1 -r 1 null 2>/dev/null | sed -n 's/^# buffer: \([0-9][0-9]*\) MB.*/\1/p')
case $mb in
'' | *[!0-9]*) echo "$0: '$bin' gave no buffer size in its host record" >&2; exit 1 ;;
esac
half=$((mb / 2))

ENOUGH=${ENOUGH:-$("$lm/enough")} TIMING_O=$("$lm/timing_o") LOOP_O=$("$lm/loop_o")
export ENOUGH TIMING_O LOOP_O
file=$dir/file
# in 8 KB writes and synced, as lmbench's script makes its file (lmdd):
# the page cache holds a file as it was written
dd if=/dev/zero of="$file" bs=8192 count=$((mb * 128)) conv=fsync 2>/dev/null
dd if=/dev/zero of="$file.16" bs=8192 count=2048 conv=fsync 2>/dev/null
mkdir "$dir/fs"
: >"$dir/stat"
if has proc; then
	if [ -e /tmp/hello ]; then
		echo "$0: /tmp/hello exists and is not ours: proc left out" >&2
		tables=$(echo " $tables " | sed 's/ proc / /')
	else
		cp "$lm/hello" /tmp/hello && hello=1
	fi
fi

# one lmbench program on CPU 0 or where the scheduler puts it; its report
# (stderr) on stdout
lm1() {
	p=$lm/$1
	shift
	if [ "$place" = same ]; then taskset -c 0 "$p" "$@" 2>&1; else "$p" "$@" 2>&1; fi
}
# "TABLE COLUMN<TAB>VALUE" lines from a report's "...: X microseconds"
us() { awk -v k="$1 $2" '/microseconds/ { printf "%s\t%s\n", k, $(NF - 1) }'; }
# ... from a report whose second field is the figure
f2() { awk -v k="$1 $2" '{ printf "%s\t%s\n", k, $2 }'; }
# ... from a bandwidth report that ends "X MB/sec"
mbs() { awk -v k="$1 $2" -v re="$3" '$0 ~ re { printf "%s\t%s\n", k, $(NF - 1) }'; }

# each table's lmbench-named columns, one a line
columns() {
	case $1 in
	syscall) printf '%s\n' "null call" "null I/O" stat "open clos" "slct TCP" "sig inst" "sig hndl" ;;
	proc) printf '%s\n' "fork proc" "exec proc" "sh proc" ;;
	ctx) printf '%s\n' "2p/0K ctxsw" "2p/16K ctxsw" "2p/64K ctxsw" "8p/16K ctxsw" "8p/64K ctxsw" \
		"16p/16K ctxsw" "16p/64K ctxsw" ;;
	ipc) printf '%s\n' "2p/0K ctxsw" Pipe "AF UNIX" UDP TCP "TCP conn" ;;
	fs) printf '%s\n' "0K File Create" "0K File Delete" "10K File Create" "10K File Delete" \
		"Mmap Latency" "Prot Fault" "Page Fault" "100fd selct" ;;
	bw) printf '%s\n' Pipe "AF UNIX" TCP "File reread" "Mmap reread" "Bcopy (libc)" \
		"Bcopy (hand)" "Mem read" "Mem write" ;;
	esac
}

# lmbench's figure of one column (lat_fs gives all four file columns at
# once: it runs for the first of them)
lmc() { # TABLE COLUMN
	case "$1 $2" in
	"syscall null call") lm1 lat_syscall -N 5 null | us "$@" ;;
	"syscall null I/O")
		r=$(lm1 lat_syscall -N 5 read | awk '{ print $(NF - 1) }')
		w=$(lm1 lat_syscall -N 5 write | awk '{ print $(NF - 1) }')
		awk -v r="$r" -v w="$w" 'BEGIN { printf "syscall null I/O\t%g\n", (r + w) / 2 }' ;;
	"syscall stat") lm1 lat_syscall -N 5 stat "$dir/stat" | us "$@" ;;
	"syscall open clos") lm1 lat_syscall -N 5 open "$dir/stat" | us "$@" ;;
	"syscall slct TCP") lm1 lat_select -N 5 -n 100 tcp | us "$@" ;;
	"syscall sig inst") lm1 lat_sig -N 5 install | us "$@" ;;
	"syscall sig hndl") lm1 lat_sig -N 5 catch | us "$@" ;;
	"proc fork proc") lm1 lat_proc -N 5 fork | us "$@" ;;
	"proc exec proc") lm1 lat_proc -N 5 exec | us "$@" ;;
	"proc sh proc") lm1 lat_proc -N 5 shell | us "$@" ;;
	*ctxsw)
		# lat_ctx prints "size=SK ovr=..." and then "P TIME"
		p=${2%%p/*} k=${2#*p/}
		lm1 lat_ctx -N 5 -s "${k%%K*}" "$p" | awk -v k="$1 $2" -v p="$p" '$1 == p { printf "%s\t%s\n", k, $2 }' ;;
	"ipc Pipe") lm1 lat_pipe -N 5 | us "$@" ;;
	"ipc AF UNIX") lm1 lat_unix -N 5 | us "$@" ;;
	"ipc UDP") lm1 lat_udp -N 5 localhost | us "$@" ;;
	"ipc TCP") lm1 lat_tcp -N 5 localhost | us "$@" ;;
	"ipc TCP conn") lm1 lat_connect -N 5 localhost | us "$@" ;;
	"fs 0K File Create")
		[ -z "$latfs" ] || lm1 lat_fs -N 1 "$dir/fs" | awk '
			$1 == "0k" || $1 == "10k" { s = toupper(substr($1, 1, length($1) - 1)) "K"
				if ($3 > 0) printf "fs %s File Create\t%g\n", s, 1e6 / $3
				if ($4 > 0) printf "fs %s File Delete\t%g\n", s, 1e6 / $4 }' ;;
	"fs "*File*) ;;
	"fs Mmap Latency") lm1 lat_mmap -N 5 8m "$file" | f2 "$@" ;;
	"fs Prot Fault") lm1 lat_sig -N 5 prot "$file" | us "$@" ;;
	"fs Page Fault") lm1 lat_pagefault -N 5 "$file.16" | us "$@" ;;
	"fs 100fd selct") lm1 lat_select -N 5 -n 100 file | us "$@" ;;
	"bw Pipe") lm1 bw_pipe -N 5 | mbs "$@" bandwidth ;;
	"bw AF UNIX") lm1 bw_unix -N 5 | mbs "$@" bandwidth ;;
	"bw TCP") lm1 bw_tcp -N 5 localhost | mbs "$@" 'MB/sec' ;;
	"bw File reread") lm1 bw_file_rd -N 5 "${mb}m" io_only "$file" | f2 "$@" ;;
	"bw Mmap reread") lm1 bw_mmap_rd -N 5 "${mb}m" mmap_only "$file" | f2 "$@" ;;
	"bw Bcopy (libc)") lm1 bw_mem -N 5 "${half}m" bcopy | f2 "$@" ;;
	"bw Bcopy (hand)") lm1 bw_mem -N 5 "${half}m" fcp | f2 "$@" ;;
	"bw Mem read") lm1 bw_mem -N 5 "${mb}m" frd | f2 "$@" ;;
	"bw Mem write") lm1 bw_mem -N 5 "${mb}m" fwr | f2 "$@" ;;
	esac
}

# osbench's figure of one column, measured alone: "TABLE COLUMN<TAB>VALUE"
# (module: from the first run's long rows; a ctx point from its header)
osc() { # TABLE COLUMN
	m=$(awk -F'\t' -v k="$1 $2" '$1 == k { print $2; exit }' "$dir/modules")
	case $2 in
	*ctxsw) p=${2%%p/*} k=${2#*p/}
		set -- "$@" --procs "$p" --size "${k%%K*}" ;;
	esac
	t=$1 c=$2
	shift 2
	"$bin" run --placement "$place" --budget "$budget" -f long "$m" "$@" 2>/dev/null | awk -F'\t' -v t="$t" -v col="$c" '
		$1 == "table" { for (i = 1; i <= NF; i++) h[$i] = i; next } /^#/ { next }
		$(h["column"]) == col && $(h["status"]) == "ok" { printf "%s %s\t%s\n", t, col, $(h["value_us"]); exit }'
}

# the servers, on CPU 0 like the clients that use them pinned
start_server() { taskset -c 0 "$lm/$1" -s >/dev/null 2>&1 && servers="$servers $1"; }
if has ipc; then start_server lat_udp; start_server lat_tcp; start_server lat_connect; fi
if has bw; then start_server bw_tcp; fi

# one pass: the tables whole, then lmbench's programs (the default); or,
# with -c, column by column, osbench's module alone then lmbench's program
pass() {
	if [ -z "$bycol" ]; then
		# shellcheck disable=SC2086 # the table names
		"$bin" run --placement "$place" -f long $tables 2>/dev/null | awk -F'\t' '
			$1 == "table" { for (i = 1; i <= NF; i++) c[$i] = i; next } /^#/ { next }
			$(c["status"]) == "ok" { printf "%s %s\t%s\n", $(c["table"]), $(c["column"]), $(c["value_us"]) }' \
			>>"$dir/osbench.$place" || true
		for t in $tables; do
			columns "$t" | while IFS= read -r c; do lmc "$t" "$c"; done >>"$dir/lmbench.$place"
		done
		return
	fi
	for t in $tables; do
		columns "$t" | while IFS= read -r c; do
			osc "$t" "$c" >>"$dir/osbench.$place" || true
			lmc "$t" "$c" >>"$dir/lmbench.$place"
		done
	done
}

if [ -n "$bycol" ]; then
	# which module each column is
	# shellcheck disable=SC2086 # the table names
	"$bin" run -q -f long $tables 2>/dev/null | awk -F'\t' '
		$1 == "table" { for (i = 1; i <= NF; i++) c[$i] = i; next } /^#/ { next }
		{ printf "%s %s\t%s\n", $(c["table"]), $(c["column"]), $(c["module"]) }' >"$dir/modules" || true
fi
i=1
while [ "$i" -le "$runs" ]; do
	for place in $places; do pass; done
	i=$((i + 1))
done

for place in $places; do
	[ "$place" = same ] && echo "pinned: everything on CPU 0 (osbench --placement same, lmbench under taskset -c 0)" ||
		echo "unpinned: osbench --placement free, lmbench as the scheduler places it"
	touch "$dir/osbench.$place" "$dir/lmbench.$place"
	awk -F'\t' '
	function median(k, w,   n, i, j, t, a) { n = cnt[w, k]
		for (i = 1; i <= n; i++) a[i] = v[w, k, i]
		for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
	# the coefficient of variation over the passes, in %: the spread of a
	# tool from one pass to the next on this host in the same minutes
	function cv(k, w,   n, i, m, d, s) { n = cnt[w, k]
		if (n < 2) return -1
		for (i = 1; i <= n; i++) m += v[w, k, i]; m /= n
		for (i = 1; i <= n; i++) { d = v[w, k, i] - m; s += d * d }
		return m > 0 ? 100 * sqrt(s / (n - 1)) / m : -1 }
	function pct(x) { return x < 0 ? "-" : sprintf("%.1f%%", x) }
	FNR == 1 { w++ }
	{ if (!((w, $1) in cnt) && w == 1) order[++nk] = $1; v[w, $1, ++cnt[w, $1]] = $2 }
	END {
		printf "%-22s %12s %12s %8s %8s %8s\n", "column", "osbench", "lmbench", "ratio", "os cv", "lm cv"
		for (i = 1; i <= nk; i++) { k = order[i]
			o = median(k, 1); l = cnt[2, k] ? median(k, 2) : 0
			if (l > 0) printf "%-22s %12.4g %12.4g %8.2f %8s %8s\n", k, o, l, o / l, pct(cv(k, 1)), pct(cv(k, 2))
			else printf "%-22s %12.4g %12s %8s %8s %8s\n", k, o, "-", "-", pct(cv(k, 1)), "-" } }' \
		"$dir/osbench.$place" "$dir/lmbench.$place"
	echo
done
echo "($runs passes; times in us, bandwidths in MB/s; buffer and file $mb MB)"
