#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import Synchronization
    import XCTest

    /// Request bodies produced as they are sent, against `stream_server.py`: chunk by chunk while
    /// the response is read, with the producer's errors, cancellation and one-shot bodies.
    final class CurlRequestStreamingTests: XCTestCase {
        private static let failure = NetworkingError.invalidRequest("the producer failed on purpose")

        /// The server echoes each chunk as it arrives; the next chunk is produced only once the
        /// echo of the previous one has been read, so neither side can wait for the whole body.
        func testEachChunkIsEchoedBeforeTheNextIsProduced() async throws {
            let url = try StreamServer.url("/echo")
            let transport = try CurlTransport()
            let rounds = (0..<20).map { "round \($0): " + String(repeating: "x", count: $0 * 13) + ";" }
            let echoed = try await withTimeout(30) { () async throws -> [String] in
                let (chunks, feed) = AsyncStream<Data>.makeStream()
                let response = try await transport.send(
                    TransportRequest(head: post(url), body: producedBody(chunks), reading: .streamed))
                XCTAssertEqual(response.statusCode, 200)
                XCTAssertNil(response.completeBody, "the response arrives while the body is being sent")
                var iterator = response.body.makeAsyncIterator()
                var echoed: [String] = []
                for round in rounds {
                    let sent = Data(round.utf8)
                    feed.yield(sent)
                    var echo = Data()
                    while echo.count < sent.count, let next = try await iterator.next() { echo.append(next) }
                    echoed.append(String(decoding: echo, as: UTF8.self))
                }
                feed.finish()
                let rest = try await iterator.next()
                XCTAssertNil(rest, "the body ends once the request body has")
                return echoed
            }
            XCTAssertEqual(echoed, rounds)
        }

        /// The server answers after the first chunk while the request body is still open, with a
        /// length or chunked (with a trailer): the response body ends at its last byte, and the rest
        /// of the request body is not produced (its sequence is cancelled).
        func testAResponseThatEndsBeforeTheRequestBodyEndsTheStreamAndStopsTheBody() async throws {
            for chunked in [false, true] {
                let url = try StreamServer.url(chunked ? "/early?chunked=1" : "/early")
                let transport = try CurlTransport()
                let producerStopped = Mutex(false)
                let (chunks, feed) = AsyncStream<Data>.makeStream()
                feed.onTermination = { _ in producerStopped.withLock { $0 = true } }
                feed.yield(Data("first".utf8))
                let (body, trailers) = try await withTimeout(10) { () async throws -> (String, HTTPHeaders) in
                    let response = try await transport.send(
                        TransportRequest(head: post(url), body: producedBody(chunks), reading: .streamed))
                    XCTAssertEqual(response.statusCode, 200)
                    var received = Data()
                    for try await chunk in response.body { received.append(chunk) }  // never finished by `feed`
                    return (String(decoding: received, as: UTF8.self), response.body.trailers)
                }
                XCTAssertEqual(body, "answered before the body ended", "chunked: \(chunked)")
                XCTAssertEqual(trailers["X-Early"], chunked ? "yes" : nil)
                let deadline = ContinuousClock.now + .seconds(5)
                while !producerStopped.withLock({ $0 }), ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(10))
                }
                XCTAssertTrue(producerStopped.withLock { $0 }, "the request body's sequence was stopped")
                feed.finish()
            }
        }

        /// A chunked response to a produced body that ends first, as usual: decoded by the stream,
        /// trailers included, and the connection is kept for the next request.
        func testAChunkedEchoOfAProducedBodyKeepsItsTrailers() async throws {
            let url = try StreamServer.url("/echo")
            let transport = try CurlTransport()
            for round in 0..<2 {
                let (chunks, feed) = AsyncStream<Data>.makeStream()
                feed.yield(Data("one;".utf8))
                feed.yield(Data("two".utf8))
                feed.finish()
                let (body, trailers) = try await withTimeout(10) { () async throws -> (String, HTTPHeaders) in
                    let response = try await transport.send(
                        TransportRequest(
                            head: post(url), body: producedBody(chunks, trailers: ["X-Round": "\(round)"]),
                            reading: .streamed))
                    var received = Data()
                    for try await chunk in response.body { received.append(chunk) }
                    return (String(decoding: received, as: UTF8.self), response.body.trailers)
                }
                XCTAssertEqual(body, "one;two")
                XCTAssertEqual(trailers["X-Round"], "\(round)")
            }
        }

        /// Collected whole, a produced body of unknown length arrives chunked, in its chunks.
        func testAProducedBodyIsSentChunkedAndCollectedWhole() async throws {
            let parts = ["alpha", "beta", "gamma"].map { Data($0.utf8) }
            let echo = try await sendToRequestTrailers(
                HTTPBody(
                    AsyncStream { continuation in
                        for part in parts { continuation.yield(part) }
                        continuation.finish()
                    }, length: nil, iterationBehavior: .single))
            XCTAssertTrue(echo.chunked)
            XCTAssertNil(echo.contentLength)
            XCTAssertEqual(echo.body, "alphabetagamma")
            XCTAssertEqual(echo.chunks.reduce(0, +), 14)
        }

        /// With a length, the body goes out with `Content-Length`, not chunked.
        func testAProducedBodyOfKnownLengthIsSentWithContentLength() async throws {
            let echo = try await sendToRequestTrailers(
                HTTPBody(
                    AsyncStream { continuation in
                        continuation.yield(Data("12345".utf8))
                        continuation.yield(Data("6789".utf8))
                        continuation.finish()
                    }, length: 9, iterationBehavior: .single))
            XCTAssertFalse(echo.chunked)
            XCTAssertEqual(echo.contentLength, "9")
            XCTAssertEqual(echo.body, "123456789")
        }

        func testABodyShorterThanItsLengthFailsWithATypedError() async throws {
            let body = HTTPBody(
                AsyncStream { continuation in
                    continuation.yield(Data("1234".utf8))
                    continuation.finish()
                }, length: 9, iterationBehavior: .single)
            do {
                _ = try await sendToRequestTrailers(body)
                XCTFail("a body shorter than its length was sent")
            } catch let error as NetworkingError {
                guard case .invalidRequest(let message) = error else { return XCTFail("got \(error)") }
                XCTAssertTrue(message.contains("length"), message)
            }
        }

        func testABodyThatThrowsFailsACollectedRequestWithItsError() async throws {
            let url = try StreamServer.url("/request-trailers")
            let transport = try CurlTransport()
            let body = HTTPBody(
                AsyncThrowingStream<Data, any Error> { continuation in
                    continuation.yield(Data("first".utf8))
                    continuation.finish(throwing: Self.failure)
                }, length: nil, iterationBehavior: .single)
            do {
                _ = try await withTimeout(20) {
                    try await transport.send(TransportRequest(head: post(url), body: body, reading: .whole))
                }
                XCTFail("a failed body was sent as if it had ended")
            } catch let error as NetworkingError {
                XCTAssertEqual(error.description, Self.failure.description)
                guard case .invalidRequest = error else { return XCTFail("got \(error)") }
            }
        }

        /// The response has started (the echo of the first chunk came back) when the body fails:
        /// the response body ends with the body's error.
        func testABodyThatThrowsEndsAStreamedResponseWithItsError() async throws {
            let url = try StreamServer.url("/echo")
            let transport = try CurlTransport()
            let outcome = try await withTimeout(20) { () async throws -> NetworkingError? in
                let (chunks, feed) = AsyncThrowingStream<Data, any Error>.makeStream()
                let body = HTTPBody(chunks, length: nil, iterationBehavior: .single)
                let response = try await transport.send(
                    TransportRequest(head: post(url), body: body, reading: .streamed))
                var iterator = response.body.makeAsyncIterator()
                feed.yield(Data("first".utf8))
                let echo = try await iterator.next()
                XCTAssertEqual(echo, Data("first".utf8))
                feed.finish(throwing: Self.failure)
                do throws(NetworkingError) {
                    while try await iterator.next() != nil {}
                    return nil
                } catch {
                    return error
                }
            }
            let error = try XCTUnwrap(outcome, "the response body ended as if the request body had")
            XCTAssertEqual(error.description, Self.failure.description)
        }

        /// Cancelling the request while the body waits for its next chunk ends the transfer at
        /// once and stops the body's producer.
        func testCancellingStopsBothDirections() async throws {
            let url = try StreamServer.url("/request-trailers")
            let transport = try CurlTransport()
            let terminated = Counter()
            let (chunks, feed) = AsyncStream<Data>.makeStream()
            feed.onTermination = { _ in terminated.add() }
            feed.yield(Data("only the first chunk".utf8))
            let request = Task {
                try await transport.send(TransportRequest(head: post(url), body: producedBody(chunks), reading: .whole))
            }
            try await Task.sleep(for: .milliseconds(200))
            XCTAssertEqual(terminated.value, 0, "the body is still being produced")
            request.cancel()
            let result = try await withTimeout(10) { await request.result }
            guard case .failure(let error) = result, case .cancelled? = error as? NetworkingError else {
                return XCTFail("expected .cancelled, got \(result)")
            }
            for _ in 0..<200 where terminated.value == 0 { try await Task.sleep(for: .milliseconds(10)) }
            XCTAssertEqual(terminated.value, 1, "the body's producer was stopped")
        }

        /// A one-shot body is read once and reaches the server once.
        func testAOneShotBodyIsSentExactlyOnce() async throws {
            let id = UUID().uuidString
            let iterations = Counter()
            let body = HTTPBody(
                CountedChunks(parts: ["one-", "shot"], iterations: iterations), length: nil,
                iterationBehavior: .single)
            let response = try await CurlTransport().send(
                TransportRequest(head: post(try StreamServer.url("/record?id=\(id)")), body: body))
            XCTAssertEqual(response.statusCode, 200)
            XCTAssertEqual(iterations.value, 1, "the body was read once")
            let count = try await StreamServer.count(id)
            XCTAssertEqual(count.requests, 1)
            XCTAssertEqual(count.bytes, 8)
        }

        /// A 307 would send a one-shot body again: the request fails with the typed error
        /// instead, and the redirect's target never sees a request.
        func testARedirectThatWouldResendAOneShotBodyFails() async throws {
            let id = UUID().uuidString
            let target = "/record?id=\(id)-target"
            let iterations = Counter()
            let body = HTTPBody(
                CountedChunks(parts: ["sent ", "once"], iterations: iterations), length: nil,
                iterationBehavior: .single)
            let url = try StreamServer.url(
                "/redirect307?id=\(id)&to=\(target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
            let transport = try CurlTransport()
            do throws(NetworkingError) {
                // Through the hop loop, as a client's pipeline sends it (the transport sends one hop).
                _ = try await TransportStep(transport: transport).sendHops(
                    TransportRequest(head: post(url), body: body))
                XCTFail("a one-shot body was sent twice")
            } catch {
                XCTAssertEqual(error.description, HTTPBody.alreadySentError.description)
            }
            XCTAssertEqual(iterations.value, 1)
            let first = try await StreamServer.count(id)
            XCTAssertEqual(first.requests, 1)
            XCTAssertEqual(first.bytes, 9)
            let second = try await StreamServer.count("\(id)-target")
            XCTAssertEqual(second.requests, 0)
        }

        /// A body that can be sent again follows a 307 with its bytes.
        func testARedirectResendsABodyThatCanBeSentAgain() async throws {
            let id = UUID().uuidString
            let target = "/record?id=\(id)-target".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let iterations = Counter()
            let body = HTTPBody(
                CountedChunks(parts: ["again"], iterations: iterations), length: nil,
                iterationBehavior: .multiple)
            let url = try StreamServer.url("/redirect307?id=\(id)&to=\(target)")
            let response = try await TransportStep(transport: CurlTransport())
                .sendHops(TransportRequest(head: post(url), body: body))
            XCTAssertEqual(response.statusCode, 200)
            XCTAssertEqual(iterations.value, 2)
            let second = try await StreamServer.count("\(id)-target")
            XCTAssertEqual(second.requests, 1)
            XCTAssertEqual(second.bytes, 5)
        }

        // MARK: - Helpers

        /// What `/request-trailers` reports about the request it got.
        struct RequestEcho: Decodable {
            let chunked: Bool
            let contentLength: String?
            let trailerHeader: String?
            let body: String
            let trailers: [[String]]
            let chunks: [Int]

            enum CodingKeys: String, CodingKey {
                case chunked, body, trailers, chunks
                case contentLength = "content_length"
                case trailerHeader = "trailer_header"
            }
        }

        func sendToRequestTrailers(_ body: HTTPBody) async throws -> RequestEcho {
            let url = try StreamServer.url("/request-trailers")
            let transport = try CurlTransport()
            let response = try await withTimeout(20) {
                try await transport.send(TransportRequest(head: post(url), body: body))
            }
            XCTAssertEqual(response.statusCode, 200)
            return try JSONDecoder().decode(RequestEcho.self, from: try XCTUnwrap(response.completeBody))
        }
    }

    /// A count shared between tasks.
    final class Counter: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    /// Chunks that count how often they are iterated.
    struct CountedChunks: AsyncSequence, Sendable {
        typealias Element = Data
        let parts: [String]
        let iterations: Counter

        func makeAsyncIterator() -> AsyncStream<Data>.Iterator {
            iterations.add()
            let parts = parts
            return AsyncStream { continuation in
                for part in parts { continuation.yield(Data(part.utf8)) }
                continuation.finish()
            }.makeAsyncIterator()
        }
    }
#endif
