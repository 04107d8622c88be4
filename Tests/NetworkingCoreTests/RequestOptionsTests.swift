import Foundation
import NetworkingCore
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Request options travel beside the request, down the interceptor chain: every interceptor that
/// reads them, every replay and every observer gets them, and nothing of them reaches the transport.
final class RequestOptionsTests: XCTestCase {
    private let url = URL(string: "https://api.example.test/me")!

    func testDefaultsAndClamping() {
        let defaults = RequestOptions()
        XCTAssertTrue(defaults.requiresAuthentication)
        XCTAssertNil(defaults.maxAttempts)
        XCTAssertTrue(defaults.printsLogs)
        XCTAssertEqual(RequestOptions(maxAttempts: 0).maxAttempts, 1)
        var options = RequestOptions(maxAttempts: 3)
        options.maxAttempts = -2
        XCTAssertEqual(options.maxAttempts, 1)
    }

    func testInterceptorsAndReplaysSeeTheOptionsAndTheTransportSeesNoneOfThem() async throws {
        let sent = Mutex<[URLRequest]>([])
        let transport = Self.okTransport { request in sent.withLock { $0.append(request) } }
        let outer = OptionsRecorder()
        let inner = OptionsRecorder()
        let options = RequestOptions(requiresAuthentication: false, maxAttempts: 2, printsLogs: false)
        var request = URLRequest(url: url)
        request.setValue("kept", forHTTPHeaderField: "X-Other")
        let chain = InterceptorChain(interceptors: [outer, ReplayingInterceptor(), inner], transport: transport)
        _ = try await chain.send(request, options: options)
        XCTAssertEqual(outer.seen, [options])
        XCTAssertEqual(
            inner.seen, [options, options], "the replay, past an interceptor that reads no options, carries them")
        XCTAssertEqual(sent.withLock { $0 }.count, 2, "the interceptor replayed once")
        for request in sent.withLock({ $0 }) {
            XCTAssertEqual(request.allHTTPHeaderFields, ["X-Other": "kept"], "no option reaches the transport")
        }
    }

    func testAnInterceptorChangesTheOptionsForTheRestOfTheChainOnly() async throws {
        let transport = Self.okTransport { _ in }
        let outer = OptionsRecorder()
        let inner = OptionsRecorder()
        let signIn = RequestOptions(requiresAuthentication: false)
        let chain = InterceptorChain(interceptors: [outer, SetOptions(options: signIn), inner], transport: transport)
        _ = try await chain.send(URLRequest(url: url), options: RequestOptions(printsLogs: false))
        XCTAssertEqual(outer.seen, [RequestOptions(printsLogs: false)])
        XCTAssertEqual(inner.seen, [signIn])
    }

    func testAnOptionsAwareInterceptorCalledWithoutOptionsRunsWithTheDefaults() async throws {
        let recorder = OptionsRecorder()
        let response = HTTPURLResponse(url: url, statusCode: 204, httpVersion: nil, headerFields: nil)!
        let exchange = try await recorder.intercept(URLRequest(url: url)) { request in
            HTTPExchange(request: request, response: response, body: Data())
        }
        XCTAssertEqual(exchange.statusCode, 204)
        XCTAssertEqual(recorder.seen, [RequestOptions()])
    }

    func testThePipelineHandsTheOptionsToItsInterceptorsAndTellsObservers() async throws {
        let recorder = OptionsRecorder()
        let observer = ContextRecorder()
        let pipeline = Pipeline(
            builder: RequestBuilder(baseURL: "https://api.example.test"), interceptors: [recorder],
            transport: Self.okTransport { _ in }, observers: [observer])
        let options = RequestOptions(requiresAuthentication: false)
        let result = await pipeline.send(HTTPRequest(method: .get, path: "/me"), options: options).decoded { _ in () }
        XCTAssertNoThrow(try result.get())
        XCTAssertEqual(recorder.seen, [options])
        XCTAssertEqual(observer.contexts.map(\.options), [options])
    }

    /// A transport answering 200 to everything, telling `sent` each request.
    private static func okTransport(_ sent: @escaping @Sendable (URLRequest) -> Void) -> ClosureTransport {
        ClosureTransport(exchange: { request in
            sent(request)
            return HTTPExchange(
                request: request,
                response: HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!,
                body: Data())
        })
    }
}

/// Records the options it ran with.
private final class OptionsRecorder: OptionsAwareInterceptor {
    private let recorded = Mutex<[RequestOptions]>([])
    var seen: [RequestOptions] { recorded.withLock { $0 } }

    func intercept(
        _ request: URLRequest, options: RequestOptions,
        next: @Sendable (URLRequest, RequestOptions) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        recorded.withLock { $0.append(options) }
        return try await next(request, options)
    }
}

/// Hands the rest of the chain `options`.
private struct SetOptions: OptionsAwareInterceptor {
    let options: RequestOptions

    func intercept(
        _ request: URLRequest, options: RequestOptions,
        next: @Sendable (URLRequest, RequestOptions) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        try await next(request, self.options)
    }
}

/// Reads no options, and sends the request twice (a replay).
private struct ReplayingInterceptor: HTTPInterceptor {
    func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        _ = try await next(request)
        return try await next(request)
    }
}

private final class ContextRecorder: RequestObserver {
    private let recorded = Mutex<[RequestContext]>([])
    var contexts: [RequestContext] { recorded.withLock { $0 } }
    func requestStarted(_ context: RequestContext) { recorded.withLock { $0.append(context) } }
    func requestCompleted(_ completion: RequestCompletion) {}
}
