#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// HTTP/2 faults from a misbehaving server (`Tests/Harness/h2_fault_server.py`) over the default
    /// transport, `CurlTransport`, with HTTP/2 over TLS (ALPN) as it is by default.
    ///
    /// Every scenario ends before its watchdog fires (a hang fails the test). The server counts what
    /// it received and what it processed under each request's `id`, so a test can check that no
    /// request the server processed was sent again, and that the fault really happened.
    final class HTTP2FaultTests: XCTestCase {
        private var server: H2FaultServer!
        private var transport: CurlTransport!
        /// A prefix of the IDs of this test's requests.
        private let run = UUID().uuidString.prefix(8).lowercased()

        override func setUp() async throws {
            server = try H2FaultServer.shared()
            transport = try CurlTransport(configuration: .init(caCertificateFile: server.caFile))
        }

        override func tearDown() async throws {
            transport = nil
            try await super.tearDown()
        }

        // MARK: Streams the server never processed

        func testGoAwayBelowInFlightStreamsRetriesTheUnprocessedOnesAndNothingElse() async throws {
            let count = 4
            let results = try await concurrently(
                (0..<count).map { "/goaway-below/\(count)?group=\(run)&id=\(run)-\($0)" })
            for (index, result) in results.enumerated() {
                let seen = try XCTUnwrap(try? result.get(), "request \(index): \(result)")
                XCTAssertEqual(seen.id, "\(run)-\(index)", "a response answered another request")
            }
            let counted = try await server.count(prefix: "\(run)-")
            for (id, pair) in counted.ids ?? [:] {
                XCTAssertEqual(pair.processed, 1, "\(id) was processed \(pair.processed) times")
            }
            XCTAssertGreaterThan(counted.received, count, "no stream was left above the GOAWAY: \(counted)")
        }

        func testOverPriorKnowledgeARefusedStreamIsRetriedAndAGoAwayBelowInFlightStreamsToo() async throws {
            transport = try CurlTransport(configuration: .init(httpVersion: .http2PriorKnowledge))
            let base = server.cleartextBaseURL
            let refused = Self.seen(await sendRaw("/refuse-stream?id=\(run)-refused", base: base))
            XCTAssertEqual(try refused.get().id, "\(run)-refused")
            let count = 4
            let results = try await concurrently(
                (0..<count).map { "/goaway-below/\(count)?group=\(run)&id=\(run)-\($0)" }, base: base)
            for (index, result) in results.enumerated() {
                XCTAssertEqual(try result.get().id, "\(run)-\(index)")
            }
            let counted = try await server.count(prefix: "\(run)-")
            for (id, pair) in counted.ids ?? [:] {
                XCTAssertEqual(pair.processed, 1, "\(id) was processed \(pair.processed) times")
            }
            XCTAssertGreaterThan(counted.received, count + 1, "no stream was refused or left out: \(counted)")
        }

        func testAPostAGoAwayLeftUnprocessedFailsAndIsNeverProcessedTwice() async throws {
            let count = 4
            let transport = self.transport!
            var requests: [URLRequest] = []
            for index in 0..<count {
                var request = URLRequest(url: try url("/goaway-below/\(count)?group=\(run)&id=\(run)-\(index)"))
                request.httpMethod = "POST"
                request.httpBody = Data("body \(index)".utf8)
                requests.append(request)
            }
            let results = await withTaskGroup(of: (Int, Result<HTTPExchange, NetworkingError>).self) { group in
                for (index, request) in requests.enumerated() {
                    group.addTask { (index, await Self.send(request, over: transport)) }
                }
                var results: [Int: Result<HTTPExchange, NetworkingError>] = [:]
                for await (index, result) in group { results[index] = result }
                return results
            }
            let counted = try await server.count(prefix: "\(run)-")
            XCTAssertGreaterThan(counted.received, count, "no stream was left above the GOAWAY: \(counted)")
            for (index, result) in results {
                let processed = counted.ids?["\(run)-\(index)"]?.processed ?? 0
                switch result {
                case .success(let exchange):
                    XCTAssertEqual(
                        processed, 1, "POST \(index) answered \(exchange.statusCode), processed \(processed) times")
                case .failure(let error):
                    XCTAssertEqual(processed, 0, "POST \(index) failed although the server processed it: \(error)")
                    XCTAssertFalse(error.description.contains("could not be reached"), error.description)
                }
            }
        }

        func testGoAwayWhileIdleSendsTheNextRequestOnANewConnection() async throws {
            let first = try await send("/goaway-idle?id=\(run)-1").get()
            try await Task.sleep(for: .milliseconds(300))
            let second = try await send("/hello?id=\(run)-2").get()
            XCTAssertEqual(second.id, "\(run)-2")
            XCTAssertNotEqual(first.connection, second.connection, "the connection the server closed was reused")
        }

        func testARefusedStreamIsRetriedOnceTransparently() async throws {
            let seen = try await send("/refuse-stream?id=\(run)").get()
            XCTAssertEqual(seen.id, run)
            let counted = try await server.count(id: run)
            XCTAssertEqual(counted.received, 2, "\(counted)")
            XCTAssertEqual(counted.processed, 1, "\(counted)")
        }

        func testMaxConcurrentStreamsOfOneSentLateStillCompletesSixtyFourRequests() async throws {
            let count = 64
            let results = try await concurrently((0..<count).map { "/max-streams/1?id=\(run)-\($0)" })
            let failures = results.enumerated().filter { (try? $0.element.get()) == nil }
            XCTAssertTrue(failures.isEmpty, "\(failures.count) of \(count) failed, first: \(failures.first as Any)")
            let counted = try await server.count(prefix: "\(run)-")
            for (id, pair) in counted.ids ?? [:] {
                XCTAssertEqual(pair.processed, 1, "\(id) was processed \(pair.processed) times")
            }
            XCTAssertGreaterThan(counted.received, count, "the server refused no stream: \(counted)")
        }

        // MARK: Streams the server broke

        func testAHeaderBlockOverTheLimitFailsSayingTheHeadWasTooLarge() async throws {
            for kib in [110, 140] {
                let result = await sendRaw("/huge-headers/\(kib)?id=\(run)-\(kib)")
                guard case .failure(let error) = result else {
                    XCTFail("a \(kib) KiB header block was accepted")
                    continue
                }
                guard case .transport(let urlError) = error else { return XCTFail("\(kib) KiB: \(error)") }
                XCTAssertEqual(urlError.code, .cannotParseResponse, "\(kib) KiB: \(error)")
                XCTAssertTrue(
                    error.description.contains("the response head was too large"), "\(kib) KiB: \(error.description)")
            }
        }

        func testAHeaderBlockUnderTheLimitIsRead() async throws {
            let exchange = try await sendRaw("/huge-headers/60?id=\(run)").get()
            XCTAssertEqual(String(decoding: exchange.body, as: UTF8.self), "huge")
            XCTAssertNotNil(exchange.header("x-filler-0000"))
        }

        func testAResetMidResponseNamesTheResetAndItsCode() async throws {
            let result = await sendRaw("/rst/2?id=\(run)")
            guard case .failure(let error) = result else {
                return XCTFail("a body cut short by RST_STREAM was returned as complete: \(result)")
            }
            let message = error.description
            XCTAssertTrue(message.contains("INTERNAL_ERROR"), message)
            XCTAssertFalse(message.contains("could not be reached"), message)
        }

        func testDataAfterTheEndOfAStreamNeverAnswersAnotherRequest() async throws {
            let result = await sendRaw("/data-after-end?id=\(run)-1")
            if case .success(let exchange) = result {
                XCTAssertEqual(String(decoding: exchange.body, as: UTF8.self), "complete")
            }
            let next = try await send("/hello?id=\(run)-2").get()
            XCTAssertEqual(next.id, "\(run)-2")
        }

        func testAPingFloodEndsTheRequestWithoutHanging() async throws {
            let result = await sendRaw("/ping-flood?id=\(run)")
            if case .failure(let error) = result {
                XCTAssertFalse(error.description.contains("could not be reached"), error.description)
            }
        }

        // MARK: TLS

        func testAnExpiredCertificateIsRefusedSayingSo() async throws {
            let message = try await refusedCertificate(server.expiredPort)
            XCTAssertTrue(message.hasPrefix("The secure connection to 127.0.0.1 failed:"), message)
            XCTAssertTrue(message.contains("expired"), message)
        }

        func testACertificateForAnotherHostIsRefusedSayingSo() async throws {
            let message = try await refusedCertificate(server.wrongHostPort)
            XCTAssertTrue(message.hasPrefix("The secure connection to 127.0.0.1 failed:"), message)
            XCTAssertTrue(message.contains("name"), message)
        }

        func testASelfSignedCertificateIsRefusedSayingSo() async throws {
            let message = try await refusedCertificate(server.selfSignedPort)
            XCTAssertTrue(message.hasPrefix("The secure connection to 127.0.0.1 failed:"), message)
            XCTAssertTrue(message.contains("self-signed"), message)
        }

        // MARK: Helpers

        /// What the server says of one request it answered.
        struct Seen: Decodable, Sendable {
            let id: String
            let connection: Int
            let stream: Int
        }

        private func url(_ path: String, base: String? = nil) throws -> URL {
            try XCTUnwrap(URL(string: (base ?? server.secureBaseURL) + path))
        }

        /// Sends GET `path` (at most 20 s) and returns the exchange or its error.
        func sendRaw(_ path: String, base: String? = nil) async -> Result<HTTPExchange, NetworkingError> {
            guard let url = try? url(path, base: base) else { return .failure(.invalidRequest(path)) }
            return await Self.send(url, over: transport)
        }

        /// Sends GET `url` over `transport` (at most 20 s) and returns the exchange or its error.
        static func send(_ url: URL, over transport: CurlTransport) async -> Result<HTTPExchange, NetworkingError> {
            await send(URLRequest(url: url), over: transport)
        }

        /// Sends `request` over `transport` (at most 20 s) and returns the exchange or its error.
        static func send(
            _ request: URLRequest, over transport: CurlTransport
        ) async -> Result<HTTPExchange, NetworkingError> {
            let url = request.url
            let result = await withWatchdog(seconds: 20) { () -> Result<HTTPExchange, NetworkingError> in
                do { return .success(try await transport.send(request)) } catch {
                    return .failure(NetworkingError(error))
                }
            }
            guard let result else {
                XCTFail("\(request.httpMethod ?? "GET") \(url?.absoluteString ?? "") did not end within 20 s")
                return .failure(.cancelled)
            }
            return result
        }

        /// Sends GET `path` and decodes what the server says it saw.
        func send(_ path: String) async -> Result<Seen, NetworkingError> {
            Self.seen(await sendRaw(path))
        }

        /// What the server says it saw, from its answer.
        static func seen(_ result: Result<HTTPExchange, NetworkingError>) -> Result<Seen, NetworkingError> {
            result.flatMap { exchange in
                guard exchange.statusCode == 200, let seen = try? JSONDecoder().decode(Seen.self, from: exchange.body)
                else { return .failure(.invalidResponse) }
                return .success(seen)
            }
        }

        /// Sends GET on each of `paths` (on `base`, else the TLS server) at once and returns their
        /// results in order.
        func concurrently(_ paths: [String], base: String? = nil) async throws -> [Result<Seen, NetworkingError>] {
            let urls = try paths.map { try url($0, base: base) }
            let transport = self.transport!
            return try await withThrowingTaskGroup(of: (Int, Result<Seen, NetworkingError>).self) { group in
                for (index, url) in urls.enumerated() {
                    group.addTask { (index, Self.seen(await Self.send(url, over: transport))) }
                }
                var results = [Result<Seen, NetworkingError>?](repeating: nil, count: urls.count)
                for try await (index, result) in group { results[index] = result }
                return results.map { $0 ?? .failure(.cancelled) }
            }
        }

        /// The description of the error of a request to the TLS server on `port`, which must fail.
        private func refusedCertificate(_ port: Int?) async throws -> String {
            let port = try XCTUnwrap(port, "the fault server could not make its certificates (is openssl installed?)")
            let result = await sendRaw("/hello", base: "https://127.0.0.1:\(port)")
            guard case .failure(let error) = result else {
                XCTFail("an untrusted certificate was accepted")
                return ""
            }
            return error.description
        }
    }
#endif
