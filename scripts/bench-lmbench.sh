#!/bin/sh
# The fs and bw tables next to lmbench 3's figures of the same names, on
# this host in the same minutes: RUNS passes, each one `osbench run fs bw`
# then lmbench's programs for those columns, everything on CPU 0 (as
# osbench's default placement `same`).  Per column: the median over the
# passes of each tool's figure, their ratio, and each tool's coefficient
# of variation over the passes (its steadiness on this host, the same
# minutes for both).  How the two define each
# figure is in the README ("fs and bw against lmbench").
#
#   scripts/bench-lmbench.sh -L LMBENCH_BIN [-n RUNS] [-b OSBENCH] [-t TABLE]
#   scripts/bench-lmbench.sh -L ~/lmbench/bin/x86_64-linux-gnu -n 3
#   scripts/bench-lmbench.sh -L ~/lmbench/bin/x86_64-linux-gnu -t bw
#
# -t fs or -t bw takes one table only (lat_fs alone can take minutes on a
# file system slow to create files).
#
# lmbench's programs and arguments, as its own scripts/lmbench runs them
# for the summary (getsummary): lat_fs DIR; lat_mmap 8m FILE; lat_sig
# prot FILE; lat_pagefault FILE; lat_select -n 100 file; bw_pipe;
# bw_unix; bw_tcp localhost (its server started and stopped here);
# bw_file_rd 64m io_only FILE; bw_mmap_rd 64m mmap_only FILE; bw_mem 32m
# bcopy and 32m fcp (two 32 MB halves, as osbench's 64 MB buffer); bw_mem
# 64m frd and 64m fwr.  Each with -N 5 (lat_fs -N 1); lmbench's calibration
# (enough, timing_o, loop_o) is done once, as its scripts do.  FILE is a
# 64 MB file in a private temp dir, written as lmbench's script writes
# it, removed at the end.
set -eu
runs=3 bin=./osbench lm= tables="fs bw"
while getopts n:b:L:t: opt; do
	case $opt in
	n) runs=$OPTARG ;;
	b) bin=$OPTARG ;;
	L) lm=$OPTARG ;;
	t) tables=$OPTARG ;;
	*) echo "usage: $0 -L LMBENCH_BIN [-n RUNS] [-b OSBENCH] [-t fs|bw]" >&2; exit 2 ;;
	esac
done
case $tables in "fs bw" | fs | bw) ;; *) echo "$0: -t: '$tables' is not fs or bw" >&2; exit 2 ;; esac
[ -n "$lm" ] && [ -x "$lm/bw_mem" ] || { echo "$0: -L: no lmbench programs in '$lm'" >&2; exit 2; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-lmbench.XXXXXX")
server=
# shellcheck disable=SC2317 # called by the trap
cleanup() {
	[ -z "$server" ] || taskset -c 0 "$lm/bw_tcp" -S localhost >/dev/null 2>&1 || true
	rm -rf "$dir"
}
trap cleanup EXIT INT TERM

ENOUGH=$("$lm/enough") TIMING_O=$("$lm/timing_o") LOOP_O=$("$lm/loop_o")
export ENOUGH TIMING_O LOOP_O
file=$dir/file
# in 8 KB writes and synced, as lmbench's script makes its file (lmdd):
# the page cache holds a file as it was written, and large writes give
# large folios, a fault of which maps many pages at once
dd if=/dev/zero of="$file" bs=8192 count=8192 conv=fsync 2>/dev/null
mkdir "$dir/fs"

# lmbench's figures of one pass, as lines "COLUMN<TAB>VALUE"
on0() { taskset -c 0 "$@" 2>&1; }
lm_fs() {
	on0 "$lm/lat_fs" -N 1 "$dir/fs" | awk '
		$1 == "0k" || $1 == "10k" { s = toupper(substr($1, 1, length($1) - 1)) "K"
			if ($3 > 0) printf "%s File Create\t%g\n", s, 1e6 / $3
			if ($4 > 0) printf "%s File Delete\t%g\n", s, 1e6 / $4 }'
	on0 "$lm/lat_mmap" -N 5 8m "$file" | awk '{ printf "Mmap Latency\t%s\n", $2 }'
	on0 "$lm/lat_sig" -N 5 prot "$file" | awk '/Protection fault/ { printf "Prot Fault\t%s\n", $(NF - 1) }'
	on0 "$lm/lat_pagefault" -N 5 "$file" | awk '/Pagefaults/ { printf "Page Fault\t%s\n", $(NF - 1) }'
	on0 "$lm/lat_select" -N 5 -n 100 file | awk '/Select/ { printf "100fd selct\t%s\n", $(NF - 1) }'
}
lm_bw() {
	on0 "$lm/bw_pipe" -N 5 | awk '/bandwidth/ { printf "Pipe\t%s\n", $(NF - 1) }'
	on0 "$lm/bw_unix" -N 5 | awk '/bandwidth/ { printf "AF UNIX\t%s\n", $(NF - 1) }'
	on0 "$lm/bw_tcp" -N 5 localhost | awk '/MB\/sec/ { printf "TCP\t%s\n", $(NF - 1) }'
	on0 "$lm/bw_file_rd" -N 5 64m io_only "$file" | awk '{ printf "File reread\t%s\n", $2 }'
	on0 "$lm/bw_mmap_rd" -N 5 64m mmap_only "$file" | awk '{ printf "Mmap reread\t%s\n", $2 }'
	on0 "$lm/bw_mem" -N 5 32m bcopy | awk '{ printf "Bcopy (libc)\t%s\n", $2 }'
	on0 "$lm/bw_mem" -N 5 32m fcp | awk '{ printf "Bcopy (hand)\t%s\n", $2 }'
	on0 "$lm/bw_mem" -N 5 64m frd | awk '{ printf "Mem read\t%s\n", $2 }'
	on0 "$lm/bw_mem" -N 5 64m fwr | awk '{ printf "Mem write\t%s\n", $2 }'
}

case $tables in *bw*) taskset -c 0 "$lm/bw_tcp" -s >/dev/null 2>&1 && server=1 ;; esac
i=1
while [ "$i" -le "$runs" ]; do
	# shellcheck disable=SC2086 # one or two table names
	"$bin" run -f long $tables 2>/dev/null | awk -F'\t' '
		$1 == "table" { for (i = 1; i <= NF; i++) c[$i] = i; next } /^#/ { next }
		$(c["status"]) == "ok" { printf "%s %s\t%s\n", $(c["table"]), $(c["column"]), $(c["value_us"]) }' \
		>>"$dir/osbench" || true
	case $tables in *fs*) lm_fs | sed 's/^/lm /' >>"$dir/lmbench" ;; esac
	case $tables in *bw*) lm_bw | sed 's/^/lm /' >>"$dir/lmbench" ;; esac
	i=$((i + 1))
done

# the fs/bw prefix of osbench's lines tells the two Pipe/AF UNIX/TCP apart
sed 's/^lm /bw /; s/^bw \(.* File \)/fs \1/; s/^bw \(Mmap Latency\|Prot Fault\|Page Fault\|100fd selct\)/fs \1/' \
	"$dir/lmbench" >"$dir/lm2"
awk -F'\t' '
function median(k, w,   n, i, j, t, a) { n = cnt[w, k]
	for (i = 1; i <= n; i++) a[i] = v[w, k, i]
	for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
# the coefficient of variation over the passes, in %: the spread of a tool
# from one pass to the next on this host in the same minutes
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
		else printf "%-22s %12.4g %12s %8s %8s %8s\n", k, o, "-", "-", pct(cv(k, 1)), "-" } }' "$dir/osbench" "$dir/lm2"
echo "($runs passes; times in us, bandwidths in MB/s)"
