#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// A WebSocket handshake carries the `User-Agent` the client's ordinary requests carry over the
    /// same transport: libcurl's configured one, URLSession's own (its session's
    /// `httpAdditionalHeaders` one, or Foundation's `<process> (unknown version) curl/<version>`), or
    /// the client's header field, whichever transport opens the socket.
    final class WebSocketUserAgentTests: XCTestCase {
        private static let server = Result { try WebSocketTestServer() }

        /// The `User-Agent` httpbin saw on a GET, and the one the WebSocket fixture saw on the
        /// handshake, both sent by clients over `transport` with `headerFields`.
        private func userAgents(over transport: any HTTPTransport, headerFields: [String: String] = [:])
            async throws -> (request: String?, handshake: String?)
        {
            try await HTTPBin.requireServer()
            let server = try Self.server.get()
            let http = Networking(baseURL: HTTPBin.baseURL, transport: transport)
            await http.setHeaderFields(headerFields)
            let echoed: Result<JSONResponse, NetworkingError> = await http.get("/user-agent")
            let request = try echoed.get().body["user-agent"]?.stringValue
            let webSockets = Networking(baseURL: server.echoBaseURL, transport: transport)
            await webSockets.setHeaderFields(headerFields)
            let socket = try await webSockets.webSocket("/headers")
            var messages = socket.messages.makeAsyncIterator()
            guard case .text(let json) = try await messages.next() else {
                XCTFail("the fixture sent no headers message")
                return (request, nil)
            }
            await socket.close()
            let headers = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
            return (request, headers.first { $0.key.lowercased() == "user-agent" }?.value)
        }

        func testOverURLSessionTheHandshakeCarriesFoundationsUserAgent() async throws {
            let agents = try await userAgents(over: URLSessionTransport())
            let request = try XCTUnwrap(agents.request)
            XCTAssertTrue(request.contains("(unknown version) curl/"), request)
            XCTAssertEqual(agents.handshake, request)
        }

        func testOverURLSessionTheSessionsUserAgentWins() async throws {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpAdditionalHeaders = ["user-agent": "SessionAgent/1.0"]
            let agents = try await userAgents(over: URLSessionTransport(configuration: configuration))
            XCTAssertEqual(agents.request, "SessionAgent/1.0")
            XCTAssertEqual(agents.handshake, "SessionAgent/1.0")
        }

        func testOverLibcurlTheHandshakeCarriesTheConfiguredUserAgent() async throws {
            let custom = try CurlTransport(configuration: CurlTransport.Configuration(userAgent: "CurlAgent/2.0"))
            let configured = try await userAgents(over: custom)
            XCTAssertEqual(configured.request, "CurlAgent/2.0")
            XCTAssertEqual(configured.handshake, "CurlAgent/2.0")
            let standard = try await userAgents(over: Networking.defaultTransport())
            XCTAssertEqual(standard.request, CurlTransport.Configuration.defaultUserAgent)
            XCTAssertEqual(standard.handshake, standard.request)
        }

        func testTheClientsUserAgentWinsOverEitherTransport() async throws {
            for transport in [URLSessionTransport(), Networking.defaultTransport()] {
                let agents = try await userAgents(over: transport, headerFields: ["User-Agent": "Mine/3.0"])
                XCTAssertEqual(agents.request, "Mine/3.0", "\(type(of: transport))")
                XCTAssertEqual(agents.handshake, "Mine/3.0", "\(type(of: transport))")
            }
        }
    }
#endif
