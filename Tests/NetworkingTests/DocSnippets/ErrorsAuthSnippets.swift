// The code blocks of the DocC articles "Errors" and "Authentication and token refresh"
// (Sources/Networking/Networking.docc), compiled here and never run.
import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Stands in for the app's own authentication calls in the articles' snippets.
struct DocAuthService: Sendable {
    func refreshAccessToken() async throws -> String { "new-token" }
    func refresh(using refreshToken: String?) async throws -> Token? { Token(accessToken: "new-token") }
}

private enum ErrorsSnippets {
    typealias User = DocModels.User
    typealias NewUser = DocModels.NewUser
    typealias APIError = DocModels.APIError

    // Errors, "Overview".
    static func cases(result: Result<User, NetworkingError>) {
        switch result {
        case .success(let user):
            print(user.name)
        case .failure(let error):
            switch error {
            case .invalidRequest(let reason):
                print("could not build the request:", reason)  // bad base URL, path, header or body
            case .transport(let urlError):
                print("never reached the server:", urlError.code)  // refused, DNS, TLS, timeout, redirects
            case .http(let httpError):
                print(httpError.statusCode, httpError.isClientError, httpError.metadata.bodySnippet)
            case .decoding(let decodingError, let metadata):
                print(decodingError, metadata.statusCode)  // a 2xx whose body did not match your type
            case .validation(let reason, let metadata):
                print(reason, metadata.statusCode)  // rejected by a ResponseValidatorInterceptor
            case .invalidResponse:
                print("not an HTTP response")
            case .cancelled:
                print("cancelled")
            }
        }
    }

    /// The error of the app's own signing interceptor, in "Find the code that failed".
    struct SigningError: Error {}

    // Errors, "Find the code that failed".
    static func hookFailure(result: Result<User, NetworkingError>) {
        if case .failure(let error) = result, let failure = error.hookFailure {
            print(failure.stage, failure.hookType)  // interceptor MyApp.SigningInterceptor
            if let signing = failure.error as? SigningError {
                print("signing failed:", signing)
            }
        }
    }

    // Errors, "Read the response behind an error".
    static func errorBody(result: Result<User, NetworkingError>) {
        if case .failure(.http(let httpError)) = result,
            let apiError = try? httpError.metadata.decode(APIError.self)
        {
            print(apiError.message)  // "Wrong password"
        }
    }

    // Errors, "Show a message to the user".
    static func message(for operation: () async throws -> User) async -> String {
        do {
            return "Welcome, \(try await operation().name)"
        } catch let error as APIError {
            return error.message
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
}

private enum AuthenticationSnippets {
    typealias User = DocModels.User
    typealias AuthEndpoint = DocModels.AuthEndpoint
    typealias NewUser = DocModels.NewUser
    typealias APIError = DocModels.APIError

    static let myAuth = DocAuthService()

    // Authentication and token refresh, "Send a credential".
    static func credentials(networking: Networking) async {
        // HTTP basic
        await networking.setAuthorizationHeader(username: "aladdin", password: "opensesame")

        // A bearer token: `Authorization: Bearer AAAFFAAAA3DAAAAAA`
        await networking.setAuthorizationHeader(token: "AAAFFAAAA3DAAAAAA")

        // Any value: `Authorization: Token token=AAAFFAAAA3DAAAAAA`
        await networking.setAuthorizationHeader(headerValue: "Token token=AAAFFAAAA3DAAAAAA")

        // Another header: `Anonymous-Token: AAAFFAAAA3DAAAAAA`
        await networking.setAuthorizationHeader(headerKey: "Anonymous-Token", headerValue: "AAAFFAAAA3DAAAAAA")

        // Stop sending it
        await networking.clearAuthorizationHeader()
    }

    // Authentication and token refresh, "Refresh an expired token".
    static func refresh(networking: Networking) async {
        await networking.setInterceptors([
            AuthRefreshInterceptor {
                let token = try await myAuth.refreshAccessToken()  // your refresh call
                await networking.setAuthorizationHeader(token: token)  // future requests use it
                return "Bearer \(token)"  // and this one is replayed with it
            }
        ])
        _ = AuthRefreshInterceptor(headerName: "X-API-Key") { try await myAuth.refreshAccessToken() }
    }

    // Authentication and token refresh, "Store tokens".
    static func storeTokens(networking: Networking) async throws {
        let tokenFile = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("MyApp/token.json")
        let tokens: any TokenProvider = StoredTokenProvider(storage: FileTokenStorage(fileURL: tokenFile))
        // Or, in the Keychain or Secret Service: StoredTokenProvider(storage: KeychainTokenStorage(service: "com.example.app"))

        await networking.setInterceptors([
            AuthTokenInterceptor(tokenProvider: tokens),
            AuthRefreshInterceptor(tokenProvider: tokens) { expired in
                try await myAuth.refresh(using: expired.refreshToken)  // a new Token, or nil to give up
            },
        ])

        try await tokens.setToken(Token(accessToken: "…", refreshToken: "…", expiresIn: 3600))  // sign in
        let signedIn = try await tokens.hasToken()  // throws if the store is unreadable
        try await tokens.clear()  // sign out
        _ = signedIn
    }

    // Authentication and token refresh, "Store tokens" (no token stored).
    static func signedOut(client: HTTPClient) async {
        do {
            let me: User = try await client.send(AuthEndpoint.currentUser)
            print("Signed in as \(me.name)")
        } catch TokenProviderError.notAuthenticated {
            print("Please sign in to continue.")
        } catch {
            print(error.localizedDescription)
        }
    }

    // Authentication and token refresh, "Public requests" (an interceptor marking sign-in public).
    struct PublicSignIn: OptionsAwareInterceptor {
        func intercept(
            _ request: URLRequest, options: RequestOptions,
            next: @concurrent @Sendable (URLRequest, RequestOptions) async throws -> HTTPExchange
        ) async throws -> HTTPExchange {
            guard request.url?.path == "/login" else { return try await next(request, options) }
            var options = options
            options.requiresAuthentication = false
            return try await next(request, options)
        }
    }

    static func publicSignIn(networking: Networking, provider: StoredTokenProvider) async {
        await networking.setInterceptors([PublicSignIn(), AuthTokenInterceptor(tokenProvider: provider)])
    }
}
