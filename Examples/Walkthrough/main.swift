// The endpoint-style API end to end (models, endpoints, a response envelope, a token provider,
// client setup, login and logout, user-facing errors), run against a local httpbin: `make demo`
// starts one and sets HTTPBIN_BASE_URL. httpbin echoes instead of issuing tokens, so
// `HTTPBinStandIn` (below) plays the API's part: it answers login from a fixture and wraps
// httpbin's answers in the envelope.
// Exits with status 1 if any step does not end as expected.
import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where httpbin listens.
enum HTTPBin {
    static let address = ProcessInfo.processInfo.environment["HTTPBIN_BASE_URL"] ?? "http://127.0.0.1:8080"
    static let url = URL(string: address) ?? URL(fileURLWithPath: "/")
}

// MARK: 1. Models

struct LoginRequest: Encodable, Sendable {
    let email: String
    let password: String
}

struct LoginResponse: Decodable, Equatable {
    let accessToken: String
    let refreshToken: String
    let expiresIn: Int  // seconds
    let user: AuthenticatedUser
}

struct AuthenticatedUser: Decodable, Equatable {
    let id: Int
    let email: String
    let name: String
}

// MARK: 2. Endpoints (httpbin's routes in place of the real API's)

enum AuthEndpoint: NetworkRequestable {
    case login(email: String, password: String)
    case currentUser

    var baseURL: URL { HTTPBin.url }

    var path: String {
        switch self {
        case .login: return "/anything/v1/auth/login"
        case .currentUser: return "/bearer"
        }
    }

    var method: HTTPMethod {
        switch self {
        case .login: return .post
        case .currentUser: return .get
        }
    }

    var body: (any Encodable & Sendable)? {
        switch self {
        case .login(let email, let password):
            return LoginRequest(email: email, password: password)
        case .currentUser:
            return nil
        }
    }

    /// Login itself is unauthenticated — the user has no token yet.
    var requiresAuthentication: Bool {
        switch self {
        case .login: return false
        case .currentUser: return true
        }
    }

    /// Credentials never reach a log.
    var shouldPrintLogs: Bool {
        if case .login = self { return false }
        return true
    }
}

// MARK: 3. A response envelope

/// A failure envelope (`"status": "error"`) need not carry a `result` of type `T` (servers send
/// `{}` or `null`), so `result` is decoded strictly only on success.
struct APIResponse<T: Decodable>: Decodable {
    let statusCode: String
    let status: String
    let result: T?
    let message: String

    enum CodingKeys: String, CodingKey {
        case statusCode, status, result, message
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        statusCode = try container.decode(String.self, forKey: .statusCode)
        status = try container.decode(String.self, forKey: .status)
        message = try container.decode(String.self, forKey: .message)
        let succeeded = status.lowercased() == "success"
        result = succeeded ? try container.decode(T.self, forKey: .result) : nil
    }
}

enum APIError: Error, LocalizedError {
    case businessFailure(status: String, message: String)

    var errorDescription: String? {
        if case .businessFailure(_, let message) = self { return message }
        return nil
    }
}

extension DataTransferProtocol {
    /// Sends a request expecting the standard `APIResponse<T>` envelope, validates
    /// that `status == "success"`, and returns just the unwrapped `result`.
    func sendUnwrapped<T: Decodable, R: NetworkRequestable>(_ request: R) async throws -> T {
        let envelope: APIResponse<T> = try await send(request)
        guard envelope.status.lowercased() == "success", let result = envelope.result else {
            throw APIError.businessFailure(status: envelope.status, message: envelope.message)
        }
        return result
    }
}

// MARK: The stand-in for the API

/// Plays the real API's part on top of httpbin. Registered innermost, so retries pass through it.
/// - Login is echoed by `/anything`; the stand-in answers with the fixture below, for the echoed
///   email. Passwords `wrong`, `locked`, `overloaded` and `slow` are sent to `/status/401`, answered
///   with a business failure, sent to `/status/503`, and sent to `/delay/5` with a 1 s timeout.
/// - `/bearer` answers 401 without a bearer token and 200 with one; the stand-in wraps a 200 in
///   the envelope with the fixture's user.
struct HTTPBinStandIn: HTTPInterceptor {
    static let loginFixture = #"""
        {"accessToken": "walkthrough-access", "refreshToken": "walkthrough-refresh", "expiresIn": 3600,
         "user": {"id": 1815, "email": "EMAIL", "name": "Ada Lovelace"}}
        """#

    func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        var request = request
        let path = request.url?.path ?? ""
        if path.hasSuffix("/auth/login") {
            let body = try? JSONDecoder().decode([String: String].self, from: request.httpBody ?? Data())
            switch body?["password"] {
            case "wrong": request.url = HTTPBin.url.appendingPathComponent("status/401")
            case "overloaded": request.url = HTTPBin.url.appendingPathComponent("status/503")
            case "slow":
                request.url = HTTPBin.url.appendingPathComponent("delay/5")
                request.timeoutInterval = 1
            default: break
            }
            let exchange = try await next(request)
            guard exchange.isSuccess, let echo = try? JSONDecoder().decode(Echo.self, from: exchange.body) else {
                return exchange
            }
            if echo.json?["password"] == "locked" {
                return try wrap(exchange, status: "error", result: "{}", message: "Your account is locked.")
            }
            let email = echo.json?["email"] ?? ""
            return try wrap(exchange, result: Self.loginFixture.replacingOccurrences(of: "EMAIL", with: email))
        }
        let exchange = try await next(request)
        guard path == "/bearer", exchange.isSuccess else { return exchange }
        return try wrap(exchange, result: #"{"id": 1815, "email": "ada@example.com", "name": "Ada Lovelace"}"#)
    }

    private struct Echo: Decodable {
        let json: [String: String]?
    }

    private func wrap(
        _ exchange: HTTPExchange, status: String = "success", result: String, message: String = ""
    ) throws -> HTTPExchange {
        let envelope = #"{"statusCode": "200", "status": "\#(status)", "result": \#(result), "message": "\#(message)"}"#
        var exchange = exchange
        exchange.body = Data(envelope.utf8)
        return exchange
    }
}

// MARK: 4. Token provider

#if canImport(Security)
    let appTokenProvider: any TokenProvider = StoredTokenProvider(
        storage: KeychainTokenStorage(service: "com.example.Walkthrough"))
#else
    let appTokenProvider: any TokenProvider = StoredTokenProvider(storage: InMemoryTokenStorage())
#endif

// MARK: 5. Client setup

@MainActor
func makeAuthenticatedClient() -> HTTPClient {
    HTTPClient(
        configuration: .init(
            decoder: JSONDecoder(),
            interceptors: [
                AuthTokenInterceptor(tokenProvider: appTokenProvider),
                // RetryInterceptor decides *which* errors are worth retrying; maxRetries how many
                // times. Login is a POST, so it is never retried.
                RetryInterceptor(delay: 0.5),
                HTTPBinStandIn(),
            ],
            maxRetries: 2
        )
    )
}

// MARK: 6. Login / logout flows

@MainActor
func performLogin(email: String, password: String) async throws -> AuthenticatedUser {
    let client = makeAuthenticatedClient()

    // 1 — exchange credentials for tokens.
    let response: LoginResponse = try await client.sendUnwrapped(
        AuthEndpoint.login(email: email, password: password)
    )

    // 2 — store the access token so the interceptor can find it.
    try await appTokenProvider.setToken(Token(accessToken: response.accessToken))

    // 3 — verify the token works by fetching the current user.
    let me: AuthenticatedUser = try await client.sendUnwrapped(AuthEndpoint.currentUser)
    return me
}

func performLogout() async throws {
    try await appTokenProvider.clear()
}

func isUserSignedIn() async throws -> Bool {
    try await appTokenProvider.hasToken()
}

// MARK: 7. User-facing error handling

@MainActor
func userFacingMessage(_ operation: () async throws -> String) async -> String {
    do {
        return try await operation()
    } catch APIError.businessFailure(_, let message) {
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

@MainActor
func loginWithUserFacingErrors(email: String, password: String) async -> String {
    await userFacingMessage {
        let user = try await performLogin(email: email, password: password)
        return "Welcome, \(user.name)"
    }
}

// MARK: Run

var failures = 0

@MainActor
func check(_ step: String, _ actual: String, _ expected: String) {
    let ok = actual == expected
    if !ok { failures += 1 }
    print("\(ok ? "✓" : "✗") \(step): \(actual)" + (ok ? "" : "  (expected: \(expected))"))
}

check(
    "login", await loginWithUserFacingErrors(email: "ada@example.com", password: "correct horse"),
    "Welcome, Ada Lovelace")
check("signed in", "\((try? await isUserSignedIn()) ?? false)", "true")

let me = await userFacingMessage {
    let user: AuthenticatedUser = try await makeAuthenticatedClient().sendUnwrapped(AuthEndpoint.currentUser)
    return "\(user.name) <\(user.email)>"
}
check("current user", me, "Ada Lovelace <ada@example.com>")

try await performLogout()
check("signed in after logout", "\((try? await isUserSignedIn()) ?? true)", "false")
let afterLogout = await userFacingMessage {
    let user: AuthenticatedUser = try await makeAuthenticatedClient().sendUnwrapped(AuthEndpoint.currentUser)
    return user.name
}
check("current user after logout", afterLogout, "Please sign in to continue.")

check(
    "wrong password", await loginWithUserFacingErrors(email: "ada@example.com", password: "wrong"),
    "Invalid email or password.")
check(
    "locked account", await loginWithUserFacingErrors(email: "ada@example.com", password: "locked"),
    "Your account is locked.")
check(
    "server down", await loginWithUserFacingErrors(email: "ada@example.com", password: "overloaded"),
    "Server error (503). Please try again later.")
check(
    "slow server", await loginWithUserFacingErrors(email: "ada@example.com", password: "slow"),
    "The server took too long to respond. Please try again.")

// Offline: a transport standing in for a device in airplane mode.
let offline = HTTPClient(
    transport: ClosureTransport(exchange: { (_) throws(NetworkingError) -> HTTPExchange in
        throw .transport(URLError(.notConnectedToInternet))
    }))
let offlineMessage = await userFacingMessage {
    let response: LoginResponse = try await offline.sendUnwrapped(AuthEndpoint.login(email: "a", password: "b"))
    return response.user.name
}
check("offline", offlineMessage, "You appear to be offline. Check your connection and try again.")

// Previews: the same endpoints answered from sample data, without a server.
struct PreviewEndpoint: Endpoint {
    var baseURL: URL { HTTPBin.url }
    var path: String { "/v1/users/me" }
    var method: HTTPMethod { .get }
    var sampleData: Data? { Data(#"{"id": 1, "email": "preview@example.com", "name": "Preview User"}"#.utf8) }
}
let preview = HTTPClient(environment: .preview(delay: .milliseconds(100)))
let previewUser = await userFacingMessage {
    let user: AuthenticatedUser = try await preview.send(PreviewEndpoint())
    return user.name
}
check("preview", previewUser, "Preview User")

if failures > 0 {
    print("\(failures) step(s) did not end as expected")
    exit(1)
}
