#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Synchronization
    import XCTest

    @testable import Networking

    @testable import NetworkingWebSockets
    import NetworkingCurl

    /// Header injection through the WebSocket handshake, against the test server's `/request`
    /// (which answers with the request target and the fields it received): an escaped CR LF in
    /// the path, the query or a redirect's `Location` reaches the server escaped, and a field of
    /// `WebSocketOptions.headers` that could carry one is refused before anything is sent.
    final class WebSocketHeaderInjectionTests: XCTestCase {
        private static let server = Result { try WebSocketTestServer() }
        private var server: WebSocketTestServer { get throws { try Self.server.get() } }

        /// Decoded, this would end the request line after "/request" and add "X-Injected: yes".
        private static let injectingPath = "/request%20HTTP/1.1%0D%0AX-Injected:%20yes%0D%0AX-Pad:%20"

        private struct Received: Decodable {
            let target: String
            let headers: [[String]]

            var names: [String] { headers.compactMap { $0.first?.lowercased() } }
        }

        /// The first message of a `/request` connection: what the server received.
        private func received(over socket: WebSocket) async throws -> Received {
            var iterator = socket.messages.makeAsyncIterator()
            guard case .text(let json) = try await iterator.next() else {
                throw NetworkingError.invalidRequest("no request message")
            }
            return try JSONDecoder().decode(Received.self, from: Data(json.utf8))
        }

        func testAnEscapedPathReachesTheServerEscaped() async throws {
            let socket = try await Networking(baseURL: try server.echoBaseURL).webSocket(Self.injectingPath)
            let received = try await received(over: socket)
            XCTAssertEqual(received.target, Self.injectingPath)
            XCTAssertFalse(received.names.contains("x-injected"), "\(received.headers)")
            XCTAssertFalse(received.names.contains("x-pad"), "\(received.headers)")
            await socket.close()
        }

        func testTheHandshakeSendsTheTransportsUserAgentUnlessTheRequestHasOne() async throws {
            func agents(_ fields: Received) -> [String] {
                fields.headers.filter { $0.first?.lowercased() == "user-agent" }.compactMap { $0.last }
            }
            let socket = try await Networking(baseURL: try server.echoBaseURL).webSocket("/request")
            let sent = try await received(over: socket)
            XCTAssertEqual(agents(sent), [CurlTransport.Configuration.defaultUserAgent], "\(sent.headers)")
            await socket.close()
            let own = try await Networking(baseURL: try server.echoBaseURL).webSocket(
                "/request", options: WebSocketOptions(headers: ["User-Agent": "MyApp/1.0"]))
            let ownSent = try await received(over: own)
            XCTAssertEqual(agents(ownSent), ["MyApp/1.0"], "\(ownSent.headers)")
            await own.close()
        }

        func testAnEscapedQueryReachesTheServerEscaped() async throws {
            let path = "/request?room=%0D%0AX-Injected:%20yes&n=%00"
            let socket = try await Networking(baseURL: try server.echoBaseURL).webSocket(path)
            let received = try await received(over: socket)
            XCTAssertEqual(received.target, path)
            XCTAssertFalse(received.names.contains("x-injected"), "\(received.headers)")
            await socket.close()
        }

        func testARedirectLocationWithAnEscapedLineBreakInjectsNothing() async throws {
            let socket = try await Networking(baseURL: try server.echoBaseURL).webSocket("/redirect-injected")
            let received = try await received(over: socket)
            XCTAssertEqual(received.target, Self.injectingPath, "the Location is followed as it was written")
            XCTAssertFalse(received.names.contains("x-injected"), "\(received.headers)")
            XCTAssertFalse(received.names.contains("x-pad"), "\(received.headers)")
            await socket.close()
        }

        func testOptionHeadersThatCouldInjectAreInvalidRequestsBeforeAnythingIsSent() async throws {
            let networking = Networking(baseURL: try server.echoBaseURL)
            let intercepted = WebSocketTestCounter()
            await networking.setInterceptors([CountingInterceptor(counter: intercepted)])
            let refused: [(headers: [String: String], mentions: String)] = [
                (["X-Bad": "a\r\nX-Injected: yes"], "\"X-Bad\""),
                (["X-Bad": "a\nX-Injected: yes"], "\"X-Bad\""),
                (["X-Bad": "a\rX-Injected: yes"], "\"X-Bad\""),
                (["X-Bad": "a\u{0}b"], "NUL"),
                (["X-Bad": "a\u{1B}[31m"], "control character"),
                (["X-Bad\r\nX-Injected": "yes"], "not an HTTP token"),
                (["Host": "example.com\r\nX-Injected: yes"], "\"Host\""),
            ]
            for (headers, mention) in refused {
                do {
                    let socket = try await networking.webSocket(
                        "/request", options: WebSocketOptions(headers: headers))
                    await socket.close()
                    XCTFail("\(headers) was sent")
                } catch {
                    guard case .invalidRequest(let message) = error else { return XCTFail("\(headers): \(error)") }
                    XCTAssertTrue(message.contains(mention), message)
                    XCTAssertTrue(message.contains("was not sent"), message)
                }
            }
            XCTAssertEqual(intercepted.value, 0, "no interceptor saw a refused handshake")

            // A tab is allowed in a value, and such a field is sent.
            let socket = try await networking.webSocket(
                "/request", options: WebSocketOptions(headers: ["X-Tabbed": "a\tb"]))
            let received = try await received(over: socket)
            XCTAssertTrue(received.headers.contains(["X-Tabbed", "a\tb"]), "\(received.headers)")
            XCTAssertEqual(intercepted.value, 1)
            await socket.close()
        }
    }

    /// An interceptor that counts the handshakes it sees.
    private struct CountingInterceptor: HTTPInterceptor {
        let counter: WebSocketTestCounter

        func intercept(_ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange)
            async throws -> HTTPExchange
        {
            counter.increment()
            return try await next(request)
        }
    }
#endif
