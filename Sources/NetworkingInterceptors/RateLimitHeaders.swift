import Foundation

/// Reads how much of a server's request quota is left, and when it resets, from a response's
/// rate-limit header fields.
///
/// Three spellings are read, the first present wins:
/// - `RateLimit` of draft-ietf-httpapi-ratelimit-headers, a structured-field list of quota items
///   with `r` (remaining) and `t` (seconds until reset) parameters: `"default";r=0;t=30`; the quota
///   is spent when any item's `r` is 0, until the latest `t` among those;
/// - the draft's earlier forms: `RateLimit: limit=100, remaining=0, reset=30`, or the separate
///   `RateLimit-Remaining` and `RateLimit-Reset` fields;
/// - the customary `X-RateLimit-Remaining` and `X-RateLimit-Reset`, whose reset is seconds from now,
///   or a Unix time when it is larger than a billion (as GitHub's is).
///
/// `RateLimit-Policy` describes quotas, not their state, so it is not needed here. Values that are
/// not non-negative integers, or a reset more than a day away, are ignored.
package struct RateLimitHeaders: Equatable, Sendable {
    /// The requests left in the current window.
    package let remaining: Int
    /// The time until the window resets.
    package let reset: Duration

    /// The longest reset taken as a real answer.
    package static let longestReset: Duration = .seconds(24 * 60 * 60)

    /// Whether the quota is spent: nothing remains until `reset`.
    package var isSpent: Bool { remaining == 0 && reset > .zero }

    package init(remaining: Int, reset: Duration) {
        self.remaining = remaining
        self.reset = reset
    }

    /// The quota state `headers` describe, measured from `now`; `nil` when they describe none.
    package init?(_ headers: HTTPHeaders, now: Date) {
        if let field = headers["RateLimit"], let parsed = Self.structured(field) ?? Self.dictionary(field) {
            self = parsed
        } else if let parsed = Self.pair(headers["RateLimit-Remaining"], headers["RateLimit-Reset"], now: nil) {
            self = parsed
        } else if let parsed = Self.pair(headers["X-RateLimit-Remaining"], headers["X-RateLimit-Reset"], now: now) {
            self = parsed
        } else {
            return nil
        }
    }

    /// The list form: `"name";r=0;t=30, "other";r=5;t=60`.
    static func structured(_ field: String) -> RateLimitHeaders? {
        var found: [RateLimitHeaders] = []
        for member in field.split(separator: ",") {
            let parameters = Self.parameters(member.split(separator: ";").dropFirst())
            guard let remaining = parameters["r"].flatMap(Self.count), let reset = parameters["t"].flatMap(Self.seconds)
            else { continue }
            found.append(RateLimitHeaders(remaining: remaining, reset: reset))
        }
        return Self.tightest(found)
    }

    /// The earlier dictionary form: `limit=100, remaining=0, reset=30`.
    static func dictionary(_ field: String) -> RateLimitHeaders? {
        let members = Self.parameters(field.split(separator: ","))
        guard let remaining = members["remaining"].flatMap(Self.count),
            let reset = members["reset"].flatMap(Self.seconds)
        else { return nil }
        return RateLimitHeaders(remaining: remaining, reset: reset)
    }

    /// Separate remaining and reset fields; with `now`, a reset above a billion is a Unix time.
    static func pair(_ remaining: String?, _ reset: String?, now: Date?) -> RateLimitHeaders? {
        guard let remaining = remaining.flatMap(Self.count), let reset = reset.flatMap(Self.count) else { return nil }
        var seconds = reset
        if let now, reset > 1_000_000_000 { seconds = Int((Double(reset) - now.timeIntervalSince1970).rounded(.up)) }
        guard let duration = Self.seconds(String(Swift.max(0, seconds))) else { return nil }
        return RateLimitHeaders(remaining: remaining, reset: duration)
    }

    /// Of several quotas, the one that binds: a spent one (the latest to reset), else the one with
    /// the fewest requests left.
    private static func tightest(_ quotas: [RateLimitHeaders]) -> RateLimitHeaders? {
        let spent = quotas.filter(\.isSpent)
        if let latest = spent.max(by: { $0.reset < $1.reset }) { return latest }
        return quotas.min { $0.remaining < $1.remaining }
    }

    /// `key=value` pieces as a dictionary, keys lowercased, values unquoted.
    private static func parameters(_ pieces: some Sequence<Substring>) -> [String: String] {
        var result: [String: String] = [:]
        for piece in pieces {
            let parts = piece.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let key = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
            result[key] = parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
        }
        return result
    }

    /// A non-negative integer of at most 18 digits.
    private static func count(_ text: String) -> Int? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 18, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }

    /// A number of seconds no longer than `longestReset`.
    private static func seconds(_ text: String) -> Duration? {
        guard let value = count(text), value <= longestReset.components.seconds else { return nil }
        return .seconds(value)
    }
}
