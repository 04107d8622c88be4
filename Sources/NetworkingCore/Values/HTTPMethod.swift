/// An HTTP request method (RFC 9110 §9).
///
/// `HTTPMethod` is an open set: the common methods are static members, and any other token can be
/// written as a string literal (`"PROPFIND"`), which is how `RetryInterceptor(retryableMethods:)`
/// takes its list.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The method token as sent on the wire, upper-cased.
    public let rawValue: String

    /// Creates a method from its token; the token is upper-cased.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// Creates a method from a string literal such as `"GET"`.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// The method token, such as `GET`.
    public var description: String { rawValue }

    /// `GET`: retrieves a representation of the resource.
    public static let get: HTTPMethod = "GET"
    /// `HEAD`: like `GET`, but the response carries no body.
    public static let head: HTTPMethod = "HEAD"
    /// `POST`: sends data for the resource to process.
    public static let post: HTTPMethod = "POST"
    /// `PUT`: replaces the resource with the request's body.
    public static let put: HTTPMethod = "PUT"
    /// `PATCH`: applies a partial modification to the resource.
    public static let patch: HTTPMethod = "PATCH"
    /// `DELETE`: removes the resource.
    public static let delete: HTTPMethod = "DELETE"
    /// `OPTIONS`: asks which communication options the resource supports.
    public static let options: HTTPMethod = "OPTIONS"
    /// `TRACE`: asks the server to echo the request back, for diagnosis.
    public static let trace: HTTPMethod = "TRACE"
    /// `CONNECT`: asks for a tunnel to the server the target names.
    public static let connect: HTTPMethod = "CONNECT"

    /// The methods RFC 9110 §9.2.2 defines as idempotent: repeating them has the same effect on
    /// the server as sending them once, so they are safe to retry.
    @usableFromInline package static let idempotentMethods: Set<HTTPMethod> = [
        .get, .head, .put, .delete, .options, .trace,
    ]

    /// Whether repeating this request has the same intended effect as sending it once (RFC 9110 §9.2.2).
    public var isIdempotent: Bool { Self.idempotentMethods.contains(self) }
}
