#!/usr/bin/env bash
# Installs the Debian 12 packages libzlua needs to build and test (as root).
# Skips apt entirely when everything is already there.
set -euo pipefail
pkgs=(build-essential cmake pkg-config clang liblua5.4-dev lua5.4 libgc-dev
      libcmocka-dev lua-busted valgrind libclang-rt-14-dev)
# The second runtime (Mono on Boehm, mcs for the C# fixtures) and the XML
# parser of the marshal-rule compiler.  Mono's packages are installed with
# their recommendations (its class libraries' configuration).
mono_pkgs=(mono-mcs mono-runtime libmono-2.0-dev libmonoboehm-2.0-dev)
pkgs+=(libexpat1-dev)
missing=() mono_missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
for p in "${mono_pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || mono_missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ] || [ "${#mono_missing[@]}" -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  "$(dirname "$0")/apt-update.sh"
  if [ "${#missing[@]}" -gt 0 ]; then
    apt-get install -y --no-install-recommends "${missing[@]}"
  fi
  if [ "${#mono_missing[@]}" -gt 0 ]; then
    apt-get install -y "${mono_missing[@]}"
  fi
fi
