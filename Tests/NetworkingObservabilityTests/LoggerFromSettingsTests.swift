import Foundation
import NetworkingObservability
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `NetworkingLogger(settings:authorizationHeaderKey:)`: the built-in log of a program built on
/// `NetworkingCore` and `NetworkingObservability` alone, made from the `LogSettings` a client uses.
final class LoggerFromSettingsTests: XCTestCase {
    private let context = RequestContext(
        method: .get, url: URL(string: "https://api.example.com/me"),
        headers: ["Authorization": "Bearer SECRET-TOKEN", "X-Api-Key": "SECRET-KEY", "Accept": "application/json"])

    private func settings(level: NetworkingLogger.Level, into sink: MemorySink) -> LogSettings {
        var settings = LogSettings()
        settings.level = level
        settings.logsToStandardError = false
        settings.extraSinks = [sink]
        settings.redactsLogs = true
        return settings
    }

    /// The example of `NetworkingLogger`'s comment, as an observer: the level, the sinks and the
    /// redaction of the settings, the auth-header key hidden too.
    func testALoggerMadeFromSettingsLogsAsTheySay() throws {
        let sink = MemorySink()
        let logger: any RequestObserver = NetworkingLogger(
            settings: settings(level: .all, into: sink), authorizationHeaderKey: "X-Api-Key")
        XCTAssertFalse(logger.observesFailuresOnly)
        logger.requestStarted(context)
        let record = try XCTUnwrap(sink.records.first)
        XCTAssertTrue(record.headline.contains("GET /me"), record.headline)
        XCTAssertTrue(record.details.contains("  > Authorization: <redacted>"), "\(record.details)")
        XCTAssertTrue(record.details.contains("  > X-Api-Key: <redacted>"), "\(record.details)")
        XCTAssertTrue(record.details.contains("  > Accept: application/json"), "\(record.details)")
        XCTAssertFalse(sink.text.contains("SECRET"), sink.text)
    }

    func testTheDefaultsAreAClientsDefaults() {
        let logger = NetworkingLogger(settings: LogSettings())
        XCTAssertEqual(logger.level, .failures)
        XCTAssertTrue(logger.observesFailuresOnly)
        XCTAssertEqual(NetworkingLogger().level, LogSettings().level)
        XCTAssertEqual(
            LogSettings().redactedHeaderFields, ["Authorization", "Cookie", "Set-Cookie", "Proxy-Authorization"])
        XCTAssertNil(LogSettings().logFile, "LogSettings() names no file; clients read NETWORKING_LOG_FILE themselves")
    }

    func testAFailureIsRecordedAtLevelFailuresAndNothingAtLevelNone() {
        let failure = RequestCompletion(
            context: context, outcome: .failure(.invalidResponse), duration: .milliseconds(5), metrics: nil,
            response: nil)
        let failures = MemorySink()
        NetworkingLogger(settings: settings(level: .failures, into: failures)).requestCompleted(failure)
        XCTAssertEqual(failures.records.count, 1)
        let none = MemorySink()
        NetworkingLogger(settings: settings(level: .none, into: none)).requestCompleted(failure)
        XCTAssertTrue(none.records.isEmpty)
    }
}
