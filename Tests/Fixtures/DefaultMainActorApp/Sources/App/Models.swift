// The app's models, declared as an app target declares them: no `nonisolated`, in a target whose
// default isolation is the main actor, so their conformances are isolated to the main actor. The
// README's models (Quick start) and the endpoint enum of the "Endpoints, HTTPClient and environments"
// article; AppTests reaches them with `@testable import App`, as the documentation's tests do.
import Networking

struct User: Codable, Sendable, Equatable {
    let id: Int
    let name: String
}

struct NewUser: Encodable, Sendable {
    let name: String
}

struct APIError: Error, Codable, Sendable {
    let message: String
}

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
}
