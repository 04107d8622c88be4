import Foundation
import XCTest

@testable import NetworkingObservability

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class NetworkingLoggerTests: XCTestCase {
    /// How Foundation names status 404 (`not found` on Apple platforms, `Not Found` on Linux).
    private let notFound = HTTPURLResponse.localizedString(forStatusCode: 404)

    private let secrets = [
        "SECRET-TOKEN-1", "SECRET-COOKIE-2", "SECRET-CUSTOM-3", "SECRET-SETCOOKIE-4", "SECRET-BODY-5",
        "SECRET-RESPONSE-6",
    ]

    /// Sends one request full of planted secrets through a logger and returns what it wrote.
    private func logSecrets(redactsLogs: Bool, status: Int = 500) async -> String {
        let sink = MemorySink()
        let logger = NetworkingLogger(
            level: .all,
            redaction: HeaderRedaction(fields: HeaderRedaction.defaultHeaderFields.union(["X-Custom-Auth"])),
            redactsLogs: redactsLogs, sinks: [sink])
        let transport = cannedTransport(
            status: status, headers: ["Set-Cookie": "id=SECRET-SETCOOKIE-4", "X-Served-By": "visible-response"],
            body: Data(#"{"token":"SECRET-RESPONSE-6"}"#.utf8))
        let pipeline = pipeline(
            transport, observers: [logger],
            headers: [
                "Authorization": "Bearer SECRET-TOKEN-1", "cookie": "session=SECRET-COOKIE-2",
                "x-custom-auth": "SECRET-CUSTOM-3", "X-Trace": "visible-request",
            ])
        await send(
            pipeline,
            HTTPRequest(
                method: .post, path: "/login",
                body: .data(Data("password=SECRET-BODY-5".utf8), contentType: "text/plain")))
        return sink.text
    }

    func testRedactionHidesSensitiveHeadersAndBodies() async {
        let text = await logSecrets(redactsLogs: true)
        for secret in secrets { XCTAssertFalse(text.contains(secret), "\(secret) leaked into:\n\(text)") }
        XCTAssertTrue(text.contains("  > Authorization: <redacted>"), text)
        // Request header names are logged as they were given (`cookie`, `x-custom-auth`).
        XCTAssertTrue(text.contains("  > cookie: <redacted>"), text)
        XCTAssertTrue(text.contains("  > x-custom-auth: <redacted>"), text)
        XCTAssertTrue(text.contains("  < Set-Cookie: <redacted>"), text)
        XCTAssertTrue(text.contains("  > <redacted> (22 bytes)"), text)
        XCTAssertTrue(text.contains("visible-request") && text.contains("visible-response"), "others stay visible")
    }

    func testWithoutRedactionEverythingIsShown() async {
        let text = await logSecrets(redactsLogs: false)
        for secret in secrets { XCTAssertTrue(text.contains(secret), "\(secret) missing from:\n\(text)") }
        XCTAssertFalse(text.contains("<redacted>"))
    }

    func testDebugBuildsShowAndReleaseBuildsRedactByDefault() {
        #if DEBUG
            XCTAssertFalse(NetworkingLogger.redactsLogsByDefault)
        #else
            XCTAssertTrue(NetworkingLogger.redactsLogsByDefault)
        #endif
        XCTAssertEqual(NetworkingLogger().formatter.redactsLogs, NetworkingLogger.redactsLogsByDefault)
        XCTAssertEqual(LogSettings().redactsLogs, NetworkingLogger.redactsLogsByDefault)
    }

    func testDefaultsLogFailuresToThePlatformLog() {
        let logger = NetworkingLogger()
        XCTAssertEqual(logger.level, .failures)
        XCTAssertEqual(LogSettings().level, .failures)
        XCTAssertEqual(
            logger.formatter.redaction,
            HeaderRedaction(fields: ["authorization", "COOKIE", "Set-Cookie", "proxy-authorization"]))
        #if canImport(os)
            XCTAssertTrue(logger.sinks.first is OSLogSink)
        #else
            XCTAssertTrue(logger.sinks.first is StandardErrorLogSink)
            XCTAssertTrue(LogSettings().logsToStandardError)
        #endif
    }

    /// Sends a success, an HTTP failure and a cancelled request through a logger at `level`.
    private func records(at level: NetworkingLogger.Level) async -> [LogRecord] {
        let sink = MemorySink()
        let logger = NetworkingLogger(level: level, sinks: [sink])
        let accept: HTTPHeaders = ["Accept": "application/json"]
        await send(
            pipeline(cannedTransport(), observers: [logger], headers: accept), HTTPRequest(method: .get, path: "/get"))
        await send(
            pipeline(cannedTransport(status: 404), observers: [logger], headers: accept),
            HTTPRequest(method: .get, path: "/status/404"))
        let cancelled = ClosureTransport(exchange: { (_) throws(NetworkingError) -> HTTPExchange in throw .cancelled })
        await send(
            pipeline(cancelled, observers: [logger], headers: accept), HTTPRequest(method: .get, path: "/cancelled"))
        return sink.records
    }

    func testLevelNoneLogsNothing() async {
        let records = await records(at: .none)
        XCTAssertEqual(records, [])
    }

    func testLevelFailuresLogsEachFailureOnceInFull() async throws {
        let records = await records(at: .failures)
        XCTAssertEqual(records.count, 1, "only the 404; success and cancellation are not logged: \(records)")
        let record = try XCTUnwrap(records.first)
        XCTAssertEqual(record.severity, .failure)
        XCTAssertEqual(
            record.headline,
            "✗ GET /status/404 [\(record.requestID.uuidString)] failed: "
                + "The server returned status 404 (\(notFound)).")
        XCTAssertEqual(
            record.details, ["  > Accept: application/json", "  < Content-Type: application/json", "  <", "  < {}"])
    }

    func testLevelAllLogsStartAndEndOfEveryRequest() async {
        let headlines = await records(at: .all).map(\.headline)
        XCTAssertEqual(headlines.count, 6)
        let patterns = [
            #"^→ GET /get \[[0-9A-F-]{36}\]$"#, #"^← 200 \(2 bytes\) in \d+\.\d{3}s \[[0-9A-F-]{36}\]$"#,
            #"^→ GET /status/404 \[[0-9A-F-]{36}\]$"#,
            #"^✗ GET /status/404 \[[0-9A-F-]{36}\] failed: The server returned status 404 \("# + notFound + #"\)\.$"#,
            #"^→ GET /cancelled \[[0-9A-F-]{36}\]$"#,
            #"^✗ GET /cancelled \[[0-9A-F-]{36}\] failed: The request was cancelled\.$"#,
        ]
        for (headline, pattern) in zip(headlines, patterns) {
            XCTAssertNotNil(headline.range(of: pattern, options: .regularExpression), "\(headline) !~ \(pattern)")
        }
    }

    func testDownloadsOmitTheirResponseHeadersAndBody() async throws {
        let sink = MemorySink()
        let logger = NetworkingLogger(level: .all, sinks: [sink])
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let pipeline = pipeline(
            cannedTransport(headers: ["Content-Type": "image/png"], body: png), observers: [logger],
            headers: ["Accept": "image/*"])
        _ = await pipeline.send(HTTPRequest(method: .get, path: "/image/png"), kind: .download).decoded {
            (exchange) throws(NetworkingError) -> Data in exchange.body
        }
        let records = sink.records
        XCTAssertEqual(records.count, 2)
        XCTAssertEqual(records.first?.details, ["  > Accept: image/*"])
        XCTAssertEqual(records.last?.details, [])
        XCTAssertTrue(try XCTUnwrap(records.last).headline.hasPrefix("← 200 (8 bytes) in "))
    }

    func testLongBodiesAreTruncatedAndBinaryBodiesDescribed() {
        let formatter = LogFormatter(redaction: .default, redactsLogs: false, bodyLimit: 10)
        XCTAssertEqual(
            formatter.bodyLines(Data("0123456789abcdef".utf8), marker: "  <"),
            ["  <", "  < 0123456789", "  < … (16 bytes, first 10 shown)"])
        XCTAssertEqual(
            LogFormatter(redaction: .default, redactsLogs: false, bodyLimit: 100).bodyLines(
                Data("line one\r\nline two\n\nend".utf8), marker: "  >"),
            ["  >", "  > line one", "  > line two", "  >", "  > end"])
        XCTAssertEqual(
            formatter.bodyLines(Data([0x00, 0xFF, 0x10]), marker: "  <"), ["  <", "  < <3 bytes of binary data>"])
        // A multi-byte character cut by the limit is dropped, not shown as binary.
        XCTAssertEqual(
            formatter.bodyLines(Data("123456789é and more".utf8), marker: "  <"),
            ["  <", "  < 123456789", "  < … (20 bytes, first 10 shown)"])
    }

    func testRecordTextIsTimestampedInUTC() {
        let id = UUID()
        let record = LogRecord(
            date: Date(timeIntervalSince1970: 1_781_467_798), severity: .info, requestID: id,
            headline: "→ GET /get [\(id.uuidString)]", details: ["  > Accept: */*"])
        XCTAssertEqual(record.text, "2026-06-14T20:09:58Z → GET /get [\(id.uuidString)]\n  > Accept: */*\n")
    }
}
