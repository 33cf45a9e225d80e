#!/bin/sh
# The documents: every link of the README and of the documents beside it
# leads to a file (and a heading) that exists, every path they quote is in
# the tree, the README starts with the two commands and stays short, and
# the man page's COLUMNS section has every table and column the binary
# lists.
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2

docs="README.md CONTRIBUTING.md results/README.md $(ls docs/*.md docs/notes/*.md 2>/dev/null | tr '\n' ' ')"

# slugs FILE: the anchors of FILE's headings, as GitHub makes them (lower
# case, punctuation dropped but hyphens and underscores, blanks to hyphens)
slugs() {
	sed -n 's/^#\{1,6\} \{1,\}//p' "$1" | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9 _-]//g; s/ /-/g'
}

# links DOC: every "](target)" of DOC outside code blocks and code spans
links() {
	awk '/^    / || /^\t/ || /^```/ { next } { gsub(/`[^`]*`/, ""); print }' "$1" |
		grep -o '\]([^)]*)' | sed 's/^](//; s/)$//; s/ .*//'
}

bad=
nlinks=0
for d in $docs; do
	[ -f "$d" ] || { bad="$bad $d(missing)"; continue; }
	dir=$(dirname "$d")
	for l in $(links "$d"); do
		case $l in http://* | https://* | mailto:*) continue ;; esac
		path=${l%%#*}
		anchor=
		case $l in *'#'*) anchor=${l#*#} ;; esac
		nlinks=$((nlinks + 1))
		if [ -z "$path" ]; then target=$d; else target=$dir/$path; fi
		if [ ! -e "$target" ]; then
			bad="$bad $d:$l"
		elif [ -n "$anchor" ] && ! slugs "$target" | grep -qxF "$anchor"; then
			bad="$bad $d:$l(no such heading)"
		fi
	done
done
check "docs the documents have links ($nlinks)" [ "$nlinks" -gt 10 ]
check "docs every link leads to a file and heading that exist${bad:+:$bad}" [ -z "$bad" ]

# paths the documents quote (`scripts/fleet.sh`) are in the tree; a
# placeholder (NAME, HOST, YYYYMMDD) or a pattern is not a path
bad= quoted=0
for d in $docs; do
	for p in $(grep -o '`[^` ]*`' "$d" | tr -d '`' | sort -u); do
		case $p in
		src/* | tests/* | scripts/* | results/* | docs/* | debian/* | include/* | .ci/*) ;;
		*) continue ;;
		esac
		case $p in *'*'* | *NAME* | *MODULE* | *HOST* | *YYYY* | *DEV* | *DIR* | *FILE* | *TABLES*) continue ;; esac
		p=${p%%:*}
		quoted=$((quoted + 1))
		[ -e "$p" ] || bad="$bad $d:$p"
	done
done
check "docs the documents quote paths ($quoted)" [ "$quoted" -gt 20 ]
check "docs every quoted path exists${bad:+:$bad}" [ -z "$bad" ]

check "docs the README starts with the two commands" sh -c '
	sed -n 3p README.md | grep -q "^    make && ./osbench  *# " &&
	sed -n 4p README.md | grep -q "^    make test  *# "'
check "docs the README stays short (at most 200 lines)" [ "$(wc -l <README.md)" -le 200 ]

# the man page's COLUMNS section: a subsection per table, each column's
# header in its subsection (the ctx points under Np/SK ctxsw)
section() { # TABLE: the roff source of that table's COLUMNS subsection
	awk -v t="$1" '/^\.SH / { in_c = ($2 == "COLUMNS") } in_c && /^\.SS / { in_t = ($2 == t) } in_c && in_t' osbench.1
}
run list
check "docs list exits 0" [ "$rc" -eq 0 ]
tables=$(awk -F'\t' '$2 == "table" { print $1 }' "$work/out")
check "docs list names tables" [ -n "$tables" ]
for t in $tables; do
	section "$t" >"$work/sec"
	if [ ! -s "$work/sec" ]; then
		fail "docs man page COLUMNS has no subsection '$t'"
		continue
	fi
	missing=
	awk -F'\t' -v t="$t" '$1 == t && $2 == "table" { n = split($3, c, ", "); for (i = 1; i <= n; i++) print c[i] }' \
		"$work/out" >"$work/cols"
	while IFS= read -r c; do
		grep -qF -- "$c" "$work/sec" || case $c in
		[0-9]*p/[0-9]*K" ctxsw") grep -qF 'Np/SK ctxsw' "$work/sec" && grep -qF "${c% ctxsw}" "$work/sec" ;;
		*) false ;;
		esac || missing="$missing '$c'"
	done <"$work/cols"
	check "docs man page COLUMNS: every column of $t${missing:+, not$missing}" [ -z "$missing" ]
done
finish
