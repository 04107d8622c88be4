import Foundation
import NetworkingInterceptors
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class AuthRefreshInterceptorTests: XCTestCase {
    /// A server that accepts only `Authorization: Bearer new`.
    private func server(acceptedCredential: String = "Bearer new") -> ScriptedServer {
        ScriptedServer { request, _ in
            let accepted = request.value(forHTTPHeaderField: "Authorization") == acceptedCredential
            return makeExchange(request, status: accepted ? 200 : 401, body: accepted ? "ok" : "expired")
        }
    }

    func testRefreshesOnUnauthorizedAndReplaysOnceWithTheNewCredential() async throws {
        let server = server()
        let refreshes = AsyncCounter()
        let interceptor = AuthRefreshInterceptor {
            refreshes.increment()
            return "Bearer new"
        }
        let result = await send(
            makeRequest(headers: ["Authorization": "Bearer old"]), through: [interceptor], transport: server.transport)
        let exchange = try result.get()
        XCTAssertEqual(exchange.statusCode, 200)
        XCTAssertEqual(refreshes.value, 1)
        let sent = server.requests.map { $0.value(forHTTPHeaderField: "Authorization") }
        XCTAssertEqual(sent, ["Bearer old", "Bearer new"])
        XCTAssertEqual(interceptor.currentCredential, "Bearer new")
    }

    func testFiftyConcurrentUnauthorizedRequestsShareOneRefresh() async throws {
        let server = server()
        let refreshes = AsyncCounter()
        let interceptor = AuthRefreshInterceptor {
            refreshes.increment()
            // Hold the refresh until every request has been refused, so they all overlap it.
            await server.waitForRequests(50)
            return "Bearer new"
        }
        let statuses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    let result = await send(
                        makeRequest(headers: ["Authorization": "Bearer old"]), through: [interceptor],
                        transport: server.transport)
                    return (try? result.get().statusCode) ?? -1
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(statuses, Array(repeating: 200, count: 50))
        XCTAssertEqual(refreshes.value, 1)
        XCTAssertEqual(server.count, 100)
        let replays = server.requests.filter { $0.value(forHTTPHeaderField: "Authorization") == "Bearer new" }
        XCTAssertEqual(replays.count, 50)
    }

    func testARequestRefusedWithAReplacedCredentialIsReplayedWithoutANewRefresh() async throws {
        let slowSent = Gate()
        let release = Gate()
        let server = ScriptedServer { request, _ in
            if request.url?.path == "/slow" {
                slowSent.open()
                await release.wait()
            }
            let accepted = request.value(forHTTPHeaderField: "Authorization") == "Bearer new"
            return makeExchange(request, status: accepted ? 200 : 401)
        }
        let refreshes = AsyncCounter()
        let interceptor = AuthRefreshInterceptor {
            refreshes.increment()
            return "Bearer new"
        }
        // The slow request leaves with the old credential and is answered only after another
        // request has been refused, refreshed and replayed.
        let slowURL = URL(string: "https://api.example.test/slow")!
        async let slow = send(
            makeRequest(url: slowURL, headers: ["Authorization": "Bearer old"]), through: [interceptor],
            transport: server.transport)
        await slowSent.wait()
        let fast = await send(
            makeRequest(headers: ["Authorization": "Bearer old"]), through: [interceptor], transport: server.transport)
        XCTAssertEqual(try fast.get().statusCode, 200)
        XCTAssertEqual(refreshes.value, 1)
        release.open()
        let slowResult = await slow
        XCTAssertEqual(try slowResult.get().statusCode, 200)
        XCTAssertEqual(refreshes.value, 1, "a stale request must be replayed with the current credential, not refresh")
        let slowReplay = server.requests.last { $0.url?.path == "/slow" }
        XCTAssertEqual(slowReplay?.value(forHTTPHeaderField: "Authorization"), "Bearer new")
    }

    func testARequestOutWhenARefreshFailedFailsWithItAndALaterOneRefreshesAgain() async throws {
        // The request marked "late" is held at the server until the first refresh has failed; its
        // 401 then arrives with no refresh in flight.
        let held = Gate()
        let server = ScriptedServer { request, _ in
            if request.value(forHTTPHeaderField: "X-Late") != nil { await held.wait() }
            let accepted = request.value(forHTTPHeaderField: "Authorization") == "Bearer new"
            return makeExchange(request, status: accepted ? 200 : 401)
        }
        let refreshes = AsyncCounter()
        let interceptor = AuthRefreshInterceptor {
            if refreshes.increment() == 1 { throw TestError(name: "auth server down") }
            return "Bearer new"
        }
        let late = Task {
            await send(
                makeRequest(headers: ["Authorization": "Bearer old", "X-Late": "1"]), through: [interceptor],
                transport: server.transport)
        }
        await server.waitForRequests(1)
        let first = await send(
            makeRequest(headers: ["Authorization": "Bearer old"]), through: [interceptor], transport: server.transport)
        XCTAssertEqual(first.failure()?.underlyingError as? TestError, TestError(name: "auth server down"))
        held.open()
        let lateError = await late.value.failure()
        XCTAssertEqual(lateError?.underlyingError as? TestError, TestError(name: "auth server down"))
        XCTAssertEqual(refreshes.value, 1, "a request out during the failed refresh does not start another")
        XCTAssertEqual(server.count, 2, "nothing is replayed after a failed refresh")

        let next = await send(
            makeRequest(headers: ["Authorization": "Bearer old"]), through: [interceptor], transport: server.transport)
        XCTAssertEqual(try next.get().statusCode, 200)
        XCTAssertEqual(refreshes.value, 2)
    }

    func testARequestAboutToLeaveWithAReplacedCredentialIsSentWithTheCurrentOne() async throws {
        let server = server()
        let interceptor = AuthRefreshInterceptor { "Bearer new" }
        let old = makeRequest(headers: ["Authorization": "Bearer old"])
        _ = await send(old, through: [interceptor], transport: server.transport)
        XCTAssertEqual(server.count, 2)
        let result = await send(old, through: [interceptor], transport: server.transport)
        XCTAssertEqual(try result.get().statusCode, 200)
        XCTAssertEqual(server.count, 3, "the second request must not earn a 401 first")
    }

    func testAFailedRefreshFailsEveryWaiterAndTheNextRefusalRefreshesAgain() async throws {
        let server = server()
        let refreshes = AsyncCounter()
        let interceptor = AuthRefreshInterceptor {
            if refreshes.increment() == 1 {
                await server.waitForRequests(5)
                throw TestError(name: "auth server down")
            }
            return "Bearer new"
        }
        let errors = await withTaskGroup(of: NetworkingError?.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    let result = await send(
                        makeRequest(headers: ["Authorization": "Bearer old"]), through: [interceptor],
                        transport: server.transport)
                    guard case .failure(let error) = result else { return nil }
                    return error
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(errors.count, 5)
        for error in errors {
            XCTAssertEqual(error?.underlyingError as? TestError, TestError(name: "auth server down"))
            XCTAssertEqual(error?.isAuthenticationFailure, true)
            let message = error?.localizedDescription ?? ""
            XCTAssertEqual(error?.hookFailure?.stage, .tokenRefresh)
            XCTAssertTrue(
                message.hasPrefix("The refresh closure of NetworkingInterceptors.AuthRefreshInterceptor failed"),
                message)
        }
        XCTAssertEqual(refreshes.value, 1)
        XCTAssertEqual(server.count, 5, "nothing is replayed after a failed refresh")

        let next = await send(
            makeRequest(headers: ["Authorization": "Bearer old"]), through: [interceptor], transport: server.transport)
        XCTAssertEqual(try next.get().statusCode, 200)
        XCTAssertEqual(refreshes.value, 2)
    }

    func testARefreshThrowingANetworkingErrorKeepsItsCategory() async throws {
        let server = server()
        let interceptor = AuthRefreshInterceptor { throw NetworkingError.transport(URLError(.timedOut)) }
        let result = await send(
            makeRequest(headers: ["Authorization": "Bearer old"]), through: [interceptor], transport: server.transport)
        guard case .transport(let error)? = result.failure() else { return XCTFail("expected .transport") }
        XCTAssertEqual(error.code, .timedOut)
    }

    func testARefreshThatFindsNobodySignedInFailsAsNotSignedIn() async throws {
        let server = server()
        let interceptor = AuthRefreshInterceptor { throw TokenProviderError.notAuthenticated }
        let result = await send(
            makeRequest(headers: ["Authorization": "Bearer old"]), through: [interceptor], transport: server.transport)
        let error = try XCTUnwrap(result.failure())
        XCTAssertTrue(error.isNotAuthenticated)
        XCTAssertEqual(
            error.localizedDescription,
            "Not signed in: no token is stored for a request that requires authentication.")
        XCTAssertFalse(error.localizedDescription.contains("TokenProviderError"))
    }

    func testNilGivesUpAndReturnsTheOriginalResponse() async throws {
        let server = server()
        let interceptor = AuthRefreshInterceptor { nil }
        let result = await send(
            makeRequest(headers: ["Authorization": "Bearer old"]), through: [interceptor], transport: server.transport)
        let exchange = try result.get()
        XCTAssertEqual(exchange.statusCode, 401)
        XCTAssertEqual(String(decoding: exchange.body, as: UTF8.self), "expired")
        XCTAssertEqual(server.count, 1)
        XCTAssertNil(interceptor.currentCredential)
    }

    func testAPipelineTurnsTheGivenUpResponseIntoHTTPError() async throws {
        let server = server()
        let pipeline = Pipeline(
            builder: RequestBuilder(
                baseURL: "https://api.example.test", defaultHeaders: ["Authorization": "Bearer old"]),
            interceptors: [AuthRefreshInterceptor { nil }], transport: server.transport)
        let result = await pipeline.send(HTTPRequest(method: .get, path: "/me")).decoded { _ in () }
        XCTAssertEqual(result.failure()?.statusCode, 401)
    }

    func testTheReplayHappensOnlyOnce() async throws {
        let server = server(acceptedCredential: "nothing is accepted")
        let refreshes = AsyncCounter()
        let interceptor = AuthRefreshInterceptor {
            refreshes.increment()
            return "Bearer new"
        }
        let result = await send(
            makeRequest(headers: ["Authorization": "Bearer old"]), through: [interceptor], transport: server.transport)
        XCTAssertEqual(try result.get().statusCode, 401)
        XCTAssertEqual(server.count, 2)
        XCTAssertEqual(refreshes.value, 1)
    }

    func testForbiddenRefreshesButOtherStatusesDoNot() async throws {
        for (status, expectedRefreshes) in [(403, 1), (404, 0), (500, 0), (200, 0)] {
            let refreshes = AsyncCounter()
            let server = ScriptedServer { request, index in makeExchange(request, status: index == 0 ? status : 200) }
            let interceptor = AuthRefreshInterceptor {
                refreshes.increment()
                return "Bearer new"
            }
            _ = await send(
                makeRequest(headers: ["Authorization": "Bearer old"]), through: [interceptor],
                transport: server.transport)
            XCTAssertEqual(refreshes.value, expectedRefreshes, "status \(status)")
        }
    }

    func testACustomHeaderName() async throws {
        let server = ScriptedServer { request, _ in
            makeExchange(request, status: request.value(forHTTPHeaderField: "X-API-Key") == "key-2" ? 200 : 401)
        }
        let interceptor = AuthRefreshInterceptor(headerName: "X-API-Key") { "key-2" }
        let result = await send(
            makeRequest(headers: ["X-API-Key": "key-1"]), through: [interceptor], transport: server.transport)
        XCTAssertEqual(try result.get().statusCode, 200)
        XCTAssertEqual(server.requests.last?.value(forHTTPHeaderField: "X-API-Key"), "key-2")
        XCTAssertNil(server.requests.last?.value(forHTTPHeaderField: "Authorization"))
    }

    func testRequestsThatDoNotRequireAuthenticationAreLeftAlone() async throws {
        let server = server()
        let refreshes = AsyncCounter()
        let interceptor = AuthRefreshInterceptor {
            refreshes.increment()
            return "Bearer new"
        }
        let signIn = makeRequest("POST", body: Data("{\"password\":\"wrong\"}".utf8))
        let result = await send(
            signIn, options: RequestOptions(requiresAuthentication: false), through: [interceptor],
            transport: server.transport)
        XCTAssertEqual(try result.get().statusCode, 401)
        XCTAssertEqual(refreshes.value, 0)
    }

    func testABodyThatCannotBeReplayedIsNotReplayed() async throws {
        let server = server()
        let refreshes = AsyncCounter()
        let interceptor = AuthRefreshInterceptor {
            refreshes.increment()
            return "Bearer new"
        }
        var request = makeRequest("POST", headers: ["Authorization": "Bearer old"])
        request.httpBodyStream = InputStream(data: Data("once".utf8))
        let result = await send(request, through: [interceptor], transport: server.transport)
        XCTAssertEqual(try result.get().statusCode, 401)
        XCTAssertEqual(refreshes.value, 0)
        XCTAssertEqual(server.count, 1)
    }

    func testCancellingTheRequestThatStartedTheRefreshEndsItAloneAndTheRefreshCarriesOn() async throws {
        let server = server()
        let refreshStarted = Gate()
        let finishRefresh = Gate()
        let refreshWasCancelled = Mutex<Bool?>(nil)
        let interceptor = AuthRefreshInterceptor {
            refreshStarted.open()
            await finishRefresh.wait()
            refreshWasCancelled.withLock { $0 = Task.isCancelled }
            return "Bearer new"
        }
        let request = makeRequest(headers: ["Authorization": "Bearer old"])
        let leader = Task { await send(request, through: [interceptor], transport: server.transport) }
        await refreshStarted.wait()
        let follower = Task { await send(request, through: [interceptor], transport: server.transport) }
        await server.waitForRequests(2)
        leader.cancel()
        guard case .cancelled? = await leader.value.failure() else { return XCTFail("expected .cancelled") }
        finishRefresh.open()
        let followerResult = await follower.value
        XCTAssertEqual(try followerResult.get().statusCode, 200)
        XCTAssertEqual(refreshWasCancelled.withLock { $0 }, false)
    }

    func testARefreshReturningAnInjectedHeaderValueFailsAsInvalidRequest() async throws {
        let server = server()
        let interceptor = AuthRefreshInterceptor { "Bearer new\r\nX-Evil: 1" }
        let result = await send(
            makeRequest(headers: ["Authorization": "Bearer old"]), through: [interceptor], transport: server.transport)
        guard case .invalidRequest? = result.failure() else { return XCTFail("expected .invalidRequest") }
        XCTAssertEqual(server.count, 1)
    }

    func testTheTokenProviderFormStoresTheRefreshedTokenAndReplaysWithIt() async throws {
        let server = server()
        let provider = StoredTokenProvider(
            storage: InMemoryTokenStorage(token: Token(accessToken: "old", refreshToken: "refresh-1")))
        let seenRefreshToken = Mutex<String?>(nil)
        let refresh = AuthRefreshInterceptor(tokenProvider: provider) { stored in
            seenRefreshToken.withLock { $0 = stored.refreshToken }
            return Token(accessToken: "new", refreshToken: "refresh-2")
        }
        let result = await send(
            makeRequest(), through: [AuthTokenInterceptor(tokenProvider: provider), refresh],
            transport: server.transport)
        XCTAssertEqual(try result.get().statusCode, 200)
        XCTAssertEqual(seenRefreshToken.withLock { $0 }, "refresh-1")
        let stored = try await provider.token()
        XCTAssertEqual(stored, Token(accessToken: "new", refreshToken: "refresh-2"))
    }
}
