import Foundation
import Networking
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Shared by the endpoint-layer tests: the two seeds' code as written, httpbin endpoints, helpers.

// MARK: - Seed 002, sections 1–3, as written

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

enum AuthEndpoint: NetworkRequestable {
    case login(email: String, password: String)
    case currentUser

    var baseURL: URL { URL(string: "https://api.repcard.com")! }

    var path: String {
        switch self {
        case .login: return "/v1/auth/login"
        case .currentUser: return "/v1/users/me"
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
    /// Every other endpoint defaults to `true` via the protocol extension.
    var requiresAuthentication: Bool {
        switch self {
        case .login: return false
        case .currentUser: return true
        }
    }
}

struct APIResponse<T: Decodable>: Decodable {
    let statusCode: String
    let status: String
    let result: T
    let message: String
}

/// Placeholder for endpoints whose envelope returns `"result": {}` with no fields.
struct EmptyResult: Decodable, Equatable {}

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
        guard envelope.status.lowercased() == "success" else {
            throw APIError.businessFailure(status: envelope.status, message: envelope.message)
        }
        return envelope.result
    }
}

// MARK: - Seed 003, Quick Example, as written (models added)

struct Post: Codable, Sendable, Equatable {
    let title: String
    let body: String
}

struct User: Decodable, Sendable, Equatable {
    let id: String
    let name: String
}

enum MyEndpoint {
    case getUser(userId: String)
    case updateProfile(name: String, email: String)
    case createPost(threadId: String, post: Post)
}

extension MyEndpoint: Endpoint {
    var baseURL: URL { URL(string: "https://your-api.com/api/v1")! }
    var path: String {
        switch self {
        case .getUser(let userId): "/users/\(userId)"
        case .updateProfile: "/users/me"
        case .createPost: "/posts"
        }
    }
    var method: HttpMethod {
        switch self {
        case .getUser: .get
        case .updateProfile: .put
        case .createPost: .post
        }
    }
    var task: HttpTask {
        switch self {
        case .getUser:
            return .none
        case .updateProfile(let name, let email):
            return .rawBody([
                "user_name": name,
                "email_address": email,
            ])
        case .createPost(let threadId, let post):
            return .encodableBodyAndQuery(
                body: post,
                queryParameters: ["thread": threadId]
            )
        }
    }
}

// MARK: - Helpers

/// A canned JSON response for `InMemoryTransport` stubs.
func jsonResponse(_ json: String, statusCode: Int = 200) -> FakeResponse {
    .data(Data(json.utf8), contentType: "application/json", statusCode: statusCode)
}

/// An observer that keeps what it is told.
final class RecordingObserver: RequestObserver {
    private let state = Mutex<(started: [RequestContext], completed: [RequestCompletion])>(([], []))

    func requestStarted(_ context: RequestContext) { state.withLock { $0.started.append(context) } }
    func requestCompleted(_ completion: RequestCompletion) { state.withLock { $0.completed.append(completion) } }

    var started: [RequestContext] { state.withLock { $0.started } }
    var completed: [RequestCompletion] { state.withLock { $0.completed } }
}

/// A log sink that keeps what it is given.
final class CapturingLogSink: LogSink {
    private let stored = Mutex<[LogRecord]>([])

    func write(_ record: LogRecord) { stored.withLock { $0.append(record) } }

    /// Everything written, as plain text.
    var text: String { stored.withLock { $0 }.map(\.text).joined() }
}

/// An interceptor that counts the requests it sees and stamps a header on them.
final class StampingInterceptor: HTTPInterceptor {
    private let count = Mutex(0)
    let name: String
    let value: String

    init(name: String = "X-Stamp", value: String = "stamped") {
        self.name = name
        self.value = value
    }

    var seen: Int { count.withLock { $0 } }

    func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        count.withLock { $0 += 1 }
        var request = request
        request.setValue(value, forHTTPHeaderField: name)
        return try await next(request)
    }
}

/// httpbin's routes as an endpoint enum.
enum HTTPBinEndpoint: Endpoint {
    case get(query: [String: any Sendable])
    case anything(method: HTTPMethod, task: HTTPTask)
    case status(Int, method: HTTPMethod = .get)
    case bearer
    case delay(seconds: Int, timeout: TimeInterval)
    case headers(quiet: Bool)

    var baseURL: URL { URL(string: HTTPBin.baseURL) ?? URL(fileURLWithPath: "/") }

    var path: String {
        switch self {
        case .get: "/get"
        case .anything: "/anything/endpoint"
        case .status(let code, _): "/status/\(code)"
        case .bearer: "/bearer"
        case .delay(let seconds, _): "/delay/\(seconds)"
        case .headers: "/headers"
        }
    }

    var method: HTTPMethod {
        switch self {
        case .anything(let method, _), .status(_, let method): method
        default: .get
        }
    }

    var task: HTTPTask {
        switch self {
        case .get(let query): .queryParameters(query)
        case .anything(_, let task): task
        default: .none
        }
    }

    var requiresAuthentication: Bool {
        if case .bearer = self { return true }
        return false
    }

    var timeoutInterval: TimeInterval {
        if case .delay(_, let timeout) = self { return timeout }
        return 60
    }

    var shouldPrintLogs: Bool {
        if case .headers(let quiet) = self { return !quiet }
        return true
    }
}

/// What httpbin's `/anything` echoes back.
struct Echo: Decodable, Sendable {
    let method: String
    let url: String
    let args: [String: AnyCodable]
    let headers: [String: String]
    let json: AnyCodable?
    let data: String
    let form: [String: String]
}
