#!/usr/bin/env bash
# Shows that the Apple stand-in type-check can fail: it runs check.sh over a copy of the sources
# in which `ImageResponse` is `Sendable` only where UIKit and AppKit are absent (as it once was,
# which no Apple platform could build), and passes only if the check rejects that copy for iOS
# with the compiler's Sendable error.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$root/.build/apple-standins-self-test"
rm -rf "$work"
mkdir -p "$work"
cp -R "$root/Sources" "$work/Sources"
file="$work/Sources/Networking/Images/ImageResponse.swift"
grep -q '^public struct ImageResponse: Sendable {$' "$file" || {
    echo "error: self-test: ImageResponse.swift no longer declares 'public struct ImageResponse: Sendable'" >&2
    exit 1
}
sed -i 's/^public struct ImageResponse: Sendable {$/public struct ImageResponse {/' "$file"
printf '\n#if !canImport(UIKit) \&\& !canImport(AppKit)\n    extension ImageResponse: Sendable {}\n#endif\n' >>"$file"

log="$work/check.log"
if STANDIN_SOURCES="$work/Sources" STANDIN_OUT="$work/out" STANDIN_LIBRARY_ONLY=1 \
    "$root/Tests/AppleStandIns/check.sh" iOS >"$log" 2>&1; then
    echo "error: self-test: the stand-in check accepted an ImageResponse that is not Sendable on iOS" >&2
    exit 1
fi
if ! grep -q "error: type 'ImageResponse' does not conform to the 'Sendable' protocol" "$log"; then
    echo "error: self-test: the stand-in check failed, but not with the expected Sendable error:" >&2
    cat "$log" >&2
    exit 1
fi
echo "Apple stand-in self-test: the check rejects an ImageResponse that is not Sendable on iOS"
