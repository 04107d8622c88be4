import Foundation

/// A bearer credential: the access token sent with requests, and optionally the refresh token
/// that obtains the next one and the moment the access token expires.
///
/// `Token` is `Codable`, which is how the storages persist it (JSON, ISO-8601 dates).
public struct Token: Codable, Sendable, Hashable {
    /// The value sent as `Authorization: Bearer <accessToken>`.
    public var accessToken: String
    /// The token that obtains a new access token, if the server issued one.
    public var refreshToken: String?
    /// When the access token stops being valid, if known.
    public var expiresAt: Date?

    /// Creates a token.
    public init(accessToken: String, refreshToken: String? = nil, expiresAt: Date? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }

    /// Creates a token that expires `expiresIn` seconds after `now` (the `expires_in` of OAuth 2.0,
    /// RFC 6749 §5.1).
    public init(accessToken: String, refreshToken: String? = nil, expiresIn: TimeInterval, now: Date = Date()) {
        self.init(accessToken: accessToken, refreshToken: refreshToken, expiresAt: now.addingTimeInterval(expiresIn))
    }

    /// Whether the access token has expired at `date`, or will within `leeway` seconds of it.
    /// A token without an expiry never expires by this measure.
    public func isExpired(at date: Date = Date(), leeway: TimeInterval = 0) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(date) <= leeway
    }
}

extension Token: CustomStringConvertible, CustomDebugStringConvertible {
    /// A description that never shows the secrets, so a token printed or logged does not leak.
    public var description: String {
        let refresh = refreshToken == nil ? "none" : "<redacted>"
        let expiry = expiresAt.map { "\($0)" } ?? "none"
        return "Token(accessToken: <redacted>, refreshToken: \(refresh), expiresAt: \(expiry))"
    }

    /// The same as `description`: the tokens are redacted.
    public var debugDescription: String { description }
}
