import Foundation

/// One `Set-Cookie` field value parsed by the algorithm of RFC 6265bis §5.6: the name, the value
/// and the attributes a cookie jar understands, each the last one given.
///
/// Parsing never fails loudly: a line the algorithm ignores (a control character, no name and no
/// value, more than 4096 bytes of name and value) is `nil`, and an attribute it ignores (an
/// unparsable `Expires`, a `Max-Age` that is not a number, an attribute value over 1024 bytes, an
/// unknown attribute) is left out. Whether the cookie is then stored is the storage model's
/// decision (`CookieStore`).
package struct SetCookie: Sendable, Hashable {
    /// The most bytes of name and value together a cookie may have.
    package static let maximumNameValueBytes = 4096
    /// The most bytes an attribute's value may have; a longer attribute is ignored.
    package static let maximumAttributeValueBytes = 1024

    /// The cookie's name (empty for a line without `=`).
    package var name: String
    /// The cookie's value.
    package var value: String
    /// The `Expires` attribute, when it parsed as a cookie date (RFC 6265bis §5.1.1).
    package var expires: Date?
    /// The `Max-Age` attribute in seconds; zero or less means "expired".
    package var maxAge: Int64?
    /// The `Domain` attribute, lowercased and without its leading dot.
    package var domain: String?
    /// The `Path` attribute, when its value starts with `/` (otherwise the default path applies).
    package var path: String?
    /// Whether the last attribute named `Path` had a value starting with `/`.
    package var hasPathAttribute: Bool { path != nil }
    /// Whether `Secure` was given.
    package var isSecure = false
    /// Whether `HttpOnly` was given.
    package var isHTTPOnly = false
    /// The `SameSite` attribute (`.default` when absent or unrecognised).
    package var sameSite: Cookie.SameSite = .default

    /// Parses one `Set-Cookie` field value; `nil` when the algorithm ignores the whole line.
    package init?(_ line: String) {
        // Control characters other than tab make the whole line ignored. Separators are found
        // in the UTF-8 view: a `;` followed by a combining mark is still a separator.
        for byte in line.utf8 where (byte < 0x20 && byte != 0x09) || byte == 0x7F { return nil }
        let pair: Substring
        var attributes: Substring
        if let semicolon = line.utf8.firstIndex(of: UInt8(ascii: ";")) {
            pair = line[..<semicolon]
            attributes = line[line.utf8.index(after: semicolon)...]
        } else {
            pair = line[...]
            attributes = ""
        }
        if let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) {
            name = String(Self.trimmed(pair[..<equals]))
            value = String(Self.trimmed(pair[pair.utf8.index(after: equals)...]))
        } else {
            name = ""
            value = String(Self.trimmed(pair))
        }
        if name.isEmpty && value.isEmpty { return nil }
        if name.utf8.count + value.utf8.count > Self.maximumNameValueBytes { return nil }
        while !attributes.isEmpty {
            let av: Substring
            if let semicolon = attributes.utf8.firstIndex(of: UInt8(ascii: ";")) {
                av = attributes[..<semicolon]
                attributes = attributes[attributes.utf8.index(after: semicolon)...]
            } else {
                av = attributes
                attributes = ""
            }
            apply(av)
        }
    }

    /// Applies one `cookie-av` (RFC 6265bis §5.6.1 onwards).
    private mutating func apply(_ av: Substring) {
        let attributeName: Substring
        let attributeValue: Substring
        if let equals = av.utf8.firstIndex(of: UInt8(ascii: "=")) {
            attributeName = Self.trimmed(av[..<equals])
            attributeValue = Self.trimmed(av[av.utf8.index(after: equals)...])
        } else {
            attributeName = Self.trimmed(av)
            attributeValue = ""
        }
        if attributeValue.utf8.count > Self.maximumAttributeValueBytes { return }
        switch attributeName.lowercased() {
        case "expires":
            if let date = CookieDate.parse(attributeValue) { expires = date }
        case "max-age":
            if let seconds = Self.deltaSeconds(attributeValue) { maxAge = seconds }
        case "domain":
            guard !attributeValue.isEmpty else { return }
            var domain = attributeValue
            if domain.first == "." { domain = domain.dropFirst() }
            self.domain = domain.lowercased()
        case "path":
            path = attributeValue.first == "/" ? String(attributeValue) : nil
        case "secure":
            isSecure = true
        case "httponly":
            isHTTPOnly = true
        case "samesite":
            switch attributeValue.lowercased() {
            case "strict": sameSite = .strict
            case "lax": sameSite = .lax
            case "none": sameSite = .none
            default: sameSite = .default
            }
        default:
            break  // An attribute this jar does not know is ignored.
        }
    }

    /// A `Max-Age` value: an optional `-` then digits; out-of-range values are clamped.
    static func deltaSeconds(_ text: Substring) -> Int64? {
        var digits = text.utf8[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        var seconds: Int64 = 0
        for digit in digits {
            let (times10, overflow1) = seconds.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(digit - 0x30))
            if overflow1 || overflow2 { return negative ? Int64.min : Int64.max }
            seconds = sum
        }
        return negative ? -seconds : seconds
    }

    /// `text` without leading and trailing spaces and tabs.
    static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
