import Foundation

/// A model that rewrites the response bytes before it is decoded: unwrap a payload, rename keys,
/// fix a server's quirks, decrypt.
///
/// ```swift
/// struct User: Decodable, JSONMapper {
///     let id: String
///     let name: String
///
///     /// The server answers `{"data": {"user": {...}}}`.
///     static func map(_ data: Data) -> Data {
///         guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
///             let user = (object["data"] as? [String: Any])?["user"],
///             let unwrapped = try? JSONSerialization.data(withJSONObject: user)
///         else { return data }
///         return unwrapped
///     }
/// }
/// ```
///
/// The endpoint clients call `map` for the type they are asked to decode (not for the types nested
/// inside it), for real responses and sample data alike. `JsonMapper` is another name for this
/// protocol.
///
/// `map` may throw to reject a response it cannot rewrite: the request then fails with `.decoding`
/// (the response's metadata kept) whose message names the type and its mapper, and whose
/// `hookFailure` holds the error thrown (a `NetworkingError` thrown is the failure as it is).
public protocol JSONMapper {
    /// Returns the bytes to decode in place of `data`, or throws when they cannot be rewritten.
    static func map(_ data: Data) throws -> Data
}

/// How the endpoint clients decode a response: `JSONMapper.map` first when the type has it,
/// then `ResponseDecoding` (so `Data`, `String` and `JSONResponse` work too), with `EmptyResponse`
/// accepting any body.
package enum EndpointDecoding {
    /// Decodes `exchange`'s body as `T`; a failure is `.decoding` with the response metadata.
    package static func decode<T: Decodable>(
        _ type: T.Type, from exchange: HTTPExchange, decoder: JSONDecoder
    ) throws(NetworkingError) -> T {
        if let empty = EmptyResponse() as? T { return empty }
        var exchange = exchange
        if let mapper = T.self as? any JSONMapper.Type {
            do {
                exchange.body = try mapper.map(exchange.body)
            } catch {
                throw NetworkingError(error, thrownBy: T.self, at: .responseMapping, response: exchange.metadata)
            }
        }
        return try ResponseDecoding.decode(T.self, from: exchange, decoder: decoder)
    }
}
