#!/usr/bin/env bash
# Checks the libcurl constants and layouts hand-declared in Sources/CCurlShim against libcurl's
# real headers. The package itself never needs those headers; this check does. It uses the
# headers given in CURL_INCLUDE, or the system's, or (when neither exists) extracts Debian's
# libcurl4-openssl-dev into a temporary directory without installing it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
include="${CURL_INCLUDE:-}"
if [ -z "$include" ]; then
    for dir in /usr/include /usr/include/x86_64-linux-gnu /usr/include/aarch64-linux-gnu; do
        if [ -f "$dir/curl/curl.h" ]; then include="$dir"; break; fi
    done
fi
tmp=""
if [ -z "$include" ]; then
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    (cd "$tmp" && apt-get download libcurl4-openssl-dev >/dev/null && dpkg -x ./*.deb root)
    include="$(dirname "$(find "$tmp/root" -name curl.h -path '*/curl/*' | head -1)")/.."
fi
cc -std=c11 -fsyntax-only -Wall -Werror -I"$include" "$root/Sources/CCurlShim/verify/check_constants.c"
echo "libcurl constants match the headers in $include"
