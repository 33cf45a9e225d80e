#!/bin/sh
# Layers that only call down: reads every #include "..." under src/ and
# include/ of the tree TOP (default: this one) and prints one line per
# include from a lower layer into a higher one or into a sibling (the
# order is src/LAYERS), per include src/LAYERS denies,
# per include that names no file of the tree, and per cycle among the
# units (a unit is x.c with its x.h).  Exit 1 when it printed anything.
# usage: scripts/layers.sh [TOP]
set -u
top=${1:-$(dirname "$0")/..}
cd "$top" || exit 2
[ -r src/LAYERS ] || { echo "layers: 'src/LAYERS': cannot read"; exit 2; }
# every file alone, then FILE INCLUDED, one line per include, all files
# read by one awk (a process a file took seconds)
files=$(find src include -name '*.[ch]' | LC_ALL=C sort)
{
	echo "$files"
	echo "$files" | xargs awk '/^[ \t]*#[ \t]*include[ \t]*"/ {
		inc = $0
		sub(/^[^"]*"/, "", inc)
		sub(/".*/, "", inc)
		print FILENAME " " inc
	}'
} | LC_ALL=C awk '
FNR == NR {
	if ($0 ~ /^#/ || NF == 0)
		next
	if ($1 == "deny") {
		ndeny++
		deny_from[ndeny] = $2
		deny_to[ndeny] = $3
		next
	}
	if ($1 == "allow") {
		allowed[$2, $3] = 1
		allowtext[$2, $3] = $0
		next
	}
	nlayers++
	for (i = 1; i <= NF; i++) {
		nparts++
		n = split($i, paths, ",")
		for (j = 1; j <= n; j++) {
			prefix[++nprefix] = paths[j]
			level[nprefix] = nlayers
			part[nprefix] = nparts
			partname[nparts] = $i
		}
	}
	next
}
# the part holding path (0: none), by its longest prefix
function part_of(path,    i, best, len) {
	best = 0
	len = 0
	for (i = 1; i <= nprefix; i++)
		if ((path == prefix[i] || index(path, prefix[i] "/") == 1) && length(prefix[i]) > len) {
			best = i
			len = length(prefix[i])
		}
	return best
}
function unit_of(path) {
	sub(/\.[ch]$/, "", path)
	return path
}
NF == 1 { files[$1] = 1; next }
($1, $2) in allowed { used[$1, $2] = 1; next }
{ edge[++nedges] = $1; target[nedges] = $2 }
END {
	for (k in allowed)
		if (!(k in used)) {
			print "layers: src/LAYERS: \"" allowtext[k] "\": no such include any more"
			bad++
		}
	for (f in files)
		if (!part_of(f)) {
			print "layers: " f ": in no layer of src/LAYERS"
			bad++
		}
	for (e = 1; e <= nedges; e++) {
		f = edge[e]
		inc = target[e]
		# the compiler looks in src/ and include/ (-Isrc -Iinclude)
		if (("src/" inc) in files)
			to = "src/" inc
		else if (("include/" inc) in files)
			to = "include/" inc
		else {
			print "layers: " f ": includes \"" inc "\", no file of the tree"
			bad++
			continue
		}
		pf = part_of(f)
		pt = part_of(to)
		if (!pf || !pt)
			continue
		if (level[pt] > level[pf]) {
			print "layers: " f " includes " inc ": " partname[part[pf]] " is below " partname[part[pt]]
			bad++
		} else if (level[pt] == level[pf] && part[pt] != part[pf]) {
			print "layers: " f " includes " inc ": " partname[part[pf]] " and " partname[part[pt]] " are siblings"
			bad++
		}
		for (d = 1; d <= ndeny; d++)
			if (index(f, deny_from[d] "/") == 1 && index(to, deny_to[d] "/") == 1) {
				print "layers: " f " includes " inc ": " deny_from[d] " may not include " deny_to[d]
				bad++
			}
		a = unit_of(f)
		b = unit_of(to)
		if (a != b && !((a, b) in dep)) {
			dep[a, b] = 1
			out[a] = out[a] " " b
		}
		if (!(a in units)) {
			units[a] = 1
			unit_list[++nunits] = a
		}
	}
	# a cycle: a unit reached again on the path that left it
	for (i = 1; i <= nunits; i++)
		if (!(unit_list[i] in done))
			visit(unit_list[i], "")
	exit bad > 0
}
function visit(u, path,    n, i, next_units, v) {
	state[u] = 1
	n = split(out[u], next_units, " ")
	for (i = 1; i <= n; i++) {
		v = next_units[i]
		if (state[v] == 1) {
			print "layers: units include each other:" cycle(path " " u, v)
			bad++
		} else if (!(v in done))
			visit(v, path " " u)
	}
	state[u] = 2
	done[u] = 1
}
# the units of the cycle through v on path, told from the least of them
# (in byte order), so that the line does not depend on where the walk
# entered the cycle
function cycle(path, v,    n, i, parts, k, ring, first, s) {
	n = split(path, parts, " ")
	k = 0
	for (i = 1; i <= n; i++)
		if (parts[i] == v || k)
			ring[++k] = parts[i]
	first = 1
	for (i = 2; i <= k; i++)
		if (ring[i] < ring[first])
			first = i
	s = ""
	for (i = 0; i < k; i++)
		s = s " " ring[(first - 1 + i) % k + 1] " ->"
	return s " " ring[first]
}
' src/LAYERS -
