#!/usr/bin/env bash
# Type-checks the library as Apple's compiler would read it, against stand-in SDK modules.
#
#   Tests/AppleStandIns/check.sh [PLATFORM...]     (default: macOS iOS watchOS tvOS)
#
# For each platform: the stand-in modules (Tests/AppleStandIns/Modules, declarations transcribed
# from Apple's documentation) are built, the library's sources are rewritten with that platform's
# compilation conditions (apple_sources.py), and every library target, every example and the caller
# files (Tests/AppleStandIns/Callers: how apps call the API on the main actor) are compiled through
# the compiler's diagnostic passes, in dependency order, with Swift 6 and strict concurrency.
# Diagnostics name the original files and lines. It proves no behaviour on a device: it makes the
# Apple branches' type, availability and Sendable errors impossible to land unseen.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
here="$root/Tests/AppleStandIns"
swiftc="${SWIFTC:-swiftc}"
# The sources to check (a mutated copy, for self-test.sh) and where the results go.
library="${STANDIN_SOURCES:-$root/Sources}"
out="${STANDIN_OUT:-$root/.build/apple-standins}"
platforms=("$@")
[[ ${#platforms[@]} -gt 0 ]] || platforms=(macOS iOS watchOS tvOS)

# The library's targets in dependency order, and what each depends on as Package.swift says.
targets=(NetworkingCore NetworkingInterceptors NetworkingCache NetworkingObservability NetworkingWebSockets
    NetworkingTesting NetworkTesting NetworkingCurl Networking)

# The stand-in modules in dependency order; the platform's UI framework is added per platform.
standins_for() {
    case "$1" in
        macOS) echo Security AppleFoundation Darwin os Combine AppKit SwiftUI ;;
        *) echo Security AppleFoundation Darwin os Combine UIKit SwiftUI ;;
    esac
}

common_flags=(-swift-version 6 -package-name networking -wmo -Onone -enable-testing)
# Every warning fails the check, but one that only Linux's Foundation causes: it is built without
# library evolution, so a switch over one of its enums that Apple's SDK (whose enums are not
# frozen) requires a `default` for reads as exhaustive here.
tolerated='warning: default will never be executed'

status=0
for platform in "${platforms[@]}"; do
    echo "== Apple stand-in type-check: $platform"
    modules="$out/$platform/modules"
    sources="$out/$platform/sources"
    rm -rf "$out/$platform"
    mkdir -p "$modules" "$sources"
    flags=("${common_flags[@]}" -I "$modules" -D "STANDIN_$(tr '[:lower:]' '[:upper:]' <<<"$platform")")
    # DEBUG-only code is checked on macOS, release code on the others.
    [[ "$platform" == macOS ]] && flags+=(-D DEBUG)

    for module in $(standins_for "$platform"); do
        "$swiftc" -swift-version 6 -parse-as-library -module-name "$module" -I "$modules" \
            -D "STANDIN_$(tr '[:lower:]' '[:upper:]' <<<"$platform")" \
            -emit-module -emit-module-path "$modules/$module.swiftmodule" "$here/Modules/$module.swift"
    done

    log="$out/$platform/diagnostics.log"
    : >"$log"
    compile() { # name, kind (library|program), source directory
        local name="$1" kind="$2" dir="$3" rewritten="$sources/$1"
        python3 "$here/apple_sources.py" rewrite "$platform" "$dir" "$rewritten"
        local files=()
        while IFS= read -r file; do files+=("$file"); done < <(find "$rewritten" -name '*.swift' | sort)
        [[ ${#files[@]} -gt 0 ]] || return 0
        local extra=()
        [[ "$kind" == library ]] && extra=(-parse-as-library -emit-module -emit-module-path "$modules/$name.swiftmodule")
        # A diagnostic's path is the rewritten copy's; its line is the original's.
        local output rc=0
        output="$("$swiftc" "${flags[@]}" "${extra[@]}" -module-name "$name" -emit-sil -o "$out/$platform/$name.sil" "${files[@]}" 2>&1)" \
            || rc=$?
        output="$(sed "s#$rewritten#${dir#"$root/"}#g" <<<"$output")"
        [[ -z "$output" ]] || printf '%s\n' "$output" | tee -a "$log"
        [[ $rc -eq 0 ]] || return 1
        if grep -E '^[^ ].*: warning: ' <<<"$output" | grep -v -E "$tolerated" | grep -q .; then
            return 1
        fi
    }
    for target in "${targets[@]}"; do
        compile "$target" library "$library/$target" || { status=1; echo "error: $target does not compile for $platform" >&2; continue 2; }
    done
    [[ -z "${STANDIN_LIBRARY_ONLY:-}" ]] || continue
    for example in "$root"/Examples/*/; do
        name="Example$(basename "$example")"
        compile "$name" program "${example%/}" || { status=1; echo "error: Examples/$(basename "$example") does not compile for $platform" >&2; }
    done
    compile AppleCallers library "$here/Callers" || { status=1; echo "error: the caller files do not compile for $platform" >&2; }
done
exit "$status"
