import Foundation

/// The SubjectPublicKeyInfo of an X.509 certificate, taken from the certificate's DER, and the pin
/// of that key: the base64 SHA-256 of the SubjectPublicKeyInfo's DER, the form `PublicKeyPins`
/// lists and libcurl compares (`CURLOPT_PINNEDPUBLICKEY`).
///
/// The element is hashed exactly as the certificate carries it, so every key type, size and RSA
/// exponent gives the pin `openssl x509 -pubkey | openssl pkey -pubin -outform der | openssl dgst
/// -sha256 -binary | base64` gives, without knowing anything about the key itself.
///
/// The reader is minimal and defensive. It walks only the certificate's three parts and, in the
/// first, the elements that come before the key (RFC 5280, section 4.1):
///
/// ```
/// Certificate ::= SEQUENCE {
///     tbsCertificate SEQUENCE {
///         version [0] EXPLICIT OPTIONAL, serialNumber INTEGER, signature SEQUENCE,
///         issuer SEQUENCE, validity SEQUENCE, subject SEQUENCE,
///         subjectPublicKeyInfo SEQUENCE { algorithm SEQUENCE, subjectPublicKey BIT STRING }, ... },
///     signatureAlgorithm SEQUENCE, signatureValue BIT STRING }
/// ```
///
/// It accepts DER only (one-byte tags, definite lengths in as few octets as they need), checks
/// every length against the element around it, and gives `nil` for anything else, never a trap:
/// a certificate it cannot read matches no pin.
package enum CertificateSPKI {
    /// The exact bytes (tag, length and content) of the subjectPublicKeyInfo of the certificate
    /// whose DER is `certificate`; `nil` when `certificate` is not a DER certificate of that shape,
    /// or has bytes after its end.
    package static func subjectPublicKeyInfo(ofCertificate certificate: Data) -> Data? {
        let bytes = [UInt8](certificate)
        guard let spki = DERElement.subjectPublicKeyInfo(in: bytes) else { return nil }
        return Data(bytes[spki.start..<spki.end])
    }

    /// The pin of the certificate whose DER is `certificate`: the base64 SHA-256 of its
    /// subjectPublicKeyInfo, without a `sha256//` prefix; `nil` when the certificate cannot be read.
    package static func pin(ofCertificate certificate: Data) -> String? {
        let bytes = [UInt8](certificate)
        guard let spki = DERElement.subjectPublicKeyInfo(in: bytes) else { return nil }
        return Data(SHA256.hash(bytes[spki.start..<spki.end])).base64EncodedString()
    }
}

/// One DER element in a buffer: its tag, and where its content and the element end.
private struct DERElement {
    /// The identifier octet (class, constructed bit and tag number).
    let tag: UInt8
    /// The index of the identifier octet.
    let start: Int
    /// The index of the first content octet.
    let contentStart: Int
    /// The index just past the last content octet.
    let end: Int

    static let integer: UInt8 = 0x02
    static let bitString: UInt8 = 0x03
    static let sequence: UInt8 = 0x30
    /// `[0]`, constructed, context-specific: the tag of a certificate's explicit version.
    static let explicitVersion: UInt8 = 0xA0

    /// The element that starts at `start` and ends no later than `limit` in `bytes`; `nil` when
    /// it is not DER or does not fit.
    static func read(_ bytes: [UInt8], at start: Int, before limit: Int) -> DERElement? {
        guard start >= 0, limit <= bytes.count, limit - start >= 2 else { return nil }
        let tag = bytes[start]
        // The high-tag-number form (tag number 31 and more): none of the elements read here has one.
        guard tag & 0x1F != 0x1F else { return nil }
        var index = start + 1
        let first = bytes[index]
        index += 1
        var length = Int(first)
        if first >= 0x80 {
            let octets = Int(first & 0x7F)
            // 0x80 is BER's indefinite length, which DER forbids; four octets already allow 4 GiB.
            guard (1...4).contains(octets), limit - index >= octets else { return nil }
            // DER writes a length in as few octets as it needs: no leading zero, and the long form
            // only past 127.
            guard bytes[index] != 0 else { return nil }
            length = 0
            for _ in 0..<octets {
                guard length <= Int.max >> 8 else { return nil }
                length = length << 8 | Int(bytes[index])
                index += 1
            }
            guard length >= 0x80 else { return nil }
        }
        guard length <= limit - index else { return nil }
        return DERElement(tag: tag, start: start, contentStart: index, end: index + length)
    }

    /// The subjectPublicKeyInfo element of the DER certificate `bytes` (see `CertificateSPKI`).
    static func subjectPublicKeyInfo(in bytes: [UInt8]) -> DERElement? {
        // Certificate: tbsCertificate, signatureAlgorithm and signatureValue, filling it exactly.
        guard let certificate = read(bytes, at: 0, before: bytes.count), certificate.tag == sequence,
            certificate.end == bytes.count,
            let tbs = read(bytes, at: certificate.contentStart, before: certificate.end), tbs.tag == sequence,
            let signatureAlgorithm = read(bytes, at: tbs.end, before: certificate.end),
            signatureAlgorithm.tag == sequence,
            let signature = read(bytes, at: signatureAlgorithm.end, before: certificate.end),
            signature.tag == bitString, signature.end == certificate.end
        else { return nil }
        var cursor = tbs.contentStart
        if let version = read(bytes, at: cursor, before: tbs.end), version.tag == explicitVersion {
            cursor = version.end
        }
        // serialNumber, signature, issuer, validity, subject: passed over, their tags checked.
        for expected in [integer, sequence, sequence, sequence, sequence] {
            guard let field = read(bytes, at: cursor, before: tbs.end), field.tag == expected else { return nil }
            cursor = field.end
        }
        // The key's two parts fill it exactly; a BIT STRING starts with its count of unused bits.
        guard let spki = read(bytes, at: cursor, before: tbs.end), spki.tag == sequence,
            let algorithm = read(bytes, at: spki.contentStart, before: spki.end), algorithm.tag == sequence,
            let key = read(bytes, at: algorithm.end, before: spki.end), key.tag == bitString,
            key.end == spki.end, key.end > key.contentStart
        else { return nil }
        return spki
    }
}
