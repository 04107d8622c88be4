import Foundation

/// Your API's own error type, decoded from the body of a non-2xx response.
///
/// Send with `send(_:errorType:)` and every failure arrives as your type: decoded from the
/// response body when the server answered with an error status and that body decodes, made from
/// the `NetworkingError` otherwise (offline, timeout, a body that is not your format…).
///
/// ```swift
/// struct APIFailure: DecodableError {
///     let code: String
///     let message: String
///     var underlying: NetworkingError?
///
///     init(_ error: NetworkingError) {
///         code = "client"
///         message = error.localizedDescription
///         underlying = error
///     }
///
///     enum CodingKeys: String, CodingKey { case code, message }
/// }
///
/// do {
///     let user: User = try await client.send(UserEndpoint.me, errorType: APIFailure.self)
/// } catch {
///     show(error.message)   // error is an APIFailure
/// }
/// ```
public protocol DecodableError: Error, Decodable {
    /// The error for a failure that did not come with a decodable error body.
    init(_ error: NetworkingError)
}

extension NetworkingError {
    /// The body of a non-2xx response decoded as your error type, or `nil` when this is not an
    /// `.http` error or its body does not decode as `type`.
    public func decodedError<E: Decodable>(as type: E.Type, decoder: JSONDecoder = JSONCoding.makeDecoder()) -> E? {
        guard case .http(let error) = self else { return nil }
        return try? decoder.decode(type, from: error.metadata.body)
    }
}

extension HTTPClientProtocol {
    /// Sends `request` and decodes a 2xx response as `T`; any failure is thrown as `E`: decoded
    /// from the response body of a non-2xx response when it decodes, `E(networkingError)`
    /// otherwise.
    public nonisolated(nonsending) func send<T: Decodable, R: Endpoint, E: DecodableError>(
        _ request: R, errorType: E.Type, decoder: JSONDecoder = JSONCoding.makeDecoder()
    ) async throws(E) -> T {
        do {
            return try await send(request)
        } catch {
            throw error.decodedError(as: E.self, decoder: decoder) ?? E(error)
        }
    }
}
