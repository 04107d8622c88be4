import Foundation

/// A `Content-Range: bytes first-last/complete` header (RFC 9110 §14.4); `*` as the complete
/// length is `nil`.
package struct ContentRange: Sendable, Hashable {
    /// The first byte's offset.
    package var first: Int64
    /// The last byte's offset (inclusive).
    package var last: Int64
    /// The full size of the representation, when the server knows it.
    package var completeLength: Int64?

    /// Parses a satisfied range (`bytes 0-99/1000` or `bytes 0-99/*`); anything else is `nil`.
    package init?(_ header: String) {
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = text.dropFirst(6).trimmingCharacters(in: .whitespaces)
        let halves = spec.split(separator: "/", maxSplits: 1).map(String.init)
        guard halves.count == 2 else { return nil }
        let bounds = halves[0].split(separator: "-", maxSplits: 1).map(String.init)
        guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first >= 0, last >= first
        else { return nil }
        self.first = first
        self.last = last
        if halves[1] == "*" {
            completeLength = nil
        } else {
            guard let complete = Int64(halves[1]), complete > last else { return nil }
            completeLength = complete
        }
    }

    /// The complete length of an unsatisfied range (`bytes */1000`, sent with 416).
    package static func unsatisfiedLength(_ header: String) -> Int64? {
        let text = header.trimmingCharacters(in: .whitespaces).lowercased()
        guard text.hasPrefix("bytes */") else { return nil }
        return Int64(text.dropFirst(8))
    }
}
