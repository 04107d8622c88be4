import Foundation
import Networking
import NetworkingTesting
import XCTest

/// Seed 002 end to end on an in-memory API: the envelope extension, token plumbing, client setup
/// (cache, interceptors, retries), login and logout, user-facing errors.
final class EnvelopeTests: XCTestCase {
    private let loginURL = "https://api.repcard.com/v1/auth/login"
    private let meURL = "https://api.repcard.com/v1/users/me"
    private let loginEnvelope = #"""
        {"statusCode": "200", "status": "success", "message": "",
         "result": {"accessToken": "access-1", "refreshToken": "refresh-1", "expiresIn": 3600,
                    "user": {"id": 7, "email": "ada@example.com", "name": "Ada"}}}
        """#
    private let meEnvelope = #"""
        {"statusCode": "200", "status": "success", "message": "",
         "result": {"id": 7, "email": "ada@example.com", "name": "Ada"}}
        """#

    /// Seed 002's client setup (section 5), with a memory-only cache and a retry policy that does not wait.
    private func makeAuthenticatedClient(_ transport: InMemoryTransport, provider: any TokenProvider) -> HTTPClient {
        var logging = LogSettings()
        logging.level = .none
        return HTTPClient(
            configuration: .init(
                decoder: JSONDecoder(),
                cache: ResponseCache(defaultMaxAge: 60, directory: nil),
                interceptors: [
                    AuthTokenInterceptor(tokenProvider: provider),
                    RetryInterceptor(maxAttempts: 3, baseDelay: .zero, maxDelay: .zero),
                ],
                maxRetries: 2,
                logging: logging
            ),
            transport: transport)
    }

    /// Seed 002's `performLogin` (section 6).
    private func performLogin(
        _ client: HTTPClient, provider: any TokenProvider, email: String, password: String
    ) async throws -> AuthenticatedUser {
        let response: LoginResponse = try await client.sendUnwrapped(
            AuthEndpoint.login(email: email, password: password))
        try await provider.setToken(Token(accessToken: response.accessToken))
        let me: AuthenticatedUser = try await client.sendUnwrapped(AuthEndpoint.currentUser)
        return me
    }

    /// Seed 002's step 7, with the server error's code read from the error.
    private func userFacingMessage(_ operation: () async throws -> String) async -> String {
        do {
            return try await operation()
        } catch let APIError.businessFailure(_, message) {
            return message
        } catch NetworkError.notAuthenticated {
            return "Please sign in to continue."
        } catch NetworkError.unauthorized {
            return "Invalid email or password."
        } catch NetworkError.noInternetConnection {
            return "You appear to be offline. Check your connection and try again."
        } catch NetworkError.timeout {
            return "The server took too long to respond. Please try again."
        } catch let error as NetworkError where error.isServerError {
            return "Server error (\(error.statusCode ?? 0)). Please try again later."
        } catch {
            return "Something went wrong: \(error.localizedDescription)"
        }
    }

    func testLoginStoresTheTokenAndAuthenticatesTheNextCall() async throws {
        let transport = InMemoryTransport()
        transport.stub(.post, loginURL, with: jsonResponse(loginEnvelope))
        transport.stub(.get, meURL, with: jsonResponse(meEnvelope))
        let provider = StoredTokenProvider(storage: InMemoryTokenStorage())
        let client = makeAuthenticatedClient(transport, provider: provider)

        let user = try await performLogin(client, provider: provider, email: "ada@example.com", password: "pw")
        XCTAssertEqual(user, AuthenticatedUser(id: 7, email: "ada@example.com", name: "Ada"))
        let signedIn = try await provider.hasToken()
        XCTAssertTrue(signedIn)
        let requests = transport.requests
        XCTAssertEqual(requests.map(\.method), [.post, .get])
        XCTAssertEqual(
            try requests[0].decodeBody([String: String].self), ["email": "ada@example.com", "password": "pw"])
        XCTAssertNil(requests[0].header("Authorization"), "login is sent untouched")
        XCTAssertEqual(requests[1].header("Authorization"), "Bearer access-1")

        // The cache answers the next current-user call (GET, fresh for 60 s).
        let again: AuthenticatedUser = try await client.sendUnwrapped(AuthEndpoint.currentUser)
        XCTAssertEqual(again, user)
        XCTAssertEqual(transport.requests.count, 2)
    }

    func testLogoutThenAnAuthenticatedCallAsksTheUserToSignIn() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, meURL, with: jsonResponse(meEnvelope))
        let provider = StoredTokenProvider(storage: InMemoryTokenStorage(token: Token(accessToken: "old")))
        try await provider.clear()  // performLogout
        let signedIn = try await provider.hasToken()
        XCTAssertFalse(signedIn)
        let client = makeAuthenticatedClient(transport, provider: provider)
        let message = await userFacingMessage {
            let me: AuthenticatedUser = try await client.sendUnwrapped(AuthEndpoint.currentUser)
            return me.name
        }
        XCTAssertEqual(message, "Please sign in to continue.")
        XCTAssertTrue(transport.requests.isEmpty, "nothing is sent without a token")
    }

    func testUserFacingErrors() async {
        let provider = StoredTokenProvider(storage: InMemoryTokenStorage())
        func message(_ response: FakeResponse) async -> String {
            let transport = InMemoryTransport()
            transport.stub(.post, loginURL, with: response)
            transport.stub(.get, meURL, with: jsonResponse(meEnvelope))
            let client = makeAuthenticatedClient(transport, provider: provider)
            return await userFacingMessage {
                let user = try await performLogin(client, provider: provider, email: "a", password: "b")
                return "Welcome, \(user.name)"
            }
        }
        let welcome = await message(jsonResponse(loginEnvelope))
        XCTAssertEqual(welcome, "Welcome, Ada")
        let business = await message(
            jsonResponse(
                #"{"statusCode": "423", "status": "error", "message": "Account locked", "result": {"#
                    + #""accessToken": "", "refreshToken": "", "expiresIn": 0, "#
                    + #""user": {"id": 0, "email": "", "name": ""}}}"#))
        XCTAssertEqual(business, "Account locked")
        let unauthorized = await message(.text("no", statusCode: 401))
        XCTAssertEqual(unauthorized, "Invalid email or password.")
        let offline = await message(.failure(.transport(URLError(.notConnectedToInternet))))
        XCTAssertEqual(offline, "You appear to be offline. Check your connection and try again.")
        let timeout = await message(.failure(.transport(URLError(.timedOut))))
        XCTAssertEqual(timeout, "The server took too long to respond. Please try again.")
        let server = await message(.text("down", statusCode: 502))
        XCTAssertEqual(server, "Server error (502). Please try again later.")
    }

    func testABareTokenProviderErrorMatchesTheNotAuthenticatedPattern() async {
        let message = await userFacingMessage { throw TokenProviderError.notAuthenticated }
        XCTAssertEqual(message, "Please sign in to continue.")
    }

    func testTheEnvelopeExtensionWorksOnTheMockToo() async throws {
        let client = MockHTTPClient()
        client.stub(AuthEndpoint.currentUser, with: Data(meEnvelope.utf8))
        let me: AuthenticatedUser = try await client.sendUnwrapped(AuthEndpoint.currentUser)
        XCTAssertEqual(me.name, "Ada")
    }
}
