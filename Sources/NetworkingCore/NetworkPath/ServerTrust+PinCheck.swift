import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ServerTrust {
    /// What a host's pins say about the certificate it presented (see `checkPins`).
    package enum PinCheck: Sendable, Hashable {
        /// Nothing stands in the way: the host is not pinned (or its pins were not checked), or
        /// the certificate's key matched one of its pins.
        case passed
        /// The key matched no pin, and the pins are only reported (`.reportOnly`): the connection
        /// goes ahead, and the request's `TransactionMetrics.pinMismatch` names the host.
        case reportedMismatch(host: String)
        /// The key matched no pin, and the pins are enforced: the connection fails with
        /// `NetworkingError.pinnedKeyMismatch(host:)`.
        case enforcedMismatch(host: String)

        /// The host a request's `TransactionMetrics.pinMismatch` names: the host of a reported
        /// mismatch, else `nil`.
        package var reportedHost: String? {
            guard case .reportedMismatch(let host) = self else { return nil }
            return host
        }
    }

    /// Checks the certificate that `host` presented (its leaf, as DER; `nil` when there is none)
    /// against the host's pins. `certificate` is read only when the host is pinned; a certificate
    /// whose key cannot be read matches no pin.
    ///
    /// `checksReportedPins` is `false` for a connection that cannot be sent again without its pins
    /// and reports nowhere, a WebSocket's: `.reportOnly` pins are then not checked at all, as
    /// `CurlTransport` does.
    package func checkPins(host: String, checksReportedPins: Bool = true, certificate: () -> Data?) -> PinCheck {
        guard let pins = pins(for: host) else { return .passed }
        if enforcement == .reportOnly, !checksReportedPins { return .passed }
        if let der = certificate(), let pin = CertificateSPKI.pin(ofCertificate: der), pins.digests.contains(pin) {
            return .passed
        }
        return enforcement == .enforce ? .enforcedMismatch(host: host) : .reportedMismatch(host: host)
    }
}

extension NetworkingError {
    /// The error of a connection to `host` whose certificate's public key matched none of the
    /// keys pinned for it: `.transport(URLError(.serverCertificateUntrusted))`, its message naming
    /// the host, and `pinnedKeyMismatchHost` giving it.
    package static func pinnedKeyMismatch(host: String) -> NetworkingError {
        .transport(
            URLError(
                .serverCertificateUntrusted,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "the public key of the certificate of \(host) did not match any key pinned for it",
                    pinnedKeyMismatchKey: host,
                ]))
    }

    /// The error of a connection to a server whose certificate is not trusted, for the reason
    /// `reason` gives (a clause such as "the certificate of example.com is not trusted").
    package static func untrustedCertificate(_ reason: String) -> NetworkingError {
        .transport(URLError(.serverCertificateUntrusted, userInfo: [NSLocalizedDescriptionKey: reason]))
    }
}
