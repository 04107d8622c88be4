/// Whom a client trusts over TLS: the certificate authorities, and the public keys each host's
/// certificate must carry.
///
/// The default trusts the system's CA store and pins nothing.
///
/// ```swift
/// let trust = ServerTrust(
///     certificateAuthorities: .file("/etc/myapp/private-ca.pem"),
///     pins: [try PublicKeyPins(host: "api.example.com", sha256: [current, backup])])
/// ```
public struct ServerTrust: Sendable, Hashable {
    /// Which certificate authorities a server's chain must lead to.
    public enum CertificateAuthorities: Sendable, Hashable {
        /// The system's CA store.
        case system
        /// Only the CA certificates in this PEM file: the system's are no longer trusted.
        case file(String)
    }

    /// What a pinned host whose key matches no pin gets.
    public enum PinEnforcement: Sendable, Hashable {
        /// The request fails with `.transport(URLError(.serverCertificateUntrusted))`, whose
        /// message names the host and says its key did not match; nothing is sent.
        case enforce
        /// The request goes ahead (the chain is still checked against the CAs) and the mismatch
        /// is reported: in the request's `TransactionMetrics.pinMismatch`, its events and its log.
        case reportOnly
    }

    /// Which certificate authorities are trusted (`.system` by default).
    public var certificateAuthorities: CertificateAuthorities
    /// The pinned keys, per host; a host no entry applies to is not pinned.
    public var pins: [PublicKeyPins]
    /// What a mismatch gets (`.enforce` by default).
    public var enforcement: PinEnforcement

    /// Trust settings; every parameter has a default.
    public init(
        certificateAuthorities: CertificateAuthorities = .system, pins: [PublicKeyPins] = [],
        enforcement: PinEnforcement = .enforce
    ) {
        self.certificateAuthorities = certificateAuthorities
        self.pins = pins
        self.enforcement = enforcement
    }

    /// The system's CA store, no pins.
    public static let system = ServerTrust()

    /// Whether these are the default settings.
    package var isDefault: Bool { self == .system }

    /// The pins for `host` (the first entry that applies), or `nil` when it is not pinned.
    public func pins(for host: String) -> PublicKeyPins? { pins.first { $0.applies(to: host) } }

    /// Throws `.invalidRequest` when the CA file path is empty or holds a control character.
    package func validate() throws(NetworkingError) {
        if case .file(let path) = certificateAuthorities { try NetworkPathText.check(path, "The CA file path") }
    }
}
