import Foundation

/// The public keys a host's certificate may carry: the base64 SHA-256 digests of their DER
/// SubjectPublicKeyInfo (`openssl x509 -pubkey | openssl pkey -pubin -outform der | openssl dgst
/// -sha256 -binary | base64`), as HPKP and curl's `--pinnedpubkey sha256//…` write them.
///
/// Pin the key in use and a backup key: when the server moves to the backup, clients keep working.
///
/// ```swift
/// let pins = try PublicKeyPins(host: "api.example.com", sha256: [current, backup])
/// ```
public struct PublicKeyPins: Sendable, Hashable {
    /// The host the pins apply to, in lower case: a name, an IP address, or `*.` and a domain for
    /// every name under that domain (not the domain itself).
    public let host: String
    /// The base64 SHA-256 digests, without a `sha256//` prefix.
    public let digests: [String]

    /// Pins for `host`. Each digest is base64 of 32 bytes, with or without a `sha256//` prefix.
    /// Throws `.invalidRequest` when the host is not a host name or pattern, when no digest is
    /// given, or when one is not base64 of 32 bytes.
    public init(host: String, sha256 digests: [String]) throws(NetworkingError) {
        let host = host.lowercased()
        try NetworkPathText.checkHost(host.hasPrefix("*.") ? String(host.dropFirst(2)) : host, "The pinned host")
        guard !digests.isEmpty else { throw .invalidRequest("The pins for \(host) have no key digest") }
        var bare: [String] = []
        for digest in digests {
            let value = digest.hasPrefix("sha256//") ? String(digest.dropFirst(8)) : digest
            guard Data(base64Encoded: value)?.count == 32 else {
                throw .invalidRequest("The pin '\(digest)' for \(host) is not base64 of a 32-byte SHA-256 digest")
            }
            bare.append(value)
        }
        self.host = host
        self.digests = bare
    }

    /// Whether the pins apply to `host`.
    public func applies(to host: String) -> Bool {
        let host = host.lowercased()
        guard self.host.hasPrefix("*.") else { return host == self.host }
        return host.hasSuffix(self.host.dropFirst(1)) && host.count > self.host.count - 1
    }

    /// The digests as curl's `CURLOPT_PINNEDPUBLICKEY` takes them: `sha256//a;sha256//b`.
    package var curlValue: String { digests.map { "sha256//" + $0 }.joined(separator: ";") }
}
