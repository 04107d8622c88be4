# Developer tasks for Networking. Integration tests and demos talk to a local httpbin
# (Tests/Harness/httpbin.sh); they find it through HTTPBIN_BASE_URL. The streaming tests of
# CurlTransport talk to Tests/Harness/stream_server.py, which with-httpbin.sh starts beside it
# (STREAM_SERVER_BASE_URL; a test run without it starts its own).
#
#   make test          format-check, warning-free build, the tests against httpbin, the integration
#                      suites once more over the other transport (OTHER_TRANSPORT), then the
#                      thread-sanitized suite and a short run of every fuzz target; the fixture app
#                      whose targets are isolated to the main actor by default (default-main-actor-app)
#   make sanitize      the whole suite under ThreadSanitizer, then under AddressSanitizer
#   make fuzz          each libFuzzer target for FUZZ_SECONDS (default 60)
#   make soak          1,000,000 requests with random faults; RSS and open fds printed (not in CI)
#   make soak-h2       100,000 requests over HTTP/2 to a server that misbehaves at random
#                      (h2_chaos_server.py): none lost, hung or answered with another's body,
#                      RSS and open fds flat; exits non-zero otherwise (not in CI)
#   make demo          build and run each executable in DEMOS against httpbin
#   make products      the programs that use NetworkingCore with one satellite each, without the umbrella
#   make api-check     compare the public API with its baseline in Tests/API (make api-baseline rewrites it)
#   make apple-standins  type-check the Apple platforms' code against stand-in SDK modules
#   make docs          build the DocC documentation (warnings as errors) into .build/docs
#   make doc-blocks    compile each Swift block of README.md and the articles as pasted, load each manifest
#   make format        reformat the sources in place
#   make bench         release-build the benchmarks and run them against a local nginx (bench-results.json)
#   make httpbin       start a server and the proxies for iteration: eval "$(make -s httpbin)"
#   make httpbin-stop  stop them
#   make clean         stop the server and remove .build
#   make public-suffix-list  regenerate the shipped copy of the Public Suffix List
#   make verbs         regenerate the verbs of Networking from their table

SHELL := bash
.SHELLFLAGS := -euo pipefail -c

SWIFT ?= swift
DEMOS ?= Demo InterceptorsRecipe DownloadsRecipe ObservabilityRecipe Walkthrough TransfersRecipe WebSocketsRecipe
HARNESS := Tests/Harness
WITH_HTTPBIN := $(HARNESS)/with-httpbin.sh
FORMAT_PATHS := $(wildcard Sources Tests Examples Package.swift)
BUILD_LOG := .build/harness/build.log

.PHONY: test build-tests api-check api-baseline apple-standins default-main-actor-app products demo docs bench format format-check verbs httpbin httpbin-stop clean public-suffix-list
.PHONY: sanitize sanitize-thread sanitize-address fuzz fuzz-build fuzz-smoke soak soak-h2

# The integration suites (the test classes that talk to httpbin), which `make test` runs twice: over
# the platform's default transport (CurlTransport on Linux), then over OTHER_TRANSPORT
# (NETWORKING_TEST_TRANSPORT, read by Tests/NetworkingTests/HTTPBin.swift: curl or urlsession).
INTEGRATION_TESTS := NetworkingTests\.(Attempts|Auth|Bodies|Cancellation|ConcurrencyIntegration|CookiesIntegration|DefaultTransport|Downloads|Errors|FaultInjection|HTTPClientIntegration|Headers|HostileInput|Image|Interceptors|LogSinkIntegration|NetworkPathIntegration|Observability|ObservationPerKind|Redirects|ResumableDownload|Security|ServerSentEventsIntegration|StreamedRequestBody|TracingIntegration|TransfersIntegration|Verbs)
OTHER_TRANSPORT ?= urlsession

# The last line counts every test run: both transport runs and the ThreadSanitizer run.
test: format-check build-tests docs doc-blocks api-check apple-standins
	$(WITH_HTTPBIN) $(HARNESS)/run-tests.sh "$(SWIFT)" "$(OTHER_TRANSPORT)" '$(INTEGRATION_TESTS)'
	$(MAKE) --no-print-directory default-main-actor-app products
	$(MAKE) --no-print-directory sanitize-thread fuzz-smoke
	@$(HARNESS)/run-tests.sh --summary "default transport=.build/harness/tests-default.log" \
		"integration over $(OTHER_TRANSPORT)=.build/harness/tests-$(OTHER_TRANSPORT).log" \
		"ThreadSanitizer=$(TSAN_LOG)"

# Builds everything, tests included, and fails on any compiler warning in our own sources.
# (Only files that were recompiled report warnings: CI builds from scratch.)
build-tests:
	@mkdir -p $(dir $(BUILD_LOG))
	$(SWIFT) build --build-tests 2>&1 | tee $(BUILD_LOG)
	@if grep -E '\.swift:[0-9]+:[0-9]+: warning:' $(BUILD_LOG) | grep -v '/\.build/' | sort -u | grep .; then \
		echo 'error: the build has compiler warnings (listed above)' >&2; exit 1; \
	fi

# An app as Xcode 26 creates it (Tests/Fixtures/DefaultMainActorApp: targets isolated to the main
# actor by default, with and without the approachable-concurrency features, models declared
# plainly): it compiles the documentation's snippet files and runs its checks against a fresh
# httpbin, built in a scratch path of its own.
DEFAULT_MAIN_ACTOR_APP := Tests/Fixtures/DefaultMainActorApp
DEFAULT_MAIN_ACTOR_SCRATCH := .build/default-main-actor-app

default-main-actor-app:
	$(SWIFT) build --build-tests --package-path $(DEFAULT_MAIN_ACTOR_APP) --scratch-path $(DEFAULT_MAIN_ACTOR_SCRATCH)
	$(WITH_HTTPBIN) $(SWIFT) test --skip-build --package-path $(DEFAULT_MAIN_ACTOR_APP) \
		--scratch-path $(DEFAULT_MAIN_ACTOR_SCRATCH)

# Each product without the umbrella (Tests/Fixtures/Products): programs that depend on NetworkingCore
# and at most one satellite compose a client from `Pipeline`, built with SwiftPM's check that a target
# imports only what it depends on, and run against a fresh httpbin.
PRODUCTS_FIXTURE := Tests/Fixtures/Products
PRODUCTS_SCRATCH := .build/products
PRODUCT_PROGRAMS := CoreAlone CoreAndInterceptors CoreAndCache CoreAndObservability CoreAndTesting

products:
	$(SWIFT) build --package-path $(PRODUCTS_FIXTURE) --scratch-path $(PRODUCTS_SCRATCH) \
		--explicit-target-dependency-import-check error
	$(WITH_HTTPBIN) bash -ec 'for p; do "$(PRODUCTS_SCRATCH)/debug/$$p"; done' programs $(PRODUCT_PROGRAMS)

# The public API of each documented product (from the symbol graphs `make docs` extracts) against its
# committed baseline in Tests/API: any change fails until the baseline is rewritten on purpose with
# `make api-baseline`, in the same commit, and recorded in CHANGELOG.md.
api-check:
	python3 Tests/Tools/public-api.py --check

api-baseline: docs
	python3 Tests/Tools/public-api.py --write

# The library, its examples and Tests/AppleStandIns/Callers compiled as Apple's compiler reads them
# (macOS, iOS, watchOS, tvOS), against stand-in SDK modules transcribed from Apple's documentation;
# then the self-test that shows the check rejects a known Apple-only error. See CONTRIBUTING.md.
apple-standins:
	Tests/AppleStandIns/check.sh $(APPLE_PLATFORMS)
	Tests/AppleStandIns/self-test.sh

# Each demo prints one line per step. Its standard error, where the library logs failed requests on
# Linux (some steps fail on purpose), goes to .build/demo/<demo>.log and is shown only if the demo
# fails; NETWORKING_DEMO_LOGS=1 shows it inline.
demo:
	@mkdir -p .build/demo
	@for d in $(DEMOS); do \
		echo "== building $$d"; \
		$(SWIFT) build --product "$$d" >.build/demo/build.log 2>&1 || { cat .build/demo/build.log >&2; exit 1; }; \
	done
	@$(WITH_HTTPBIN) bash -ec 'for d; do \
		echo "== $$d"; \
		if [ "$${NETWORKING_DEMO_LOGS:-}" = 1 ]; then $(SWIFT) run --skip-build "$$d"; \
		else $(SWIFT) run --skip-build "$$d" 2>.build/demo/$$d.log || { cat .build/demo/$$d.log >&2; exit 1; }; fi; \
	done' demos $(DEMOS)

# --- Documentation ----------------------------------------------------------------------------
# With the toolchain's own tools, no plugin: swift-symbolgraph-extract reads each documented module
# from the debug build, then `docc convert` turns it (and, for the umbrella, the articles of
# Sources/Networking/Networking.docc) into an archive in .build/docs, warnings as errors. The
# umbrella's symbol graph includes the modules it re-exports, so the articles can link to them.
# First, Tests/Harness/check-doc-snippets.py checks that each Swift line of README.md and of the
# articles has a compiled twin in a *Snippets.swift file of the tests.
DOCS_DIR := .build/docs
DOC_MODULES := Networking NetworkingTesting NetworkingCurl
DOC_REEXPORTED := NetworkingCore,NetworkingInterceptors,NetworkingCache,NetworkingObservability,NetworkingWebSockets

docs:
	@python3 Tests/Harness/check-doc-snippets.py
	@for m in $(DOC_MODULES); do $(SWIFT) build --target "$$m" | grep -v '^\[' || true; done
	@bin="$$($(SWIFT) build --show-bin-path)"; \
	triple="$$($(SWIFT) -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -n 1)"; \
	rm -rf $(DOCS_DIR); \
	for m in $(DOC_MODULES); do \
		mkdir -p $(DOCS_DIR)/symbol-graphs/$$m; \
		swift-symbolgraph-extract -module-name $$m -target "$$triple" -I "$$bin/Modules" \
			-Xcc -fmodule-map-file="$$bin/CCurlShim.build/module.modulemap" \
			-Xcc -fmodule-map-file="$$bin/CZlibShim.build/module.modulemap" \
			-minimum-access-level public -skip-inherited-docs \
			$$( [ $$m = Networking ] && echo -experimental-allowed-reexported-modules=$(DOC_REEXPORTED) ) \
			-output-dir $(DOCS_DIR)/symbol-graphs/$$m; \
		catalog=$$( [ -d Sources/$$m/$$m.docc ] && echo Sources/$$m/$$m.docc || true ); \
		echo "== docs: $$m"; \
		docc convert $$catalog --additional-symbol-graph-dir $(DOCS_DIR)/symbol-graphs/$$m \
			--fallback-display-name $$m --fallback-bundle-identifier org.networking.$$m \
			--output-path $(DOCS_DIR)/$$m.doccarchive --warnings-as-errors >$(DOCS_DIR)/$$m.log 2>&1 \
			|| { cat $(DOCS_DIR)/$$m.log >&2; echo "docs: $$m has documentation warnings (above)" >&2; exit 1; }; \
	done; \
	echo "docs: $(DOC_MODULES) built into $(DOCS_DIR)"

# Each Swift block of README.md and of the DocC articles compiled as a reader pastes it, a file of its
# own with only the imports it shows, against the modules of the debug build (one swiftc per block; the
# library is not rebuilt); each manifest block laid out as a package and loaded. Fragments, the preamble
# they are compiled with (Tests/Harness/DocBlocks/DocContext.swift) and the other rules are described
# at the top of Tests/Harness/check-doc-blocks.py.
.PHONY: doc-blocks
doc-blocks:
	@for m in Networking NetworkingTesting NetworkingCurl; do $(SWIFT) build --target "$$m" | grep -v '^\[' || true; done
	python3 Tests/Harness/check-doc-blocks.py --bin-path "$$($(SWIFT) build --show-bin-path)"

# Networking against raw URLSession on nginx (installed from Debian if missing); BENCH_ARGS
# passes options, e.g. BENCH_ARGS='--rounds 5 --only sequential,stub'.
bench:
	Tests/Benchmarks/bench.sh $(BENCH_ARGS)

format:
	$(SWIFT) format format --in-place --parallel --recursive --configuration .swift-format $(FORMAT_PATHS)

# Also checks that the generated verbs match their table (see verbs).
format-check:
	$(SWIFT) format lint --strict --parallel --recursive --configuration .swift-format $(FORMAT_PATHS)
	python3 Tests/Tools/generate-verbs.py --check

# Rewrites the verbs of Networking (Networking+Verbs.swift and its isolated-model family) from the
# table in Tests/Tools/generate-verbs.py.
verbs:
	python3 Tests/Tools/generate-verbs.py

httpbin:
	@$(HARNESS)/httpbin.sh start
	@$(HARNESS)/proxies.sh start

httpbin-stop:
	@$(HARNESS)/httpbin.sh stop
	@$(HARNESS)/proxies.sh stop

clean:
	$(HARNESS)/httpbin.sh stop
	$(HARNESS)/proxies.sh stop
	rm -rf .build

# The copy of the Public Suffix List the cookie jars fall back on (Sources/NetworkingCore/Cookies/
# PublicSuffixData), from the PyPI package and version pinned in the script; review the diff it makes.
public-suffix-list:
	python3 Tests/Tools/generate-public-suffix-list.py

# --- Sanitizers -------------------------------------------------------------------------------
# Each sanitizer builds into its own scratch path, so the main build is never clobbered.
# TSan: Tests/SanitizerSupport/tsan_mutex.c is preloaded to tell TSan about the slow (contended)
# paths of Synchronization.Mutex on Linux, which lock through PI futexes TSan cannot see; without
# it every contended `withLock` may be reported as a race. TSAN_FILTER narrows the suite if needed.
# ASan: LeakSanitizer is off: at exit it reports libcurl's and Foundation's process-lifetime
# allocations, and Swift objects referenced only through enum-tagged pointers, as leaks.

CLANG ?= clang
TSAN_SCRATCH := .build/tsan
ASAN_SCRATCH := .build/asan
TSAN_PRELOAD := .build/sanitizers/libtsan_mutex.so
TSAN_FILTER ?=
TSAN_LOG := .build/harness/tests-tsan.log

sanitize: sanitize-thread sanitize-address

$(TSAN_PRELOAD): Tests/SanitizerSupport/tsan_mutex.c
	@mkdir -p $(dir $@)
	$(CLANG) -std=c11 -O2 -Wall -Wextra -Werror -shared -fPIC -o $@ $< -ldl

sanitize-thread: $(TSAN_PRELOAD)
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path $(TSAN_SCRATCH)
	@mkdir -p $(dir $(TSAN_LOG))
	$(WITH_HTTPBIN) env LD_PRELOAD="$(abspath $(TSAN_PRELOAD))" TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1" \
		$(SWIFT) test --skip-build --sanitize=thread --scratch-path $(TSAN_SCRATCH) $(TSAN_FILTER) 2>&1 | tee $(TSAN_LOG)

sanitize-address:
	$(SWIFT) build --build-tests --sanitize=address --scratch-path $(ASAN_SCRATCH)
	$(WITH_HTTPBIN) env ASAN_OPTIONS="detect_leaks=0" \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path $(ASAN_SCRATCH)

# --- Fuzzing ----------------------------------------------------------------------------------
# libFuzzer targets (Tests/Fuzz/<Target>/main.swift), each linked against one static library
# compiled from the sources under test with coverage and ASan (FuzzSupport: NetworkingCore,
# NetworkingCache, NetworkingObservability and the image header reader, plus Tests/Fuzz/Support).
# Seeds and regression inputs live in Tests/Fuzz/Corpus/<Target> (read-only here); what a run
# discovers goes to .build/fuzz/corpus/<Target>, crashes to .build/fuzz/crashes/.
# A crash becomes a regression: commit its input under Tests/Fuzz/Corpus/<Target>/ and a unit test.
# Each new parser gets a target here.

FUZZ_TARGETS := URLComposer Encoders Headers ImageHeader CacheKey ServerSentEvents SetCookie WebSocketFrames WebSocketExtensions \
	WebSocketHandshake NetworkPath JSONDecoding FieldLines CertificateSPKI HAR ServerSignals
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 20
FUZZ_DIR := .build/fuzz
# The WebSocket frame codec, the permessage-deflate negotiation and the opening handshake (with its
# SHA-1): files that depend on nothing else in the Networking target (NetworkingCore aside).
WEBSOCKET_CODEC_SOURCES := $(addprefix Sources/NetworkingWebSockets/WebSocket,$(addsuffix .swift,\
	Frame FrameParser MessageAssembler UTF8Validator CloseCode ProtocolError Compression \
	Compression+Negotiation Handshake Handshake+RequestHead)) Sources/NetworkingWebSockets/SHA1.swift
# The HAR reader of NetworkingTesting (ReplayingTransport(harFile:)) and the fixture it makes: files that
# depend on nothing else in that target.
HAR_READER_SOURCES := $(addprefix Sources/NetworkingTesting/,HARDocument.swift HARDocument+Reading.swift \
	HARDocument+Fixtures.swift HARDates.swift Fixture.swift Fixture+Timing.swift)
# NetworkingCore's sources in its subfolders too (find, not wildcard, which sees one level only), and the
# rate-limit fields' parser of NetworkingInterceptors, which depends on nothing else in that target.
FUZZ_SOURCES := $(filter-out %/Exports.swift,$(shell find Sources/NetworkingCore -name '*.swift' | sort) \
	$(wildcard Sources/NetworkingCache/*.swift Sources/NetworkingObservability/*.swift)) \
	Sources/Networking/Images/ImageHeader.swift Sources/Networking/Images/ImageFormat.swift $(WEBSOCKET_CODEC_SOURCES) \
	$(HAR_READER_SOURCES) Sources/NetworkingInterceptors/RateLimitHeaders.swift $(wildcard Tests/Fuzz/Support/*.swift)
FUZZ_FLAGS := -sanitize=fuzzer,address -parse-as-library -O -swift-version 6 -use-ld=lld -package-name Networking

$(FUZZ_DIR)/lib/libFuzzSupport.a: $(FUZZ_SOURCES)
	@mkdir -p $(dir $@)
	swiftc -emit-library -static -emit-module -module-name FuzzSupport -enable-testing $(FUZZ_FLAGS) \
		-emit-module-path $(FUZZ_DIR)/lib/FuzzSupport.swiftmodule $(FUZZ_SOURCES) -o $@

$(FUZZ_DIR)/bin/%: Tests/Fuzz/%/main.swift $(FUZZ_DIR)/lib/libFuzzSupport.a
	@mkdir -p $(dir $@)
	swiftc $(FUZZ_FLAGS) -I $(FUZZ_DIR)/lib -L $(FUZZ_DIR)/lib -lFuzzSupport $< -o $@

fuzz-build: $(addprefix $(FUZZ_DIR)/bin/,$(FUZZ_TARGETS))

# Replays every committed input (regressions), then fuzzes each target for $(1) seconds; the full
# output of each run is in .build/fuzz/logs/<Target>.log.
define run_fuzz
	@mkdir -p $(FUZZ_DIR)/crashes $(FUZZ_DIR)/logs
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_DIR)/corpus/$$t Tests/Fuzz/Corpus/$$t; \
		log=$(FUZZ_DIR)/logs/$$t.log; \
		echo "== fuzz $$t: replaying Tests/Fuzz/Corpus/$$t, then fuzzing for $(1) s"; \
		rc=0; \
		{ export SWIFT_BACKTRACE=enable=no; $(FUZZ_DIR)/bin/$$t -runs=0 Tests/Fuzz/Corpus/$$t && \
		  $(FUZZ_DIR)/bin/$$t $(FUZZ_DIR)/corpus/$$t Tests/Fuzz/Corpus/$$t -max_total_time=$(1) -max_len=4096 \
			-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/crashes/$$t-; \
		} >$$log 2>&1 || rc=$$?; \
		grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::peak_rss_mb)' $$log || true; \
		if [ $$rc != 0 ]; then \
			tail -n 40 $$log >&2; echo "fuzz $$t: FAILED (exit $$rc; input saved in $(FUZZ_DIR)/crashes)" >&2; exit 1; \
		fi; \
	done
endef

fuzz: fuzz-build
	$(call run_fuzz,$(FUZZ_SECONDS))

fuzz-smoke: fuzz-build
	$(call run_fuzz,$(FUZZ_SMOKE_SECONDS))

# --- Soak -------------------------------------------------------------------------------------
# Not part of `make test`: SOAK_REQUESTS requests with random faults through the whole pipeline
# (see Tests/Soak/Soak.swift for the mix); prints RSS and open descriptors every SOAK_EVERY.

SOAK_REQUESTS ?= 1000000
SOAK_EVERY ?= 50000

soak:
	$(SWIFT) build -c release --product Soak
	$(SWIFT) run -c release --skip-build Soak $(SOAK_REQUESTS) $(SOAK_EVERY)

# The HTTP/2 mode (Tests/Soak/H2Soak.swift): SOAK_H2_REQUESTS requests, SOAK_H2_IN_FLIGHT at a time,
# each with a 2 s deadline, through CurlTransport over HTTP/2 and TLS to Tests/Harness/h2_chaos_server.py,
# which the soak starts with the harness venv's python (with-httpbin.sh makes the venv). It checks
# that every request ends with its own body or a typed error, within 10 minutes, and that RSS and
# descriptors stay flat after warm-up; see docs/Reliability.md.
SOAK_H2_REQUESTS ?= 100000
SOAK_H2_EVERY ?= 10000
SOAK_H2_IN_FLIGHT ?= 64

soak-h2:
	$(SWIFT) build -c release --product Soak
	$(WITH_HTTPBIN) $(SWIFT) run -c release --skip-build Soak h2 $(SOAK_H2_REQUESTS) $(SOAK_H2_EVERY) $(SOAK_H2_IN_FLIGHT)

