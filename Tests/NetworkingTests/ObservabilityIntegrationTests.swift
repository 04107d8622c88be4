import Foundation
import Networking
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Events, logs and redaction through the `Networking` actor: real requests against httpbin
/// (`HTTPBIN_BASE_URL`, default `http://127.0.0.1:8080`) and bulk requests on an in-memory
/// transport.
final class ObservabilityIntegrationTests: XCTestCase {
    // MARK: - Helpers

    /// The httpbin base URL, failing the test with a clear message if nothing answers there.
    private func httpbin(file: StaticString = #filePath, line: UInt = #line) async throws -> String {
        let base = ProcessInfo.processInfo.environment["HTTPBIN_BASE_URL"] ?? "http://127.0.0.1:8080"
        let url = try XCTUnwrap(URL(string: base + "/get"), "HTTPBIN_BASE_URL is not a URL: \(base)")
        do {
            let (_, response) = try await URLSession.shared.data(from: url)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
        } catch {
            XCTFail(
                "httpbin is not reachable at \(base) (\(error.localizedDescription)); "
                    + "start one and set HTTPBIN_BASE_URL",
                file: file, line: line)
            throw error
        }
        return base
    }

    /// A client whose log goes only to a fresh file (not to standard error).
    private func client(
        _ baseURL: String, transport: (any HTTPTransport)? = nil, level: NetworkingLogger.Level = .all
    ) async throws -> (Networking, URL) {
        let networking =
            transport.map { Networking(baseURL: baseURL, transport: $0) } ?? HTTPBin.client(baseURL: baseURL)
        let logFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("ObservabilityIntegrationTests-\(UUID().uuidString).log")
        addTeardownBlock { try? FileManager.default.removeItem(at: logFile) }
        await networking.setLogsToStandardError(false)
        await networking.setLogLevel(level)
        let opened = await networking.setLogFileURL(logFile)
        XCTAssertTrue(opened)
        return (networking, logFile)
    }

    /// Collects events until `count` have arrived.
    private func collect(_ count: Int, from stream: AsyncStream<NetworkingEvent>) -> Task<[NetworkingEvent], Never> {
        Task {
            var events: [NetworkingEvent] = []
            for await event in stream {
                events.append(event)
                if events.count == count { break }
            }
            return events
        }
    }

    /// The `.completed` events keyed by request id, after checking each request started exactly
    /// once before it completed exactly once.
    private func completions(
        _ events: [NetworkingEvent], file: StaticString = #filePath, line: UInt = #line
    ) -> [UUID: (RequestContext, NetworkingEvent.Outcome, TransactionMetrics?)] {
        var started = Set<UUID>()
        var completed: [UUID: (RequestContext, NetworkingEvent.Outcome, TransactionMetrics?)] = [:]
        for event in events {
            switch event {
            case .started(let context):
                XCTAssertTrue(started.insert(context.id).inserted, "started twice", file: file, line: line)
            case .completed(let context, let outcome, _, let metrics):
                XCTAssertTrue(started.contains(context.id), "completed before starting", file: file, line: line)
                XCTAssertNil(
                    completed.updateValue((context, outcome, metrics), forKey: context.id), file: file, line: line)
            }
        }
        XCTAssertEqual(started, Set(completed.keys), file: file, line: line)
        return completed
    }

    private static let headline =
        stamp + #"(→ [A-Z]+ \S+|← \d{3} \(\d+ bytes\) in \d+\.\d{3}s|✗ [A-Z]+ \S+) \[([0-9A-F-]{36})\]"#

    /// The timestamp that starts every headline.
    private static let stamp = #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ "#

    // MARK: - Events

    func testRealRequestsProduceEventsWithMeasuredMetrics() async throws {
        let base = try await httpbin()
        let (networking, _) = try await client(base, level: .none)
        let collector = collect(8, from: await networking.events())

        let got: Result<Data, NetworkingError> = await networking.get("/get")
        let redirected: Result<Data, NetworkingError> = await networking.get("/redirect/2")
        let missing: Result<Data, NetworkingError> = await networking.get("/status/404")
        struct Payload: Codable, Sendable { let name: String }
        let posted: Result<Data, NetworkingError> = await networking.post("/post", body: Payload(name: "Elvis"))

        let byID = completions(await collector.value)
        XCTAssertEqual(byID.count, 4)
        let byPath = Dictionary(uniqueKeysWithValues: byID.values.map { ($0.0.url?.path ?? "", $0) })

        let (getContext, getOutcome, getMetrics) = try XCTUnwrap(byPath["/get"])
        XCTAssertEqual(getContext.method, .get)
        XCTAssertEqual(getContext.headers["Accept"], "application/json")
        guard case .success(let statusCode, let byteCount) = getOutcome else { return XCTFail("GET /get failed") }
        XCTAssertEqual(statusCode, 200)
        XCTAssertEqual(byteCount, try got.get().count)
        let metrics = try XCTUnwrap(getMetrics)
        XCTAssertEqual(metrics.responseBodyBytes, Int64(byteCount))
        XCTAssertEqual(metrics.requestBodyBytes, 0)
        XCTAssertLessThanOrEqual(metrics.startDate, metrics.endDate)
        XCTAssertEqual(metrics.redirectCount, 0)
        if networking.transport is URLSessionTransport {
            #if !canImport(Darwin)
                XCTAssertNil(metrics.domainLookup, "URLSession on Linux reports no phase timings; none are invented")
                XCTAssertNil(metrics.secureConnection)
                XCTAssertNil(metrics.timeToFirstByte)
            #endif
        } else {
            XCTAssertNotNil(metrics.timeToFirstByte, "libcurl's timers are reported")
            XCTAssertNil(metrics.secureConnection, "plain HTTP has no TLS phase")
        }

        XCTAssertEqual(try XCTUnwrap(byPath["/redirect/2"]?.2).redirectCount, 2)
        XCTAssertNoThrow(try redirected.get())

        guard case .failure(let error) = try XCTUnwrap(byPath["/status/404"]).1 else {
            return XCTFail("expected failure")
        }
        XCTAssertEqual(error.statusCode, 404)
        XCTAssertEqual(missing.error?.statusCode, 404)
        XCTAssertNotNil(byPath["/status/404"]?.2, "the 404 response was measured")

        let postMetrics = try XCTUnwrap(byPath["/post"]?.2)
        XCTAssertEqual(postMetrics.requestBodyBytes, Int64(#"{"name":"Elvis"}"#.utf8.count))
        XCTAssertNoThrow(try posted.get())
    }

    func testTwoConsumersBothSeeEverything() async throws {
        let base = try await httpbin()
        let (networking, _) = try await client(base, level: .none)
        let first = collect(40, from: await networking.events())
        let second = collect(40, from: await networking.events())
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let _: Result<Void, NetworkingError> = await networking.get("/anything/\(index)")
                }
            }
        }
        let firstIDs = Set(completions(await first.value).keys)
        let secondIDs = Set(completions(await second.value).keys)
        XCTAssertEqual(firstIDs.count, 20)
        XCTAssertEqual(firstIDs, secondIDs)
    }

    func testCancelledRequestCompletesAsCancelled() async throws {
        let base = try await httpbin()
        let (networking, logFile) = try await client(base, level: .failures)
        var events = await networking.events().makeAsyncIterator()
        let task = Task { () -> Result<Data, NetworkingError> in await networking.get("/delay/10") }
        guard case .started(let started) = await events.next() else { return XCTFail("expected .started") }
        task.cancel()
        guard case .failure(.cancelled) = await task.value else { return XCTFail("expected .cancelled") }
        guard case .completed(let context, .failure(.cancelled), _, _) = await events.next() else {
            return XCTFail("expected .completed(.cancelled)")
        }
        XCTAssertEqual(context.id, started.id)
        let log = try String(contentsOf: logFile, encoding: .utf8)
        XCTAssertEqual(log, "", "a deliberate cancellation is not a failure to log at .failures")
    }

    // MARK: - Logs

    func testLogFileMirrorsRealRequestsInTheSpecFormat() async throws {
        let base = try await httpbin()
        let (networking, logFile) = try await client(base, level: .all)
        let got: Result<Data, NetworkingError> = await networking.get("/get")
        let _: Result<Data, NetworkingError> = await networking.get("/status/404")

        let lines = try String(contentsOf: logFile, encoding: .utf8).split(separator: "\n").map(String.init)
        let headlines = lines.filter { !$0.hasPrefix("  ") }
        XCTAssertEqual(headlines.count, 4, "\(lines)")
        let notFound = HTTPURLResponse.localizedString(forStatusCode: 404)
        let patterns = [
            Self.stamp + #"→ GET /get \[([0-9A-F-]{36})\]$"#,
            Self.stamp + #"← 200 \(\#(try got.get().count) bytes\) in \d+\.\d{3}s \[([0-9A-F-]{36})\]$"#,
            Self.stamp + #"→ GET /status/404 \[([0-9A-F-]{36})\]$"#,
            Self.stamp + #"✗ GET /status/404 \[([0-9A-F-]{36})\] failed: The server returned status 404 \("#
                + notFound + #"\)\.$"#,
        ]
        for (headline, pattern) in zip(headlines, patterns) {
            XCTAssertNotNil(headline.range(of: pattern, options: .regularExpression), "\(headline) !~ \(pattern)")
        }
        XCTAssertTrue(lines.contains("  > Accept: application/json"), "request headers are logged")
        XCTAssertTrue(lines.contains { $0.hasPrefix("  < Content-Type: application/json") }, "response headers too")
        XCTAssertTrue(lines.contains { $0.contains(#""url": "\#(base)/get""#) }, "and the response body")
    }

    func testThousandConcurrentRequestsLogThousandWellFormedPairs() async throws {
        let transport = ClosureTransport(exchange: { (request) throws(NetworkingError) -> HTTPExchange in
            guard let url = request.url,
                let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)
            else { throw .invalidResponse }
            return HTTPExchange(request: request, response: response, body: Data("{\"path\":\"\(url.path)\"}".utf8))
        })
        let (networking, logFile) = try await client("http://example.test", transport: transport, level: .all)
        let count = 1_000
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                group.addTask {
                    let _: Result<Void, NetworkingError> = await networking.get("/item/\(index)")
                }
            }
        }

        let lines = try String(contentsOf: logFile, encoding: .utf8).split(separator: "\n").map(String.init)
        var startPath: [String: String] = [:]
        var finishBody: [String: String] = [:]
        var current: (id: String, isFinish: Bool)?
        for line in lines {
            if line.hasPrefix("  ") {
                let pattern = #"^  [<>]( .*)?$"#
                XCTAssertNotNil(line.range(of: pattern, options: .regularExpression), "malformed detail: \(line)")
                if let current, current.isFinish, line.hasPrefix("  < {") { finishBody[current.id] = line }
                continue
            }
            guard let match = line.range(of: Self.headline, options: .regularExpression) else {
                return XCTFail("malformed headline: \(line)")
            }
            let id = String(line[match].suffix(37).dropLast())
            if line.contains(" → GET ") {
                let path = line.components(separatedBy: " → GET ")[1].components(separatedBy: " [")[0]
                XCTAssertNil(startPath.updateValue(path, forKey: id), "two start lines for \(id)")
                current = (id, false)
            } else {
                XCTAssertTrue(line.contains(" ← 200 ("), line)
                XCTAssertNil(finishBody.updateValue("", forKey: id), "two finish lines for \(id)")
                current = (id, true)
            }
        }
        XCTAssertEqual(startPath.count, count)
        XCTAssertEqual(Set(startPath.keys), Set(finishBody.keys))
        XCTAssertEqual(Set(startPath.values).count, count, "every request appears once")
        for (id, path) in startPath {
            XCTAssertEqual(
                finishBody[id], "  < {\"path\":\"\(path)\"}", "the finish record of \(path) holds its own body")
        }
    }

    func testRedactionOnAndOff() async throws {
        let base = try await httpbin()
        let (networking, logFile) = try await client(base, level: .failures)
        await networking.setAuthorizationHeader(headerKey: "X-Custom-Token", headerValue: "SECRET-TOKEN-1")
        await networking.setHeaderFields(["Cookie": "session=SECRET-COOKIE-2", "X-Api-Key": "SECRET-KEY-3"])
        await networking.setRedactedHeaderFields(["Cookie", "X-Api-Key"])
        let redacted = await networking.redactedHeaderFields
        XCTAssertEqual(redacted, ["Cookie", "X-Api-Key", "X-Custom-Token"], "the active auth-header key joins the set")
        let stream = await networking.events()
        let collector = collect(4, from: stream)

        await networking.setRedactsLogs(true)
        let _: Result<Void, NetworkingError> = await networking.post("/status/500", body: ["password": "SECRET-BODY-4"])
        let hidden = try String(contentsOf: logFile, encoding: .utf8)
        for secret in ["SECRET-TOKEN-1", "SECRET-COOKIE-2", "SECRET-KEY-3", "SECRET-BODY-4"] {
            XCTAssertFalse(hidden.contains(secret), "\(secret) leaked:\n\(hidden)")
        }
        XCTAssertTrue(hidden.contains("  > X-Custom-Token: <redacted>"), hidden)
        XCTAssertTrue(hidden.contains("  > Cookie: <redacted>"), hidden)
        XCTAssertTrue(hidden.contains("  > X-Api-Key: <redacted>"), hidden)

        // Unredacted logs show the bodies and the fields nobody named; the named ones stay hidden.
        await networking.setRedactsLogs(false)
        let _: Result<Void, NetworkingError> = await networking.post("/status/500", body: ["password": "SECRET-BODY-4"])
        let shown = try String(contentsOf: logFile, encoding: .utf8).dropFirst(hidden.count)
        for secret in ["SECRET-TOKEN-1", "SECRET-BODY-4"] {
            XCTAssertTrue(shown.contains(secret), "\(secret) missing:\n\(shown)")
        }
        for secret in ["SECRET-COOKIE-2", "SECRET-KEY-3"] {
            XCTAssertFalse(shown.contains(secret), "\(secret), named, leaked:\n\(shown)")
        }

        for event in await collector.value {
            XCTAssertEqual(event.context.headers["X-Custom-Token"], "SECRET-TOKEN-1", "events carry the real headers")
        }
    }

    func testDefaults() async {
        let networking = Networking(baseURL: "http://example.test")
        let level = await networking.logLevel
        XCTAssertEqual(level, .failures)
        let redacts = await networking.redactsLogs
        XCTAssertEqual(redacts, NetworkingLogger.redactsLogsByDefault)
        #if DEBUG
            XCTAssertFalse(redacts, "debug shows")
        #else
            XCTAssertTrue(redacts, "release redacts")
        #endif
        let fields = await networking.redactedHeaderFields
        XCTAssertEqual(fields, ["Authorization", "Cookie", "Set-Cookie", "Proxy-Authorization"])
    }

    func testLogFileNamedByTheEnvironment() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("obs-env-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let failing = ClosureTransport(exchange: { (request) throws(NetworkingError) -> HTTPExchange in
            guard let url = request.url,
                let response = HTTPURLResponse(url: url, statusCode: 503, httpVersion: "HTTP/1.1", headerFields: nil)
            else { throw .invalidResponse }
            return HTTPExchange(request: request, response: response, body: Data())
        })
        let previous = (
            ProcessInfo.processInfo.environment["NETWORKING_LOG_FILE"],
            ProcessInfo.processInfo.environment["XDG_CACHE_HOME"]
        )
        defer {
            restore("NETWORKING_LOG_FILE", previous.0)
            restore("XDG_CACHE_HOME", previous.1)
        }

        // An absolute path.
        let absolute = directory.appendingPathComponent("absolute.log")
        setenv("NETWORKING_LOG_FILE", absolute.path, 1)
        let first = Networking(baseURL: "http://example.test", transport: failing)
        await first.setLogsToStandardError(false)
        let firstFile = await first.logFileURL
        XCTAssertEqual(firstFile?.path, absolute.path)
        let _: Result<Void, NetworkingError> = await first.get("/unavailable")
        let text = try String(contentsOf: absolute, encoding: .utf8)
        XCTAssertTrue(text.contains(" ✗ GET /unavailable ["), text)

        // A bare name, under the caches directory.
        #if !canImport(Darwin)
            setenv("XDG_CACHE_HOME", directory.path, 1)
            setenv("NETWORKING_LOG_FILE", "bare.log", 1)
            let second = Networking(baseURL: "http://example.test", transport: failing)
            await second.setLogsToStandardError(false)
            let _: Result<Void, NetworkingError> = await second.get("/unavailable")
            let bare = try String(contentsOf: directory.appendingPathComponent("bare.log"), encoding: .utf8)
            XCTAssertTrue(bare.contains(" ✗ GET /unavailable ["), bare)
        #endif
    }

    func testALogFileThatCannotBeOpenedNeverFailsARequest() async throws {
        let base = try await httpbin()
        let networking = HTTPBin.client(baseURL: base)
        await networking.setLogsToStandardError(false)
        await networking.setLogLevel(.all)
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("obs-blocker-\(UUID().uuidString)")
        try Data().write(to: blocker)
        addTeardownBlock { try? FileManager.default.removeItem(at: blocker) }
        let opened = await networking.setLogFileURL(blocker.appendingPathComponent("networking.log"))
        XCTAssertFalse(opened)
        let result: Result<Data, NetworkingError> = await networking.get("/get")
        XCTAssertNoThrow(try result.get())
    }

    private func restore(_ name: String, _ value: String?) {
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
    }
}

extension Result where Failure == NetworkingError {
    fileprivate var error: NetworkingError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
