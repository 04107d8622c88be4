import Foundation

/// Which header fields are secret, and how their values are kept out of what a test double writes
/// (fixtures, HAR files): each such field's value becomes `placeholder`, and the secrets it
/// carries are replaced wherever they appear in a text body, since an echo service writes them
/// back there.
struct SecretRedaction: Sendable {
    /// What a redacted value is replaced with.
    static let placeholder = HTTPHeaders.redactedValue

    /// The secret field names, lowercased.
    let lowercasedNames: Set<String>

    /// Redacts the fields named in `names`, compared case-insensitively.
    init<Names: Sequence<String>>(_ names: Names) {
        lowercasedNames = Set(names.map { $0.lowercased() })
    }

    /// Whether the field `name` is secret.
    func redacts(_ name: String) -> Bool { lowercasedNames.contains(name.lowercased()) }

    /// `value`, or `placeholder` when the field `name` is secret.
    func value(_ value: String, forField name: String) -> String {
        redacts(name) ? Self.placeholder : value
    }

    /// The secret strings carried by the secret fields of `headers`: each value, the credential
    /// after an auth scheme, and each cookie value; shorter than 4 characters they are too likely
    /// to be ordinary text to scrub.
    func secrets(in headers: HTTPHeaders) -> [String] {
        var found: [String] = []
        for field in headers where redacts(field.name) {
            let value = field.value.trimmingCharacters(in: .whitespaces)
            found.append(value)
            if let space = value.firstIndex(of: " ") {
                found.append(String(value[value.index(after: space)...]).trimmingCharacters(in: .whitespaces))
            }
            for pair in value.split(whereSeparator: { $0 == ";" || $0 == "," }) {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                found.append(String(pair[pair.index(after: equals)...]).trimmingCharacters(in: .whitespaces))
            }
        }
        return found.filter { $0.count >= 4 && $0 != Self.placeholder }
    }

    /// `text` with every occurrence of each secret replaced by `placeholder`, comparing UTF-8
    /// bytes: matching by `Character` (as `replacingOccurrences` does on Linux) would miss a
    /// secret followed by a combining mark, and leave it in the file.
    func scrub(_ text: String, _ secrets: [String]) -> String {
        guard !secrets.isEmpty else { return text }
        var bytes = Array(text.utf8)
        let placeholder = Array(Self.placeholder.utf8)
        for secret in Set(secrets).sorted(by: { $0.utf8.count > $1.utf8.count }) {
            bytes = Self.replacing(Array(secret.utf8), with: placeholder, in: bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func replacing(_ needle: [UInt8], with replacement: [UInt8], in haystack: [UInt8]) -> [UInt8] {
        guard !needle.isEmpty, haystack.count >= needle.count else { return haystack }
        var result: [UInt8] = []
        result.reserveCapacity(haystack.count)
        var index = 0
        while index < haystack.count {
            if index + needle.count <= haystack.count, haystack[index..<index + needle.count].elementsEqual(needle) {
                result += replacement
                index += needle.count
            } else {
                result.append(haystack[index])
                index += 1
            }
        }
        return result
    }
}
