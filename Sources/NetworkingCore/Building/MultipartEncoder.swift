import Foundation

/// Builds `multipart/form-data` bodies (RFC 7578).
package enum MultipartEncoder {
    /// An encoded body and the `Content-Type` (with its boundary) to send it with.
    package struct Output: Sendable {
        /// The full body.
        package let body: Data
        /// `multipart/form-data; boundary=…`.
        package let contentType: String
        /// The boundary used.
        package let boundary: String
    }

    /// Encodes string fields (sorted by name, so the body is stable) followed by the parts.
    ///
    /// The boundary is random and checked against every field and part: it is regenerated in the
    /// (astronomically unlikely) case that the content contains it. Names and file names are sent
    /// as quoted strings with `"` and `\` escaped and line breaks percent-encoded (RFC 7578 §4.2),
    /// so no name can inject a header.
    package static func encode(parts: [FormDataPart], fields: [String: String]) -> Output {
        encode(parts: parts, fields: fields, makeBoundary: makeBoundary)
    }

    /// `encode(parts:fields:)` with the boundary source injected, so tests can force a collision.
    static func encode(parts: [FormDataPart], fields: [String: String], makeBoundary: () -> String) -> Output {
        var boundary = makeBoundary()
        while contains(boundary, parts: parts, fields: fields) { boundary = makeBoundary() }
        var body = Data()
        body.reserveCapacity(parts.reduce(512) { $0 + $1.data.count + 256 } + fields.count * 128)
        let dashBoundary = Data("--\(boundary)\r\n".utf8)
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            body.append(dashBoundary)
            body.append(Data("Content-Disposition: form-data; name=\(quoted(name))\r\n\r\n".utf8))
            body.append(Data(value.utf8))
            body.append(Data("\r\n".utf8))
        }
        for part in parts {
            body.append(dashBoundary)
            var disposition = "Content-Disposition: form-data; name=\(quoted(part.parameterName))"
            if let filename = part.filename { disposition += "; filename=\(quoted(filename))" }
            body.append(Data("\(disposition)\r\n".utf8))
            body.append(Data("Content-Type: \(sanitized(part.type.rawValue))\r\n\r\n".utf8))
            body.append(part.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return Output(body: body, contentType: "multipart/form-data; boundary=\(boundary)", boundary: boundary)
    }

    static func makeBoundary() -> String {
        "networking." + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// Whether the boundary occurs in any content, compared as bytes.
    private static func contains(_ boundary: String, parts: [FormDataPart], fields: [String: String]) -> Bool {
        let needle = Data(boundary.utf8)
        func holds(_ text: String) -> Bool { Data(text.utf8).range(of: needle) != nil }
        if fields.contains(where: { holds($0.key) || holds($0.value) }) { return true }
        return parts.contains {
            $0.data.range(of: needle) != nil || holds($0.parameterName) || $0.filename.map(holds) == true
        }
    }

    /// A quoted-string with `"` percent-encoded, `\` escaped and CR/LF percent-encoded.
    ///
    /// Works on Unicode scalars: a `"` followed by a combining mark is one `Character`, and must
    /// still be escaped (found by the Encoders fuzz target).
    static func quoted(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        result.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result.append(contentsOf: "%22".unicodeScalars)
            case "\\": result.append(contentsOf: "\\\\".unicodeScalars)
            case "\r": result.append(contentsOf: "%0D".unicodeScalars)
            case "\n": result.append(contentsOf: "%0A".unicodeScalars)
            default: result.append(scalar)
            }
        }
        result.append("\"")
        return String(result)
    }

    private static func sanitized(_ text: String) -> String {
        String(text.filter { $0 != "\r" && $0 != "\n" && $0 != "\r\n" })
    }
}
