import Foundation
import Networking
import XCTest

/// Collects the headline of every record it receives (the `LogSink` documentation's example).
final class CollectingSink: LogSink, @unchecked Sendable {
    // @unchecked: `lines` is read and written only under `lock`.
    private let lock = NSLock()
    private var lines: [String] = []

    func write(_ record: LogRecord) {
        lock.withLock { lines.append(record.headline) }
    }
}

/// Keeps every record it receives, for the assertions below.
private final class RecordingSink: LogSink, @unchecked Sendable {
    // @unchecked: `kept` is read and written only under `lock`.
    private let lock = NSLock()
    private var kept: [LogRecord] = []

    func write(_ record: LogRecord) { lock.withLock { kept.append(record) } }

    var records: [LogRecord] { lock.withLock { kept } }
}

/// The log routed to the user's own sinks (`setLogSinks`), against httpbin (`HTTPBIN_BASE_URL`):
/// they receive what the built-in sinks receive, at the client's level, with its redaction applied.
final class LogSinkIntegrationTests: XCTestCase {
    private func client(level: NetworkingLogger.Level, sinks: [any LogSink]) async -> Networking {
        let networking = HTTPBin.client()
        await networking.setLogsToStandardError(false)
        await networking.setLogLevel(level)
        await networking.setLogSinks(sinks)
        return networking
    }

    func testASinkReceivesRecordsWithRedactionApplied() async throws {
        try await HTTPBin.requireServer()
        let sink = RecordingSink()
        let networking = await client(level: .failures, sinks: [sink])
        await networking.setAuthorizationHeader(headerKey: "X-Custom-Token", headerValue: "SECRET-TOKEN-1")
        await networking.setHeaderFields(["X-Api-Key": "SECRET-KEY-2"])
        await networking.setRedactedHeaderFields(["X-Api-Key"])
        await networking.setRedactsLogs(true)

        let ok: Result<Void, NetworkingError> = await networking.get("/get")
        XCTAssertNoThrow(try ok.get())
        XCTAssertTrue(sink.records.isEmpty, "at .failures a success is not logged: \(sink.records.map(\.text))")

        let failed: Result<Void, NetworkingError> = await networking.post(
            "/status/500", body: ["password": "SECRET-BODY-3"])
        XCTAssertEqual(failed.failureStatusCode, 500)
        let records = sink.records
        XCTAssertEqual(records.count, 1, records.map(\.text).joined())
        let record = try XCTUnwrap(records.first)
        XCTAssertEqual(record.severity, .failure)
        XCTAssertTrue(record.headline.contains("POST") && record.headline.contains("/status/500"), record.headline)
        let text = record.text
        for secret in ["SECRET-TOKEN-1", "SECRET-KEY-2", "SECRET-BODY-3"] {
            XCTAssertFalse(text.contains(secret), "\(secret) reached the sink:\n\(text)")
        }
        XCTAssertTrue(record.details.contains("  > X-Custom-Token: <redacted>"), text)
        XCTAssertTrue(record.details.contains("  > X-Api-Key: <redacted>"), text)
        XCTAssertEqual(record.message, ([record.headline] + record.details).joined(separator: "\n"))
    }

    func testEveryRequestAtAllAndNoneAtNone() async throws {
        try await HTTPBin.requireServer()
        let sink = CollectingSink()
        let recording = RecordingSink()
        let networking = await client(level: .all, sinks: [sink, recording])
        let _: Result<Void, NetworkingError> = await networking.get("/get")
        let ids = Set(recording.records.map(\.requestID))
        XCTAssertEqual(ids.count, 1, "one request's records: \(recording.records.map(\.text))")
        XCTAssertFalse(recording.records.isEmpty)
        XCTAssertTrue(recording.records.allSatisfy { $0.severity == .info })

        await networking.setLogLevel(.none)
        let before = recording.records.count
        let _: Result<Void, NetworkingError> = await networking.get("/status/500")
        XCTAssertEqual(recording.records.count, before, "nothing is logged at .none")

        await networking.setLogLevel(.all)
        await networking.setLogSinks([])
        let _: Result<Void, NetworkingError> = await networking.get("/get")
        XCTAssertEqual(recording.records.count, before, "a removed sink receives nothing")
    }
}

extension Result where Failure == NetworkingError {
    /// The status of an `.http` failure.
    fileprivate var failureStatusCode: Int? {
        if case .failure(let error) = self { return error.statusCode }
        return nil
    }
}
