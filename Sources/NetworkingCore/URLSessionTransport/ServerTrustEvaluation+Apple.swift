#if canImport(Security)
    import Foundation
    import Security

    /// The server-trust check of `URLSessionTransport` and of WebSocket connections on Apple
    /// platforms: a private CA in place of the system's anchors, and the SPKI pins of the
    /// challenge's host.
    ///
    /// Only the calls into Security live here. What they are given and what is decided from their
    /// answers is shared with Linux, where it is tested: the certificates of the CA file
    /// (`PEMCertificates`), the pin of the leaf certificate's key, hashed from the certificate's own
    /// DER (`CertificateSPKI`), and what the host's pins say of it (`ServerTrust.checkPins`).
    package enum ServerTrustEvaluation {
        /// What the check decided.
        package enum Verdict {
            /// The system's own handling: nothing to check.
            case defaultHandling
            /// The chain passed, and the pins did or are only reported: use this credential.
            /// `pins` is what the host's pins found: `.passed`, or `.reportedMismatch` when its key
            /// matched none of its `.reportOnly` pins.
            case trusted(URLCredential, pins: ServerTrust.PinCheck)
            /// The chain is not trusted, or the key matched no enforced pin: fail the task with
            /// this error.
            case rejected(NetworkingError)
        }

        /// Checks `challenge`'s server trust against `settings`. Under report-only pinning a key
        /// that matches no pin is trusted all the same (the chain still has to be), and the
        /// verdict names the host; with `checksReportedPins` `false` (a WebSocket's connection,
        /// which reports nowhere) such pins are not checked at all.
        package static func evaluate(
            _ challenge: URLAuthenticationChallenge, settings: ServerTrust, checksReportedPins: Bool = true
        ) -> Verdict {
            // `var serverTrust: SecTrust? { get }`
            // developer.apple.com/documentation/foundation/urlprotectionspace/servertrust
            guard !settings.isDefault, let trust = challenge.protectionSpace.serverTrust else {
                return .defaultHandling
            }
            let host = challenge.protectionSpace.host
            if case .file(let path) = settings.certificateAuthorities {
                // `func SecCertificateCreateWithData(_ allocator: CFAllocator?, _ data: CFData) -> SecCertificate?`
                // developer.apple.com/documentation/security/seccertificatecreatewithdata(_:_:)
                let anchors = PEMCertificates.certificates(inPEMFile: path).compactMap {
                    SecCertificateCreateWithData(nil, $0 as CFData)
                }
                guard !anchors.isEmpty else {
                    return .rejected(.untrustedCertificate("the CA file \(path) holds no certificate"))
                }
                // `func SecTrustSetAnchorCertificates(_ trust: SecTrust, _ anchorCertificates: CFArray?) -> OSStatus`
                // developer.apple.com/documentation/security/sectrustsetanchorcertificates(_:_:)
                // `func SecTrustSetAnchorCertificatesOnly(_ trust: SecTrust, _ anchorCertificatesOnly: Bool) -> OSStatus`
                // developer.apple.com/documentation/security/sectrustsetanchorcertificatesonly(_:_:)
                // `var errSecSuccess: OSStatus { get }`
                // developer.apple.com/documentation/security/errsecsuccess
                // Either call failing would leave the system's anchors trusted: the chain is refused.
                guard SecTrustSetAnchorCertificates(trust, anchors as CFArray) == errSecSuccess,
                    SecTrustSetAnchorCertificatesOnly(trust, true) == errSecSuccess
                else {
                    return .rejected(.untrustedCertificate("the CA file \(path) could not be made the only anchors"))
                }
            }
            // `func SecTrustEvaluateWithError(_ trust: SecTrust, _ error: UnsafeMutablePointer<CFError?>?) -> Bool`
            // developer.apple.com/documentation/security/sectrustevaluatewitherror(_:_:)
            guard SecTrustEvaluateWithError(trust, nil) else {
                return .rejected(.untrustedCertificate("the certificate of \(host) is not trusted"))
            }
            let check = settings.checkPins(host: host, checksReportedPins: checksReportedPins) {
                leafCertificate(of: trust)
            }
            // `init(trust: SecTrust)`
            // developer.apple.com/documentation/foundation/urlcredential/init(trust:)
            switch check {
            case .passed, .reportedMismatch: return .trusted(URLCredential(trust: trust), pins: check)
            case .enforcedMismatch(let host): return .rejected(.pinnedKeyMismatch(host: host))
            }
        }

        /// The DER of the leaf certificate of the evaluated `trust`, or `nil` when it has none.
        private static func leafCertificate(of trust: SecTrust) -> Data? {
            // `func SecTrustCopyCertificateChain(_ trust: SecTrust) -> CFArray?`
            // developer.apple.com/documentation/security/sectrustcopycertificatechain(_:)
            // The chain starts with the leaf.
            guard let leaf = (SecTrustCopyCertificateChain(trust) as? [SecCertificate])?.first else { return nil }
            // `func SecCertificateCopyData(_ certificate: SecCertificate) -> CFData`
            // developer.apple.com/documentation/security/seccertificatecopydata(_:)
            return SecCertificateCopyData(leaf) as Data
        }
    }
#endif
