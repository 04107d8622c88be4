#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// HTTP/2 against a real loopback server (hypercorn from the harness venv, `Fixtures/h2_server.py`,
    /// with the private-CA certificate of `Fixtures/`): h2 negotiated by ALPN, many requests multiplexed
    /// on one connection (counted by the server from the peer ports it sees), HTTP/1.1 when asked for,
    /// h2c with prior knowledge, and redirects and a 401 over h2.
    final class CurlHTTP2Tests: XCTestCase {
        private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
        private static let caFile = fixtures.appendingPathComponent("ca.pem").path
        private var server: FixtureServer?

        /// The python of the harness venv (`HTTPBIN_VENV`, else `.build/harness-venv` of this package),
        /// which `Tests/Harness/httpbin.sh start` creates with hypercorn in it.
        private static var python: String {
            let venv =
                ProcessInfo.processInfo.environment["HTTPBIN_VENV"].flatMap { $0.isEmpty ? nil : $0 }
                ?? fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/harness-venv").path
            return URL(fileURLWithPath: venv).appendingPathComponent("bin/python").path
        }

        /// Starts the server (stopped in `tearDown`) and returns its two base URLs. Called by each test
        /// rather than from `setUp`, so that a server that cannot start fails the test with the reason
        /// (XCTest on Linux reports an error thrown by `setUp` as a skip).
        private func startServer() throws -> (secure: String, cleartext: String) {
            guard CurlTransport.supportsHTTP2 else {
                throw didNotStart("the libcurl in use has no HTTP/2 (nghttp2)")
            }
            guard FileManager.default.isExecutableFile(atPath: Self.python) else {
                throw didNotStart("no \(Self.python): run Tests/Harness/httpbin.sh start (or make test)")
            }
            let server = try FixtureServer(
                executable: Self.python,
                arguments: [Self.fixtures.appendingPathComponent("h2_server.py").path, Self.fixtures.path])
            self.server = server
            let ports = server.ports
            guard ports.count == 2 else { throw didNotStart(server.firstLine) }
            return ("https://127.0.0.1:\(ports[0])", "http://127.0.0.1:\(ports[1])")
        }

        override func tearDown() async throws {
            server?.stop()
            try await super.tearDown()
        }

        private func didNotStart(_ output: String) -> FixtureServer.DidNotStart {
            .init(server: "HTTP/2 test server (Fixtures/h2_server.py, hypercorn from the harness venv)", output: output)
        }

        private func transport(
            _ version: CurlTransport.HTTPVersion,
            maximumConnectionsPerHost: Int = CurlTransport.Configuration.defaultMaximumConnectionsPerHost
        ) throws -> CurlTransport {
            try CurlTransport(
                configuration: .init(
                    httpVersion: version, caCertificateFile: Self.caFile,
                    maximumConnectionsPerHost: maximumConnectionsPerHost))
        }

        private func request(_ base: String, _ path: String) throws -> URLRequest {
            URLRequest(url: try XCTUnwrap(URL(string: base + path)))
        }

        /// What the server saw of one request.
        private struct Seen: Decodable {
            var path: String
            var httpVersion: String
            var peerPort: Int
            var together: Int?

            enum CodingKeys: String, CodingKey {
                case path, together
                case httpVersion = "http_version"
                case peerPort = "peer_port"
            }
        }

        /// `count` requests sent at once; each is answered only once all of them are in flight. Returns
        /// what the server saw of each and the protocols `CurlMetrics` reported.
        private func gather(
            _ count: Int, over transport: CurlTransport, to base: String
        ) async throws -> (seen: [Seen], protocols: Set<String?>) {
            let url = try request(base, "/gather?group=\(UUID().uuidString)&n=\(count)")
            return try await withThrowingTaskGroup(of: (Seen, String?).self) { tasks in
                for _ in 0..<count {
                    tasks.addTask {
                        let exchange = try await transport.send(url)
                        XCTAssertEqual(exchange.statusCode, 200)
                        let seen = try JSONDecoder().decode(Seen.self, from: exchange.body)
                        return (seen, exchange.metrics?.networkProtocol)
                    }
                }
                var seen: [Seen] = []
                var protocols: Set<String?> = []
                for try await (one, networkProtocol) in tasks {
                    seen.append(one)
                    protocols.insert(networkProtocol)
                }
                return (seen, protocols)
            }
        }

        func testTLSWithALPNNegotiatesH2() async throws {
            let server = try startServer()
            let exchange = try await transport(.http2).send(try request(server.secure, "/hello"))
            XCTAssertEqual(exchange.statusCode, 200)
            XCTAssertEqual(exchange.metrics?.networkProtocol, "h2")
            XCTAssertNotNil(exchange.metrics?.secureConnection, "the TLS handshake is measured")
            XCTAssertEqual(exchange.header("X-Custom-Header"), "yes", "h2 sends field names in lower case")
            XCTAssertEqual(exchange.header("content-type"), "application/json")
            XCTAssertEqual(exchange.response.value(forHTTPHeaderField: "X-CUSTOM-HEADER"), "yes")
            XCTAssertEqual(exchange.response.value(forHTTPHeaderField: "Content-Type"), "application/json")
            let seen = try JSONDecoder().decode(Seen.self, from: exchange.body)
            XCTAssertEqual(seen.path, "/hello")
            XCTAssertEqual(seen.httpVersion, "2")
        }

        func testPostBodyArrivesIntactOverH2() async throws {
            let server = try startServer()
            // Larger than h2's initial 64 KiB flow-control window, in both directions.
            let body = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
            var post = try request(server.secure, "/echo")
            post.httpMethod = "POST"
            post.httpBody = body
            post.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
            let exchange = try await transport(.http2).send(post)
            XCTAssertEqual(exchange.statusCode, 200)
            XCTAssertEqual(exchange.metrics?.networkProtocol, "h2")
            XCTAssertEqual(exchange.header("X-Http-Version"), "2", "the server got the request over h2")
            XCTAssertEqual(exchange.header("Content-Type"), "application/octet-stream")
            XCTAssertEqual(exchange.body.count, body.count)
            XCTAssertTrue(exchange.body == body, "the echoed body differs from the one sent")
            XCTAssertEqual(exchange.metrics?.requestBodyBytes, Int64(body.count))
        }

        /// A body produced as it is sent goes out as h2 DATA frames, without chunked framing.
        func testAProducedBodyArrivesIntactOverH2() async throws {
            let server = try startServer()
            let parts = (0..<3).map { part in Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &+ part) }) }
            var post = try request(server.secure, "/echo")
            post.httpMethod = "POST"
            let body = HTTPBody(
                AsyncStream { continuation in
                    for part in parts { continuation.yield(part) }
                    continuation.finish()
                }, length: nil, iterationBehavior: .single)
            let response = try await transport(.http2).send(TransportRequest(head: post, body: body))
            XCTAssertEqual(response.statusCode, 200)
            XCTAssertEqual(response.head.header("X-Http-Version"), "2", "the server got the request over h2")
            XCTAssertTrue(response.completeBody == parts.reduce(Data(), +), "the echoed body differs from the one sent")
        }

        func testConcurrentRequestsShareOneConnection() async throws {
            let server = try startServer()
            // By name, so that the server holds the handshake (see h2_server.py) and all 20 requests
            // start before the transport knows the connection multiplexes.
            let byName = server.secure.replacingOccurrences(of: "127.0.0.1", with: "localhost")
            let (seen, protocols) = try await gather(20, over: transport(.http2), to: byName)
            XCTAssertEqual(seen.count, 20)
            XCTAssertEqual(protocols, ["h2"])
            XCTAssertEqual(seen.map(\.together), Array(repeating: 20, count: 20), "all 20 were in flight at once")
            XCTAssertEqual(Set(seen.map(\.httpVersion)), ["2"])
            XCTAssertEqual(Set(seen.map(\.peerPort)).count, 1, "the 20 streams share one connection")
        }

        func testHTTP1StaysOnHTTP11AndOpensAConnectionPerRequestInFlight() async throws {
            let server = try startServer()
            let http1 = try transport(.http1)
            let exchange = try await http1.send(try request(server.secure, "/hello"))
            XCTAssertEqual(exchange.statusCode, 200)
            XCTAssertEqual(exchange.metrics?.networkProtocol, "http/1.1")
            XCTAssertEqual(exchange.header("x-custom-header"), "yes")
            XCTAssertEqual(try JSONDecoder().decode(Seen.self, from: exchange.body).httpVersion, "1.1")
            // The same count as the h2 test, told apart by the same server-side measure.
            // With no connection limit: the transport's default would keep 20 to 16 connections.
            let unlimited = try transport(.http1, maximumConnectionsPerHost: 0)
            let (seen, protocols) = try await gather(20, over: unlimited, to: server.secure)
            XCTAssertEqual(protocols, ["http/1.1"])
            XCTAssertEqual(seen.map(\.together), Array(repeating: 20, count: 20))
            XCTAssertEqual(Set(seen.map(\.httpVersion)), ["1.1"])
            XCTAssertEqual(Set(seen.map(\.peerPort)).count, 20, "HTTP/1.1 has one request per connection")
        }

        /// The libcurl of Debian 12 (7.88.1) fails any request that reuses a prior-knowledge
        /// connection with CURLE_HTTP2 (curl issue 10634, fixed in curl 8.0.0); CurlTransport must
        /// keep working there, with a connection per request.
        func testPriorKnowledgeSpeaksH2CAndHTTP2StaysOnHTTP11OverCleartext() async throws {
            let server = try startServer()
            let priorKnowledge = try transport(.http2PriorKnowledge)
            // Several requests on one transport: before libcurl 8.0 the second one on a reused h2c
            // connection failed (curl issue 10634), so CurlTransport opens one per request there.
            for _ in 0..<3 {
                let exchange = try await priorKnowledge.send(try request(server.cleartext, "/hello"))
                XCTAssertEqual(exchange.statusCode, 200)
                XCTAssertEqual(exchange.metrics?.networkProtocol, "h2")
                XCTAssertEqual(exchange.header("x-custom-header"), "yes")
                XCTAssertEqual(try JSONDecoder().decode(Seen.self, from: exchange.body).httpVersion, "2")
            }
            let negotiated = try await transport(.http2).send(try request(server.cleartext, "/hello"))
            XCTAssertEqual(negotiated.statusCode, 200)
            XCTAssertEqual(negotiated.metrics?.networkProtocol, "http/1.1", ".http2 needs TLS (ALPN) for h2")
            XCTAssertEqual(try JSONDecoder().decode(Seen.self, from: negotiated.body).httpVersion, "1.1")
        }

        func testRedirectsOverH2FollowThePolicy() async throws {
            let server = try startServer()
            let http2 = try transport(.http2)
            let found = try await http2.send(try request(server.secure, "/redirect?status=302&to=/hello"))
            XCTAssertEqual(found.statusCode, 200)
            XCTAssertEqual(found.response.url?.path, "/hello")
            XCTAssertEqual(found.metrics?.redirectCount, 1)
            XCTAssertEqual(found.metrics?.networkProtocol, "h2")
            var post = try request(server.secure, "/redirect?status=307&to=/echo")
            post.httpMethod = "POST"
            post.httpBody = Data("resent over h2".utf8)
            let temporary = try await http2.send(post)
            XCTAssertEqual(temporary.statusCode, 200)
            XCTAssertEqual(temporary.response.url?.path, "/echo")
            XCTAssertEqual(String(decoding: temporary.body, as: UTF8.self), "resent over h2", "307 resends the body")
            XCTAssertEqual(temporary.header("x-http-version"), "2")
        }

        func testBasicChallengeOverH2ReturnsThe401() async throws {
            let server = try startServer()
            let http2 = try transport(.http2)
            let challenged = try await http2.send(try request(server.secure, "/basic-auth"))
            XCTAssertEqual(challenged.statusCode, 401)
            XCTAssertEqual(challenged.header("WWW-Authenticate"), "Basic realm=\"test\"")
            XCTAssertEqual(challenged.metrics?.networkProtocol, "h2")
            var authorized = try request(server.secure, "/basic-auth")
            authorized.setValue("Basic dXNlcjpwYXNz", forHTTPHeaderField: "Authorization")
            let exchange = try await http2.send(authorized)
            XCTAssertEqual(exchange.statusCode, 200)
            XCTAssertEqual(try JSONDecoder().decode(Seen.self, from: exchange.body).httpVersion, "2")
        }
    }
#endif
