import Foundation
import NetworkingInterceptors
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class LegacyInterceptorAdapterTests: XCTestCase {
    func testTheHooksChangeTheRequestAndTheDataAndSeeTheError() async throws {
        let legacy = RecordingInterceptor()
        let server = ScriptedServer { request, _ in makeExchange(request, status: 404, body: "ENCRYPTED:missing") }
        let result = await send(makeRequest(), through: [LegacyInterceptorAdapter(legacy)], transport: server.transport)
        let exchange = try result.get()
        XCTAssertEqual(server.requests.first?.value(forHTTPHeaderField: "Authorization"), "Bearer legacy")
        XCTAssertEqual(String(decoding: exchange.body, as: UTF8.self), "missing", "the data hook ran")
        XCTAssertEqual(legacy.errors.map(\.statusCode), [404])
        let errorBody = legacy.errors.first?.responseMetadata.map { String(decoding: $0.body, as: UTF8.self) }
        XCTAssertEqual(errorBody, "missing")
        XCTAssertEqual(legacy.authentications, 1)
    }

    func testASuccessfulResponseReportsNoError() async throws {
        let legacy = RecordingInterceptor()
        let server = ScriptedServer { request, _ in makeExchange(request, status: 200, body: "ENCRYPTED:{}") }
        let result = await send(makeRequest(), through: [LegacyInterceptorAdapter(legacy)], transport: server.transport)
        XCTAssertEqual(String(decoding: try result.get().body, as: UTF8.self), "{}")
        XCTAssertTrue(legacy.errors.isEmpty)
    }

    func testTransportErrorsReachTheErrorHookAndAreRethrown() async throws {
        let legacy = RecordingInterceptor()
        let server = ScriptedServer { (_, _) throws(NetworkingError) -> HTTPExchange in
            throw .transport(URLError(.timedOut))
        }
        let result = await send(makeRequest(), through: [LegacyInterceptorAdapter(legacy)], transport: server.transport)
        guard case .transport(let error)? = result.failure() else { return XCTFail("expected .transport") }
        XCTAssertEqual(error.code, .timedOut)
        guard case .transport? = legacy.errors.first else { return XCTFail("the error hook must see it") }
    }

    func testNotReachableFailsAsOfflineWithoutSending() async throws {
        let legacy = RecordingInterceptor(state: .notReachable)
        let server = ScriptedServer { request, _ in makeExchange(request, status: 200) }
        let result = await send(makeRequest(), through: [LegacyInterceptorAdapter(legacy)], transport: server.transport)
        guard case .transport(let error)? = result.failure() else { return XCTFail("expected .transport") }
        XCTAssertEqual(error.code, .notConnectedToInternet)
        XCTAssertEqual(server.count, 0)
        XCTAssertEqual(legacy.errors.count, 1)
    }

    func testNotLoggedInFailsAuthenticatedRequestsOnly() async throws {
        let legacy = RecordingInterceptor(state: .notLoggedIn)
        let server = ScriptedServer { request, _ in makeExchange(request, status: 200) }
        let adapter = LegacyInterceptorAdapter(legacy)
        let result = await send(makeRequest(), through: [adapter], transport: server.transport)
        XCTAssertEqual(result.failure()?.isNotAuthenticated, true)
        XCTAssertEqual(server.count, 0)

        let signInResult = await send(
            makeRequest("POST"), options: RequestOptions(requiresAuthentication: false), through: [adapter],
            transport: server.transport)
        XCTAssertEqual(try signInResult.get().statusCode, 200)
        XCTAssertEqual(legacy.authentications, 0, "authenticate() is not called for a public request")
    }

    func testAuthenticateReturningFalseOrThrowingFailsTheRequest() async throws {
        let server = ScriptedServer { request, _ in makeExchange(request, status: 200) }
        let refusing = LegacyInterceptorAdapter(RecordingInterceptor(authenticate: { false }))
        let refused = await send(makeRequest(), through: [refusing], transport: server.transport)
        XCTAssertEqual(refused.failure()?.isNotAuthenticated, true)

        let throwing = LegacyInterceptorAdapter(RecordingInterceptor(authenticate: { throw TestError(name: "sso") }))
        let thrown = await send(makeRequest(), through: [throwing], transport: server.transport)
        XCTAssertEqual(thrown.failure()?.underlyingError as? TestError, TestError(name: "sso"))
        XCTAssertEqual(server.count, 0)
    }

    func testTheDefaultHooksDoNothing() async throws {
        struct Empty: Interceptor {}
        let server = ScriptedServer { request, _ in makeExchange(request, status: 200, body: "body") }
        let request = makeRequest(headers: ["X-Original": "1"])
        let result = await send(request, through: [LegacyInterceptorAdapter(Empty())], transport: server.transport)
        XCTAssertEqual(String(decoding: try result.get().body, as: UTF8.self), "body")
        XCTAssertEqual(server.requests.first?.allHTTPHeaderFields, ["X-Original": "1"])
    }

    func testAnOuterRetryRunsTheHooksAgainForEachAttempt() async throws {
        let legacy = RecordingInterceptor()
        let server = ScriptedServer { request, index in makeExchange(request, status: index == 0 ? 503 : 200) }
        let retry = RetryInterceptor(environment: .init(now: { Date() }, sleep: { _ in }, random: { 0 }))
        _ = await send(makeRequest(), through: [retry, LegacyInterceptorAdapter(legacy)], transport: server.transport)
        XCTAssertEqual(legacy.requestHooks, 2)
        XCTAssertEqual(legacy.errors.map(\.statusCode), [503])
    }
}

/// A seed-style interceptor: adds a header, "decrypts" bodies, records errors.
private final class RecordingInterceptor: Interceptor {
    private struct Log {
        var errors: [NetworkingError] = []
        var authentications = 0
        var requestHooks = 0
    }

    private let log = Mutex(Log())
    private let state: AuthenticationState
    private let authenticateBody: @Sendable () async throws -> Bool

    init(
        state: AuthenticationState = .reachable,
        authenticate: @escaping @Sendable () async throws -> Bool = { true }
    ) {
        self.state = state
        self.authenticateBody = authenticate
    }

    var errors: [NetworkingError] { log.withLock { $0.errors } }
    var authentications: Int { log.withLock { $0.authentications } }
    var requestHooks: Int { log.withLock { $0.requestHooks } }

    var authenticationState: AuthenticationState { state }

    func authenticate() async throws -> Bool {
        log.withLock { $0.authentications += 1 }
        return try await authenticateBody()
    }

    func intercept(_ request: inout URLRequest) {
        log.withLock { $0.requestHooks += 1 }
        request.setValue("Bearer legacy", forHTTPHeaderField: "Authorization")
    }

    func intercept(_ data: inout Data) {
        let prefix = Data("ENCRYPTED:".utf8)
        if data.starts(with: prefix) { data = data.dropFirst(prefix.count) }
    }

    func intercept(_ error: NetworkingError) {
        log.withLock { $0.errors.append(error) }
    }
}
