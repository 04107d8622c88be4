import Foundation
import Networking
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport of one's own, written from the seam alone, and what the library hands it: the body
/// as a body (never a local path), no option in any header field, a file body sent again on a
/// retry and a one-shot stream body never.
final class RequestBodyReplayTests: XCTestCase {
    /// Ten lines that know nothing of the library's internals: it reads whatever body the request
    /// carries, records it, and answers with the next status.
    final class TenLineTransport: HTTPTransport {
        let sent = Mutex<[(headers: [String: String], body: Data)]>([])
        let statuses: Mutex<[Int]>
        init(statuses: [Int]) { self.statuses = Mutex(statuses) }

        func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
            let body = try await request.body?.collect(upTo: 1 << 20) ?? Data()
            sent.withLock { $0.append((request.head.allHTTPHeaderFields ?? [:], body)) }
            let status = statuses.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
            let head = ResponseHead(url: request.head.url!, statusCode: status, headerFields: [:])!
            return TransportResponse(request: request.head, head: head, body: Data("{}".utf8))
        }
    }

    /// Sends the request twice, as a careless replaying interceptor would.
    struct SendsTwice: HTTPInterceptor {
        func intercept(
            _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
        ) async throws -> HTTPExchange {
            _ = try await next(request)
            return try await next(request)
        }
    }

    private func temporaryFile(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: file)
        return file
    }

    func testAFileBodyReachesAnyTransportAsABodyAndIsSentAgainOnARetry() async throws {
        let file = try temporaryFile("file contents")
        defer { try? FileManager.default.removeItem(at: file) }
        let transport = TenLineTransport(statuses: [503, 200])
        let networking = Networking(baseURL: "https://api.example.test", transport: transport)
        await networking.setInterceptors([RetryInterceptor(maxAttempts: 2, baseDelay: .zero, maxDelay: .zero)])
        let result: Result<Void, NetworkingError> = await networking.upload(
            "/upload", fileURL: file, contentType: "text/plain", method: .put)
        XCTAssertNoThrow(try result.get())
        let sent = transport.sent.withLock { $0 }
        XCTAssertEqual(sent.map(\.body), [Data("file contents".utf8), Data("file contents".utf8)])
        for request in sent {
            let names = request.headers.keys.map { $0.lowercased() }
            XCTAssertFalse(names.contains { $0.hasPrefix("x-networking") }, "\(names)")
            XCTAssertFalse(request.headers.values.contains { $0.contains(file.path) }, "no local path is sent")
        }
    }

    func testAOneShotStreamBodyIsNeverRetried() async throws {
        let transport = TenLineTransport(statuses: [503, 200])
        let chain = InterceptorChain(
            interceptors: [RetryInterceptor(maxAttempts: 3, baseDelay: .zero, maxDelay: .zero)], transport: transport)
        var request = URLRequest(url: URL(string: "https://api.example.test/put")!)
        request.httpMethod = "PUT"
        request.httpBodyStream = InputStream(data: Data("read once".utf8))
        XCTAssertFalse(request.isBodyReplayable)
        let exchange = try await chain.send(request)
        XCTAssertEqual(exchange.statusCode, 503, "the failure is returned, not retried with an empty body")
        XCTAssertEqual(transport.sent.withLock { $0.map(\.body) }, [Data("read once".utf8)])

        var fileRequest = request
        let file = try temporaryFile("again")
        defer { try? FileManager.default.removeItem(at: file) }
        let beside = BodyBeside(HTTPBody(fileURL: file))
        beside.mark(&fileRequest)
        XCTAssertTrue(fileRequest.isBodyReplayable, "a file beside the head can be sent again")
        XCTAssertNil(fileRequest.httpBodyStream)
    }

    /// Sets its own body on the request it passes on.
    struct ReplacesTheBody: HTTPInterceptor {
        func intercept(
            _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
        ) async throws -> HTTPExchange {
            var request = request
            request.httpBody = Data("replaced".utf8)
            return try await next(request)
        }
    }

    func testAnInterceptorThatSetsABodyReplacesTheFileAndOneThatLeavesItSendsTheFile() async throws {
        let file = try temporaryFile("from the file")
        defer { try? FileManager.default.removeItem(at: file) }
        var request = URLRequest(url: URL(string: "https://api.example.test/put")!)
        request.httpMethod = "PUT"
        let beside = BodyBeside(HTTPBody(fileURL: file))
        beside.mark(&request)
        let transport = TenLineTransport(statuses: [200])
        _ = try await InterceptorChain(interceptors: [SendsTwice()], transport: transport).send(request, beside: beside)
        _ = try await InterceptorChain(interceptors: [ReplacesTheBody()], transport: transport)
            .send(request, beside: beside)
        XCTAssertEqual(
            transport.sent.withLock { $0.map(\.body) },
            [Data("from the file".utf8), Data("from the file".utf8), Data("replaced".utf8)])
    }

    func testReplayingAOneShotAsyncBodyFailsWithATypedErrorAndSendsItOnce() async throws {
        let transport = TenLineTransport(statuses: [200])
        let chunks = AsyncStream<Data> { continuation in
            continuation.yield(Data("produced ".utf8))
            continuation.yield(Data("once".utf8))
            continuation.finish()
        }
        let body = HTTPBody(chunks, length: nil, iterationBehavior: .single)
        var request = URLRequest(url: URL(string: "https://api.example.test/put")!)
        request.httpMethod = "PUT"
        let beside = BodyBeside(body)
        beside.mark(&request)
        XCTAssertFalse(request.isBodyReplayable)
        do {
            _ = try await InterceptorChain(interceptors: [SendsTwice()], transport: transport)
                .send(request, beside: beside)
            XCTFail("a one-shot body was sent twice")
        } catch {
            guard case .invalidRequest(let reason) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertTrue(reason.contains("one-shot"), reason)
        }
        XCTAssertEqual(transport.sent.withLock { $0.map(\.body) }, [Data("produced once".utf8)])
        XCTAssertFalse(body.canBeSentAgain)
    }

    func testAReplayableAsyncBodyIsSentWholeOnEveryAttempt() async throws {
        let transport = TenLineTransport(statuses: [200])
        let parts = [Data("a".utf8), Data("b".utf8)]
        let body = HTTPBody(parts.async, length: 2, iterationBehavior: .multiple)
        var request = URLRequest(url: URL(string: "https://api.example.test/put")!)
        request.httpMethod = "PUT"
        let beside = BodyBeside(body)
        beside.mark(&request)
        XCTAssertTrue(request.isBodyReplayable)
        _ = try await InterceptorChain(interceptors: [SendsTwice()], transport: transport)
            .send(request, beside: beside)
        XCTAssertEqual(transport.sent.withLock { $0.map(\.body) }, [Data("ab".utf8), Data("ab".utf8)])
    }
}

/// An array's elements as an `AsyncSequence` that starts afresh on every iteration.
private struct AsyncArray<Element: Sendable>: AsyncSequence, Sendable {
    let elements: [Element]
    func makeAsyncIterator() -> Iterator { Iterator(elements: elements) }
    struct Iterator: AsyncIteratorProtocol {
        let elements: [Element]
        var index = 0
        mutating func next() async -> Element? {
            defer { index += 1 }
            return index < elements.count ? elements[index] : nil
        }
    }
}

extension Array where Element: Sendable {
    fileprivate var async: AsyncArray<Element> { AsyncArray(elements: self) }
}
