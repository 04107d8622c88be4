#!/usr/bin/env bash
# Runs the built test suites (call it under with-httpbin.sh, which also starts stream_server.py and
# exports STREAM_SERVER_BASE_URL): every suite over the platform's default
# transport, then the integration suites once more over OTHER_TRANSPORT. Prints one closing line,
# "tests: N passed, M failed (…)", summed over both runs, and exits non-zero if any run failed.
#   usage: run-tests.sh SWIFT OTHER_TRANSPORT INTEGRATION_FILTER
# With --summary, prints that line for the logs it is given instead (each LABEL=LOG, a log of a
# `swift test` run), into .build/harness/summary.txt too: `make test` ends with it, counting the
# ThreadSanitizer run as well.
#   usage: run-tests.sh --summary LABEL=LOG...
set -uo pipefail

log_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.build/harness"
mkdir -p "$log_dir"
rc=0

# XCTest closes each run with "Executed N tests, with M failures"; the last such line is the run's
# total. Prints "tests: N passed, M failed (label n, …)" and returns 1 if a log has no total or a
# test failed.
summarize() {
    local passed=0 failed=0 parts=() status=0 pair label log line n f
    for pair; do
        label=${pair%%=*} log=${pair#*=}
        line=$(grep -E 'Executed [0-9]+ tests?, with [0-9]+ failures?' "$log" 2>/dev/null | tail -1)
        if [[ -z "$line" ]]; then
            echo "run-tests: no test summary in $log" >&2
            parts+=("$label: no summary")
            status=1
            continue
        fi
        n=$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$line")
        f=$(sed -E 's/.*with ([0-9]+) failures?.*/\1/' <<<"$line")
        passed=$((passed + n - f))
        failed=$((failed + f))
        parts+=("$label $n")
    done
    [[ $failed -eq 0 ]] || status=1
    local joined
    joined=$(printf '%s, ' "${parts[@]}")
    echo "tests: $passed passed, $failed failed (${joined%, })" | tee "$log_dir/summary.txt"
    return "$status"
}

if [[ ${1:-} == --summary ]]; then
    shift
    summarize "$@"
    exit
fi

swift_bin=$1 other=$2 filter=$3

run() {  # run LOG [ENV=VALUE] swift test args…
    local log=$1
    shift
    env "$@" 2>&1 | tee "$log"
    [[ ${PIPESTATUS[0]} -eq 0 ]] || rc=1
}

run "$log_dir/tests-default.log" "$swift_bin" test --skip-build --disable-swift-testing
echo "== integration suites again, NETWORKING_TEST_TRANSPORT=$other"
run "$log_dir/tests-$other.log" NETWORKING_TEST_TRANSPORT="$other" \
    "$swift_bin" test --skip-build --disable-swift-testing --filter "$filter"

summarize "default transport=$log_dir/tests-default.log" "integration over $other=$log_dir/tests-$other.log" || rc=1
exit "$rc"
