#!/bin/sh
# scripts/fleet.yml with Debian's ansible-core: the syntax check, then
# the playbook against the namespace hosts of tests/netns.sh (two with an
# sshd, one unreachable): the result files, the comparison, the report,
# nothing left on the hosts, the cleanup also when the run fails.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck source=tests/netns.sh
. "$(dirname "$0")/netns.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
PLAYBOOK=$top/scripts/fleet.yml

if [ -n "${SANITIZE:-}" ]; then
	echo "skip playbook: the plain test run checks the playbook (this one is SANITIZE=$SANITIZE)"
	end_here
fi
if ! command -v ansible-playbook >/dev/null 2>&1; then
	echo "skip playbook: ansible-playbook is not installed (Debian: ansible-core)"
	end_here
fi

# Ansible's own files (its ~/.ansible, a configuration) go to $work,
# never to this user's home; no ansible.cfg of the working directory
mkdir -p "$work/ansible" "$work/ctl"
: >"$work/ansible/ansible.cfg"
# (the controller's tasks keep their temporary files in ANSIBLE_REMOTE_TMP)
export ANSIBLE_CONFIG="$work/ansible/ansible.cfg" ANSIBLE_HOME="$work/ansible/home" \
	ANSIBLE_LOCAL_TEMP="$work/ansible/tmp" ANSIBLE_REMOTE_TMP="$work/ansible/controller-tmp" \
	ANSIBLE_NOCOLOR=1 ANSIBLE_RETRY_FILES_ENABLED=0
unset ANSIBLE_FORCE_COLOR ANSIBLE_STDOUT_CALLBACK ANSIBLE_INVENTORY 2>/dev/null
home_ansible_before=$(ls -ld "$HOME/.ansible" 2>/dev/null)

ansible-playbook --syntax-check -i localhost, "$PLAYBOOK" >"$work/out" 2>"$work/err"
rc=$?
check "playbook syntax check passes" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || sed 's/^/# /' "$work/err"

# a bad argument stops it on the controller, before any host
printf '%s\n' '[fleet]' 'nowhere.invalid' >"$work/inv0"
ansible-playbook -i "$work/inv0" "$PLAYBOOK" -e osbench_bin="$OSBENCH" -e "osbench_args='--quick -o x'" \
	>"$work/out" 2>"$work/err" </dev/null
rc=$?
check "playbook -o in osbench_args: refused (exit 2)" [ "$rc" -eq 2 ]
check "playbook -o in osbench_args: says why" grep -q 'names an output' "$work/out"
check "playbook -o in osbench_args: no connection tried" sh -c '! grep -q "UNREACHABLE" "$1"' _ "$work/out"
ansible-playbook -i "$work/inv0" "$PLAYBOOK" -e osbench_bin="$work/no-such-osbench" \
	>"$work/out" 2>"$work/err" </dev/null
rc=$?
check "playbook no binary: refused (exit 2)" [ "$rc" -eq 2 ]
check "playbook no binary: says why" grep -q 'is not an osbench with osbench-helper beside it' "$work/out"

# --- the hosts
NETNS_BETA_SYSTEM=1
netns_hosts A playbook
day=$(date +%Y%m%d)
cat >"$work/inventory" <<EOF
[fleet]
alpha
beta
gone
[fleet:vars]
ansible_python_interpreter=/usr/bin/python3
ansible_remote_tmp="$work/hosts-tmp"
EOF
# the hosts' temporary files of Ansible go to the private directory, not
# to the remote_tmp they are given
# connections shared within a run, as Ansible does by default (a new one
# per step costs a second here), their masters stopped after each run
export ANSIBLE_SSH_ARGS="-F '$work/ssh_config' -o ControlMaster=auto -o ControlPersist=60s" \
	ANSIBLE_SSH_CONTROL_PATH_DIR="$work/ansible/cp"
masters_stop() {
	for sock in "$work/ansible/cp"/*; do
		[ -S "$sock" ] || continue
		ip netns exec "$ns_c" ssh -F "$work/ssh_config" -o ControlPath="$sock" -O exit master >/dev/null 2>&1
	done
}

# play ARGS...: the playbook run in the client namespace, from $work/ctl
play() {
	(cd "$work/ctl" && ip netns exec "$ns_c" ansible-playbook -i "$work/inventory" "$PLAYBOOK" \
		-e osbench_bin="$OSBENCH" "$@") >"$work/out" 2>"$work/err" </dev/null
	rc=$?
	masters_stop
	[ -z "${DBG:-}" ] || { echo "=== rc=$rc"; cat "$work/out" "$work/err"; } >&2
}
# the report line of a host in the last play's output
said() { grep -q "^ *\"fleet: $1" "$work/out"; }

R=$work/results
play -e osbench_results="$R" -e "osbench_args='--quick null exec'"
check "playbook one host unreachable: exit 2 (a host produced nothing)" [ "$rc" -eq 2 ]
check "playbook: two files named HOST-YYYYMMDD.tsv, nothing else" dir_is "$R" "alpha-$day.tsv" "beta-$day.tsv"
check "playbook: alpha measured, Host cell alpha" table_ok "$R/alpha-$day.tsv" alpha "$NULL" "Host${T}OS${T}Mhz${T}exec proc"
check "playbook: beta measured, Host cell beta" table_ok "$R/beta-$day.tsv" beta "$NULL" "Host${T}OS${T}Mhz${T}exec proc"
check "playbook: login shell chatter kept out of the files" sh -c 'head -n 1 "$1" | grep -q "^# osbench " && head -n 1 "$2" | grep -q "^# osbench "' _ "$R/alpha-$day.tsv" "$R/beta-$day.tsv"
check "playbook: the files are whole (end line, final newline)" sh -c 'for f; do tail -n 1 "$f" | grep -q "^# end: " && [ "$(tail -c 1 "$f" | od -An -c | tr -d " ")" = "\\n" ] || exit 1; done' _ "$R/alpha-$day.tsv" "$R/beta-$day.tsv"
check "playbook: the unreachable host reported" said "gone: unreachable: .*No route to host"
check "playbook: alpha reported" said "alpha: alpha-$day.tsv\""
check "playbook: summary" said "2 of 3 hosts produced results in $R\""
check "playbook: the failure names the missing host count" grep -q 'fleet: 1 of 3 hosts produced no result' "$work/out"
# the comparison printed: what osbench compare says of the two files is
# the message of the task that prints it
(cd "$R" && "$OSBENCH" compare "alpha-$day.tsv" "beta-$day.tsv") >"$work/cmp.out" 2>/dev/null
check "playbook: osbench compare of the two files works here" [ -s "$work/cmp.out" ]
printed() { # TASK-NAME: the message that task printed, on stdout
	python3 -c 'import json, sys
text = open(sys.argv[1]).read()
task = text.index("TASK [" + sys.argv[2] + "]")
start = text.index("ok: [localhost] => {", task) + len("ok: [localhost] => ")
msg, _ = json.JSONDecoder().raw_decode(text[start:])
sys.stdout.write(msg["msg"].rstrip("\n") + "\n")' "$work/out" "$1"
}
printed "Print the comparison" >"$work/printed" 2>/dev/null
check "playbook: the comparison printed" cmp -s "$work/printed" "$work/cmp.out"
check "playbook: hosts clean (no remote temp dir, no process but sshd)" hosts_clean
check "playbook: nothing of Ansible's left in the hosts' home" [ "$(ls -ld "$HOME/.ansible" 2>/dev/null)" = "$home_ansible_before" ]

# --- osbench fails on every host: nothing comes back, the hosts are clean
R2=$work/results2
play -e osbench_results="$R2" -e osbench_hosts=alpha:beta -e osbench_args=--no-such-option
check "playbook osbench fails: exit 2" [ "$rc" -eq 2 ]
check "playbook osbench fails: no result file" dir_is "$R2"
check "playbook osbench fails: the reason reported per host" sh -c 'grep -q "\"fleet: alpha: Run osbench: .*no-such-option" "$1" && grep -q "\"fleet: beta: Run osbench: .*no-such-option" "$1"' _ "$work/out"
check "playbook osbench fails: summary" said "0 of 2 hosts produced results in $R2\""
check "playbook osbench fails: hosts clean" hosts_clean

# --- the run over its time limit: stopped, reported, the hosts clean
R3=$work/results3
play -e osbench_results="$R3" -e osbench_hosts=beta -e osbench_timeout=2 -e "osbench_args='--time 5000'"
check "playbook timeout: exit 2" [ "$rc" -eq 2 ]
check "playbook timeout: reported" said "beta: Run osbench: timed out after 2 s\""
check "playbook timeout: no result file" dir_is "$R3"
check "playbook timeout: hosts clean (osbench stopped, directory removed)" hosts_clean

# --- one host: its file is printed as it is
R4=$work/results4
play -e osbench_results="$R4" -e osbench_hosts=beta -e "osbench_args='--quick null'"
check "playbook one host: exit 0" [ "$rc" -eq 0 ]
check "playbook one host: its result" table_ok "$R4/beta-$day.tsv" beta "$NULL"
printed "Print the comparison" >"$work/printed" 2>/dev/null
check "playbook one host: the file printed as it is" cmp -s "$work/printed" "$R4/beta-$day.tsv"
check "playbook one host: hosts clean" hosts_clean
check "playbook: nothing of Ansible's left in the hosts' home, after all runs" [ "$(ls -ld "$HOME/.ansible" 2>/dev/null)" = "$home_ansible_before" ]
check "playbook: the hosts kept Ansible's files in the private directory" [ ! -e "$work/hosts-tmp" ]

# --- two inventory names that one file name would merge (a/b, a_b):
# two files, each with its own host's result, and the report says so
printf '%s\n' '[fleet]' 'a/b ansible_connection=local' 'a_b ansible_connection=local' >"$work/inv-names"
R6=$work/results6
(cd "$work/ctl" && ansible-playbook -i "$work/inv-names" "$PLAYBOOK" -e osbench_bin="$OSBENCH" \
	-e osbench_results="$R6" -e osbench_become=false -e "osbench_args='--quick null'" \
	-e ansible_python_interpreter="$(command -v python3)") >"$work/out" 2>"$work/err" </dev/null
rc=$?
check "playbook a/b and a_b: exit 0" [ "$rc" -eq 0 ]
check "playbook a/b and a_b: two files" [ "$(ls "$R6" | wc -l)" -eq 2 ]
check "playbook a_b: its own name" table_ok "$R6/a_b-$day.tsv" a_b "$NULL"
ab_file=$(ls "$R6" | grep -v "^a_b-$day.tsv$")
check "playbook a/b: a name of its own ($ab_file)" sh -c 'case $1 in a_b-[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]-*.tsv) exit 0 ;; esac; exit 1' _ "$ab_file"
check "playbook a/b: its Host cell" table_ok "$R6/$ab_file" a/b "$NULL"
check "playbook a/b and a_b: 2 of 2 reported" said "2 of 2 hosts produced results"

# --- the .deb way, on beta with a /usr and /var of its own: installed
# with dpkg, run as /usr/bin/osbench, purged again unless kept or there before
on_beta() { nsenter -t "$sshd_b" -m -- "$@"; }
beta_has_osbench() { on_beta dpkg-query -W -f='${db:Status-Abbrev}' osbench 2>/dev/null | grep -q '^ii'; }
need=
if [ ! -d "$work/beta.system" ]; then
	need="the work directory $work is under /usr or /var, which beta's own would hide"
elif [ ! -f "$work/beta.system.ok" ]; then
	need="beta could not have a /usr and /var of its own (overlayfs in a mount namespace)"
fi
for c in dpkg-deb nsenter; do
	[ -n "$need" ] || command -v "$c" >/dev/null 2>&1 || need="'$c' is not installed"
done
# a package of the binary under test, as the Makefile installs it
stage=$work/debroot
if [ -z "$need" ] && ! { env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u SANITIZE -u CC make -s -C "$top" install-files \
	BINDIR_SRC="$work/bin" DESTDIR="$stage" PREFIX=/usr >"$work/make.out" 2>&1 &&
	mkdir "$stage/DEBIAN" &&
	printf '%s\n' 'Package: osbench' "Version: $(sed -n 's/^VERSION *:= *//p' "$top/Makefile")" \
		"Architecture: $(dpkg --print-architecture)" 'Maintainer: osbench tests <tests@osbench.invalid>' \
		'Description: osbench under test' ' The binary the playbook test installs.' >"$stage/DEBIAN/control" &&
	dpkg-deb --root-owner-group -b "$stage" "$work/osbench-test.deb" >/dev/null 2>&1; }; then
	need="could not make a package: $(tail -n 1 "$work/make.out")"
fi
[ -n "$need" ] || ! beta_has_osbench || need="osbench is installed on this machine already"
if [ -n "$need" ]; then
	echo "skip playbook .deb: $need"
else
	real_before=$(ls -l /usr/bin/osbench 2>&1)
	R5=$work/results5
	play -e osbench_results="$R5" -e osbench_hosts=beta -e osbench_deb="$work/osbench-test.deb" \
		-e osbench_become=false -e "osbench_args='--quick null exec'"
	check "playbook .deb: exit 0" [ "$rc" -eq 0 ]
	check "playbook .deb: installed with dpkg" grep -q '^changed: \[beta\]' "$work/out"
	check "playbook .deb: the packaged binary ran" grep -q '^# command: /usr/bin/osbench run ' "$R5/beta-$day.tsv"
	check "playbook .deb: its result (the helper found in /usr/libexec)" table_ok "$R5/beta-$day.tsv" beta "$NULL" "Host${T}OS${T}Mhz${T}exec proc"
	check "playbook .deb: purged again" sh -c '! nsenter -t "$1" -m -- test -e /usr/bin/osbench' _ "$sshd_b"
	check "playbook .deb: dpkg forgot it" sh -c '! nsenter -t "$1" -m -- dpkg-query -W osbench >/dev/null 2>&1' _ "$sshd_b"
	check "playbook .deb: hosts clean" hosts_clean
	play -e osbench_results="$R5" -e osbench_hosts=beta -e osbench_deb="$work/osbench-test.deb" \
		-e osbench_become=false -e osbench_keep_package=true -e "osbench_args='--quick null'"
	check "playbook .deb kept: exit 0" [ "$rc" -eq 0 ]
	check "playbook .deb kept: still installed" beta_has_osbench
	play -e osbench_results="$R5" -e osbench_hosts=beta -e osbench_deb="$work/osbench-test.deb" \
		-e osbench_become=false -e "osbench_args='--quick null'"
	check "playbook .deb there before: exit 0" [ "$rc" -eq 0 ]
	check "playbook .deb there before: left installed" beta_has_osbench
	check "playbook .deb: hosts clean after both" hosts_clean
	check "playbook .deb: this machine's /usr untouched" [ "$(ls -l /usr/bin/osbench 2>&1)" = "$real_before" ]
fi

# --- teardown, and nothing left behind
net_cleanup
check "playbook: no sshd left" sh -c '! kill -0 "$1" 2>/dev/null && ! kill -0 "$2" 2>/dev/null' _ "$sshd_a" "$sshd_b"
check "playbook: no namespace left" sh -c '! ip netns list | grep -q "osbA.$1"' _ "$$"
finish
