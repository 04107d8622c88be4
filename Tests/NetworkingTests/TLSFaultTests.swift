#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// TLS servers that offer the wrong protocol (`Tests/Harness/h2_fault_frames.py`) over the
    /// default transport, `CurlTransport`: only TLS 1.0 and 1.1; only http/1.1 over ALPN; h2
    /// selected over ALPN, then HTTP/1.1 spoken.
    final class TLSFaultTests: H2FaultTestCase {
        func testAServerOfferingOnlyTLS1_1IsRefusedNamingTheProtocolVersion() async throws {
            let port = try XCTUnwrap(
                server.oldTLSPort, "the local OpenSSL offers no TLS 1.0 or 1.1 (see h2_fault_frames.py)")
            let result = await send(try request("/hello?id=\(run)", port: port))
            let error = try XCTUnwrap(failure(result, "a server offering only TLS 1.0 and 1.1"))
            let message = error.description
            XCTAssertTrue(message.hasPrefix("The secure connection to 127.0.0.1 failed:"), message)
            XCTAssertTrue(message.contains("TLS 1.2"), message)
            XCTAssertTrue(message.contains("protocol version"), message)
            let counted = try await server.count(id: run)
            XCTAssertEqual(counted.received, 0, "a request went out over TLS 1.1: \(counted)")
        }

        func testAServerOfferingOnlyHTTP1OverALPNIsAnsweredOverHTTP1() async throws {
            let port = try XCTUnwrap(server.alpnHTTP1Port)
            let exchange = try await send(try request("/hello?id=\(run)", port: port)).get()
            XCTAssertEqual(exchange.statusCode, 200)
            XCTAssertEqual(exchange.metrics?.networkProtocol, "http/1.1")
            let said = try JSONDecoder().decode([String: String?].self, from: exchange.body)
            XCTAssertEqual(said["alpn"], "http/1.1")
            XCTAssertEqual(said["target"], "/hello?id=\(run)")
        }

        func testAServerThatSelectsH2AndSpeaksHTTP1FailsSayingSo() async throws {
            let port = try XCTUnwrap(server.alpnH2HTTP1Port)
            let result = await send(try request("/hello?id=\(run)", port: port))
            let error = try XCTUnwrap(failure(result, "HTTP/1.1 after ALPN chose h2"))
            let message = error.description
            XCTAssertTrue(message.contains("HTTP/1.1 spoken after ALPN chose h2"), message)
        }
    }
#endif
