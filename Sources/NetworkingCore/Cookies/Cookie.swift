import Foundation

/// One stored cookie, as the storage model of RFC 6265bis §5.7 keeps it.
///
/// A cookie is created by a cookie jar from a `Set-Cookie` field, under the rules of RFC 6265bis
/// that accept or reject it (see <doc:Cookies>); it is a plain value that
/// can be encoded, for a jar that persists its cookies.
public struct Cookie: Sendable, Hashable, Codable {
    /// The `SameSite` attribute, kept as it was given (RFC 6265bis §5.6.7).
    ///
    /// A client without documents sends every request in a same-site context, so the value
    /// changes which cookies are accepted (`none` requires `Secure`) but not which are sent.
    public enum SameSite: String, Sendable, Hashable, Codable {
        /// `SameSite=Strict`.
        case strict
        /// `SameSite=Lax`.
        case lax
        /// `SameSite=None`: only accepted with `Secure`.
        case none
        /// No `SameSite` attribute, or a value that is none of the three.
        case `default`
    }

    /// The cookie's name (may be empty: a `Set-Cookie` line without `=` names a nameless cookie).
    public var name: String
    /// The cookie's value, as the server gave it.
    public var value: String
    /// The host (for a host-only cookie) or the domain (for a `Domain` cookie) it belongs to,
    /// lowercased, without a leading dot.
    public var domain: String
    /// The path it is sent under (RFC 6265bis §5.1.4).
    public var path: String
    /// Whether it is sent to `domain` exactly (no `Domain` attribute), not to its subdomains.
    public var isHostOnly: Bool
    /// Whether it is sent only over `https` (`Secure`).
    public var isSecure: Bool
    /// `HttpOnly`: kept and sent (it keeps a cookie from scripts, and there are none here).
    public var isHTTPOnly: Bool
    /// The `SameSite` attribute.
    public var sameSite: SameSite
    /// When it stops being sent: from `Max-Age` or `Expires`; `nil` for a session cookie, which
    /// lives as long as its jar.
    public var expiresAt: Date?
    /// When it was first stored (kept when a later `Set-Cookie` replaces it).
    public var createdAt: Date
    /// When it was last stored or sent.
    public var lastAccessedAt: Date

    /// Creates a cookie. Jars create cookies from `Set-Cookie` fields; this is for tests and for
    /// jars that load cookies from elsewhere.
    public init(
        name: String, value: String, domain: String, path: String = "/", isHostOnly: Bool = true,
        isSecure: Bool = false, isHTTPOnly: Bool = false, sameSite: SameSite = .default, expiresAt: Date? = nil,
        createdAt: Date = Date(), lastAccessedAt: Date? = nil
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.isHostOnly = isHostOnly
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
        self.sameSite = sameSite
        self.expiresAt = expiresAt
        self.createdAt = createdAt
        self.lastAccessedAt = lastAccessedAt ?? createdAt
    }

    /// Whether it outlives its jar's session (it has an expiry time).
    public var isPersistent: Bool { expiresAt != nil }

    /// Whether it has expired at `now`.
    public func isExpired(at now: Date) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt <= now
    }

    /// The pair as a `Cookie` header carries it: `name=value`, or the value alone for a nameless cookie.
    package var headerPair: String { name.isEmpty ? value : name + "=" + value }

    /// Whether it is the same cookie as `other` for replacement: same name, domain, host-only flag and path.
    func hasSameIdentity(as other: Cookie) -> Bool {
        name == other.name && domain == other.domain && isHostOnly == other.isHostOnly && path == other.path
    }
}
