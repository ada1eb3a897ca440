#!/bin/sh
# link_check.sh STUBGEN LINKXML_CHECK OUT LIST [STUBGEN-ARGS...]
#
# The preservation list of one game (R-LINK-1): runs the stub generator
# over it with --link-xml and --preserve LIST, then checks that
#   1. the link.xml is valid link.xml (linkxml-check: expat's strict
#      parse, only the elements and attributes Unity's format has, each
#      where it goes) and preserves exactly what the report's `keep`
#      lines list, nothing more, nothing less;
#   2. every method the report gives a stub or the generic invoker, and
#      every delegate type it lists (with an entry or without), is kept (a generic
#      instance as its definition: List<Vec2>.Add as List`1's Add);
#   3. every entry of LIST is kept: a type alone as `all`, a member by
#      its name.
set -eu
stubgen=$1 check=$2 out=$3 list=$4
shift 4
if [ -e "$out" ] && [ ! -d "$out" ]; then   # OUT is removed and made again: a folder only
    echo "link_check: $out is not a folder" >&2
    exit 2
fi
rm -rf "$out"
mkdir -p "$out"
"$stubgen" "$@" --out "$out/stubs.cpp" --report "$out/report.txt" \
    --link-xml "$out/link.xml" --preserve "$list"

# 1.
"$check" "$out/link.xml" | sort > "$out/link.keep"
grep '^keep ' "$out/report.txt" | sort > "$out/report.keep"
if [ ! -s "$out/report.keep" ]; then
    echo "link_check: the report keeps nothing" >&2
    exit 1
fi
if ! diff -u "$out/report.keep" "$out/link.keep"; then
    echo "link_check: link.xml keeps other entries than the report lists (- report, + link.xml)" >&2
    exit 1
fi

# 2. a label is the class's name, or an instance's full name
#    ("System.Collections.Generic.Dictionary<System.String,System.Int32>")
awk '
function definition(label,    open, args, depth, n, i, c) {
    open = index(label, "<")
    if (open == 0)
        return label
    args = substr(label, open + 1, length(label) - open - 1)
    depth = 0; n = 1
    for (i = 1; i <= length(args); i++) {
        c = substr(args, i, 1)
        if (c == "<") depth++
        else if (c == ">") depth--
        else if (c == "," && depth == 0) n++
    }
    return substr(label, 1, open - 1) "`" n
}
function short(type,    n, parts) {
    n = split(type, parts, /[.\/]/)
    return parts[n]
}
FNR == NR {
    if ($1 == "keep" && $4 == "method") {
        kept[short($3) " " $5] = 1
        kept[$3 " " $5] = 1
    }
    next
}
($1 == "stub" || $1 == "generic") {
    # "Label.Method": the method is what follows the last dot outside <>
    s = $2; depth = 0; cut = 0
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c == "<") depth++
        else if (c == ">") depth--
        else if (c == "." && depth == 0) cut = i
    }
    label = substr(s, 1, cut - 1); method = substr(s, cut + 1)
    if (substr(method, 1, 1) == "" || label == "") { print "unreadable: " $0; bad = 1; next }
    if (method == "ctor" && substr(label, length(label)) == ".") {   # "Vec2..ctor"
        label = substr(label, 1, length(label) - 1); method = ".ctor"
    }
    key = (index(label, "<") ? definition(label) : label) " " method
    if (!(key in kept)) { print "not kept: " $0 " (" key ")"; bad = 1 }
    checked++
}
$1 == "delegate" || ($1 == "no" && $2 == "delegate") {
    key = definition($1 == "no" ? $4 : $2) " Invoke"
    if (!(key in kept)) { print "delegate not kept: " $0 " (" key ")"; bad = 1 }
    checked++
}
END {
    if (checked == 0) { print "no stub, generic or delegate line"; bad = 1 }
    exit bad
}' "$out/report.keep" "$out/report.txt" >&2 || {
    echo "link_check: the report binds what link.xml does not keep (above)" >&2
    exit 1
}

# 3.
sed 's/#.*//' "$list" | while read -r asm type member; do
    [ -n "$asm" ] || continue
    type=$(printf '%s' "$type" | tr '+' '/')
    if [ -z "$member" ]; then
        grep -qxF "keep     $asm $type all" "$out/link.keep" || {
            echo "link_check: $list: $asm $type is not kept whole" >&2
            exit 1
        }
    elif ! awk -v a="$asm" -v t="$type" -v m="$member" '
            $2 == a && $3 == t && $5 == m && ($4 == "method" || $4 == "field" ||
                                              $4 == "property") { found = 1 }
            END { exit !found }' "$out/link.keep"; then
        echo "link_check: $list: $asm $type $member is not kept" >&2
        exit 1
    fi
done
echo "link_check: $(wc -l < "$out/link.keep") entries kept, the report's exactly;" \
     "$(grep -c '^    <type ' "$out/link.xml") types in $(grep -c '^  <assembly ' "$out/link.xml") assemblies"
