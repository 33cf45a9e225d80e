# Sourced by the bench scripts: one CPU-bound process per CPU beside a
# series (-H), as on a shared CI runner, and the cleanup that ends them
# and removes the script's temp directory $dir.
hogs=
stop() {
	for p in $hogs; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$dir"
}
hogs_start() { # WHAT: beside what, for the line that says so
	i=0
	while [ "$i" -lt "$(nproc)" ]; do
		sh -c 'while :; do :; done' &
		hogs="$hogs $!"
		i=$((i + 1))
	done
	echo "a CPU-bound process on each of $(nproc) CPUs beside $1"
}
