#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Synchronization
    import XCTest

    @testable import Networking

    @testable import NetworkingWebSockets

    /// The WebSocket opening handshake as a request of the client's: subprotocols, default
    /// headers and credentials, refusals with their response, interceptors (a 401 refreshed once,
    /// a refusal of their own), observers, and the endpoint form.
    final class WebSocketHandshakeIntegrationTests: XCTestCase {
        private static let server = Result { try WebSocketTestServer() }
        private var server: WebSocketTestServer { get throws { try Self.server.get() } }

        private func connect(_ path: String, protocols: [String] = [], options: WebSocketOptions = WebSocketOptions())
            async throws -> WebSocket
        {
            try await Networking(baseURL: try server.echoBaseURL).webSocket(
                path, protocols: protocols, options: options)
        }

        func testSubprotocolNegotiation() async throws {
            let chosen = try await connect("/echo", protocols: ["chat.v2"])
            XCTAssertEqual(chosen.negotiatedProtocol, "chat.v2")
            await chosen.close()
            let none = try await connect("/echo")
            XCTAssertNil(none.negotiatedProtocol)
            await none.close()
            do {
                _ = try await connect("/echo", protocols: ["not a token"])
                XCTFail("an invalid subprotocol was sent")
            } catch {
                guard case .invalidRequest = error as? NetworkingError else { return XCTFail("\(error)") }
            }
        }

        func testTheHandshakeCarriesDefaultHeadersCredentialsAndOptions() async throws {
            let networking = Networking(baseURL: try server.echoBaseURL)
            await networking.setHeaderFields(["X-Default": "one"])
            await networking.setAuthorizationHeader(headerValue: "Bearer token")
            let socket = try await networking.webSocket(
                "/headers", options: WebSocketOptions(headers: ["X-Extra": "two"]))
            var iterator = socket.messages.makeAsyncIterator()
            guard case .text(let json) = try await iterator.next() else { return XCTFail("no headers message") }
            let headers = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
            XCTAssertEqual(headers["X-Default"], "one")
            XCTAssertEqual(headers["Authorization"], "Bearer token")
            XCTAssertEqual(headers["X-Extra"], "two")
            XCTAssertEqual(headers["Sec-WebSocket-Version"], "13")
            XCTAssertEqual(headers["Host"], "127.0.0.1:\(try server.echoPort)")
            await socket.close()
        }

        func testARedirectedHandshakeIsFollowedWithTheCookieItSet() async throws {
            let networking = Networking(baseURL: try server.echoBaseURL)
            await networking.setAuthorizationHeader(headerValue: "Bearer token")
            let socket = try await networking.webSocket("/redirect")
            var iterator = socket.messages.makeAsyncIterator()
            guard case .text(let json) = try await iterator.next() else { return XCTFail("no headers message") }
            let headers = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
            XCTAssertEqual(headers["Cookie"], "session=ws42", "the jar sent the cookie the redirect set")
            XCTAssertEqual(headers["Authorization"], "Bearer token", "same origin: credentials kept")
            XCTAssertEqual(socket.url.path, "/headers")
            await socket.close()
        }

        func testARefusedHandshakeIsAnHTTPErrorWithTheResponse() async throws {
            do {
                _ = try await connect("/auth")
                XCTFail("the handshake was not refused")
            } catch {
                guard case .http(let http) = error as? NetworkingError else { return XCTFail("\(error)") }
                XCTAssertEqual(http.statusCode, 401)
                XCTAssertNotNil(http.metadata.headers["Content-Length"])
            }
            let networking = Networking(baseURL: try server.echoBaseURL)
            await networking.setAuthorizationHeader(headerValue: "Bearer good")
            let socket = try await networking.webSocket("/auth")
            try await socket.send(.text("in"))
            var iterator = socket.messages.makeAsyncIterator()
            let echoed = try await iterator.next()
            XCTAssertEqual(echoed, .text("in"))
            await socket.close()
        }

        func testAHandshake401IsRefreshedOnceByTheInterceptors() async throws {
            let networking = Networking(baseURL: try server.echoBaseURL)
            await networking.setAuthorizationHeader(headerValue: "Bearer stale")
            let refreshes = WebSocketTestCounter()
            let seen = Recorder()
            await networking.setInterceptors([
                Spy(recorder: seen),
                AuthRefreshInterceptor {
                    refreshes.increment()
                    return "Bearer good"
                },
            ])
            let socket = try await networking.webSocket("/auth")
            XCTAssertEqual(refreshes.value, 1)
            XCTAssertEqual(seen.statuses, [101], "the outer interceptor sees the refreshed attempt's upgrade")
            XCTAssertEqual(seen.upgradeHeaders, ["websocket"])
            try await socket.send(.text("after refresh"))
            var iterator = socket.messages.makeAsyncIterator()
            let echoed = try await iterator.next()
            XCTAssertEqual(echoed, .text("after refresh"))
            await socket.close()

            // A refresh that gives up leaves the 401.
            await networking.setInterceptors([AuthRefreshInterceptor { nil }])
            do {
                _ = try await networking.webSocket("/auth")
                XCTFail("a refused handshake opened")
            } catch {
                guard case .http(let http) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(http.statusCode, 401)
            }
        }

        func testTheEndpointFormOnHTTPClient() async throws {
            struct Chat: Endpoint {
                let baseURL: URL
                var path: String { "/headers" }
                var method: HTTPMethod { .post }  // sent as GET all the same
                var headers: [String: String]? { ["X-Room": "42"] }
            }
            let client = HTTPClient(configuration: HTTPClient.Configuration(headers: ["X-Client": "yes"]))
            let socket = try await client.webSocket(
                Chat(baseURL: URL(string: try server.echoBaseURL)!), protocols: ["chat.v1"])
            XCTAssertEqual(socket.negotiatedProtocol, "chat.v1")
            var iterator = socket.messages.makeAsyncIterator()
            guard case .text(let json) = try await iterator.next() else { return XCTFail("no headers message") }
            let headers = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
            XCTAssertEqual(headers["X-Room"], "42")
            XCTAssertEqual(headers["X-Client"], "yes")
            await socket.close()
        }

        func testObserversSeeTheHandshakeAsARequest() async throws {
            let networking = Networking(baseURL: try server.echoBaseURL)
            let observer = HandshakeObserver()
            await networking.addObserver(observer)
            let socket = try await networking.webSocket("/echo")
            await socket.close()
            _ = try? await networking.webSocket("/auth")
            let events = observer.events
            XCTAssertEqual(events.count, 4, "\(events)")
            XCTAssertEqual(events.first, "start GET ws-upgrade=websocket \(try server.echoBaseURL)/echo")
            XCTAssertEqual(events.dropFirst().first, "success 101")
            XCTAssertEqual(events.last, "failure 401")
        }

        func testAnInterceptorThatFailsTheUpgradeClosesTheConnection() async throws {
            struct Refuse: HTTPInterceptor {
                func intercept(_ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange)
                    async throws -> HTTPExchange
                {
                    let exchange = try await next(request)
                    throw NetworkingError.validation(reason: "refused by policy", exchange.metadata)
                }
            }
            let networking = Networking(baseURL: try server.echoBaseURL)
            await networking.setInterceptors([Refuse()])
            let before = WebSocketIntegrationTests.liveConnections()
            for _ in 0..<5 {
                do {
                    _ = try await networking.webSocket("/echo")
                    XCTFail("the interceptor's refusal was ignored")
                } catch {
                    guard case .validation(let reason, let metadata) = error else { return XCTFail("\(error)") }
                    XCTAssertEqual(reason, "refused by policy")
                    XCTAssertEqual(metadata.statusCode, 101)
                }
            }
            // Each opened connection is closed (1001) and its socket released within the close timeout.
            let deadline = ContinuousClock.now + .seconds(8)
            while ContinuousClock.now < deadline, WebSocketIntegrationTests.liveConnections() > before {
                try await Task.sleep(for: .milliseconds(50))
            }
            XCTAssertLessThanOrEqual(
                WebSocketIntegrationTests.liveConnections(), before, "connections outlived the refused handshakes")
        }
    }

    /// An interceptor that records what it sees of each handshake.
    private struct Spy: HTTPInterceptor {
        let recorder: Recorder

        func intercept(_ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange)
            async throws -> HTTPExchange
        {
            recorder.record(upgrade: request.value(forHTTPHeaderField: "Upgrade"))
            let exchange = try await next(request)
            recorder.record(status: exchange.statusCode)
            return exchange
        }
    }

    private final class Recorder: Sendable {
        private let recorded = Mutex<(statuses: [Int], upgrades: [String?])>(([], []))
        var statuses: [Int] { recorded.withLock { $0.statuses } }
        var upgradeHeaders: [String?] { recorded.withLock { $0.upgrades } }
        func record(status: Int) { recorded.withLock { $0.statuses.append(status) } }
        func record(upgrade: String?) { recorded.withLock { $0.upgrades.append(upgrade) } }
    }

    /// Records the starts and completions it is told about.
    private final class HandshakeObserver: RequestObserver {
        private let recorded = Mutex<[String]>([])
        var events: [String] { recorded.withLock { $0 } }

        func requestStarted(_ context: RequestContext) {
            let upgrade = context.headers["Upgrade"] ?? "none"
            let url = context.url?.absoluteString ?? "?"
            recorded.withLock { $0.append("start \(context.method.rawValue) ws-upgrade=\(upgrade) \(url)") }
        }

        func requestCompleted(_ completion: RequestCompletion) {
            let line: String
            switch completion.outcome {
            case .success(let status, _): line = "success \(status)"
            case .failure(let error): line = "failure \(error.statusCode ?? 0)"
            }
            recorded.withLock { $0.append(line) }
        }
    }
#endif
