import Foundation
import Networking
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The interceptors against a real httpbin (`HTTPBIN_BASE_URL`, default `http://127.0.0.1:8080`).
final class InterceptorsIntegrationTests: XCTestCase {
    private let baseURL = ProcessInfo.processInfo.environment["HTTPBIN_BASE_URL"] ?? "http://127.0.0.1:8080"
    private let sleeper = RecordedSleeps()

    override func setUp() async throws {
        try await super.setUp()
        do {
            let url = try XCTUnwrap(URL(string: baseURL + "/get"))
            let exchange = try await URLSessionTransport().send(URLRequest(url: url))
            guard exchange.statusCode == 200 else { throw NetworkingError.http(HTTPError(metadata: exchange.metadata)) }
        } catch {
            XCTFail("httpbin is not reachable at \(baseURL) (\(error)). Start one and set HTTPBIN_BASE_URL.")
            throw error
        }
    }

    /// A retry policy that records its waits instead of sleeping.
    private func retry(
        maxAttempts: Int = 3, methods: Set<HTTPMethod> = HTTPMethod.idempotentMethods, now: Date = Date()
    ) -> RetryInterceptor {
        let sleeper = sleeper
        return RetryInterceptor(
            maxAttempts: maxAttempts, retryableMethods: methods,
            environment: .init(now: { now }, sleep: { try await sleeper.sleep($0) }, random: { 1 }))
    }

    // MARK: - Bearer token

    func testBearerWithAStoredToken() async throws {
        let provider = StoredTokenProvider(storage: InMemoryTokenStorage(token: Token(accessToken: "integration")))
        let networking = HTTPBin.client(baseURL: baseURL)
        await networking.setInterceptors([AuthTokenInterceptor(tokenProvider: provider)])
        let result: Result<BearerEcho, NetworkingError> = await networking.get("/bearer")
        let echo = try result.get()
        XCTAssertTrue(echo.authenticated)
        XCTAssertEqual(echo.token, "integration")
    }

    func testBearerWithoutATokenFailsBeforeAnythingIsSent() async throws {
        let transport = RecordingHTTPBinTransport()
        let networking = Networking(baseURL: baseURL, transport: transport)
        let provider = StoredTokenProvider(storage: InMemoryTokenStorage())
        await networking.setInterceptors([AuthTokenInterceptor(tokenProvider: provider)])
        let result: Result<BearerEcho, NetworkingError> = await networking.get("/bearer")
        XCTAssertEqual(result.failure()?.isNotAuthenticated, true)
        XCTAssertEqual(transport.sent.count, 0)

        // Without the interceptor the same request reaches httpbin, which refuses it.
        await networking.setInterceptors([])
        let refused: Result<BearerEcho, NetworkingError> = await networking.get("/bearer")
        XCTAssertEqual(refused.failure()?.statusCode, 401)
        XCTAssertEqual(transport.sent.count, 1)
    }

    func testAPublicRequestGoesOutWithoutTheTokenAndWithoutTheOptionHeader() async throws {
        let provider = StoredTokenProvider(storage: InMemoryTokenStorage(token: Token(accessToken: "secret")))
        let networking = HTTPBin.client(baseURL: baseURL)
        // Stands in for the endpoint layer, which marks public endpoints.
        let markPublic = MarkPublic()
        await networking.setInterceptors([markPublic, AuthTokenInterceptor(tokenProvider: provider)])
        let publicResult: Result<HeadersEcho, NetworkingError> = await networking.get(
            "/headers", query: [URLQueryItem(name: "public", value: "1")])
        let publicHeaders = try publicResult.get().headers
        XCTAssertNil(publicHeaders["Authorization"])
        XCTAssertFalse(publicHeaders.keys.contains { $0.lowercased().hasPrefix("x-networking") }, "\(publicHeaders)")

        let privateResult: Result<HeadersEcho, NetworkingError> = await networking.get("/headers")
        XCTAssertEqual(try privateResult.get().headers["Authorization"], "Bearer secret")
    }

    // MARK: - Refresh

    func testFiftyConcurrentUnauthorizedRequestsShareExactlyOneRefresh() async throws {
        let transport = RecordingHTTPBinTransport()
        let networking = Networking(baseURL: baseURL, transport: transport)
        // httpbin's /bearer refuses anything that is not "Bearer …": this is the expired credential.
        await networking.setAuthorizationHeader(headerValue: "Token expired")
        let authServer = HTTPBin.client(baseURL: baseURL)
        let refreshes = Counter()
        await networking.setInterceptors([
            AuthRefreshInterceptor {
                refreshes.increment()
                // Hold the refresh until httpbin has refused all 50, so that every one of them waits on it.
                await transport.waitForResponses(status: 401, count: 50)
                let grant: Result<TokenEcho, NetworkingError> = await authServer.post(
                    "/anything/oauth/token", form: ["grant_type": "refresh_token", "access_token": "fresh-1"])
                let token = try grant.get().form["access_token"] ?? ""
                await networking.setAuthorizationHeader(token: token)
                return "Bearer \(token)"
            }
        ])
        let tokens = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    let result: Result<BearerEcho, NetworkingError> = await networking.get("/bearer")
                    return try? result.get().token
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(tokens, Array(repeating: "fresh-1", count: 50))
        XCTAssertEqual(refreshes.value, 1)
        let bearer = transport.sent.filter { $0.path == "/bearer" }
        XCTAssertEqual(bearer.count, 100)
        XCTAssertEqual(bearer.filter { $0.status == 401 }.count, 50)
        XCTAssertTrue(bearer.filter { $0.status == 401 }.allSatisfy { $0.authorization == "Token expired" })
        XCTAssertTrue(bearer.filter { $0.status == 200 }.allSatisfy { $0.authorization == "Bearer fresh-1" })

        // Later requests carry the new credential from the start.
        let later: Result<BearerEcho, NetworkingError> = await networking.get("/bearer")
        XCTAssertEqual(try later.get().token, "fresh-1")
        XCTAssertEqual(transport.sent.filter { $0.path == "/bearer" }.count, 101)
    }

    func testARefreshThatGivesUpLetsTheOriginal401Through() async throws {
        let networking = HTTPBin.client(baseURL: baseURL)
        await networking.setAuthorizationHeader(headerValue: "Token expired")
        await networking.setInterceptors([AuthRefreshInterceptor { nil }])
        let result: Result<BearerEcho, NetworkingError> = await networking.get("/bearer")
        let error = try XCTUnwrap(result.failure())
        XCTAssertEqual(error.statusCode, 401)
        XCTAssertEqual(error.responseMetadata?.header("WWW-Authenticate"), "Bearer")
    }

    // MARK: - Retry

    func testGetIsRetriedOn503AndPostIsNotUnlessOptedIn() async throws {
        let transport = RecordingHTTPBinTransport()
        let networking = Networking(baseURL: baseURL, transport: transport)
        await networking.setInterceptors([retry()])
        let get: Result<Void, NetworkingError> = await networking.get("/status/503")
        XCTAssertEqual(get.failure()?.statusCode, 503)
        XCTAssertEqual(transport.sent.map(\.status), [503, 503, 503])
        XCTAssertEqual(sleeper.waits, [.milliseconds(500), .seconds(1)])

        let post: Result<Void, NetworkingError> = await networking.post("/status/503", body: ["order": "1"])
        XCTAssertEqual(post.failure()?.statusCode, 503)
        XCTAssertEqual(transport.sent.filter { $0.method == "POST" }.count, 1)

        await networking.setInterceptors([retry(methods: ["GET", "HEAD", "PUT", "DELETE", "POST"])])
        let optedIn: Result<Void, NetworkingError> = await networking.post("/status/503", body: ["order": "2"])
        XCTAssertEqual(optedIn.failure()?.statusCode, 503)
        XCTAssertEqual(transport.sent.filter { $0.method == "POST" }.count, 4)
    }

    func testA404IsNotRetriedAndARefusedConnectionIs() async throws {
        let transport = RecordingHTTPBinTransport()
        let networking = Networking(baseURL: baseURL, transport: transport)
        await networking.setInterceptors([retry()])
        let missing: Result<Void, NetworkingError> = await networking.get("/status/404")
        XCTAssertEqual(missing.failure()?.statusCode, 404)
        XCTAssertEqual(transport.sent.count, 1)

        // Nothing listens on port 9: connection refused is transient, so it is retried.
        let closedTransport = RecordingHTTPBinTransport()
        let closed = Networking(baseURL: "http://127.0.0.1:9", transport: closedTransport)
        await closed.setInterceptors([retry()])
        let refused: Result<Void, NetworkingError> = await closed.get("/get")
        guard case .transport(let error)? = refused.failure() else { return XCTFail("expected .transport") }
        XCTAssertEqual(error.code, .cannotConnectToHost)
        XCTAssertEqual(closedTransport.attempts, 3)
    }

    func testRetryAfterFromTheServerIsHonoured() async throws {
        // httpbin cannot send Retry-After with a 503: /response-headers sets any header but always
        // answers 200, and /status/503 sets none. So the header comes from httpbin and only the
        // status line of /response-headers is replaced with 503 on its way back.
        let transport = RecordingHTTPBinTransport(statusOverrides: ["/response-headers": 503])
        let networking = Networking(baseURL: baseURL, transport: transport)
        await networking.setInterceptors([retry(maxAttempts: 2)])
        let seconds: Result<Void, NetworkingError> = await networking.get(
            "/response-headers", query: [URLQueryItem(name: "Retry-After", value: "1")])
        XCTAssertEqual(seconds.failure()?.statusCode, 503)
        XCTAssertEqual(transport.sent.count, 2)
        XCTAssertEqual(sleeper.waits, [.seconds(1)])

        let now = Date(timeIntervalSince1970: 1_781_000_000)  // Tue, 09 Jun 2026 10:13:20 GMT
        await networking.setInterceptors([retry(maxAttempts: 2, now: now)])
        let date: Result<Void, NetworkingError> = await networking.get(
            "/response-headers", query: [URLQueryItem(name: "Retry-After", value: "Tue, 09 Jun 2026 10:13:32 GMT")])
        XCTAssertEqual(date.failure()?.responseMetadata?.header("Retry-After"), "Tue, 09 Jun 2026 10:13:32 GMT")
        XCTAssertEqual(sleeper.waits, [.seconds(1), .seconds(12)])
    }

    func testRetryAfterOnASuccessIsNotAReasonToRetry() async throws {
        let transport = RecordingHTTPBinTransport()
        let networking = Networking(baseURL: baseURL, transport: transport)
        await networking.setInterceptors([retry()])
        let result: Result<Void, NetworkingError> = await networking.get(
            "/response-headers", query: [URLQueryItem(name: "Retry-After", value: "1")])
        XCTAssertNoThrow(try result.get())
        XCTAssertEqual(transport.sent.count, 1)
        XCTAssertEqual(sleeper.waits, [])
    }

    // MARK: - Validation

    func testValidationRejectsHTMLAndPassesJSONAndLeavesErrorsAlone() async throws {
        let networking = HTTPBin.client(baseURL: baseURL)
        await networking.setInterceptors([
            ResponseValidatorInterceptor { exchange in
                let contentType = exchange.header("Content-Type") ?? ""
                return contentType.hasPrefix("application/json")
                    ? .valid : .invalid(reason: "expected JSON, got \(contentType)")
            }
        ])
        let html: Result<String, NetworkingError> = await networking.get("/html")
        guard case .validation(let reason, let metadata)? = html.failure() else {
            return XCTFail("expected .validation")
        }
        XCTAssertEqual(reason, "expected JSON, got text/html; charset=utf-8")
        XCTAssertEqual(metadata.statusCode, 200)
        XCTAssertTrue(String(decoding: metadata.body, as: UTF8.self).contains("Herman Melville"))

        let json: Result<JSONResponse, NetworkingError> = await networking.get("/json")
        XCTAssertEqual(try json.get().statusCode, 200)

        let serverError: Result<Void, NetworkingError> = await networking.get("/status/500")
        guard case .http(let error)? = serverError.failure() else { return XCTFail("expected .http") }
        XCTAssertEqual(error.statusCode, 500)
    }

    // MARK: - Order

    /// The auth server is flaky: the first refresh call gets a 503 from it, the next succeeds.
    private func flakyRefresh(_ calls: Counter) -> AuthRefreshInterceptor {
        let authServer = HTTPBin.client(baseURL: baseURL)
        return AuthRefreshInterceptor {
            let path = calls.increment() == 1 ? "/status/503" : "/anything/oauth/token"
            let grant: Result<TokenEcho, NetworkingError> = await authServer.post(
                path, form: ["access_token": "fresh-2"])
            return "Bearer \(try grant.get().form["access_token"] ?? "")"
        }
    }

    func testRetryAroundRefreshRetriesAFailedRefresh() async throws {
        let transport = RecordingHTTPBinTransport()
        let networking = Networking(baseURL: baseURL, transport: transport)
        await networking.setAuthorizationHeader(headerValue: "Token expired")
        let refreshes = Counter()
        await networking.setInterceptors([retry(), flakyRefresh(refreshes)])
        let result: Result<BearerEcho, NetworkingError> = await networking.get("/bearer")
        // 401 → refresh fails with the auth server's 503 → retry → 401 → refresh again → replay → 200.
        XCTAssertEqual(try result.get().token, "fresh-2")
        XCTAssertEqual(refreshes.value, 2)
        XCTAssertEqual(transport.sent.map(\.status), [401, 401, 200])
        XCTAssertEqual(sleeper.waits.count, 1)
    }

    func testRefreshAroundRetryFailsWithTheRefreshError() async throws {
        let transport = RecordingHTTPBinTransport()
        let networking = Networking(baseURL: baseURL, transport: transport)
        await networking.setAuthorizationHeader(headerValue: "Token expired")
        let refreshes = Counter()
        await networking.setInterceptors([flakyRefresh(refreshes), retry()])
        let result: Result<BearerEcho, NetworkingError> = await networking.get("/bearer")
        // 401 (not retryable, so the inner retry passes it up) → refresh fails with a 503 → the
        // request fails with that error: the retry only ever saw the /bearer exchange.
        let error = try XCTUnwrap(result.failure())
        XCTAssertEqual(error.statusCode, 503)
        XCTAssertEqual(error.responseMetadata?.url?.path, "/status/503")
        XCTAssertEqual(refreshes.value, 1)
        XCTAssertEqual(transport.sent.map(\.status), [401])
    }

    func testRefreshAroundRetryRetriesTheReplay() async throws {
        // The replay after a refresh goes through the inner retry: a 503 there is retried.
        let transport = RecordingHTTPBinTransport()
        let networking = Networking(baseURL: baseURL, transport: transport)
        await networking.setAuthorizationHeader(headerValue: "Token expired")
        let refresh = AuthRefreshInterceptor { "Bearer fresh-3" }
        // /bearer answers 200 to the replay; rewriting the first 200 to 503 stands in for a server
        // that stumbles once after the refresh.
        let stumble = TestInterceptor.stumbleOnce(status: 503)
        await networking.setInterceptors([refresh, retry(), stumble])
        let result: Result<BearerEcho, NetworkingError> = await networking.get("/bearer")
        XCTAssertEqual(try result.get().token, "fresh-3")
        XCTAssertEqual(transport.sent.map(\.status), [401, 200, 200])
        XCTAssertEqual(sleeper.waits.count, 1)

        // With the order reversed, the refresh's replay is not retried: the stumble is the result.
        let reversedTransport = RecordingHTTPBinTransport()
        let reversed = Networking(baseURL: baseURL, transport: reversedTransport)
        await reversed.setAuthorizationHeader(headerValue: "Token expired")
        await reversed.setInterceptors([
            RetryInterceptor(maxAttempts: 1), AuthRefreshInterceptor { "Bearer fresh-3" },
            TestInterceptor.stumbleOnce(status: 503),
        ])
        let stumbled: Result<BearerEcho, NetworkingError> = await reversed.get("/bearer")
        XCTAssertEqual(stumbled.failure()?.statusCode, 503)
    }
}

extension Result {
    fileprivate func failure() -> Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}

/// Stands in for the endpoint layer: marks requests whose query says `public` as needing no
/// credential, for the interceptors after it.
private struct MarkPublic: OptionsAwareInterceptor {
    func intercept(
        _ request: URLRequest, options: RequestOptions,
        next: @Sendable (URLRequest, RequestOptions) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        guard request.url?.query?.contains("public") == true else { return try await next(request, options) }
        var options = options
        options.requiresAuthentication = false
        return try await next(request, options)
    }
}
