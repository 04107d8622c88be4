#!/usr/bin/env bash
# Runs a command against a fresh local httpbin and always stops the server afterwards.
#
#   Tests/Harness/with-httpbin.sh swift test --skip-build
#
# The command sees HTTPBIN_BASE_URL=http://127.0.0.1:PORT; its exit code is returned.
# Each run gets a private server (state under .build/harness/run.XXXXXX), so it never
# touches a server left running with `make httpbin`, and concurrent runs don't collide.
# The directory, with the server log, is kept only when the command fails.
set -euo pipefail

HARNESS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HARNESS_DIR/../.." && pwd)"

if (($# == 0)); then
    echo "usage: $0 COMMAND [ARGS...]" >&2
    exit 2
fi

mkdir -p "$ROOT/.build/harness"
HTTPBIN_STATE_DIR="$(mktemp -d "$ROOT/.build/harness/run.XXXXXX")"
export HTTPBIN_STATE_DIR

rc=1
cleanup() {
    "$HARNESS_DIR/httpbin.sh" stop || true
    if ((rc == 0)); then
        rm -rf "$HTTPBIN_STATE_DIR"
    else
        echo "with-httpbin: command failed (exit $rc); server log: $HTTPBIN_STATE_DIR/httpbin.log" >&2
    fi
}
trap cleanup EXIT
trap 'rc=130; exit 130' INT
trap 'rc=143; exit 143' TERM

exports="$("$HARNESS_DIR/httpbin.sh" start)" # a plain assignment, so `set -e` sees a failure
eval "$exports"
export HTTPBIN_BASE_URL
echo "with-httpbin: HTTPBIN_BASE_URL=$HTTPBIN_BASE_URL" >&2

set +e
"$@"
rc=$?
set -e
exit "$rc"
