import Foundation
import XCTest

@testable import NetworkingCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How `URLSessionTransport` reports a key that matched none of a host's `.reportOnly` pins in
/// each request's `TransactionMetrics.pinMismatch`: from the task's own server-trust challenge, or,
/// for a task over a connection kept alive, from the last challenge of its host and port. The
/// challenge itself runs on Apple platforms only; what it records and what a task reports is
/// decided here.
final class ReportedPinMismatchesTests: XCTestCase {
    private func url(_ text: String) throws -> URL { try XCTUnwrap(URL(string: text)) }

    func testTheLastCheckOfAHostAndPortIsRemembered() throws {
        let memory = ReportedPinMismatches()
        XCTAssertNil(memory.host(for: try url("https://api.test/a")))
        memory.record(.reportedMismatch(host: "api.test"), host: "api.test", port: 443)
        XCTAssertEqual(memory.host(for: try url("https://api.test/a")), "api.test")
        XCTAssertEqual(memory.host(for: try url("https://API.test:443/b?c")), "api.test", "names ignore case")
        XCTAssertEqual(memory.host(for: try url("wss://api.test/socket")), "api.test")
        XCTAssertNil(memory.host(for: try url("https://api.test:8443/a")), "another port is another connection")
        XCTAssertNil(memory.host(for: try url("http://api.test/a")))
        XCTAssertNil(memory.host(for: try url("https://other.test/a")))
        XCTAssertNil(memory.host(for: nil))
        // A later check whose key matched clears it.
        memory.record(.passed, host: "api.test", port: 443)
        XCTAssertNil(memory.host(for: try url("https://api.test/a")))
    }

    func testAnIPv6LiteralIsKeyedWithoutItsBrackets() throws {
        let memory = ReportedPinMismatches()
        memory.record(.reportedMismatch(host: "::1"), host: "::1", port: 8443)
        XCTAssertEqual(memory.host(for: try url("https://[::1]:8443/")), "::1")
        memory.record(.passed, host: "[::1]", port: 8443)
        XCTAssertNil(memory.host(for: try url("https://[::1]:8443/")))
    }

    private func delegate(_ enforcement: ServerTrust.PinEnforcement) throws -> SessionDelegate {
        let pins = try PublicKeyPins(host: "api.test", sha256: [Data(repeating: 1, count: 32).base64EncodedString()])
        return SessionDelegate(maxBodySize: 1024, serverTrust: ServerTrust(pins: [pins], enforcement: enforcement))
    }

    func testATaskReportsItsOwnCheckFirst() throws {
        let delegate = try delegate(.reportOnly)
        let apiURL = try url("https://api.test/a")
        let own = delegate.reportingPinMismatch(nil, pinCheck: .reportedMismatch(host: "api.test"), url: apiURL)
        XCTAssertEqual(own?.pinMismatch, "api.test", "metrics are made to carry the host when none were measured")
        // Its own check passed: what another connection to the host found does not apply.
        delegate.pinMismatches.record(.reportedMismatch(host: "api.test"), host: "api.test", port: 443)
        XCTAssertNil(delegate.reportingPinMismatch(nil, pinCheck: .passed, url: apiURL))
        // No check of its own (a connection kept alive): the last check of its host and port.
        XCTAssertEqual(delegate.reportingPinMismatch(nil, pinCheck: nil, url: apiURL)?.pinMismatch, "api.test")
        XCTAssertNil(delegate.reportingPinMismatch(nil, pinCheck: nil, url: try url("https://other.test/")))
    }

    func testMeasuredFiguresAreKept() throws {
        let delegate = try delegate(.reportOnly)
        var measured = TransactionMetrics(
            startDate: Date(timeIntervalSince1970: 1), endDate: Date(timeIntervalSince1970: 2))
        measured.networkProtocol = "h2"
        measured.connect = 0.25
        let reported = delegate.reportingPinMismatch(
            measured, pinCheck: .reportedMismatch(host: "api.test"), url: try url("https://api.test/"))
        var expected = measured
        expected.pinMismatch = "api.test"
        XCTAssertEqual(reported, expected)
        XCTAssertEqual(delegate.reportingPinMismatch(measured, pinCheck: .passed, url: nil), measured)
    }

    func testNothingIsReportedWhenPinsAreEnforcedOrAbsent() throws {
        let enforcing = try delegate(.enforce)
        enforcing.pinMismatches.record(.reportedMismatch(host: "api.test"), host: "api.test", port: 443)
        XCTAssertNil(enforcing.reportingPinMismatch(nil, pinCheck: nil, url: try url("https://api.test/")))
        let unpinned = SessionDelegate(maxBodySize: 1024)
        unpinned.pinMismatches.record(.reportedMismatch(host: "api.test"), host: "api.test", port: 443)
        XCTAssertNil(unpinned.reportingPinMismatch(nil, pinCheck: nil, url: try url("https://api.test/")))
    }

    func testAChallengeIsRecordedForTheConnectionsLaterTasks() throws {
        let delegate = try delegate(.reportOnly)
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let apiURL = try url("https://api.test/a")
        let task = session.dataTask(with: apiURL)
        let space = URLProtectionSpace(
            host: "api.test", port: 443, protocol: "https", realm: nil,
            authenticationMethod: NSURLAuthenticationMethodDefault)
        delegate.record(.reportedMismatch(host: "api.test"), of: task, in: space)
        XCTAssertEqual(delegate.streamHeadMetrics(of: task, url: apiURL)?.pinMismatch, "api.test")
        delegate.record(.passed, of: task, in: space)
        XCTAssertNil(delegate.streamHeadMetrics(of: task, url: apiURL))
    }
}
