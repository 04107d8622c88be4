import Foundation

/// The certificates of a PEM file (RFC 7468), as DER: what a private CA file
/// (`ServerTrust.CertificateAuthorities.file`) holds.
///
/// Each block from a `-----BEGIN CERTIFICATE-----` line to the next `-----END CERTIFICATE-----`
/// line gives one certificate: its base64 body, whitespace and line breaks aside, decoded. Text
/// outside the blocks (comments, other kinds of block such as keys) is passed over, and so is a
/// block that has no end, is interrupted by another block, or whose body is not base64.
package enum PEMCertificates {
    private static let begin = "-----BEGIN CERTIFICATE-----"
    private static let end = "-----END CERTIFICATE-----"
    /// The start of any PEM boundary line.
    private static let boundary = "-----"

    /// The DER of each certificate in `text`, in order.
    package static func certificates(inPEM text: String) -> [Data] {
        var found: [Data] = []
        var rest = text[...]
        while let opening = rest.range(of: begin) {
            rest = rest[opening.upperBound...]
            // The next boundary has to be this block's end; anything else starts over from there.
            guard let next = rest.range(of: boundary) else { break }
            guard rest[next.lowerBound...].hasPrefix(end) else {
                rest = rest[next.lowerBound...]
                continue
            }
            let body = rest[..<next.lowerBound].filter { !$0.isWhitespace }
            rest = rest[next.lowerBound...].dropFirst(end.count)
            if let der = Data(base64Encoded: String(body)), !der.isEmpty { found.append(der) }
        }
        return found
    }

    /// The DER of each certificate in the PEM file at `path`, in order; none when the file cannot
    /// be read. Bytes that are not UTF-8 (in comments, say) are read as replacement characters.
    package static func certificates(inPEMFile path: String) -> [Data] {
        guard let contents = FileManager.default.contents(atPath: path) else { return [] }
        return certificates(inPEM: String(decoding: contents, as: UTF8.self))
    }
}
