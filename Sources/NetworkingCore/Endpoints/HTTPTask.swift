import Foundation

/// What an endpoint sends besides its URL and headers: a body, query parameters, both, or nothing.
///
/// Raw dictionaries (`.rawBody`, `.queryParameters`) take `[String: any Sendable]`, so literals
/// mixing variables and constants of different types compile as they are:
///
/// ```swift
/// .rawBody(["user_name": name, "age": 42, "tags": ["a", "b"], "nickname": nil as String?])
/// .encodableBodyAndQuery(body: post, queryParameters: ["thread": threadId])
/// ```
///
/// A raw body is sent as JSON with its keys exactly as written (no key strategy applies to them).
/// Its values may be strings, Booleans, numbers, `nil`, `AnyCodable`, arrays and `[String: …]`
/// dictionaries of those, and any `Encodable` (encoded with the endpoint's encoder).
///
/// Query parameters are sent sorted by name, so an endpoint always produces the same URL. A value
/// may be a string, Boolean (`true`/`false`), number, `Date` (ISO-8601), `UUID`, `URL`, a scalar
/// `AnyCodable`, anything `LosslessStringConvertible`, or an array of those (the name is repeated
/// for each element); a `nil` value leaves the parameter out. Any other value fails the request
/// with `.invalidRequest` naming the parameter.
///
/// `HttpTask` is another name for this type.
public enum HTTPTask: Sendable {
    /// No body and no query parameters.
    case none
    /// Query parameters only.
    case queryParameters(_ parameters: [String: any Sendable])
    /// A dictionary sent as a JSON body.
    case rawBody(_ body: [String: any Sendable])
    /// An `Encodable` sent as a JSON body (`Data` is sent as it is, as `application/octet-stream`
    /// unless the endpoint's headers give a `Content-Type`).
    case encodableBody(_ encodable: any Encodable & Sendable)
    /// A dictionary sent as a JSON body, and query parameters.
    case rawBodyAndQuery(body: [String: any Sendable], queryParameters: [String: any Sendable])
    /// An `Encodable` sent as a JSON body, and query parameters.
    case encodableBodyAndQuery(body: any Encodable & Sendable, queryParameters: [String: any Sendable])
    /// Any `RequestBody` (form, multipart, bytes, a file streamed from disk), and optionally query
    /// parameters.
    case requestBody(_ body: RequestBody, queryParameters: [String: any Sendable]? = nil)
}
