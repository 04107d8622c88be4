import Foundation
import XCTest

@testable import Networking
@testable import NetworkingWebSockets

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A WebSocket over Foundation's `URLSessionWebSocketTask` (the connection Apple platforms use)
/// takes its client's `URLSessionTransport` settings: a network path or trust setting that
/// URLSession cannot honour fails the opening with the transport's own `.invalidRequest`, before
/// anything is sent, instead of being ignored. The host names do not resolve: a connection that
/// tried them would fail with another error.
final class URLSessionWebSocketSettingsTests: XCTestCase {
    /// Opens a connection to `url` through `transport`'s Foundation connector; the error it fails with.
    private func openingError(_ transport: URLSessionTransport, _ url: String = "ws://socket.invalid/echo") async throws
        -> NetworkingError
    {
        let connector = WebSocketConnector.foundation(transport)
        let handshake = WebSocketHandshake(url: try XCTUnwrap(URL(string: url)), protocols: [], headers: HTTPHeaders())
        let connection = connector.connection(for: handshake, options: WebSocketOptions(handshakeTimeout: 5))
        let opening: NetworkingError
        do {
            _ = try await connection.open()
            XCTFail("the opening succeeded")
            return .cancelled
        } catch {
            opening = error
        }
        do {
            try await connection.send(.text("after the end"))
            XCTFail("a send after a failed opening succeeded")
        } catch {
            XCTAssertEqual(error.description, opening.description, "a send after the end reports the opening's failure")
        }
        return opening
    }

    private func assertRefused(_ error: NetworkingError, mentioning fragment: String, line: UInt = #line) {
        guard case .invalidRequest(let reason) = error else {
            return XCTFail("expected .invalidRequest, got \(error)", line: line)
        }
        XCTAssertTrue(reason.contains("URLSessionTransport cannot"), reason, line: line)
        XCTAssertTrue(reason.contains(fragment), "'\(reason)' does not mention '\(fragment)'", line: line)
    }

    func testPathSettingsURLSessionCannotHonourFailTheOpening() async throws {
        let overrides = NetworkPath(
            hostOverrides: [try HostOverride(host: "socket.invalid", port: 80, addresses: ["127.0.0.1"])])
        assertRefused(
            try await openingError(URLSessionTransport(networkPath: overrides)), mentioning: "(host overrides)")
        let socket = NetworkPath(unixSocketPath: "/tmp/socket.invalid")
        assertRefused(
            try await openingError(URLSessionTransport(networkPath: socket)), mentioning: "Unix domain socket")
        let local = NetworkPath(localAddress: "127.0.0.1")
        assertRefused(try await openingError(URLSessionTransport(networkPath: local)), mentioning: "local address")
    }

    #if canImport(FoundationNetworking)
        /// On Linux, Foundation offers no check of the server's certificate: pins and a private CA
        /// are refused for WebSockets as for requests.
        func testTrustSettingsFoundationCannotCheckFailTheOpeningOnLinux() async throws {
            let pins = try PublicKeyPins(host: "socket.invalid", sha256: [Data(count: 32).base64EncodedString()])
            let pinned = URLSessionTransport(trust: ServerTrust(pins: [pins]))
            assertRefused(try await openingError(pinned, "wss://socket.invalid/echo"), mentioning: "pin public keys")
            let privateCA = URLSessionTransport(
                trust: ServerTrust(certificateAuthorities: .file("/tmp/ca.invalid.pem")))
            assertRefused(try await openingError(privateCA, "wss://socket.invalid/echo"), mentioning: "private CA")
        }
    #endif

    func testTheDefaultSettingsAreNotRefused() async throws {
        let error = try await openingError(URLSessionTransport())
        if case .invalidRequest(let reason) = error { XCTFail("refused: \(reason)") }
    }
}
