import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLRequest {
    /// The request as a `curl` command you can paste into a shell, with the values of the
    /// sensitive header fields replaced with `<redacted>`.
    ///
    /// ```
    /// curl -X POST \
    ///   -H 'Authorization: <redacted>' \
    ///   -H 'Content-Type: application/json' \
    ///   --data-binary '{"name":"Elvis"}' \
    ///   'https://api.example.com/users'
    /// ```
    ///
    /// Arguments are single-quoted for POSIX shells; a body that is not printable text is fed
    /// through bash's `printf` byte for byte (`--data-binary @<(printf '\x89PNG…')`), and a body
    /// sent from a file (`bodyFile`) as `@path`. The fields hidden by default are those a client
    /// hides by default; pass a client's `redactedHeaderFields` to hide what it hides, or an empty
    /// set to show every value.
    public func cURLDescription(
        redacting headerFields: Set<String> = ["Authorization", "Cookie", "Set-Cookie", "Proxy-Authorization"],
        bodyFile: URL? = nil
    ) -> String {
        let redaction = HeaderRedaction(fields: headerFields)
        var arguments = ["curl"]
        arguments.append("-X \(httpMethod ?? "GET")")
        let fileBody = bodyFile?.path
        let fields = (allHTTPHeaderFields ?? [:]).sorted { $0.key.lowercased() < $1.key.lowercased() }
        for (name, value) in fields {
            arguments.append("-H " + Self.shellQuoted("\(name): \(redaction.value(value, forField: name))"))
        }
        if let fileBody {
            arguments.append("--data-binary " + Self.shellQuoted("@" + fileBody))
        } else if let body = httpBody, !body.isEmpty {
            arguments.append("--data-binary " + Self.shellQuoted(body))
        } else if httpBodyStream != nil {
            arguments.append("--data-binary @-  # the body is a stream")
        }
        arguments.append(Self.shellQuoted(url?.absoluteString ?? ""))
        return arguments.joined(separator: " \\\n  ")
    }

    /// `text` in single quotes, each `'` written as `'\''`.
    ///
    /// Works on Unicode scalars: a `'` followed by a combining mark is one `Character`, which a
    /// `Character`-based replacement (Foundation's `replacingOccurrences` on Linux) leaves alone,
    /// ending the quoted word early (found by the Headers fuzz target).
    static func shellQuoted(_ text: String) -> String {
        var quoted = String.UnicodeScalarView()
        quoted.append("'")
        for scalar in text.unicodeScalars {
            if scalar == "'" {
                quoted.append(contentsOf: "'\\''".unicodeScalars)
            } else {
                quoted.append(scalar)
            }
        }
        quoted.append("'")
        return String(quoted)
    }

    /// A body: single-quoted when it is printable UTF-8 text, else a bash process substitution
    /// whose `printf` writes the exact bytes (`\xHH` escapes, so even NUL survives).
    static func shellQuoted(_ body: Data) -> String {
        if let text = LogFormatter.text(body, truncated: false) { return shellQuoted(text) }
        var format = ""
        for byte in body {
            switch byte {
            case UInt8(ascii: "%"): format += "%%"
            case UInt8(ascii: "\\"): format += "\\\\"
            case UInt8(ascii: "'"): format += "\\x27"
            case 0x20...0x7E: format.unicodeScalars.append(Unicode.Scalar(byte))
            default: format += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return "@<(printf '" + format + "')"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
