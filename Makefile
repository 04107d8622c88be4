# Developer tasks for Networking. Integration tests and demos talk to a local httpbin
# (Tests/Harness/httpbin.sh); they find it through HTTPBIN_BASE_URL.
#
#   make test          format-check, warning-free build, then the tests against httpbin, and the
#                      integration suites once more over the other transport (OTHER_TRANSPORT)
#   make demo          build and run each executable in DEMOS against httpbin
#   make format        reformat the sources in place
#   make bench         release-build the benchmarks and run them against a local nginx (bench-results.json)
#   make httpbin       start a server for iteration: eval "$(make -s httpbin)"
#   make httpbin-stop  stop it
#   make clean         stop the server and remove .build

SHELL := bash
.SHELLFLAGS := -euo pipefail -c

SWIFT ?= swift
DEMOS ?= Demo InterceptorsRecipe DownloadsRecipe ObservabilityRecipe Walkthrough TransfersRecipe
HARNESS := Tests/Harness
WITH_HTTPBIN := $(HARNESS)/with-httpbin.sh
FORMAT_PATHS := $(wildcard Sources Tests Examples Package.swift)
BUILD_LOG := .build/harness/build.log

.PHONY: test build-tests demo bench format format-check httpbin httpbin-stop clean

# The integration suites (the test classes that talk to httpbin), which `make test` runs twice: over
# the platform's default transport (CurlTransport on Linux), then over OTHER_TRANSPORT
# (NETWORKING_TEST_TRANSPORT, read by Tests/NetworkingTests/HTTPBin.swift: curl or urlsession).
INTEGRATION_TESTS := NetworkingTests\.(Auth|Bodies|Cancellation|ConcurrencyIntegration|DefaultTransport|Downloads|Errors|HTTPClientIntegration|Headers|Image|Interceptors|Observability|Redirects|Verbs)
OTHER_TRANSPORT ?= urlsession

test: format-check build-tests
	$(WITH_HTTPBIN) $(HARNESS)/run-tests.sh "$(SWIFT)" "$(OTHER_TRANSPORT)" '$(INTEGRATION_TESTS)'

# Builds everything, tests included, and fails on any compiler warning in our own sources.
# (Only files that were recompiled report warnings: CI builds from scratch.)
build-tests:
	@mkdir -p $(dir $(BUILD_LOG))
	$(SWIFT) build --build-tests 2>&1 | tee $(BUILD_LOG)
	@if grep -E '\.swift:[0-9]+:[0-9]+: warning:' $(BUILD_LOG) | grep -v '/\.build/' | sort -u | grep .; then \
		echo 'error: the build has compiler warnings (listed above)' >&2; exit 1; \
	fi

demo:
	for d in $(DEMOS); do $(SWIFT) build --product "$$d"; done
	$(WITH_HTTPBIN) bash -ec 'for d; do echo "== $$d"; $(SWIFT) run --skip-build "$$d"; done' demos $(DEMOS)

# Networking against raw URLSession on nginx (installed from Debian if missing); BENCH_ARGS
# passes options, e.g. BENCH_ARGS='--rounds 5 --only sequential,stub'.
bench:
	Tests/Benchmarks/bench.sh $(BENCH_ARGS)

format:
	$(SWIFT) format format --in-place --parallel --recursive --configuration .swift-format $(FORMAT_PATHS)

format-check:
	$(SWIFT) format lint --strict --parallel --recursive --configuration .swift-format $(FORMAT_PATHS)

httpbin:
	@$(HARNESS)/httpbin.sh start

httpbin-stop:
	@$(HARNESS)/httpbin.sh stop

clean:
	$(HARNESS)/httpbin.sh stop
	rm -rf .build
