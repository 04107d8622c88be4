import Foundation
import NetworkingCore
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Request options travel beside the request: every interceptor, replay and observer reads them,
/// and nothing of them reaches the transport.
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
        XCTAssertEqual(RequestOptions.current, RequestOptions(), "outside any request: the defaults")
    }

    func testInterceptorsAndReplaysSeeTheOptionsAndTheTransportSeesNoneOfThem() async throws {
        let seen = Mutex<[(URLRequest, RequestOptions)]>([])
        let transport = ClosureTransport(exchange: { request in
            seen.withLock { $0.append((request, RequestOptions.current)) }
            return HTTPExchange(
                request: request,
                response: HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!,
                body: Data())
        })
        let interceptorSaw = Mutex<[RequestOptions]>([])
        let replaying = ReplayingInterceptor { _, options in interceptorSaw.withLock { $0.append(options) } }
        let options = RequestOptions(requiresAuthentication: false, maxAttempts: 2, printsLogs: false)
        var request = URLRequest(url: url)
        request.setValue("kept", forHTTPHeaderField: "X-Other")
        _ = try await InterceptorChain(interceptors: [replaying], transport: transport).send(request, options: options)
        XCTAssertEqual(interceptorSaw.withLock { $0 }, [options])
        let sent = seen.withLock { $0 }
        XCTAssertEqual(sent.count, 2, "the interceptor replayed once")
        for (request, current) in sent {
            XCTAssertEqual(current, options, "the replay carries the same options")
            XCTAssertEqual(request.allHTTPHeaderFields, ["X-Other": "kept"], "no option reaches the transport")
        }
        XCTAssertEqual(RequestOptions.current, RequestOptions(), "the binding ends with the request")
    }

    func testThePipelineBindsTheOptionsForItsInterceptorsAndTellsObservers() async throws {
        let transportSaw = Mutex<RequestOptions?>(nil)
        let transport = ClosureTransport(exchange: { request in
            transportSaw.withLock { $0 = RequestOptions.current }
            return HTTPExchange(
                request: request,
                response: HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!,
                body: Data())
        })
        let observer = ContextRecorder()
        let pipeline = Pipeline(
            builder: RequestBuilder(baseURL: "https://api.example.test"), transport: transport, observers: [observer])
        let options = RequestOptions(requiresAuthentication: false)
        let result = await pipeline.execute(HTTPRequest(method: .get, path: "/me"), options: options) { _ in () }
        XCTAssertNoThrow(try result.get())
        XCTAssertEqual(transportSaw.withLock { $0 }, options)
        XCTAssertEqual(observer.contexts.map(\.options), [options])
    }
}

/// Records what it saw of the options, then sends the request twice (a replay).
private struct ReplayingInterceptor: HTTPInterceptor {
    let saw: @Sendable (Bool, RequestOptions) -> Void

    func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        saw(true, RequestOptions.current)
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
