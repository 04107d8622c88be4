#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// Trailers both ways over CurlTransport, against `stream_server.py`: a request body's
    /// trailers after its last chunk, a chunked response's trailers read whole and streamed.
    final class CurlTrailersTests: XCTestCase {
        private static let sentTrailers: HTTPHeaders = ["X-Checksum": "c0ffee", "X-Parts": "2"]

        func testRequestTrailersReachTheServerAfterAProducedBody() async throws {
            let body = producedBody(
                AsyncStream { continuation in
                    continuation.yield(Data("first ".utf8))
                    continuation.yield(Data("second".utf8))
                    continuation.finish()
                }, trailers: Self.sentTrailers)
            let echo = try await sendToRequestTrailers(body)
            XCTAssertTrue(echo.chunked, "trailers need chunked encoding")
            XCTAssertEqual(echo.body, "first second")
            XCTAssertEqual(echo.trailers, [["X-Checksum", "c0ffee"], ["X-Parts", "2"]])
        }

        /// Bytes with trailers go out chunked too (a body of known length would have none).
        func testABodyOfBytesWithTrailersIsSentChunked() async throws {
            var body = HTTPBody(Data("in memory".utf8))
            body.trailers = { ["X-Digest": "sha-256=abc"] }
            let echo = try await sendToRequestTrailers(body)
            XCTAssertTrue(echo.chunked)
            XCTAssertNil(echo.contentLength)
            XCTAssertEqual(echo.body, "in memory")
            XCTAssertEqual(echo.trailers, [["X-Digest", "sha-256=abc"]])
        }

        /// A file is read by libcurl's read callback as ever; its trailers follow it, chunked.
        func testAFileBodyWithTrailersIsSentChunked() async throws {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("trailers-\(UUID().uuidString)")
            let content = String(repeating: "file body ", count: 20_000)
            try Data(content.utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            var body = HTTPBody(fileURL: file)
            body.trailers = { ["X-File": "read"] }
            let echo = try await sendToRequestTrailers(body)
            XCTAssertTrue(echo.chunked)
            XCTAssertEqual(echo.body, content)
            XCTAssertEqual(echo.trailers, [["X-File", "read"]])
        }

        /// The trailers are asked for once the last chunk has been read, so they can say what the
        /// body was (here, how many bytes it had).
        func testTrailersAreComputedAfterTheLastChunk() async throws {
            let produced = Counter()
            let chunks = AsyncStream<Data> { continuation in
                for part in ["a", "bb", "ccc"] {
                    for _ in part.utf8 { produced.add() }
                    continuation.yield(Data(part.utf8))
                }
                continuation.finish()
            }
            var body = HTTPBody(chunks, length: nil, iterationBehavior: .single)
            body.trailers = { ["X-Length": String(produced.value)] }
            let echo = try await sendToRequestTrailers(body)
            XCTAssertEqual(echo.body, "abbccc")
            XCTAssertEqual(echo.trailers, [["X-Length", "6"]])
        }

        func testATrailerThatWouldBreakTheMessageFailsWithATypedError() async throws {
            var body = HTTPBody(Data("x".utf8))
            body.trailers = { ["X-Injected": "a\r\nX-Other: b"] }
            do {
                _ = try await sendToRequestTrailers(body)
                XCTFail("a trailer with a line break was sent")
            } catch let error as NetworkingError {
                guard case .invalidRequest(let message) = error else { return XCTFail("got \(error)") }
                XCTAssertTrue(message.contains("X-Injected"), message)
            }
        }

        /// The requests that follow one with trailers on the same transport (and so on its easy
        /// handle) send none, chunked or not.
        func testRequestsAfterATrailerRequestOnTheSameTransportSendNone() async throws {
            let transport = try CurlTransport()
            var body = HTTPBody(Data("with trailers".utf8))
            body.trailers = { ["X-After": "yes"] }
            let url = try StreamServer.url("/request-trailers")
            _ = try await transport.send(TransportRequest(head: post(url), body: body))
            for index in 0..<4 {
                let text = "plain \(index)"
                let next =
                    index.isMultiple(of: 2)
                    ? HTTPBody(Data(text.utf8))
                    : producedBody(
                        AsyncStream { continuation in
                            continuation.yield(Data(text.utf8))
                            continuation.finish()
                        })
                let response = try await transport.send(TransportRequest(head: post(url), body: next))
                let echo = try JSONDecoder().decode(RequestEcho.self, from: try XCTUnwrap(response.completeBody))
                XCTAssertEqual(echo.chunked, !index.isMultiple(of: 2))
                XCTAssertEqual(echo.trailers, [], "request \(index)")
                XCTAssertEqual(echo.body, text)
            }
        }

        func testResponseTrailersOfABodyReadWhole() async throws {
            let response = try await CurlTransport().send(
                TransportRequest(head: URLRequest(url: try StreamServer.url("/trailers?n=3"))))
            XCTAssertEqual(response.completeBody, Data("part 0;part 1;part 2;".utf8))
            let exchange = try await response.collect(upTo: 1 << 20)
            XCTAssertEqual(exchange.trailers["X-Checksum"], Self.checksum("part 0;part 1;part 2;"))
            XCTAssertEqual(exchange.trailers["X-Parts"], "3")
            XCTAssertEqual(exchange.trailers.count, 2)
            XCTAssertNil(response.head.header("X-Checksum"), "a trailer is not a field of the head")
            XCTAssertEqual(response.head.header("Trailer"), "X-Checksum, X-Parts")
        }

        func testResponseTrailersOfABodyReadAsItArrives() async throws {
            let response = try await CurlTransport().send(
                TransportRequest(head: URLRequest(url: try StreamServer.url("/trailers?n=5")), reading: .streamed))
            XCTAssertNil(response.completeBody)
            let body = response.body
            let data = try await body.collect(upTo: 1 << 20)
            let expected = (0..<5).map { "part \($0);" }.joined()
            XCTAssertEqual(data, Data(expected.utf8))
            XCTAssertEqual(body.trailers["X-Checksum"], Self.checksum(expected))
            XCTAssertEqual(body.trailers["X-Parts"], "5")
            XCTAssertNil(response.head.header("X-Parts"))
        }

        /// The request's trailers come back as the echo's trailers, read after a streamed body.
        func testRequestTrailersComeBackAsResponseTrailers() async throws {
            let url = try StreamServer.url("/echo")
            let transport = try CurlTransport()
            let trailers = try await withTimeout(20) { () async throws -> HTTPHeaders in
                let body = producedBody(
                    AsyncStream { continuation in
                        continuation.yield(Data("echoed".utf8))
                        continuation.finish()
                    }, trailers: Self.sentTrailers)
                let response = try await transport.send(
                    TransportRequest(head: post(url), body: body, reading: .streamed))
                let stream = response.body
                let data = try await stream.collect(upTo: 1 << 20)
                XCTAssertEqual(data, Data("echoed".utf8))
                return stream.trailers
            }
            XCTAssertEqual(trailers["X-Checksum"], "c0ffee")
            XCTAssertEqual(trailers["X-Parts"], "2")
        }

        // MARK: - Helpers

        /// What `stream_server.py` sends as `X-Checksum`: the byte sum, in eight hex digits.
        static func checksum(_ text: String) -> String {
            let sum = text.utf8.reduce(0) { $0 + Int($1) }
            let hex = String(sum & 0xFFFF_FFFF, radix: 16)
            return String(repeating: "0", count: max(0, 8 - hex.count)) + hex
        }

        private typealias RequestEcho = CurlRequestStreamingTests.RequestEcho

        private func sendToRequestTrailers(_ body: HTTPBody) async throws -> RequestEcho {
            let url = try StreamServer.url("/request-trailers")
            let transport = try CurlTransport()
            let response = try await withTimeout(20) {
                try await transport.send(TransportRequest(head: post(url), body: body))
            }
            XCTAssertEqual(response.statusCode, 200)
            return try JSONDecoder().decode(RequestEcho.self, from: try XCTUnwrap(response.completeBody))
        }
    }
#endif
