// NetworkingCore with NetworkingInterceptors: retries and a token refresh run by a pipeline.
import Check
import Foundation
import NetworkingCore
import NetworkingInterceptors
import Synchronization

/// Counts what the pipeline tells its observers.
final class Completions: RequestObserver {
    private let all = Mutex<[RequestCompletion]>([])
    var last: RequestCompletion? { all.withLock { $0.last } }
    func requestStarted(_ context: RequestContext) {}
    func requestCompleted(_ completion: RequestCompletion) { all.withLock { $0.append(completion) } }
}

let completions = Completions()
let retrying = Pipeline(
    transport: URLSessionTransport(), baseURL: httpbin,
    interceptors: [RetryInterceptor(maxAttempts: 3, baseDelay: .milliseconds(10), maxDelay: .milliseconds(50))],
    observers: [completions])
do {
    _ = try await retrying.send(.get, "/status/503")
    fail("a 503 succeeded")
} catch {
    check(error.statusCode == 503, "the retried request failed with \(error)")
}
check(
    completions.last?.attemptCount == 3,
    "expected 3 attempts, saw \(String(describing: completions.last?.attemptCount))")

// httpbin's /bearer answers 401 without a token; the refresh supplies the header's new value and
// the request is replayed with it.
let refreshing = Pipeline(
    transport: URLSessionTransport(), baseURL: httpbin,
    interceptors: [AuthRefreshInterceptor(refresh: { "Bearer fresh-token" })])
struct Bearer: Decodable, Sendable {
    let authenticated: Bool
    let token: String
}
let bearer: Bearer = try await refreshing.send(.get, "/bearer")
check(bearer.authenticated && bearer.token == "fresh-token", "the refreshed request sent \(bearer)")
passed("CoreAndInterceptors", "three attempts at a 503 and a token refresh through Pipeline")
