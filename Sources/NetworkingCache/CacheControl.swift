import Foundation

/// The `Cache-Control` directives a private cache acts on (RFC 9111 §5.2), parsed from a header value.
///
/// Directive names are case-insensitive; a quoted argument is unquoted; a malformed `max-age`
/// (not a non-negative integer) is treated as `0`, the conservative reading.
package struct CacheControl: Sendable, Hashable {
    /// `no-store`: do not store the response (or, on a request, use or store nothing for it).
    package var noStore = false
    /// `no-cache`: a stored response must be revalidated before every use.
    package var noCache = false
    /// `max-age=N`: seconds a response stays fresh (on a request: the oldest response accepted).
    package var maxAge: TimeInterval?
    /// `must-revalidate`: a stale response may not be used without revalidation.
    package var mustRevalidate = false
    /// `private`: only a private cache (like this one) may store the response.
    package var isPrivate = false
    /// `public`: any cache may store the response.
    package var isPublic = false

    /// No directives.
    package init() {}

    /// Parses a `Cache-Control` header value; `nil` parses as no directives.
    package init(_ value: String?) {
        guard let value else { return }
        for directive in Self.split(value) {
            let parts = directive.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let name = parts.first?.lowercased(), !name.isEmpty else { continue }
            var argument = parts.count > 1 ? parts[1] : nil
            if let quoted = argument, quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") {
                argument = String(quoted.dropFirst().dropLast())
            }
            switch name {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "max-age": maxAge = argument.flatMap { Int($0) }.map { TimeInterval(max(0, $0)) } ?? 0
            case "must-revalidate", "proxy-revalidate": mustRevalidate = true
            case "private": isPrivate = true
            case "public": isPublic = true
            default: continue
            }
        }
    }

    /// Splits on commas outside quotes.
    private static func split(_ value: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quoted = false
        for character in value {
            if character == "\"" { quoted.toggle() }
            if character == ",", !quoted {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
