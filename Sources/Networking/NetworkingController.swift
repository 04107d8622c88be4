import Foundation

/// An `HTTPClient` bound to one endpoint type, for code written in the style of
/// `controller.request(.getUser(userId: "123"))`, where the endpoint's type is implied.
///
/// ```swift
/// let controller = NetworkingController<MyEndpoint>(environment: .live)
/// let user: User = try await controller.request(.getUser(userId: "123"))
/// ```
///
/// It adds nothing to the client it wraps (`client`): requests go through the same pipeline.
public struct NetworkingController<E: Endpoint>: Sendable {
    /// The client requests go through.
    public let client: HTTPClient

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

    /// Sends `endpoint` and decodes the response.
    public func request<T: Decodable>(_ endpoint: E) async throws(NetworkingError) -> T {
        try await client.send(endpoint)
    }

    /// Sends `endpoint` and decodes the response, as a `Result`.
    public func request<T: Decodable>(_ endpoint: E) async -> Result<T, NetworkingError> {
        await client.send(endpoint)
    }

    /// Sends `endpoint` and throws any failure as your error type `F` (see `DecodableError`).
    public func request<T: Decodable, F: DecodableError>(_ endpoint: E, errorType: F.Type) async throws(F) -> T {
        try await client.send(endpoint, errorType: errorType)
    }
}
