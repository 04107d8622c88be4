// The code of the two endpoint-style READMEs this package also implements (the `NetworkRequestable`
// walkthrough, sections 4–7, and the `Endpoint` enum usage) kept as written, so that a user who
// follows them keeps compiling. Sections 1–3 of the first and the second's Quick Example are in
// EndpointFixtures.swift. Never run (their hosts are examples): the behaviour is tested by the
// other endpoint suites. Each change from those READMEs is marked `// Changed:`.
import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private enum Seed002 {
    // 4. Token provider
    static let appTokenProvider: any TokenProvider = StoredTokenProvider(
        storage: KeychainTokenStorage(service: "com.myrepcard.RepCard")
    )

    // 5. Client setup
    @MainActor
    static func makeAuthenticatedClient() -> HTTPClient {
        HTTPClient(
            configuration: .init(
                decoder: JSONDecoder(),
                // Disk path is automatically scoped to the host app's bundle identifier,
                // so two apps sharing this library never collide on disk.
                cache: ResponseCache(defaultMaxAge: 60),
                interceptors: [
                    AuthTokenInterceptor(tokenProvider: appTokenProvider),
                    // RetryInterceptor decides *which* errors are worth retrying.
                    // The retry budget (how many times) is controlled by maxRetries below —
                    // keeping the count in one place avoids silent min(a, b) surprises.
                    RetryInterceptor(delay: 0.5),
                ],
                maxRetries: 2
            )
        )
    }

    // 6. Login / logout flows
    @MainActor
    static func performLogin(email: String, password: String) async throws -> AuthenticatedUser {
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

    static func performLogout() async throws {
        try await appTokenProvider.clear()
    }

    static func isUserSignedIn() async throws -> Bool {
        try await appTokenProvider.hasToken()
    }

    // 7. User-facing error handling
    @MainActor
    static func loginWithUserFacingErrors(email: String, password: String) async -> String {
        do {
            let user = try await performLogin(email: email, password: password)
            return "Welcome, \(user.name)"
        } catch let APIError.businessFailure(_, message) {
            return message
        } catch TokenProviderError.notAuthenticated {
            return "Please sign in to continue."
        } catch NetworkError.unauthorized {
            return "Invalid email or password."
        } catch NetworkError.noInternetConnection {
            return "You appear to be offline. Check your connection and try again."
        } catch NetworkError.timeout {
            return "The server took too long to respond. Please try again."
        } catch let error as NetworkError where error.isServerError {  // Changed: the cases are closed.
            return "Server error (\(error.statusCode ?? 0)). Please try again later."
        } catch {
            return "Something went wrong: \(error.localizedDescription)"
        }
    }
}

private enum Seed003 {
    struct MyInterceptor: Interceptor {  // Changed: a Sendable struct, not a class.
        var authenticationState: AuthenticationState { .reachable }

        func authenticate() async throws -> Bool {
            // Your authentication logic
            return true
        }

        func intercept(_ request: inout URLRequest) {
            // Add headers, tokens, etc.
            request.addValue("Bearer token", forHTTPHeaderField: "Authorization")
        }

        func intercept(_ data: inout Data) {
            // Process response data before decoding
        }

        func intercept(_ error: DecodableError) {
            // Handle or process errors
            // Example: refresh token on 401, log errors
        }
    }

    struct MappedUser: Decodable, JsonMapper {
        let id: String
        let name: String

        static func map(_ data: Data) -> Data {
            // Transform response data if needed
            return data
        }
    }

    enum SensitiveEndpoint: Endpoint {
        case getUser
        case updateProfile
        case createPost
        case sensitiveData

        var baseURL: URL { URL(string: "https://your-api.com/api/v1")! }
        var path: String { "/x" }
        var method: HttpMethod { .get }
        var task: HttpTask { .none }

        var retryCount: Int {
            switch self {
            case .getUser: 2  // Allow two retries (3 attempts total)
            case .updateProfile: 0  // No retries
            case .createPost: 1  // One retry (2 attempts total)
            case .sensitiveData: 0
            }
        }

        var shouldPrintLogs: Bool {
            switch self {
            case .sensitiveData: false
            default: true
            }
        }
    }

    static func usage() async {
        // Making requests
        let quick = NetworkingController()
        do {
            // Changed: the endpoint's type is named; Swift infers no implicit member through a generic.
            let user: User = try await quick.request(MyEndpoint.getUser(userId: "123"))
            _ = user
        } catch {
            // Handle MyError
        }

        // Configure with different environments
        let controller = NetworkingController(
            environment: .live  // For production
                // or .test // For unit testing
                // or .preview // For SwiftUI previews
        )
        let intercepted = NetworkingController(
            interceptor: MyInterceptor()
        )
        _ = (controller, intercepted)
    }
}
