#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// A body produced as it is sent, which cannot be sent twice, forwarded through an HTTP proxy
    /// that holds credentials: the request waits for the proxy's go-ahead (`Expect:
    /// 100-continue`), so that a proxy that asks for the credentials does so before any byte of
    /// the body has left, and one that does not never receives them.
    final class CurlProxyStreamedBodyTests: CurlIntegrationTestCase {
        /// A POST to httpbin's echo of a body of two chunks, produced once, with its length.
        private func streamedPost(_ marker: String) -> TransportRequest {
            let chunks = AsyncStream<Data> { continuation in
                continuation.yield(Data(marker.prefix(10).utf8))
                continuation.yield(Data(marker.dropFirst(10).utf8))
                continuation.finish()
            }
            var head = URLRequest(url: HTTPBin.url("/post"))
            head.httpMethod = "POST"
            return TransportRequest(
                head: head,
                body: HTTPBody(chunks, length: Int64(marker.utf8.count), iterationBehavior: .single))
        }

        func testAStreamedBodyReachesTheOriginThroughAProxyThatAsksAndOneThatDoesNot() async throws {
            let open = try ProxyHarness.httpProxy()
            let unasked = try Proxy(
                .http, host: open.host, port: open.port,
                credentials: ProxyCredentials(username: "unasked", password: "unasked-\(UUID().uuidString)"))
            for proxy in [try ProxyHarness.authProxy(), unasked] {
                let transport = try CurlTransport(configuration: .init(networkPath: NetworkPath(proxy: .proxy(proxy))))
                let marker = UUID().uuidString
                let exchange = try await transport.exchange(for: streamedPost(marker))
                XCTAssertEqual(exchange.statusCode, 200, "through \(proxy)")
                let echo = try JSONDecoder().decode(AnyCodable.self, from: exchange.body)
                XCTAssertEqual(echo["data"]?.stringValue, marker, "through \(proxy)")
                let fields = echo["headers"]?.objectValue ?? [:]
                XCTAssertFalse(
                    fields.keys.contains { $0.lowercased() == "proxy-authorization" }, "httpbin saw \(fields)")
            }
        }
    }
#endif
