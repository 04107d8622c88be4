#!/usr/bin/env bash
# Checks the zlib layout and constants hand-declared in Sources/CZlibShim against zlib's real
# header. The package itself never needs that header; this check does. It uses the header in
# ZLIB_INCLUDE, or the system's, or (when neither exists) extracts Debian's zlib1g-dev into a
# temporary directory without installing it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
include="${ZLIB_INCLUDE:-}"
if [ -z "$include" ] && [ -f /usr/include/zlib.h ]; then include=/usr/include; fi
tmp=""
if [ -z "$include" ]; then
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    (cd "$tmp" && apt-get download zlib1g-dev >/dev/null && dpkg -x ./*.deb root)
    include="$(dirname "$(find "$tmp/root" -name zlib.h | head -1)")"
fi
cc -std=c11 -fsyntax-only -Wall -Werror -I"$include" "$root/Sources/CZlibShim/verify/check_layout.c"
echo "zlib layout and constants match the header in $include"
