import Foundation
import Networking
import NetworkingTesting
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An error thrown by the user's own code (an interceptor, a token provider, a refresh closure, an
/// `authenticate()` hook, a validator, a mapper, a decoding initializer) fails the request with an
/// error that names that code and the stage it ran at, exposes the thrown error, is not retryable,
/// and never reads as a network failure. A `NetworkingError` and cancellation pass through.
final class HookFailureTests: XCTestCase {
    /// The error the hooks below throw.
    struct SigningError: Error, Equatable, LocalizedError {
        let code: Int
        var errorDescription: String? { "the signing key \(code) is missing" }
    }

    /// Throws before calling `next`, counting its calls.
    final class SigningInterceptor: HTTPInterceptor {
        private let calls = Mutex(0)
        var count: Int { calls.withLock { $0 } }

        func intercept(
            _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
        ) async throws -> HTTPExchange {
            calls.withLock { $0 += 1 }
            throw SigningError(code: 7)
        }
    }

    /// Throws after the response arrived.
    struct AuditingInterceptor: HTTPInterceptor {
        func intercept(
            _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
        ) async throws -> HTTPExchange {
            _ = try await next(request)
            throw SigningError(code: 9)
        }
    }

    /// Throws the error it is given.
    struct ThrowingInterceptor: HTTPInterceptor {
        let error: any Error

        func intercept(
            _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
        ) async throws -> HTTPExchange {
            throw error
        }
    }

    /// A token provider whose store cannot be read (or written).
    struct LockedKeychainProvider: TokenProvider {
        var stored: Token? = nil
        let error: any Error

        func token() async throws -> Token? {
            if let stored { return stored }
            throw error
        }
        func setToken(_ token: Token) async throws { throw error }
        func clear() async throws {}
    }

    /// An endpoint-style interceptor whose `authenticate()` throws.
    struct SingleSignOn: Interceptor {
        func authenticate() async throws -> Bool { throw SigningError(code: 5) }
    }

    /// A model whose mapper rejects the response.
    struct WrappedProfile: Decodable, Sendable, JSONMapper {
        let name: String

        static func map(_ data: Data) throws -> Data { throw SigningError(code: 3) }
    }

    /// A model whose decoding initializer throws an error of its own.
    struct CheckedProfile: Decodable, Sendable {
        let name: String

        init(from decoder: any Decoder) throws { throw SigningError(code: 4) }
    }

    private struct Profile: Endpoint {
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/profile" }
        var method: HTTPMethod { .get }
    }

    private let url = "https://api.example.com/profile"

    private func transport(status: Int = 200) -> InMemoryTransport {
        let transport = InMemoryTransport()
        transport.stub(.get, url, with: jsonResponse(#"{"name": "Ada"}"#, statusCode: status))
        return transport
    }

    private func networking(_ transport: InMemoryTransport, _ interceptors: [any HTTPInterceptor]) async -> Networking {
        let networking = Networking(baseURL: "https://api.example.com", transport: transport)
        await networking.setLogsToStandardError(false)
        await networking.setInterceptors(interceptors)
        return networking
    }

    private func client(_ transport: InMemoryTransport, _ interceptors: [any HTTPInterceptor] = []) -> HTTPClient {
        var logging = LogSettings()
        logging.level = .none
        return HTTPClient(configuration: .init(interceptors: interceptors, logging: logging), transport: transport)
    }

    /// Checks what every hook failure shares, and returns it.
    @discardableResult
    private func assertHookFailure(
        _ error: NetworkingError, stage: HookFailure.Stage, hookType: Any.Type, code: Int, message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> HookFailure {
        let failure = try XCTUnwrap(error.hookFailure, "no hook failure in \(error)", file: file, line: line)
        XCTAssertEqual(failure.stage, stage, file: file, line: line)
        XCTAssertEqual(failure.hookType, String(reflecting: hookType), file: file, line: line)
        XCTAssertFalse(failure.hookType.contains("unknown context"), failure.hookType, file: file, line: line)
        XCTAssertEqual(failure.error as? SigningError, SigningError(code: code), file: file, line: line)
        XCTAssertEqual(error.underlyingError as? SigningError, SigningError(code: code), file: file, line: line)
        XCTAssertEqual(error.localizedDescription, message, file: file, line: line)
        XCTAssertEqual(error.description, message, file: file, line: line)
        XCTAssertFalse(error.localizedDescription.contains("could not be reached"), file: file, line: line)
        XCTAssertFalse(error.isRetryable, file: file, line: line)
        XCTAssertFalse(error.isOffline || error.isTimeout || error.isCancelled, file: file, line: line)
        XCTAssertNil(error.unmatchedRequest, file: file, line: line)
        return failure
    }

    func testAnInterceptorThatThrowsIsNamedWithItsStage() async throws {
        let transport = transport()
        let signing = SigningInterceptor()
        let result: Result<JSONResponse, NetworkingError> = await networking(transport, [signing]).get("/profile")
        let error = try unwrapFailure(result)
        guard case .transport(let urlError) = error else { return XCTFail("expected .transport, got \(error)") }
        XCTAssertEqual(urlError.code, .unknown)
        let failure = try assertHookFailure(
            error, stage: .interceptor, hookType: SigningInterceptor.self, code: 7,
            message: "The interceptor \(String(reflecting: SigningInterceptor.self)) failed: "
                + "the signing key 7 is missing.")
        XCTAssertEqual(failure.hookType, "NetworkingTests.HookFailureTests.SigningInterceptor")
        XCTAssertEqual(failure.stage.name, "interceptor")
        XCTAssertFalse(error.isAuthenticationFailure)
        XCTAssertTrue(transport.requests.isEmpty, "nothing was sent")
    }

    func testAnInterceptorThatThrowsAfterTheResponseIsNamedToo() async throws {
        let transport = transport()
        let result: Result<JSONResponse, NetworkingError> = await networking(transport, [AuditingInterceptor()])
            .get("/profile")
        try assertHookFailure(
            try unwrapFailure(result), stage: .interceptor, hookType: AuditingInterceptor.self, code: 9,
            message: "The interceptor \(String(reflecting: AuditingInterceptor.self)) failed: "
                + "the signing key 9 is missing.")
        XCTAssertEqual(transport.requests.count, 1)
    }

    func testAHookFailureIsNotRetried() async throws {
        let signing = SigningInterceptor()
        let retry = RetryInterceptor(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(1))
        let result: Result<JSONResponse, NetworkingError> = await networking(transport(), [retry, signing])
            .get("/profile")
        XCTAssertEqual(try unwrapFailure(result).hookFailure?.stage, .interceptor)
        XCTAssertEqual(signing.count, 1, "a retry policy does not retry the failure of the user's code")
    }

    func testAThrownErrorWithoutADescriptionIsNamedByItsType() async throws {
        struct Opaque: Error {}
        let result: Result<JSONResponse, NetworkingError> = await networking(
            transport(), [ThrowingInterceptor(error: Opaque())]
        ).get("/profile")
        let error = try unwrapFailure(result)
        XCTAssertTrue(error.underlyingError is Opaque)
        XCTAssertEqual(
            error.localizedDescription,
            "The interceptor \(String(reflecting: ThrowingInterceptor.self)) failed with Opaque: Opaque().")
    }

    func testAPrivateTypeIsNamedWithoutTheRuntimesPlaceholder() async throws {
        let result: Result<JSONResponse, NetworkingError> = await networking(transport(), [HiddenInterceptor()])
            .get("/profile")
        let error = try unwrapFailure(result)
        XCTAssertTrue(String(reflecting: HiddenInterceptor.self).contains("unknown context"))
        XCTAssertEqual(error.hookFailure?.hookType, "NetworkingTests.HiddenInterceptor")
        XCTAssertEqual(
            error.localizedDescription,
            "The interceptor NetworkingTests.HiddenInterceptor failed: the signing key 0 is missing.")
    }

    func testANetworkingErrorACancellationAndAURLErrorPassThroughUnchanged() async throws {
        let metadata = ResponseMetadata(statusCode: 409, headers: [:], body: Data("taken".utf8))
        let refused: Result<JSONResponse, NetworkingError> = await networking(
            transport(), [ThrowingInterceptor(error: NetworkingError.http(HTTPError(metadata: metadata)))]
        ).get("/profile")
        let refusal = try unwrapFailure(refused)
        XCTAssertEqual(refusal.statusCode, 409, "a NetworkingError thrown on purpose is the failure")
        XCTAssertNil(refusal.hookFailure)

        let cancelled: Result<JSONResponse, NetworkingError> = await networking(
            transport(), [ThrowingInterceptor(error: CancellationError())]
        ).get("/profile")
        guard case .failure(.cancelled) = cancelled else { return XCTFail("expected .cancelled, got \(cancelled)") }

        let offline: Result<JSONResponse, NetworkingError> = await networking(
            transport(), [ThrowingInterceptor(error: URLError(.timedOut))]
        ).get("/profile")
        let timeout = try unwrapFailure(offline)
        XCTAssertTrue(timeout.isTimeout, "a URLError is a network failure the interceptor met")
        XCTAssertNil(timeout.hookFailure)
    }

    func testAThrowingTokenProviderIsNamedAsTheTokenProvider() async throws {
        let transport = transport()
        let provider = LockedKeychainProvider(error: SigningError(code: 1))
        let result: Result<JSONResponse, NetworkingError> = await client(
            transport, [AuthTokenInterceptor(tokenProvider: provider)]
        ).send(Profile())
        let error = try unwrapFailure(result)
        try assertHookFailure(
            error, stage: .tokenProvider, hookType: LockedKeychainProvider.self, code: 1,
            message: "The token provider \(String(reflecting: LockedKeychainProvider.self)) failed: "
                + "the signing key 1 is missing.")
        XCTAssertTrue(error.isAuthenticationFailure, "nothing was sent: the request could not be authenticated")
        XCTAssertFalse(error.isNotAuthenticated)
        XCTAssertTrue(transport.requests.isEmpty)
    }

    func testATokenProviderThatSaysNotSignedInStillMatchesTheSeedsCatchClause() async throws {
        let provider = LockedKeychainProvider(error: TokenProviderError.notAuthenticated)
        let client = client(transport(), [AuthTokenInterceptor(tokenProvider: provider)])
        do {
            let _: JSONResponse = try await client.send(Profile())
            XCTFail("expected a failure")
        } catch TokenProviderError.notAuthenticated {
            // The seed's clause.
        } catch {
            XCTFail("not matched by TokenProviderError.notAuthenticated: \(error)")
        }
    }

    func testAThrowingRefreshClosureIsNamedAsTheTokenRefresh() async throws {
        let refresh = AuthRefreshInterceptor { throw SigningError(code: 2) }
        let result: Result<JSONResponse, NetworkingError> = await networking(transport(status: 401), [refresh])
            .get("/profile")
        let error = try unwrapFailure(result)
        try assertHookFailure(
            error, stage: .tokenRefresh, hookType: AuthRefreshInterceptor.self, code: 2,
            message: "The refresh closure of NetworkingInterceptors.AuthRefreshInterceptor failed: "
                + "the signing key 2 is missing.")
        XCTAssertTrue(error.isAuthenticationFailure)
    }

    func testAProviderFailingDuringARefreshIsNamedAsTheTokenProvider() async throws {
        let provider = LockedKeychainProvider(stored: Token(accessToken: "old"), error: SigningError(code: 6))
        let refresh = AuthRefreshInterceptor(tokenProvider: provider) { _ in Token(accessToken: "new") }
        let result: Result<JSONResponse, NetworkingError> = await networking(transport(status: 401), [refresh])
            .get("/profile")
        try assertHookFailure(
            try unwrapFailure(result), stage: .tokenProvider, hookType: LockedKeychainProvider.self, code: 6,
            message: "The token provider \(String(reflecting: LockedKeychainProvider.self)) failed: "
                + "the signing key 6 is missing.")
    }

    func testAThrowingAuthenticateHookIsNamedWithTheInterceptor() async throws {
        let transport = transport()
        let result: Result<JSONResponse, NetworkingError> = await networking(
            transport, [LegacyInterceptorAdapter(SingleSignOn())]
        ).get("/profile")
        try assertHookFailure(
            try unwrapFailure(result), stage: .authentication, hookType: SingleSignOn.self, code: 5,
            message: "The authenticate() hook of \(String(reflecting: SingleSignOn.self)) failed: "
                + "the signing key 5 is missing.")
        XCTAssertTrue(transport.requests.isEmpty)
    }

    func testAThrowingValidatorIsNamedAsTheResponseValidation() async throws {
        let validator = ResponseValidatorInterceptor { _ in throw SigningError(code: 8) }
        let result: Result<JSONResponse, NetworkingError> = await networking(transport(), [validator])
            .get("/profile")
        try assertHookFailure(
            try unwrapFailure(result), stage: .responseValidation, hookType: ResponseValidatorInterceptor.self,
            code: 8,
            message: "The validation closure of NetworkingInterceptors.ResponseValidatorInterceptor failed: "
                + "the signing key 8 is missing.")
    }

    func testAThrowingMapperIsNamedWithTheModelAndKeepsTheResponse() async throws {
        let result: Result<WrappedProfile, NetworkingError> = await client(transport()).send(Profile())
        let error = try unwrapFailure(result)
        guard case .decoding(_, let metadata) = error else { return XCTFail("expected .decoding, got \(error)") }
        XCTAssertEqual(metadata.statusCode, 200)
        XCTAssertEqual(metadata.body, Data(#"{"name": "Ada"}"#.utf8), "the response as it came, before mapping")
        try assertHookFailure(
            error, stage: .responseMapping, hookType: WrappedProfile.self, code: 3,
            message: "The response mapper \(String(reflecting: WrappedProfile.self)).map(_:) failed: "
                + "the signing key 3 is missing.")
    }

    func testAnErrorOfItsOwnFromADecodingInitializerIsNamedWithTheModel() async throws {
        let result: Result<CheckedProfile, NetworkingError> = await networking(transport(), []).get("/profile")
        let error = try unwrapFailure(result)
        guard case .decoding = error else { return XCTFail("expected .decoding, got \(error)") }
        XCTAssertEqual(error.statusCode, 200)
        try assertHookFailure(
            error, stage: .decoding, hookType: CheckedProfile.self, code: 4,
            message: "Decoding \(String(reflecting: CheckedProfile.self)) failed: the signing key 4 is missing.")
    }

    func testTheLogSaysWhichCodeFailed() async throws {
        let sink = CapturingLogSink()
        let networking = await networking(transport(), [SigningInterceptor()])
        await networking.setLogLevel(.failures)
        await networking.setLogSinks([sink])
        let _: Result<JSONResponse, NetworkingError> = await networking.get("/profile")
        XCTAssertTrue(
            sink.text.contains(
                "failed: The interceptor NetworkingTests.HookFailureTests.SigningInterceptor failed: "
                    + "the signing key 7 is missing."),
            sink.text)
        XCTAssertFalse(sink.text.contains("could not be reached"), sink.text)
    }

    func testTheSeedsCatchClausesFallThroughToTheMessage() async {
        let client = client(transport(), [SigningInterceptor()])
        // As the seed's `performLogin` is written: an untyped `throws` between client and `catch`.
        func profile() async throws -> JSONResponse { try await client.send(Profile()) }
        func message() async -> String {
            do {
                _ = try await profile()
                return "Welcome"
            } catch NetworkError.unauthorized {
                return "Invalid email or password."
            } catch NetworkError.noInternetConnection {
                return "You appear to be offline."
            } catch NetworkError.timeout {
                return "The server took too long to respond."
            } catch let error as NetworkError where error.isServerError {
                return "Server error (\(error.statusCode ?? 0))."
            } catch {
                return "Something went wrong: \(error.localizedDescription)"
            }
        }
        let shown = await message()
        XCTAssertEqual(
            shown,
            "Something went wrong: The interceptor NetworkingTests.HookFailureTests.SigningInterceptor failed: "
                + "the signing key 7 is missing.")
    }

    func testAnInterceptorFailingAfterARealResponseIsNamed() async throws {
        try await HTTPBin.requireServer()
        let networking = HTTPBin.client()
        await networking.setLogsToStandardError(false)
        await networking.setInterceptors([AuditingInterceptor()])
        let result: Result<JSONResponse, NetworkingError> = await networking.get("/get")
        try assertHookFailure(
            try unwrapFailure(result), stage: .interceptor, hookType: AuditingInterceptor.self, code: 9,
            message: "The interceptor \(String(reflecting: AuditingInterceptor.self)) failed: "
                + "the signing key 9 is missing.")
    }
}

/// An interceptor whose type is private to this file, which `String(reflecting:)` names with an
/// "(unknown context at $…)" scope.
private struct HiddenInterceptor: HTTPInterceptor {
    func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        throw HookFailureTests.SigningError(code: 0)
    }
}
