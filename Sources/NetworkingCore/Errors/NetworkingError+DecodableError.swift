import Foundation

extension NetworkingError: DecodableError {
    /// `error` itself.
    public init(_ error: NetworkingError) { self = error }

    /// Always throws: a `NetworkingError` says how a request failed and is never read from a
    /// response body.
    ///
    /// The conformance to `DecodableError` lets a failure be handed, as it is, wherever your own
    /// error type could be (the error hook of an endpoint-style `Interceptor`, which receives
    /// `any DecodableError`: cast it with `as? NetworkingError`); `send(_:errorType:
    /// NetworkingError.self)` throws the failure unchanged.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: decoder.codingPath,
                debugDescription: "A NetworkingError describes a failed request; it is not decoded from a body."))
    }
}
