#!/usr/bin/env bash
# Installs packages of a foreign architecture (ARCH: i386, arm64, armhf...)
# when apt-get update has refused one of that architecture's indexes.
#   tools/apt-foreign-fallback.sh ARCH PKG...          (as root)
# Called by tools/build32.sh only when tools/apt-update.sh failed; on a
# healthy mirror it is never run.
#
# The case it exists for: a Debian mirror serves a suite's
# binary-ARCH/Packages.xz with the wrong size (a stale file; by-hash and the
# uncompressed Packages 404), so apt ignores that index.  The native side
# then has security updates of Multi-Arch: same libraries (libssl3,
# libexpat1, linux-libc-dev...) whose ARCH twins of the same version are in
# the pool but in no index apt trusts, and installing ARCH -dev packages
# fails on unmet dependencies.  What this does:
#   1. finds the refused ARCH indexes (listed in the suite's InRelease, no
#      lists file after the update) and fails if an index of another
#      architecture is missing too (that is a real failure);
#   2. downloads each refused index as served (stale) to verify against;
#   3. simulates the install; for every ARCH package named in the unmet
#      dependencies whose native candidate is newer than its ARCH
#      candidate and comes from the archive whose index was refused, fetches
#      the ARCH .deb of exactly the native version (the native Filename with
#      _NATIVE.deb -> _ARCH.deb, same mirror), checks its SHA256 against the
#      stale index when that lists the same version (a mismatch is fatal; a
#      version it does not list is logged as UNVERIFIED), and checks its
#      control fields (Package, Version, Architecture);
#   4. puts them in a local flat repository (dpkg-scanpackages) added as
#      "deb [trusted=yes arch=ARCH] file:..." for ARCH only, updates that
#      source alone, and simulates again -- at most ZLUA_APT_FALLBACK_ROUNDS
#      rounds (default 6);
#   5. installs (apt-get install -y --no-install-recommends PKG...), prints
#      the indexes used and where the fetched packages were installed from,
#      and removes the local source again (the .debs stay in the cache).
# Environment: ZLUA_APT_FALLBACK_DIR (default /var/cache/zlua-apt-fallback),
# ZLUA_APT_FALLBACK_ROUNDS, ZLUA_APT_FALLBACK_REQUIRE_VERIFIED=1 (refuse a
# .deb the stale index cannot verify), ZLUA_APT_FALLBACK_SIMULATE=1 (stop
# before the install, after printing apt's simulated install).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 ARCH PKG..." >&2; exit 2; }
arch=$1; shift
pkgs=("$@")
native=$(dpkg --print-architecture)
[ "$arch" != "$native" ] || { echo "apt-fallback: $arch is the native architecture" >&2; exit 2; }
root=${ZLUA_APT_FALLBACK_DIR:-/var/cache/zlua-apt-fallback}/$arch
rounds=${ZLUA_APT_FALLBACK_ROUNDS:-6}
require_verified=${ZLUA_APT_FALLBACK_REQUIRE_VERIFIED:-0}
srcfile=/etc/apt/sources.list.d/zlua-fallback-$arch.list
export DEBIAN_FRONTEND=noninteractive

log() { printf '== apt-fallback(%s): %s\n' "$arch" "$*"; }
die() { printf '== apt-fallback(%s): FAILED: %s\n' "$arch" "$*" >&2; exit 1; }

mkdir -p "$root/cache" "$root/repo" "$root/indexes"
chmod 755 "${root%/*}" "$root" "$root/repo"
trap 'rm -f "$srcfile"' EXIT

# ---- 1. which indexes did the update refuse? ----------------------------------
# apt-get indextargets lists only the targets whose lists file exists: take
# every native Packages target and look for its ARCH twin.
refused=()   # "base_uri|component|lists_twin_prefix"
while IFS='|' read -r base comp file; do
  twin=${file/_binary-${native}_/_binary-${arch}_}
  twin=${twin%_Packages*}_Packages
  rel=${file%%_"${comp//\//_}"_binary-"${native}"_Packages*}
  relfile=
  for r in "${rel}_InRelease" "${rel}_Release"; do [ -e "$r" ] && { relfile=$r; break; }; done
  [ -n "$relfile" ] || continue
  grep -qE " ${comp}/binary-${arch}/Packages(\.[a-z0-9]+)?\$" "$relfile" || continue
  if compgen -G "${twin}*" >/dev/null; then
    log "index present: ${base}${comp}/binary-${arch}/Packages"
  else
    refused+=("$base|$comp|$relfile")
    log "index REFUSED by apt-get update: ${base}${comp}/binary-${arch}/Packages"
  fi
done < <(apt-get indextargets --format '$(BASE_URI)|$(COMPONENT)|$(FILENAME)' \
           "Created-By: Packages" "Architecture: $native")
[ "${#refused[@]}" -gt 0 ] ||
  die "no $arch index was refused; the update failed for another reason (see above)"
# A native index missing is not something fetched .debs can stand in for.
if ls /var/lib/apt/lists/partial/*.FAILED >/dev/null 2>&1; then
  for f in /var/lib/apt/lists/partial/*.FAILED; do
    case "$f" in
      *_binary-"$arch"_*) ;;
      *) die "apt-get update also failed on $(basename "$f" .FAILED), not an $arch index" ;;
    esac
  done
fi

# ---- 2. the refused indexes as served (stale), to verify against ------------
stale=$root/indexes/stale.tsv      # package version arch sha256 filename index
: > "$stale"
sites=()
for r in "${refused[@]}"; do
  IFS='|' read -r base comp relfile <<<"$r"
  sites+=("${base%%dists/*}")
  url=${base}${comp}/binary-${arch}/Packages.xz
  name=$(printf '%s' "${base#*://}${comp}_binary-${arch}_Packages.xz" | tr '/' '_')
  expect=$(awk -v f="${comp}/binary-${arch}/Packages.xz" \
             '/^SHA256:/{s=1;next} /^[^ ]/{s=0} s&&$3==f{print $1" "$2;exit}' "$relfile")
  if curl -fsS --retry 3 -o "$root/indexes/$name" "$url" && xz -t "$root/indexes/$name"; then
    got="$(sha256sum < "$root/indexes/$name" | cut -d' ' -f1) $(stat -c %s "$root/indexes/$name")"
    if [ "$got" = "$expect" ]; then
      log "served $url now matches its InRelease (sha256 size $got)"
    else
      log "served $url: sha256 size $got; its InRelease lists $expect: stale, unauthenticated, used only to verify .debs"
    fi
    xz -dc "$root/indexes/$name" | awk -v idx="$url" '
      /^Package: /{p=$2} /^Version: /{v=$2} /^Architecture: /{a=$2}
      /^SHA256: /{h=$2} /^Filename: /{f=$2}
      /^$/{if(p!="")print p"\t"v"\t"a"\t"h"\t"f"\t"idx; p=v=a=h=f=""}
      END{if(p!="")print p"\t"v"\t"a"\t"h"\t"f"\t"idx}' >> "$stale"
  else
    log "could not download $url: no .deb from it can be verified"
  fi
done
log "stale index entries for verification: $(wc -l < "$stale")"

# ---- 3..4. simulate, fetch what the unmet dependencies need, repeat ----------
declare -A fetched=()    # "pkg:arch" -> "version|file|status"
order=()
field() { awk -v k="$1:" '$1==k{sub(/^[^:]*: */,"");print;exit}'; }

fetch_one() {   # NAME (without :arch); returns 0 if a .deb was added
  local n=$1 rec nver nfile narch ma aver origin site url deb want got status line
  rec=$(apt-cache show --no-all-versions "$n:$native" 2>/dev/null) || { log "skip $n:$arch: no $native candidate"; return 1; }
  nver=$(field Version <<<"$rec"); nfile=$(field Filename <<<"$rec")
  narch=$(field Architecture <<<"$rec"); ma=$(field Multi-Arch <<<"$rec")
  [ "$narch" = "$native" ] || { log "skip $n:$arch: $native candidate is Architecture: $narch"; return 1; }
  aver=$(apt-cache show --no-all-versions "$n:$arch" 2>/dev/null | field Version || true)
  if [ -n "$aver" ] && dpkg --compare-versions "$aver" ge "$nver"; then
    log "skip $n:$arch: its candidate $aver is not older than $native's $nver"; return 1
  fi
  origin=$(apt-get download --print-uris "$n:$native=$nver" 2>/dev/null | head -1 | cut -d"'" -f2)
  site=
  for s in "${sites[@]}"; do case "$origin" in "$s"*) site=$s ;; esac; done
  [ -n "$site" ] || { log "skip $n:$arch: $native $nver comes from $origin, not from an archive whose $arch index was refused"; return 1; }
  case "$nfile" in *_"$native".deb) ;; *) log "skip $n:$arch: unexpected Filename $nfile"; return 1 ;; esac
  url=$site${nfile%_"$native".deb}_$arch.deb
  deb=$root/cache/$(basename "${nfile%_"$native".deb}_$arch.deb")
  if [ ! -s "$deb" ]; then
    curl -fsS --retry 3 -o "$deb.part" "$url" || { rm -f "$deb.part"; log "could not download $url"; return 1; }
    mv "$deb.part" "$deb"
  fi
  for k in Package:"$n" Version:"$nver" Architecture:"$arch"; do
    got=$(dpkg-deb -f "$deb" "${k%%:*}" 2>/dev/null || true)
    [ "$got" = "${k#*:}" ] || { rm -f "$deb"; die "$url: control field ${k%%:*} is '$got', expected '${k#*:}'"; }
  done
  got=$(sha256sum < "$deb" | cut -d' ' -f1)
  line=$(awk -F'\t' -v p="$n" -v v="$nver" -v a="$arch" '$1==p&&$2==v&&$3==a{print;exit}' "$stale")
  if [ -n "$line" ]; then
    want=$(cut -f4 <<<"$line")
    [ "$got" = "$want" ] || { rm -f "$deb"; die "$url: sha256 $got, the stale index $(cut -f6 <<<"$line") lists $want"; }
    status="verified: sha256 $got matches $(cut -f6 <<<"$line")"
  else
    status="UNVERIFIED: the stale index does not list $n $nver $arch (sha256 $got; control fields checked only)"
    [ "$require_verified" = 1 ] && { rm -f "$deb"; die "$url: $status (ZLUA_APT_FALLBACK_REQUIRE_VERIFIED=1)"; }
  fi
  log "fetched $url (Multi-Arch: ${ma:-no}; $native has $nver) -- $status"
  fetched[$n:$arch]="$nver|$deb|$status"
  order+=("$n:$arch")
  return 0
}

publish() {     # the local flat repository, and apt's view of it
  local repo=$root/repo k
  rm -f "$repo"/*.deb
  for k in "${order[@]}"; do ln -f "$(cut -d'|' -f2 <<<"${fetched[$k]}")" "$repo/"; done
  (cd "$repo" && dpkg-scanpackages --multiversion . /dev/null 2>/dev/null > Packages)
  { echo "Origin: zlua-fallback"; echo "Label: zlua-fallback-$arch"
    echo "Suite: zlua-fallback-$arch"; echo "Codename: zlua-fallback-$arch"
    echo "Date: $(LC_ALL=C date -u '+%a, %d %b %Y %H:%M:%S UTC')"
    echo "Architectures: $arch"; echo "SHA256:"
    echo " $(sha256sum < "$repo/Packages" | cut -d' ' -f1) $(stat -c %s "$repo/Packages") Packages"
  } > "$repo/Release"
  chmod 644 "$repo"/*
  echo "deb [trusted=yes arch=$arch] file:$repo ./" > "$srcfile"
  log "local repository $repo ($(grep -c '^Package:' "$repo/Packages") packages) as: $(cat "$srcfile")"
  apt-get update -o Dir::Etc::SourceList="$srcfile" -o Dir::Etc::SourceParts=- \
    -o APT::Get::List-Cleanup=0 >/dev/null ||
    die "apt-get update of the local repository $repo failed"
}

sim=$root/indexes/simulate.log
ok=0
for ((round = 1; round <= rounds; round++)); do
  if apt-get install -s --no-install-recommends "${pkgs[@]}" > "$sim" 2>&1; then
    ok=1; log "round $round: the install resolves"; break
  fi
  mapfile -t want < <(grep -oE "[a-z0-9][a-z0-9+.-]+:${arch}\b" "$sim" | sed "s/:${arch}\$//" | sort -u)
  log "round $round: unmet; $arch packages named: ${want[*]:-none}"
  added=0
  for n in "${want[@]}"; do
    [ -n "${fetched[$n:$arch]:-}" ] && continue
    if fetch_one "$n"; then added=1; fi
  done
  if [ "$added" = 0 ]; then
    sed -n '/unmet dependencies/,$p;/^E:/p' "$sim" | sort -u >&2
    die "round $round: nothing more to fetch and the install still does not resolve"
  fi
  publish
done
[ "$ok" = 1 ] || { cat "$sim" >&2; die "the install does not resolve after $rounds rounds"; }

# ---- 5. install, and say what was used ---------------------------------------
if [ "${ZLUA_APT_FALLBACK_SIMULATE:-0}" = 1 ]; then
  log "ZLUA_APT_FALLBACK_SIMULATE=1: not installing"; cat "$sim"
else
  apt-get install -y --no-install-recommends "${pkgs[@]}"
fi
log "indexes used (lists present):"
apt-get indextargets --format '   $(URI)' "Created-By: Packages" | sort
for r in "${refused[@]}"; do log "index NOT used (refused): ${r%%|*}$(cut -d'|' -f2 <<<"$r")/binary-$arch/Packages"; done
if [ "${#order[@]}" -gt 0 ]; then
  log "local repository used: file:$root/repo ($arch only)"
  for k in "${order[@]}"; do
    IFS='|' read -r v deb status <<<"${fetched[$k]}"
    inst=$(dpkg-query -W -f='${Version}' "$k" 2>/dev/null || echo none)
    log "fetched package $k $v: now installed: $inst; $(basename "$deb"); $status"
  done
else
  log "no package fetched: the install resolved from the indexes above"
fi
