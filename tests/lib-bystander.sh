# The engine of t_bystander.sh: namespaces a CPU each that take work
# from a queue, the listing of each module's system calls, the check of
# a saved listing, and the script that denies a call and judges the run.
# What it knows of a module comes from the module's descriptor, as
# `osbench list` gives it: its traits (a module that takes points runs
# two of them; one that streams a buffer, sweeps points, faults pages or
# makes processes weighs more in the queue) and the calls libc makes in
# its operation whose refusal it survives (tolerated).
# Sourced after tests/lib.sh; needs $work, $OSBENCH and $DENY.

# the modules and their traits, a line each: "module<TAB>traits"
"$OSBENCH" list | awk -F'\t' '$2 ~ /module/ { print $1 "\t" $5 }' >"$work/traits"
modules=$(cut -f1 "$work/traits")
# "module weight": 3 for those that take longest, 1 for the others
awk -F'\t' '{ split($2, t, ";"); w = " " t[1] " "
	print $1, (w ~ / (points|bandwidth|buffer|faults|spawns) / ? 3 : 1) }' \
	"$work/traits" >"$work/weights"
# "module:call" for each call a module survives the refusal of
tolerated=$(awk -F'\t' '{ i = index($2, "survives "); if (!i) next
	n = split(substr($2, i + 9), c, " ")
	for (k = 1; k <= n; k++) printf " %s:%s", $1, c[k] }' "$work/traits")
# the modules that take points (processes and sizes), space-delimited: each
# runs a ring of 2 processes and one of 16, not its seven points (the
# same calls, with three times the processes); two, so that a call made
# once a figure still counts apart from null's
POINTED=" $(awk -F'\t' '{ split($2, t, ";"); if ((" " t[1] " ") ~ / points /) print $1 }' \
	"$work/traits" | tr '\n' ' ')"
FEW_POINTS="--procs 2,16 --size 16"
export POINTED FEW_POINTS
weight_of() {
	awk -v m="$1" '$1 == m { print $2; found = 1 } END { if (!found) print 1 }' "$work/weights"
}

# the CPUs this process may run on, one a line
cpus=$(awk '/^Cpus_allowed_list:/ {
	n = split($2, r, ",")
	for (i = 1; i <= n; i++) {
		if (split(r[i], b, "-") == 1) b[2] = b[1]
		for (c = b[1]; c <= b[2]; c++) print c
	} }' /proc/self/status 2>/dev/null)
[ -n "$cpus" ] || cpus=0
ncpus=$(echo "$cpus" | wc -l)

# side by side: one a CPU (two a CPU, or two where a virtual machine's
# two CPUs share the kernel's work, took longer: the runs are mostly
# process creation and page faults)
jobs=$ncpus
[ "$jobs" -gt 8 ] && jobs=8
# in_namespace J PREFIX SCRIPT: sh SCRIPT in a pid and mount namespace of
# its own, with directories of its own for $WORK (PREFIX.J.work) and
# TMPDIR (PREFIX.J.tmp), on the J-th worker's CPU: osbench measures on
# the first CPU no other osbench has taken, and in its namespace it sees
# none, so that unheld every worker would measure on the same CPU
in_namespace() {
	_cpu=$(echo "$cpus" | sed -n "$(($1 % ncpus + 1))p")
	mkdir "$2.$1.work" "$2.$1.tmp"
	set -- env WORK="$2.$1.work" TMPDIR="$2.$1.tmp" CLAIMS="$2.claims" \
		unshare -pf --mount-proc sh "$work/small_cache.sh" sh "$3"
	if command -v taskset >/dev/null 2>&1; then
		taskset -c "$_cpu" "$@"
	else
		"$@"
	fi
}
# The memory modules stream through a buffer four times the largest
# cache cpu0's sysfs entry tells of (32 MB taken where it tells none):
# up to 128 MB, written at every setup, much of every run they are in.
# In the namespace's own mounts, sysfs tells of an 8 MB cache: 64 MB
# buffers (their least), the same calls.
cat >"$work/small_cache.sh" <<'EOF'
d=/sys/devices/system/cpu/cpu0
[ -d "$d/cache" ] && d=$d/cache
if mount -t tmpfs none "$d" 2>/dev/null; then
	i=/sys/devices/system/cpu/cpu0/cache/index0
	mkdir -p "$i" && echo Unified >"$i/type" && echo 3 >"$i/level" && echo 8192K >"$i/size"
fi
exec "$@"
EOF
# queue PREFIX: lines "WEIGHT KEY WHAT..." on stdin, heaviest first,
# their "KEY WHAT..." to the file PREFIX, which every worker reads: a
# line is run by the first worker to claim its KEY, so that one that
# drew short runs takes more of them (a deal by weight left a worker
# running for seconds after the others, the weights being guesses)
queue() {
	sort -k1,1rn -k2,2 | cut -d' ' -f2- >"$1"
	mkdir "$1.claims"
}
# claim KEY, in a worker: whether it is the first to claim KEY, whose
# file in $CLAIMS it made (O_EXCL, noclobber: no process started)
cat >"$work/claim.sh" <<'EOF'
# points_of MODULE: the points it runs at, none for a module without
points_of() {
	case $POINTED in *" $1 "*) echo "$FEW_POINTS" ;; esac
}
claim() {
	set -C
	{ true >"$CLAIMS/$1"; } 2>/dev/null
	_claimed=$?
	set +C
	return "$_claimed"
}
EOF
# workers SCRIPT PREFIX: SCRIPT $jobs times side by side (in_namespace),
# each reading the queue PREFIX, its output to PREFIX.J.out; returns once
# all have ended
workers() {
	_j=0
	while [ "$_j" -lt "$jobs" ]; do
		# shellcheck disable=SC2094 # reads PREFIX, writes PREFIX.J.out
		in_namespace "$_j" "$2" "$1" <"$2" >"$2.$_j.out" 2>&1 &
		_j=$((_j + 1))
	done
	wait
}
# each module's calls at two sample lengths, in one round (the first
# round always runs: no count is cut short by the time budget), the
# modules side by side
{ cat "$work/claim.sh"; cat <<'EOF'; } >"$work/list.sh"
while read -r m; do
	claim "$m" || continue
	points=$(points_of "$m")
	for t in 1 16; do
		# shellcheck disable=SC2086
		strace -f -c -o "$WORK/st.$m.$t" "$OSBENCH" run -r 1 -t "$t" "$m" $points \
			>/dev/null 2>&1 </dev/null
	done
done
EOF
# list MODULE...: their calls by strace, as "module call count count16"
# lines: every call a module made in the samples sixteen times as long,
# with how many it made in both ("-": none)
list() {
	for m in "$@"; do
		echo "$(weight_of "$m") $m"
	done | queue "$work/mods"
	workers "$work/list.sh" "$work/mods"
	awk 'FNR == 1 { n = split(FILENAME, p, "."); m = p[n - 1]; t = p[n] }
		FNR > 2 && $NF ~ /^[a-z_0-9]+$/ && $NF != "total" {
			count[m " " $NF, t] = $4
			if (t == 16) made[m " " $NF] = 1
		}
		END { for (k in made) print k, ((k, 1) in count ? count[k, 1] : "-"), count[k, 16] }' \
		"$work"/mods.*.work/st.*.1 "$work"/mods.*.work/st.*.16 | sort
}
{ cat "$work/claim.sh"; cat <<'EOF'; } >"$work/verify.sh"
while read -r m calls; do
	claim "$m" || continue
	points=$(points_of "$m")
	# shellcheck disable=SC2086
	"$DENY" -l "$calls" -o "$WORK/unlisted.$m" "$OSBENCH" run -r 1 -t 1 --ops 2 -f long "$m" $points \
		>/dev/null 2>&1 </dev/null
	rc=$?
	# 3 and above: deny's own trouble, or a crash; a run that broke off
	# early (1, 2) made fewer calls, never more
	[ "$rc" -gt 2 ] && echo "(status $rc)" >>"$WORK/unlisted.$m"
done
EOF
# unnameable CALL...: those the deny program has no name for (all of
# them named, the common case, is one run of it)
unnameable() {
	[ $# -eq 0 ] && return
	"$DENY" -l "$(echo "$@" | tr ' ' ',')" -o /dev/null true 2>/dev/null && return
	for _c in "$@"; do
		"$DENY" "$_c" true 2>/dev/null || printf ' %s' "$_c"
	done
}
# verify: each module run once (the deny runs' own command) under a
# filter that lets its saved calls go unseen and names any other: a line
# "module call count" for each other call it made, "module -" for a
# module whose check did not run or broke
verify() {
	awk -v mods="$(echo $modules)" -v startup="$(echo $startup | tr ' ' ',')" \
		-v skip=" $(unnameable $(cut -d' ' -f2 "$work/counts" | sort -u)) " '
		FILENAME == ARGV[1] { weight[$1] = $2; next }
		!index(skip, " " $2 " ") { calls[$1] = calls[$1] "," $2 }
		END {
			n = split(mods, m, " ")
			for (i = 1; i <= n; i++)
				print weight[m[i]], m[i], startup calls[m[i]]
		}' "$work/weights" "$work/counts" | queue "$work/checked"
	workers "$work/verify.sh" "$work/checked"
	_files=$(ls "$work"/checked.*.work/unlisted.* 2>/dev/null)
	# shellcheck disable=SC2086 # the files, one a word (none: /dev/null)
	awk -v mods="$(echo $modules)" -v files="$_files" '
		BEGIN {
			n = split(files, f, "\n")
			for (i = 1; i <= n; i++) { k = split(f[i], p, "."); ran[p[k]] = 1 }
		}
		FNR == 1 { k = split(FILENAME, p, "."); m = p[k] }
		/^\(status/ { broke[m] = 1; next }
		{ print m, $1, $2 }
		END {
			n = split(mods, all, " ")
			for (i = 1; i <= n; i++)
				if (!(all[i] in ran) || all[i] in broke) print all[i], "-"
		}' $_files /dev/null
}
# inside a namespace: one line per module and denied call, "module call
# verdict"
{ cat "$work/claim.sh"; cat <<'EOF'; } >"$work/inner.sh"
sleep 1000 &
bystander=$!
ours() { # $left: the processes still running osbench, by name (a
	# zombie runs nothing: with wait4 refused nobody can reap it until
	# it is reparented); read with the shell's own read, in this shell:
	# a process started for each, after every run, added up to seconds
	left=
	for p in /proc/[0-9]*/comm; do
		name=
		{ read -r name <"$p"; } 2>/dev/null
		case $name in
		osbench | osbench-helper)
			st=
			{ read -r st <"${p%/comm}/stat"; } 2>/dev/null
			st=${st##*) }
			[ "${st%% *}" = Z ] || left="$left $p" ;;
		esac
	done
}
settled() { # ours, after giving a killed process a moment to go
	n=0
	ours
	while [ -n "$left" ] && [ "$n" -lt 10 ]; do
		sleep 0.05
		n=$((n + 1))
		ours
	done
}
# tmp_left: $stray, what is left in TMPDIR, by the shell's own glob
tmp_left() {
	stray=
	for f in "$TMPDIR"/* "$TMPDIR"/.[!.]* "$TMPDIR"/..?*; do
		if [ -e "$f" ] || [ -L "$f" ]; then stray="$stray ${f##*/}"; fi
	done
}
statuses() { # the status of each figure in the long format
	awk -F'\t' '
		$1 == "table" && $2 == "column" { for (i = 1; i <= NF; i++) col[$i] = i; next }
		col["module"] { print $col["status"] }' "$WORK/o"
}
# try CALL MODULE...: one run of the modules with CALL denied; $why says
# what broke that they share, $rc and $refused what the run did
try() {
	c=$1
	shift
	points=
	for _m in "$@"; do
		_p=$(points_of "$_m")
		[ -n "$_p" ] && points=$_p
	done
	# shellcheck disable=SC2086
	timeout -s KILL $((20 + 10 * $#)) "$DENY" "$c" "$OSBENCH" run -r 1 -t 1 --ops 2 -f long "$@" $points \
		>"$WORK/o" 2>"$WORK/e" </dev/null
	rc=$?
	why=
	kill -0 "$bystander" 2>/dev/null || why="the bystander was killed"
	[ -z "$why" ] && [ "$rc" -gt 2 ] && why="exit status $rc: $(tail -n 1 "$WORK/e")"
	settled
	[ -z "$why" ] && [ -n "$left" ] && why="left running:$left"
	tmp_left
	[ -z "$why" ] && [ -n "$stray" ] && why="left in TMPDIR:$stray"
	# with rmdir or unlink refused the private directory cannot go, and
	# osbench must say so
	case $c in rmdir | unlink | unlinkat)
		[ -n "$why" ] && grep -q "could not remove '$TMPDIR/osbench" "$WORK/e" &&
			case $why in "left in TMPDIR"*) why= ;; esac ;;
	esac
	# refused what it cannot run without (its signal handlers, its
	# output, its private directory): exit 2 before any figure (1 when
	# refused at start) and, where stderr can be written, why
	refused=0
	if { [ "$rc" -eq 2 ] && [ "$c" = write ]; } ||
		{ [ "$rc" -eq 2 ] && [ -s "$WORK/e" ] && [ -z "$(statuses)" ]; } ||
		{ [ "$rc" -ge 1 ] && grep -q "cannot start" "$WORK/e"; }; then
		refused=1
	fi
	for p in $left; do
		p=${p#/proc/}
		kill -KILL "${p%/comm}" 2>/dev/null
	done
	[ -n "$stray" ] && rm -rf "$TMPDIR"/* "$TMPDIR"/.[!.]* "$TMPDIR"/..?* 2>/dev/null
	if ! kill -0 "$bystander" 2>/dev/null; then
		sleep 1000 &
		bystander=$!
	fi
}
verdicts() { # MODULE:OP...: the verdict on each module of the last try,
	# all in one awk: one a module was as many processes as the run
	_mo=
	for mo in "$@"; do
		op=${mo#*:}
		case " $TOLERATED " in *" ${mo%:*}:$c "*) op=0 ;; esac
		_mo="$_mo ${mo%:*}:$op"
	done
	awk -F'\t' -v mo="$_mo" -v c="$c" -v why="$why" -v rc="$rc" -v refused="$refused" '
		FILENAME == ARGV[1] {
			if ($1 == "table" && $2 == "column") { for (i = 1; i <= NF; i++) col[$i] = i; next }
			if (col["module"] && $col["status"] == "fail") failed[$col["module"]] = 1
			next
		}
		# a reason names its module: "osbench: MODULE: ..." or "osbench: MODULE ..."
		/^osbench: / && match(substr($0, 10), /^[^: ]+[: ]/) { said[substr($0, 10, RLENGTH - 1)] = 1 }
		END {
			n = split(mo, a, " ")
			for (i = 1; i <= n; i++) {
				split(a[i], p, ":")
				v = why
				if (v == "" && p[2] == 1 && refused == 0) {
					if (rc != 1 || !(p[1] in failed))
						v = "a timed call failed and the figure was not fail (exit " rc ")"
					else if (!(p[1] in said))
						v = "fail with no reason on stderr"
				}
				print p[1], c, (v == "" ? "held" : v)
			}
		}' "$WORK/o" "$WORK/e"
}
while read -r call rest; do
	claim "$call" || continue
	mods=
	for mo in $rest; do mods="$mods ${mo%:*}"; done
	# shellcheck disable=SC2086
	try "$call" $mods
	# shellcheck disable=SC2086
	set -- $mods
	if [ -n "$why" ] && [ $# -gt 1 ]; then
		# what they share broke: which module breaks it
		for mo in $rest; do
			try "$call" "${mo%:*}"
			verdicts "$mo"
		done
		continue
	fi
	# shellcheck disable=SC2086
	verdicts $rest
done
kill "$bystander"
EOF
