#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// A request whose reused connection dies after its body was sent and before any answer is sent
    /// again only when that is safe (RFC 9110 §9.2.2): libcurl would send any method again, but the
    /// server may have processed it. The fault server's `/close-before-headers` reads the request
    /// and closes the connection without answering; its TLS port serves it over HTTPS/1.1.
    final class UnsafeResendTests: FaultServerTestCase {
        /// Sends `method` with a body to `/close-before-headers` on a connection a `GET` left in the
        /// pool (over HTTPS/1.1 when `overTLS`); returns its error and how many times the server
        /// received it.
        private func sendOnAReusedConnection(
            _ method: String, headers: [String: String] = [:], overTLS: Bool = false
        ) async throws -> (NetworkingError, Int) {
            let server = try XCTUnwrap(server)
            let transport = try CurlTransport(configuration: .init(caCertificateFile: server.caFile))
            let base = overTLS ? server.tlsBaseURL : server.baseURL
            let warmUp = try await transport.send(URLRequest(url: try XCTUnwrap(URL(string: base + "/ok"))))
            XCTAssertEqual(warmUp.statusCode, 200)
            let id = UUID().uuidString
            let target = "/close-before-headers?id=\(id)"
            var request = URLRequest(url: try XCTUnwrap(URL(string: base + target)))
            request.httpMethod = method
            request.httpBody = Data("an order for one".utf8)
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            do {
                let exchange = try await transport.send(request)
                XCTFail("\(method) was answered \(exchange.statusCode) by a server that closes without answering")
                return (.invalidResponse, 0)
            } catch {
                let lines = try await server.requestLines().filter { $0 == "\(method) \(target)" }
                return (NetworkingError(error), lines.count)
            }
        }

        func testAPostIsNotSentTwiceWhenTheServerMayHaveProcessedIt() async throws {
            let (error, received) = try await sendOnAReusedConnection("POST")
            XCTAssertEqual(received, 1, "the POST was sent again")
            guard case .transport(let urlError) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(urlError.code, .networkConnectionLost)
            XCTAssertTrue(error.description.contains("a POST is not sent twice"), error.description)
            XCTAssertTrue(error.description.hasPrefix("The connection to 127.0.0.1 was lost:"), error.description)
        }

        func testAPostOverHTTPS11IsNotSentTwiceEither() async throws {
            let (error, received) = try await sendOnAReusedConnection("POST", overTLS: true)
            XCTAssertEqual(received, 1, "the POST was sent again over HTTPS/1.1")
            guard case .transport(let urlError) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(urlError.code, .networkConnectionLost)
            XCTAssertTrue(error.description.contains("a POST is not sent twice"), error.description)
        }

        func testAPutOverHTTPS11IsSentAgainOnAFreshConnection() async throws {
            let (error, received) = try await sendOnAReusedConnection("PUT", overTLS: true)
            XCTAssertEqual(received, 2, "the idempotent PUT was not sent again over HTTPS/1.1")
            XCTAssertFalse(error.description.contains("not sent twice"), error.description)
        }

        func testAPatchIsNotSentTwiceEither() async throws {
            let (_, received) = try await sendOnAReusedConnection("PATCH")
            XCTAssertEqual(received, 1, "the PATCH was sent again")
        }

        func testAPutIsSentAgainOnAFreshConnection() async throws {
            let (error, received) = try await sendOnAReusedConnection("PUT")
            XCTAssertEqual(received, 2, "the idempotent PUT was not sent again on a fresh connection")
            XCTAssertFalse(error.description.contains("not sent twice"), error.description)
        }

        func testAPostWithAnIdempotencyKeyIsSentAgain() async throws {
            let (_, received) = try await sendOnAReusedConnection("POST", headers: ["Idempotency-Key": "order-1"])
            XCTAssertEqual(received, 2, "a POST with an Idempotency-Key was not sent again")
        }
    }
#endif
