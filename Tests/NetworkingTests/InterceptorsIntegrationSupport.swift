import Foundation
import Networking
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The doubles and echoes of InterceptorsIntegrationTests.

struct BearerEcho: Decodable, Sendable {
    let authenticated: Bool
    let token: String
}

struct HeadersEcho: Decodable, Sendable {
    let headers: [String: String]
}

struct TokenEcho: Decodable, Sendable {
    let form: [String: String]
}

/// Sends through a real `URLSessionTransport` and records what was sent and what came back.
final class RecordingHTTPBinTransport: HTTPTransport {
    struct Sent: Sendable {
        let method: String
        let path: String
        let authorization: String?
        let status: Int?
    }

    private struct State {
        var sent: [Sent] = []
        var attempts = 0
        var waiters: [(status: Int, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let inner = TestTransport.make()
    private let state = Mutex(State())
    private let statusOverrides: [String: Int]

    /// `statusOverrides` replaces the status of responses to these paths (headers and body kept).
    init(statusOverrides: [String: Int] = [:]) {
        self.statusOverrides = statusOverrides
    }

    /// The requests that got a response, in the order they did.
    var sent: [Sent] { state.withLock { $0.sent } }

    /// Every request handed to the transport, answered or not.
    var attempts: Int { state.withLock { $0.attempts } }
    func send(_ transportRequest: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        TransportResponse(try await answer(try await transportRequest.collectingBody()))
    }

    func answer(_ request: URLRequest) async throws(NetworkingError) -> HTTPExchange {
        state.withLock { $0.attempts += 1 }
        var exchange = try await inner.send(request)
        let path = request.url?.path ?? ""
        if let status = statusOverrides[path], let url = exchange.response.url,
            let response = HTTPURLResponse(
                url: url, statusCode: status, httpVersion: "HTTP/1.1",
                headerFields: exchange.response.allHeaderFields as? [String: String])
        {
            exchange.response = response
        }
        let entry = Sent(
            method: request.httpMethod ?? "GET", path: path,
            authorization: request.value(forHTTPHeaderField: "Authorization"), status: exchange.statusCode)
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.sent.append(entry)
            let counts = Dictionary(grouping: state.sent, by: \.status).mapValues(\.count)
            let ready = state.waiters.filter { (counts[$0.status] ?? 0) >= $0.count }
            state.waiters.removeAll { (counts[$0.status] ?? 0) >= $0.count }
            return ready.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
        return exchange
    }

    /// Suspends until `count` responses with `status` have come back.
    func waitForResponses(status: Int, count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                if state.sent.filter({ $0.status == status }).count >= count { return true }
                state.waiters.append((status, count, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }
}

/// Records the waits a `RetryInterceptor` asks for and returns at once.
final class RecordedSleeps: Sendable {
    private let recorded = Mutex<[Duration]>([])

    var waits: [Duration] { recorded.withLock { $0 } }

    func sleep(_ duration: Duration) async throws {
        recorded.withLock { $0.append(duration) }
        try Task.checkCancellation()
    }
}

final class Counter: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    @discardableResult
    func increment() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }
}

struct TestInterceptor: HTTPInterceptor {
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

    /// Replaces the status of the first 2xx response with `status`.
    static func stumbleOnce(status: Int) -> TestInterceptor {
        let stumbled = Mutex(false)
        return TestInterceptor { request, next in
            var exchange = try await next(request)
            guard exchange.isSuccess, !stumbled.withLock({ $0 }), let url = exchange.response.url,
                let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil)
            else { return exchange }
            stumbled.withLock { $0 = true }
            exchange.response = response
            return exchange
        }
    }
}
