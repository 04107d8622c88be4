import Foundation

/// Percent-encoding for the parts of a URL and for form bodies (RFC 3986 §2, WHATWG URL §5).
package enum PercentEncoding {
    /// Characters left as they are in a path: RFC 3986 `pchar` plus `/`.
    static let pathAllowed = unreserved.union("!$&'()*+,;=:@/".utf8)

    /// Characters left as they are in a query name or value. `&`, `=`, `+` and `;` are encoded so
    /// that a value can never split a pair or turn into a space on a server that reads `+` as one.
    static let queryAllowed = unreserved.union("!$'()*,:@/?".utf8)

    /// Characters left as they are in a query string given whole (its pairs already joined).
    static let queryStringAllowed = queryAllowed.union("&=+;".utf8)

    /// Characters left as they are in a whole URL a user supplied: a path's, and the delimiters of
    /// the query, the fragment and an IPv6 host.
    static let urlAllowed = pathAllowed.union("?#[]".utf8)

    /// Characters left as they are in an `application/x-www-form-urlencoded` body (WHATWG).
    static let formAllowed = alphanumerics.union("*-._".utf8)

    private static let alphanumerics = ByteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    private static let unreserved = alphanumerics.union("-._~".utf8)
    private static let hex = Array("0123456789ABCDEF".utf8)

    /// Encodes every byte of `text`'s UTF-8 outside `allowed`. With `keepingEscapes`, an existing
    /// `%XX` escape is kept rather than encoded again.
    static func encode(_ text: String, allowed: ByteSet, keepingEscapes: Bool = false, spaceAsPlus: Bool = false)
        -> String
    {
        // Most text (a base URL, a plain name or value) needs no encoding: it is returned as it is.
        if text.utf8.allSatisfy(allowed.contains) { return text }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if allowed.contains(byte) {
                output.append(byte)
            } else if keepingEscapes, byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                isHex(bytes[index + 1]), isHex(bytes[index + 2])
            {
                output.append(contentsOf: bytes[index...index + 2])
                index += 2
            } else if spaceAsPlus, byte == UInt8(ascii: " ") {
                output.append(UInt8(ascii: "+"))
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }

    /// Encodes a query string from name/value pairs, in order.
    package static func query(_ items: [URLQueryItem]) -> String {
        items.map { item in
            let name = encode(item.name, allowed: queryAllowed)
            guard let value = item.value else { return name }
            return name + "=" + encode(value, allowed: queryAllowed)
        }.joined(separator: "&")
    }

    /// Encodes an `application/x-www-form-urlencoded` body from name/value pairs, in order.
    package static func form(_ pairs: [(String, String)]) -> String {
        pairs.map {
            encode($0.0, allowed: formAllowed, spaceAsPlus: true) + "="
                + encode($0.1, allowed: formAllowed, spaceAsPlus: true)
        }.joined(separator: "&")
    }
}
