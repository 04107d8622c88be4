import Foundation
import NetworkingInterceptors
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class AuthTokenInterceptorTests: XCTestCase {
    private let server = ScriptedServer { request, _ in makeExchange(request, status: 200) }

    func testItAttachesTheBearerTokenToRequestsThatRequireAuthentication() async throws {
        let provider = StoredTokenProvider(storage: InMemoryTokenStorage(token: Token(accessToken: "abc")))
        let result = await send(
            makeRequest(), through: [AuthTokenInterceptor(tokenProvider: provider)], transport: server.transport)
        XCTAssertEqual(try result.get().statusCode, 200)
        XCTAssertEqual(server.requests.first?.value(forHTTPHeaderField: "Authorization"), "Bearer abc")
    }

    func testItReadsTheCurrentTokenForEachRequest() async throws {
        let provider = StoredTokenProvider(storage: InMemoryTokenStorage(token: Token(accessToken: "one")))
        let interceptor = AuthTokenInterceptor(tokenProvider: provider)
        _ = await send(makeRequest(), through: [interceptor], transport: server.transport)
        try await provider.setToken(Token(accessToken: "two"))
        _ = await send(makeRequest(), through: [interceptor], transport: server.transport)
        let sent = server.requests.map { $0.value(forHTTPHeaderField: "Authorization") }
        XCTAssertEqual(sent, ["Bearer one", "Bearer two"])
    }

    func testWithoutATokenItFailsAsNotAuthenticatedBeforeSending() async throws {
        let provider = StoredTokenProvider(storage: InMemoryTokenStorage())
        let result = await send(
            makeRequest(), through: [AuthTokenInterceptor(tokenProvider: provider)], transport: server.transport)
        let error = try XCTUnwrap(result.failure())
        XCTAssertTrue(error.isNotAuthenticated)
        XCTAssertEqual(error.underlyingError as? TokenProviderError, .notAuthenticated)
        XCTAssertTrue(error.isAuthenticationFailure)
        XCTAssertEqual(
            error.localizedDescription,
            "Not signed in: no token is stored for a request that requires authentication.")
        XCTAssertEqual(server.count, 0)
    }

    func testRequestsThatDoNotRequireAuthenticationAreSentUntouched() async throws {
        let provider = FailingProvider()
        let signIn = makeRequest("POST", body: Data("{}".utf8))
        let result = await send(
            signIn, options: RequestOptions(requiresAuthentication: false),
            through: [AuthTokenInterceptor(tokenProvider: provider)], transport: server.transport)
        XCTAssertEqual(try result.get().statusCode, 200)
        let sent = try XCTUnwrap(server.requests.first)
        XCTAssertNil(sent.value(forHTTPHeaderField: "Authorization"))
        XCTAssertEqual(sent.allHTTPHeaderFields?.keys.sorted(), signIn.allHTTPHeaderFields?.keys.sorted())
    }

    func testAProviderErrorFailsTheRequestWithThatError() async throws {
        let result = await send(
            makeRequest(), through: [AuthTokenInterceptor(tokenProvider: FailingProvider())],
            transport: server.transport)
        let error = try XCTUnwrap(result.failure())
        XCTAssertEqual(error.underlyingError as? TokenStorageError, FailingProvider.error)
        XCTAssertFalse(error.isNotAuthenticated)
        XCTAssertTrue(error.isAuthenticationFailure)
        XCTAssertEqual(error.hookFailure?.stage, .tokenProvider)
        XCTAssertEqual(error.hookFailure?.hookType, "NetworkingInterceptorsTests.FailingProvider")
        XCTAssertTrue(
            error.localizedDescription.hasPrefix(
                "The token provider NetworkingInterceptorsTests.FailingProvider failed: "),
            error.localizedDescription)
        XCTAssertEqual(server.count, 0)
    }

    func testACustomHeaderAndScheme() async throws {
        let provider = StoredTokenProvider(storage: InMemoryTokenStorage(token: Token(accessToken: "k")))
        let interceptor = AuthTokenInterceptor(tokenProvider: provider, headerName: "X-API-Key", scheme: "")
        _ = await send(makeRequest(), through: [interceptor], transport: server.transport)
        XCTAssertEqual(server.requests.first?.value(forHTTPHeaderField: "X-API-Key"), "k")
        XCTAssertEqual(interceptor.headerValue(for: Token(accessToken: "z")), "z")
    }

    func testATokenThatWouldInjectAHeaderIsRefused() async throws {
        let provider = StoredTokenProvider(storage: InMemoryTokenStorage(token: Token(accessToken: "a\r\nX-Evil: 1")))
        let result = await send(
            makeRequest(), through: [AuthTokenInterceptor(tokenProvider: provider)], transport: server.transport)
        guard case .invalidRequest? = result.failure() else { return XCTFail("expected .invalidRequest") }
        XCTAssertEqual(server.count, 0)
    }
}

/// A provider whose storage is broken.
private struct FailingProvider: TokenProvider {
    static let error = TokenStorageError.keychain(operation: "read", status: -25308)

    func token() async throws -> Token? { throw Self.error }
    func setToken(_ token: Token) async throws { throw Self.error }
    func clear() async throws { throw Self.error }
}
