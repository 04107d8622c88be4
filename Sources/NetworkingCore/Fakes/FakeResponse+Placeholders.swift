import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension FakeResponse {
    /// This response with each `{name}` in the string values of its JSON body replaced by
    /// `values[name]`: how a fake registered for `/users/{userID}` answers `/users/10` with
    /// `{"name": "Name 10"}` when its body is `{"name": "Name {userID}"}`.
    ///
    /// Only string values change, at any depth; keys, numbers and the rest of the body keep their
    /// bytes. Each changed string is decoded, filled and encoded again, so a value with quotes,
    /// backslashes or control characters stays inside its string and the body stays valid JSON.
    /// A placeholder whose name is not in `values` is left as it is, and an inserted value is
    /// never searched for placeholders itself. A body that is not JSON (by its `Content-Type`,
    /// `application/json` or a `+json` type) is returned unchanged.
    package func filling(_ values: [String: String]) -> FakeResponse {
        guard !values.isEmpty, error == nil, Self.isJSON(headers["Content-Type"]) else { return self }
        var filled = self
        filled.body = JSONPlaceholders.fill(body, with: values)
        return filled
    }

    /// Whether a `Content-Type` names JSON: `application/json` or a type ending in `+json`.
    private static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        let type = mediaType.trimmingCharacters(in: .whitespaces).lowercased()
        return type == "application/json" || type.hasSuffix("+json")
    }
}

/// The string values of a JSON text, rewritten one by one; everything else is copied byte for byte.
enum JSONPlaceholders {
    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    private static let colon = UInt8(ascii: ":"), openBrace = UInt8(ascii: "{")

    /// `json` with `{name}` replaced by `values[name]` in each string value (not in keys).
    static func fill(_ json: Data, with values: [String: String]) -> Data {
        let bytes = [UInt8](json)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == quote else {
                output.append(bytes[index])
                index += 1
                continue
            }
            let end = endOfString(in: bytes, openingAt: index)
            let literal = bytes[index..<end]
            if literal.contains(openBrace), !isKey(bytes, after: end),
                let replaced = filledLiteral(literal, with: values)
            {
                output.append(contentsOf: replaced)
            } else {
                output.append(contentsOf: literal)
            }
            index = end
        }
        return Data(output)
    }

    /// The index just past the string literal whose opening quote is at `start` (the end of the
    /// bytes when it is never closed).
    private static func endOfString(in bytes: [UInt8], openingAt start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case backslash: index += 2
            case quote: return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }

    /// Whether the string literal ending before `end` is an object's key: a colon follows it.
    private static func isKey(_ bytes: [UInt8], after end: Int) -> Bool {
        var index = end
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == colon
    }

    /// The literal with its placeholders filled, encoded again; `nil` when nothing changed or the
    /// literal is not a valid JSON string.
    private static func filledLiteral(_ literal: ArraySlice<UInt8>, with values: [String: String]) -> [UInt8]? {
        guard let text = try? JSONDecoder().decode(String.self, from: Data(literal)) else { return nil }
        let filled = fill(text, with: values)
        guard filled != text else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return (try? encoder.encode(filled)).map { [UInt8]($0) }
    }

    /// `text` with each `{name}` whose name is in `values` replaced, in one pass from the left.
    static func fill(_ text: String, with values: [String: String]) -> String {
        var result = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
            if let value = values[String(rest[afterOpen..<close])] {
                result += rest[..<open]
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                // Not a known placeholder: keep up to the brace and look again just after it,
                // so `{{id}` still fills `{id}`.
                result += rest[..<afterOpen]
                rest = rest[afterOpen...]
            }
        }
        result += rest
        return result
    }
}
