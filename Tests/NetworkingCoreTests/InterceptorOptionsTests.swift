import Foundation
import NetworkingCore
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class InterceptorOptionsTests: XCTestCase {
    private let url = URL(string: "https://api.example.test/x")!

    func testARequestRequiresAuthenticationUnlessMarkedOtherwise() {
        var request = URLRequest(url: url)
        XCTAssertTrue(request.requiresAuthentication)
        request.requiresAuthentication = false
        XCTAssertFalse(request.requiresAuthentication)
        XCTAssertEqual(request.value(forHTTPHeaderField: "x-networking-requires-auth"), "false")
        request.requiresAuthentication = true
        XCTAssertNil(request.value(forHTTPHeaderField: URLRequest.requiresAuthenticationHeader))
        request.setValue(" FALSE ", forHTTPHeaderField: URLRequest.requiresAuthenticationHeader)
        XCTAssertFalse(request.requiresAuthentication)
        request.setValue("true", forHTTPHeaderField: URLRequest.requiresAuthenticationHeader)
        XCTAssertTrue(request.requiresAuthentication)
    }

    func testOptionHeadersAreFoundAndRemovedWhateverTheCaseOfTheirNames() {
        var request = URLRequest(url: url)
        request.allHTTPHeaderFields = [
            "x-NETWORKING-requires-AUTH": "false", "X-NETWORKING-MAX-ATTEMPTS": "3", "x-networking-print-logs": "false",
            "Accept": "application/json",
        ]
        XCTAssertFalse(request.requiresAuthentication)
        XCTAssertEqual(request.maxAttempts, 3)
        XCTAssertFalse(request.shouldPrintLogs)
        let sent = request.removingInterceptorOptions()
        XCTAssertEqual(sent.allHTTPHeaderFields?.keys.map { $0.lowercased() }, ["accept"])
        XCTAssertTrue(sent.requiresAuthentication)
        XCTAssertNil(sent.maxAttempts)
    }

    func testTheAttemptBudget() {
        var request = URLRequest(url: url)
        XCTAssertNil(request.maxAttempts)
        request.maxAttempts = 4
        XCTAssertEqual(request.maxAttempts, 4)
        request.maxAttempts = 0
        XCTAssertEqual(request.maxAttempts, 1)
        request.setValue("many", forHTTPHeaderField: URLRequest.maxAttemptsHeader)
        XCTAssertNil(request.maxAttempts)
        request.maxAttempts = nil
        XCTAssertNil(request.value(forHTTPHeaderField: URLRequest.maxAttemptsHeader))
    }

    func testTheChainRemovesOptionHeadersBeforeTheTransportWithOrWithoutInterceptors() async throws {
        let seen = Mutex<[URLRequest]>([])
        let transport = ClosureTransport { request in
            seen.withLock { $0.append(request) }
            return HTTPExchange(
                request: request,
                response: HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!,
                body: Data())
        }
        var request = URLRequest(url: url)
        request.requiresAuthentication = false
        request.maxAttempts = 2
        request.setValue("kept", forHTTPHeaderField: "X-Other")
        let interceptorSaw = Mutex<Bool?>(nil)
        let observer = OptionObserver { request in interceptorSaw.withLock { $0 = !request.requiresAuthentication } }
        let bare = try await InterceptorChain(interceptors: [], transport: transport).send(request)
        let wrapped = try await InterceptorChain(interceptors: [observer], transport: transport).send(request)
        for sent in seen.withLock({ $0 }) + [bare.request, wrapped.request] {
            XCTAssertNil(sent.value(forHTTPHeaderField: URLRequest.requiresAuthenticationHeader))
            XCTAssertNil(sent.value(forHTTPHeaderField: URLRequest.maxAttemptsHeader))
            XCTAssertEqual(sent.value(forHTTPHeaderField: "X-Other"), "kept")
        }
        XCTAssertEqual(interceptorSaw.withLock { $0 }, true, "interceptors see the options")
    }

    func testRemovingOptionsFromARequestWithoutThemChangesNothing() {
        var request = URLRequest(url: url)
        request.setValue("1", forHTTPHeaderField: "A")
        XCTAssertEqual(request.removingInterceptorOptions(), request)
        XCTAssertEqual(URLRequest(url: url).removingInterceptorOptions(), URLRequest(url: url))
    }
}

private struct OptionObserver: HTTPInterceptor {
    let saw: @Sendable (URLRequest) -> Void

    init(_ saw: @escaping @Sendable (URLRequest) -> Void) { self.saw = saw }

    func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        saw(request)
        return try await next(request)
    }
}
