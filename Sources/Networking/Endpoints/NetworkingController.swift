import Foundation

/// An `HTTPClient` under the name and initialisers of endpoint-style libraries: created without
/// naming an endpoint type, it sends any `Endpoint`.
///
/// ```swift
/// let controller = NetworkingController(environment: .live)
/// let user: User = try await controller.request(MyEndpoint.getUser(userId: "123"))
/// ```
///
/// `request` is generic over the endpoint, so Swift cannot infer an implicit member such as
/// `.getUser(userId: "123")` through it: name the endpoint's type, as above.
///
/// It adds nothing to the client it wraps (`client`): requests go through the same pipeline.
public struct NetworkingController: Sendable {
    /// The client requests go through.
    package let client: HTTPClient

    /// Wraps `client`.
    public init(client: HTTPClient) { self.client = client }

    /// Creates a controller over a new `HTTPClient` with `configuration`, whose environment is
    /// replaced by `environment`; `interceptor` (endpoint-style hooks) runs outermost, through a
    /// `LegacyInterceptorAdapter`.
    public init(
        environment: HTTPClient.Environment = .live, interceptor: (any Interceptor)? = nil,
        configuration: HTTPClient.Configuration = .init(), transport: (any HTTPTransport)? = nil
    ) {
        var configuration = configuration
        configuration.environment = environment
        if let interceptor { configuration.interceptors.insert(LegacyInterceptorAdapter(interceptor), at: 0) }
        self.client = HTTPClient(configuration: configuration, transport: transport)
    }

    /// Sends `endpoint` and decodes the response in the caller's isolation (see `HTTPClient.send`).
    public nonisolated(nonsending) func request<T: Decodable, E: Endpoint>(
        _ endpoint: E
    ) async throws(NetworkingError) -> T {
        try await client.send(endpoint)
    }

    /// Sends `endpoint` and decodes the response, as a `Result`.
    public nonisolated(nonsending) func request<T: Decodable, E: Endpoint>(
        _ endpoint: E
    ) async -> Result<T, NetworkingError> {
        await client.send(endpoint)
    }

    /// Sends `endpoint` and throws any failure as your error type `F` (see `DecodableError`).
    public nonisolated(nonsending) func request<T: Decodable, E: Endpoint, F: DecodableError>(
        _ endpoint: E, errorType: F.Type
    ) async throws(F) -> T {
        try await client.send(endpoint, errorType: errorType)
    }
}
