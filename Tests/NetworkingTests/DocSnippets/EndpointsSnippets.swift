// The code blocks of the DocC article "Endpoints, HTTPClient and environments"
// (Sources/Networking/Networking.docc), compiled here and never run. `AuthEndpoint` is also the
// endpoint of the "Testing your code" article.
import Foundation
import Networking

extension DocModels {
    // Endpoints, "Overview".
    nonisolated struct LoginRequest: Encodable, Sendable {
        let email: String
        let password: String
    }

    enum AuthEndpoint: Endpoint {
        case login(email: String, password: String)
        case currentUser

        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String {
            switch self {
            case .login: "/v1/auth/login"
            case .currentUser: "/v1/users/me"
            }
        }
        var method: HTTPMethod {
            switch self {
            case .login: .post
            case .currentUser: .get
            }
        }
        var body: (any Encodable & Sendable)? {
            guard case .login(let email, let password) = self else { return nil }
            return LoginRequest(email: email, password: password)
        }
        var requiresAuthentication: Bool {  // default true: AuthTokenInterceptor skips the others
            if case .login = self { return false }
            return true
        }
        var shouldPrintLogs: Bool {  // default true: keep the password out of the logs
            if case .login = self { return false }
            return true
        }
    }
}

// Endpoints, "Decode failures as your own error type".
extension DocModels.APIError: DecodableError {
    init(_ error: NetworkingError) { self.init(message: error.localizedDescription) }
}

// Endpoints, "Unwrap an envelope". The names are qualified, and the method renamed, because the
// endpoint tests of this target define an `APIResponse`, an `APIError` and a `sendUnwrapped` of
// their own.
// doc-twin-rename: sendUnwrappedAsDocumented -> sendUnwrapped
// doc-twin-rename: DocModels.APIResponse -> APIResponse
// doc-twin-rename: DocModels.APIError -> APIError
extension DocModels {
    struct APIResponse<T: Decodable>: Decodable {
        let status: String
        let result: T
        let message: String
    }
}

extension HTTPClientProtocol {
    func sendUnwrappedAsDocumented<T: Decodable, R: Endpoint>(_ request: R) async throws -> T {
        let envelope: DocModels.APIResponse<T> = try await send(request)
        guard envelope.status.lowercased() == "success" else { throw DocModels.APIError(message: envelope.message) }
        return envelope.result
    }
}

private enum EndpointsSnippets {
    typealias User = DocModels.User
    typealias NewUser = DocModels.NewUser
    typealias APIError = DocModels.APIError

    typealias AuthEndpoint = DocModels.AuthEndpoint

    // Endpoints, "Send endpoints with HTTPClient".
    static func send() async throws {
        let tokens = StoredTokenProvider(storage: InMemoryTokenStorage())
        let client = HTTPClient(
            configuration: .init(
                cache: ResponseCache(defaultMaxAge: 60),
                interceptors: [AuthTokenInterceptor(tokenProvider: tokens), RetryInterceptor(delay: 0.5)],
                maxRetries: 2))

        // Sign in first: the login endpoint needs no token, and the one it returns goes with every request after it.
        let session: Token = try await client.send(AuthEndpoint.login(email: "ada@example.com", password: "secret"))
        try await tokens.setToken(session)

        let me: User = try await client.send(AuthEndpoint.currentUser)  // throws NetworkingError
        let result: Result<User, NetworkingError> = await client.send(AuthEndpoint.currentUser)
        let handle = client.send(AuthEndpoint.currentUser) { (result: Result<User, NetworkingError>) in print(result) }
        handle.cancel()

        let controller = NetworkingController(client: client)
        let viaController: User = try await controller.request(AuthEndpoint.currentUser)
        _ = (me, result, viaController)
    }

    // Endpoints, "Decode failures as your own error type".
    static func ownErrorType(client: HTTPClient) async {
        do {
            let user: User = try await client.send(AuthEndpoint.currentUser, errorType: APIError.self)
            print(user.name)
        } catch {
            print(error.message)  // decoded from the error body, or made from the NetworkingError
        }
    }

    // Endpoints, "Environments".
    static func environments() {
        let live = HTTPClient(environment: .live)  // sends requests
        let tests = HTTPClient(environment: .test)  // answers with each endpoint's sampleData at once
        let previews = HTTPClient(environment: .preview(delay: .seconds(1)))  // after a delay (.preview: 0.5 s)
        _ = (live, tests, previews)
    }
}
