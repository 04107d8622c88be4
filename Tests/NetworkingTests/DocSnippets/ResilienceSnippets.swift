// The code blocks of the DocC articles "Retries", "Validation" and "HTTP response cache"
// (Sources/Networking/Networking.docc), compiled here and never run.
import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private enum RetriesSnippets {
    typealias User = DocModels.User
    typealias NewUser = DocModels.NewUser
    typealias APIError = DocModels.APIError

    static let myAuth = DocAuthService()

    // Retries, "Overview".
    static func overview(networking: Networking) async {
        await networking.setInterceptors([
            RetryInterceptor(maxAttempts: 3, baseDelay: .milliseconds(500), maxDelay: .seconds(30))
        ])
    }

    // Retries, "Only requests that are safe to repeat".
    static func retryingPosts() {
        let retryingPosts = RetryInterceptor(retryableMethods: [.get, .head, .put, .delete, .post])
        _ = retryingPosts
    }

    // Retries, "How many attempts": the per-request budget of the table.
    struct FiveAttempts: OptionsAwareInterceptor {
        func intercept(
            _ request: URLRequest, options: RequestOptions,
            next: @concurrent @Sendable (URLRequest, RequestOptions) async throws -> HTTPExchange
        ) async throws -> HTTPExchange {
            var options = options
            options.maxAttempts = 5
            return try await next(request, options)
        }
    }

    // Retries, "How many attempts: the settings and how they combine".
    static func endpointBudget() {
        let client = HTTPClient(configuration: .init(interceptors: [RetryInterceptor(delay: 0.5)], maxRetries: 2))
        _ = (client, HTTPClient.defaultRetryInterceptor())
    }

    // Retries, "Order with token refresh".
    static func order(networking: Networking) async {
        await networking.setInterceptors([
            RetryInterceptor(),  // outer: retries the whole exchange, refresh included
            AuthRefreshInterceptor { "Bearer \(try await myAuth.refreshAccessToken())" },  // inner
        ])
    }

    // Retries, "Deterministic tests".
    static func deterministic() {
        let instant = RetryInterceptor(environment: .init(now: { Date() }, sleep: { _ in }, random: { 1 }))
        _ = instant
    }
}

private enum ValidationSnippets {
    typealias User = DocModels.User
    typealias NewUser = DocModels.NewUser
    typealias APIError = DocModels.APIError

    // Validation, "Overview".
    static func validator(networking: Networking) async {
        await networking.setInterceptors([
            ResponseValidatorInterceptor { exchange in
                let contentType = exchange.response.value(forHTTPHeaderField: "Content-Type") ?? ""
                return contentType.hasPrefix("application/json")
                    ? .valid
                    : .invalid(reason: "expected JSON, got \(contentType)")
            }
        ])
        _ = ResponseValidatorInterceptor { exchange in
            exchange.header("Content-Type") != nil ? .valid : .invalid(reason: "no Content-Type")
        }
    }

    // Validation, "Handle the rejection like any other failure".
    static func rejection(result: Result<User, NetworkingError>) {
        if case .failure(.validation(let reason, let metadata)) = result {
            print("rejected:", reason, "status", metadata.statusCode)
        }
    }
}

private enum HTTPResponseCacheSnippets {
    typealias User = DocModels.User
    typealias NewUser = DocModels.NewUser
    typealias APIError = DocModels.APIError

    // HTTP response cache, "Overview".
    static func overview(networking: Networking) async {
        await networking.setResponseCache(ResponseCache(defaultMaxAge: 60))
        let users: Result<[User], NetworkingError> = await networking.get("/users")
        _ = (users, HTTPClient.Configuration(cache: ResponseCache(defaultMaxAge: 60, directory: nil)))
    }

    // HTTP response cache, "Cache by URL, whatever the headers".
    static func byURL(networking: Networking) async {
        let countries: Result<JSONResponse, NetworkingError> = await networking.get(
            "/countries", cachingLevel: .memoryAndFile)
        _ = countries
    }
}
