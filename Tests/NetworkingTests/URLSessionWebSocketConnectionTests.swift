#if os(Linux)
    import Foundation
    import FoundationNetworking
    import XCTest

    @testable import Networking

    @testable import NetworkingWebSockets

    /// The connection Apple platforms use (Foundation's `URLSessionWebSocketTask`), run here
    /// against the `websockets` server through the same opener as every handshake. Debian's
    /// libcurl has no WebSocket support, so Foundation refuses the URL: the test holds the
    /// connection to ending that try with a typed error, promptly, and to letting its session go.
    /// With a libcurl that has it, the same test checks an echo and a clean close instead.
    final class URLSessionWebSocketConnectionTests: XCTestCase {
        private static let server = Result { try WebSocketTestServer() }

        func testFoundationsConnectionEchoesOrFailsWithATypedError() async throws {
            let base = try Self.server.get().echoBaseURL
            let connector = WebSocketConnector.foundation(URLSessionTransport())
            let url = try WebSocket.webSocketURL(XCTUnwrap(URL(string: base + "/echo")))
            let handshake = WebSocketHandshake(url: url, protocols: [], headers: HTTPHeaders())
            weak var released: (any WebSocketConnection)?
            do {
                let connection = connector.connection(for: handshake, options: WebSocketOptions(handshakeTimeout: 5))
                released = connection
                do {
                    _ = try await connection.open()
                    try await connection.send(.text("hello"))
                    let echoed = try await connection.nextMessage()
                    XCTAssertEqual(echoed, .text("hello"))
                    await connection.close(code: .normalClosure, reason: "")
                    XCTAssertEqual(connection.peerClose?.code, .normalClosure)
                } catch {
                    guard case .transport(let cause) = error else { return XCTFail("not a transport error: \(error)") }
                    XCTAssertEqual(cause.code, .unsupportedURL, "\(error.localizedDescription)")
                    do {
                        try await connection.send(.text("after the end"))
                        XCTFail("a send after the end succeeded")
                    } catch {
                        guard case .transport(let again) = error else { return XCTFail("\(error)") }
                        XCTAssertEqual(again.code, cause.code, "a send after a failed opening reports the failure")
                    }
                }
            }
            // The session lets its delegate, and with it the connection, go once the task ended.
            for _ in 0..<100 where released != nil { try await Task.sleep(for: .milliseconds(20)) }
            XCTAssertNil(released, "the connection outlived its session")
        }
    }
#endif
