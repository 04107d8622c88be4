import Foundation
import Networking
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request body produced as it is sent, through the actor against httpbin over the transport
/// under test: it arrives whole, and a one-shot body is never sent twice.
final class StreamedRequestBodyTests: XCTestCase {
    struct Echo: Decodable, Sendable { let data: String }

    private func chunks(_ parts: [String]) -> HTTPBody {
        let stream = AsyncStream<Data> { continuation in
            for part in parts { continuation.yield(Data(part.utf8)) }
            continuation.finish()
        }
        return HTTPBody(stream, length: nil, iterationBehavior: .single)
    }

    func testAProducedBodyArrivesWhole() async throws {
        try await HTTPBin.requireServer()
        let networking = HTTPBin.client()
        let parts = (0..<50).map { "chunk \($0);" }
        let result: Result<Echo, NetworkingError> = await networking.upload(
            "/anything", body: chunks(parts), contentType: "text/plain", method: .put)
        XCTAssertEqual(try result.get().data, parts.joined())
    }

    func testAOneShotBodyIsNotRetried() async throws {
        try await HTTPBin.requireServer()
        let networking = HTTPBin.client()
        let attempts = AttemptCounter()
        // Interceptors run outermost first: the counter, inside the retry, sees every attempt.
        await networking.setInterceptors([
            RetryInterceptor(maxAttempts: 3, baseDelay: .zero, maxDelay: .zero), attempts,
        ])
        let result: Result<Void, NetworkingError> = await networking.upload(
            "/status/503", body: chunks(["once"]), contentType: "text/plain", method: .put)
        guard case .failure(let error) = result else { return XCTFail("a 503 succeeded") }
        XCTAssertEqual(error.statusCode, 503, "the failure is returned, not retried with an empty body")
        XCTAssertEqual(attempts.count, 1)
    }

    func testURLSessionTransportRefusesAtOnceToSendAOneShotBodyWhileReadingTheResponse() async throws {
        try await HTTPBin.requireServer()
        // A body that ends only once the response has been read: collecting it first would wait forever.
        let (chunks, feed) = AsyncStream<Data>.makeStream()
        feed.yield(Data("first".utf8))
        var request = URLRequest(url: URL(string: HTTPBin.baseURL + "/anything")!)
        request.httpMethod = "POST"
        let sending = Task {
            try await URLSessionTransport().send(
                TransportRequest(
                    head: request, body: HTTPBody(chunks, length: nil, iterationBehavior: .single),
                    reading: .streamed))
        }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(10))
            feed.finish()  // unblocks a transport that waits, so that the test fails instead of hanging
        }
        defer { watchdog.cancel() }
        do {
            _ = try await sending.value
            XCTFail("the transport sent a one-shot body while the response was read as it arrives")
        } catch {
            guard case .invalidRequest(let reason) = error as? NetworkingError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("while the response is read as it arrives"), reason)
        }
    }
}

/// Counts the attempts that pass through it.
private final class AttemptCounter: HTTPInterceptor {
    private let attempts = Mutex(0)
    var count: Int { attempts.withLock { $0 } }

    func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        attempts.withLock { $0 += 1 }
        return try await next(request)
    }
}
