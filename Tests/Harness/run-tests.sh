#!/usr/bin/env bash
# Runs the built test suites (call it under with-httpbin.sh): every suite over the platform's default
# transport, then the integration suites once more over OTHER_TRANSPORT. Prints one closing line,
# "tests: N passed, M failed", summed over both runs, and exits non-zero if any run failed.
#   usage: run-tests.sh SWIFT OTHER_TRANSPORT INTEGRATION_FILTER
set -uo pipefail

swift_bin=$1 other=$2 filter=$3
log_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.build/harness"
mkdir -p "$log_dir"
rc=0

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

# XCTest closes each run with "Executed N tests, with M failures"; the last such line is the run's total.
passed=0 failed=0
for log in "$log_dir/tests-default.log" "$log_dir/tests-$other.log"; do
    line=$(grep -E 'Executed [0-9]+ tests?, with [0-9]+ failures?' "$log" | tail -1)
    if [[ -z "$line" ]]; then
        echo "run-tests: no test summary in $log" >&2
        rc=1
        continue
    fi
    n=$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$line")
    f=$(sed -E 's/.*with ([0-9]+) failures?.*/\1/' <<<"$line")
    passed=$((passed + n - f))
    failed=$((failed + f))
done
[[ $failed -eq 0 ]] || rc=1
echo "tests: $passed passed, $failed failed" | tee "$log_dir/summary.txt"
exit "$rc"
