// The code blocks of the DocC article "Using the products without the umbrella"
// (Sources/Networking/Networking.docc/UsingTheProductsAlone.md), compiled here and never run. Each
// block also compiles as pasted with only its own imports (make doc-blocks), and
// Tests/Fixtures/Products runs programs like them against httpbin.
import Foundation
import NetworkingCache
import NetworkingCore
import NetworkingInterceptors
import NetworkingObservability
import NetworkingTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private enum ProductsAloneSnippets {
    // "NetworkingCore alone".
    struct User: Decodable, Sendable {
        let id: Int
        let name: String
    }

    func loadUser() async throws(NetworkingError) -> User {
        let pipeline = Pipeline(
            transport: URLSessionTransport(), baseURL: "https://api.example.com",
            headers: ["Accept": "application/json"], cookieJar: InMemoryCookieJar())
        return try await pipeline.send(.get, "/users/1")
    }

    // "With interceptors".
    static let resilient = Pipeline(
        transport: URLSessionTransport(), baseURL: "https://api.example.com",
        interceptors: [
            RetryInterceptor(maxAttempts: 3),
            AuthRefreshInterceptor(refresh: { "Bearer \(await TokenService.shared.refreshedToken())" }),
        ])

    actor TokenService {
        static let shared = TokenService()
        func refreshedToken() -> String { "new-token" }
    }

    // "With the HTTP response cache".
    static let cached = Pipeline(
        transport: ResponseCachingTransport(wrapping: URLSessionTransport(), store: ResponseCache()),
        baseURL: "https://api.example.com")

    // "With events and the log".
    func watch() async throws(NetworkingError) {
        let broadcaster = EventBroadcaster()
        let pipeline = Pipeline(
            transport: URLSessionTransport(), baseURL: "https://api.example.com",
            observers: [broadcaster, NetworkingLogger(settings: LogSettings())])
        let events = broadcaster.events()
        _ = try await pipeline.send(.get, "/status")
        for await event in events {
            print(event)
            break
        }
    }

    // "In tests".
    func stubbedPipeline() -> Pipeline {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://api.example.com/users/{id}", with: .json(["name": "Ada"]))
        return Pipeline(transport: transport, baseURL: "https://api.example.com")
    }
}
