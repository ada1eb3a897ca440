#!/usr/bin/env bash
# apt-get update that a mirror in mid-sync cannot fail for an index we do
# not need.  Usage: tools/apt-update.sh [ARCH...]
#
# A machine may carry foreign architectures (i386, arm64) added by an
# earlier cross stage; a Debian mirror that is syncing serves one of their
# Packages files with the wrong size, and apt-get update exits 100 even
# though every index the caller installs from is fine.  So: the plain
# update, three times; then an update restricted to the native
# architecture plus the ARCHs the caller names (its exit status is ours:
# an index we do need that still fails is a real failure).
set -uo pipefail
for attempt in 1 2 3; do
  apt-get update && exit 0
  echo "apt-update: apt-get update failed (attempt $attempt of 3)" >&2
  [ "$attempt" -lt 3 ] && sleep 10
done
archs=("$(dpkg --print-architecture)" "$@")
opts=()
for a in "${archs[@]}"; do opts+=(-o "APT::Architectures::=$a"); done
echo "apt-update: updating the indexes of ${archs[*]} only" >&2
apt-get update "${opts[@]}"
