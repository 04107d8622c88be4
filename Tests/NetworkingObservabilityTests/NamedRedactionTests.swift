import Foundation
import XCTest

@testable import NetworkingObservability

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Header fields the user names are hidden in every build, even where logs are not redacted (a
/// debug build's default); the defaults alone stay visible there, for debugging.
final class NamedRedactionTests: XCTestCase {
    private func headerLines(_ settings: LogSettings) throws -> [String] {
        let logger = try XCTUnwrap(settings.makeLogger(authorizationHeaderKey: "X-Api-Key"))
        let context = RequestContext(
            method: .get, url: URL(string: "https://api.example.com/me"),
            headers: [
                "Authorization": "Bearer SECRET-TOKEN", "X-Session": "SECRET-SESSION", "X-Api-Key": "api-key",
                "X-Trace": "visible",
            ], body: nil, kind: .request)
        return logger.formatter.started(context).details
    }

    private func settings(redactsLogs: Bool) -> LogSettings {
        var settings = LogSettings()
        settings.logsToStandardError = false
        settings.extraSinks = [MemorySink()]
        settings.redactsLogs = redactsLogs
        return settings
    }

    func testNamedFieldsAreHiddenWhenLogsAreNotRedacted() throws {
        var named = settings(redactsLogs: false)
        named.redactedHeaderFields = ["authorization", "X-Session"]
        let lines = try headerLines(named)
        XCTAssertTrue(lines.contains("  > Authorization: <redacted>"), "\(lines)")
        XCTAssertTrue(lines.contains("  > X-Session: <redacted>"), "\(lines)")
        XCTAssertTrue(lines.contains("  > X-Trace: visible"), "\(lines)")
        XCTAssertTrue(lines.contains("  > X-Api-Key: api-key"), "the auth key is hidden only where logs are redacted")
        XCTAssertFalse(lines.joined().contains("SECRET"), "\(lines)")
    }

    func testTheDefaultFieldsAloneStayVisibleWhenLogsAreNotRedacted() throws {
        let lines = try headerLines(settings(redactsLogs: false))
        XCTAssertTrue(lines.contains("  > Authorization: Bearer SECRET-TOKEN"), "\(lines)")
        let redacted = try headerLines(settings(redactsLogs: true))
        XCTAssertTrue(redacted.contains("  > Authorization: <redacted>"), "\(redacted)")
        XCTAssertTrue(redacted.contains("  > X-Api-Key: <redacted>"), "\(redacted)")
    }
}
