import Foundation
import NetworkingInterceptors
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An error a test closure throws.
struct TestError: Error, Equatable {
    let name: String
}

/// A scripted server: records every request the transport receives and answers with `respond`.
final class ScriptedServer: Sendable {
    private let received = Mutex<[URLRequest]>([])
    private let sent = AsyncCounter()
    private let respond: @Sendable (URLRequest, Int) async throws(NetworkingError) -> HTTPExchange

    /// `respond` gets the request and its 0-based index among all requests received.
    init(_ respond: @escaping @Sendable (URLRequest, Int) async throws(NetworkingError) -> HTTPExchange) {
        self.respond = respond
    }

    var transport: ClosureTransport {
        ClosureTransport(exchange: { (request) throws(NetworkingError) -> HTTPExchange in
            let index = self.received.withLock { requests in
                requests.append(request)
                return requests.count - 1
            }
            self.sent.increment()
            return try await self.respond(request, index)
        })
    }

    /// The requests received so far, in order.
    var requests: [URLRequest] { received.withLock { $0 } }

    /// How many requests were received.
    var count: Int { received.withLock { $0.count } }

    /// Suspends until at least `count` requests were received.
    func waitForRequests(_ count: Int) async { await sent.wait(atLeast: count) }
}

/// A counter whose value can be awaited.
final class AsyncCounter: Sendable {
    private struct State {
        var value = 0
        var waiters: [(Int, CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    var value: Int { state.withLock { $0.value } }

    @discardableResult
    func increment() -> Int {
        let (value, ready) = state.withLock { state -> (Int, [CheckedContinuation<Void, Never>]) in
            state.value += 1
            let value = state.value
            let ready = state.waiters.filter { $0.0 <= value }.map(\.1)
            state.waiters.removeAll { $0.0 <= value }
            return (value, ready)
        }
        for waiter in ready { waiter.resume() }
        return value
    }

    func wait(atLeast target: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                if state.value >= target { return true }
                state.waiters.append((target, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }
}

/// A one-shot gate: `wait()` suspends until `open()`.
final class Gate: Sendable {
    private let counter = AsyncCounter()

    func open() { counter.increment() }

    func wait() async { await counter.wait(atLeast: 1) }
}

/// Records the waits a `RetryInterceptor` asks for and returns at once (throwing if cancelled).
final class FakeSleeper: Sendable {
    private let recorded = Mutex<[Duration]>([])

    var sleeps: [Duration] { recorded.withLock { $0 } }

    func sleep(_ duration: Duration) async throws {
        recorded.withLock { $0.append(duration) }
        try Task.checkCancellation()
    }
}

let testURL = URL(string: "https://api.example.test/resource")!

func makeRequest(
    _ method: String = "GET", url: URL = testURL, headers: [String: String] = [:], body: Data? = nil
) -> URLRequest {
    var request = URLRequest(url: url)
    request.httpMethod = method
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    request.httpBody = body
    return request
}

func makeExchange(
    _ request: URLRequest, status: Int, headers: [String: String] = [:], body: String = ""
) -> HTTPExchange {
    let response = HTTPURLResponse(
        url: request.url ?? testURL, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
    return HTTPExchange(request: request, response: response!, body: Data(body.utf8))
}

/// Sends `request` through `interceptors` and `transport`, with `options` beside it.
func send(
    _ request: URLRequest, options: RequestOptions = RequestOptions(), through interceptors: [any HTTPInterceptor],
    transport: any HTTPTransport
) async -> Result<HTTPExchange, NetworkingError> {
    do {
        return .success(
            try await InterceptorChain(interceptors: interceptors, transport: transport).send(request, options: options)
        )
    } catch {
        return .failure(error)
    }
}

extension Result {
    /// The failure, or an XCTest failure and `nil`.
    func failure(file: StaticString = #filePath, line: UInt = #line) -> Failure? {
        guard case .failure(let error) = self else {
            XCTFail("expected a failure, got \(self)", file: file, line: line)
            return nil
        }
        return error
    }
}

/// An interceptor made from a closure, for tests.
struct ClosureInterceptor: HTTPInterceptor {
    let body: @Sendable (URLRequest, @Sendable (URLRequest) async throws -> HTTPExchange) async throws -> HTTPExchange

    init(
        _ body:
            @escaping @Sendable (URLRequest, @Sendable (URLRequest) async throws -> HTTPExchange) async throws ->
            HTTPExchange
    ) {
        self.body = body
    }

    func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        try await body(request, next)
    }
}
