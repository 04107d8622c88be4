#if canImport(Security) && canImport(CryptoKit)
    import CryptoKit
    import Foundation
    import Security

    /// The server-trust check of `URLSessionTransport` on Apple platforms: a private CA in place of
    /// the system's anchors, and the SPKI pins of the challenge's host.
    enum ServerTrustEvaluation {
        /// What the check decided.
        enum Verdict {
            /// The system's own handling: nothing to check.
            case defaultHandling
            /// The chain (and the pins, if any) passed: use this credential.
            case trusted(URLCredential)
            /// The chain is not trusted, or the key matched no pin: fail the task with this error.
            case rejected(NetworkingError)
        }

        /// Checks `challenge`'s server trust against `settings`. Under report-only pinning a key that
        /// matches no pin is trusted all the same (the chain still has to be).
        static func evaluate(_ challenge: URLAuthenticationChallenge, settings: ServerTrust) -> Verdict {
            guard !settings.isDefault, let trust = challenge.protectionSpace.serverTrust else {
                return .defaultHandling
            }
            let host = challenge.protectionSpace.host
            if case .file(let path) = settings.certificateAuthorities {
                let anchors = certificates(inPEMFile: path)
                guard !anchors.isEmpty else {
                    return .rejected(untrusted(host, "the CA file \(path) holds no certificate"))
                }
                SecTrustSetAnchorCertificates(trust, anchors as CFArray)
                SecTrustSetAnchorCertificatesOnly(trust, true)
            }
            guard SecTrustEvaluateWithError(trust, nil) else {
                return .rejected(untrusted(host, "the certificate of \(host) is not trusted"))
            }
            if let pins = settings.pins(for: host), settings.enforcement == .enforce {
                let chain = (SecTrustCopyCertificateChain(trust) as? [SecCertificate]) ?? []
                guard let leaf = chain.first, let digest = spkiDigest(leaf), pins.digests.contains(digest) else {
                    var info: [String: Any] = [
                        NSLocalizedDescriptionKey:
                            "the public key of the certificate of \(host) did not match any key pinned for it"
                    ]
                    info[NetworkingError.pinnedKeyMismatchKey] = host
                    return .rejected(.transport(URLError(.serverCertificateUntrusted, userInfo: info)))
                }
            }
            return .trusted(URLCredential(trust: trust))
        }

        private static func untrusted(_ host: String, _ text: String) -> NetworkingError {
            .transport(URLError(.serverCertificateUntrusted, userInfo: [NSLocalizedDescriptionKey: text]))
        }

        /// The certificates of the PEM blocks in the file at `path`.
        static func certificates(inPEMFile path: String) -> [SecCertificate] {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
            return text.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst().compactMap { block in
                let body = block.components(separatedBy: "-----END CERTIFICATE-----")[0]
                guard let der = Data(base64Encoded: body, options: .ignoreUnknownCharacters) else { return nil }
                return SecCertificateCreateWithData(nil, der as CFData)
            }
        }

        /// The base64 SHA-256 of `certificate`'s DER SubjectPublicKeyInfo: Security gives the key's
        /// bits alone, so the SPKI header of its type and size goes before them; `nil` for a key of
        /// another kind.
        static func spkiDigest(_ certificate: SecCertificate) -> String? {
            guard let key = SecCertificateCopyKey(certificate),
                let attributes = SecKeyCopyAttributes(key) as? [CFString: Any],
                let type = attributes[kSecAttrKeyType] as? String, let bits = attributes[kSecAttrKeySizeInBits] as? Int,
                let raw = SecKeyCopyExternalRepresentation(key, nil) as Data?,
                let header = spkiHeaders["\(type == (kSecAttrKeyTypeRSA as String) ? "rsa" : "ec")\(bits)"]
            else { return nil }
            return Data(SHA256.hash(data: Data(header) + raw)).base64EncodedString()
        }

        /// The DER of an SPKI up to its key bits, per key type and size.
        private static let spkiHeaders: [String: [UInt8]] = [
            "rsa2048": [
                0x30, 0x82, 0x01, 0x22, 0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01,
                0x05, 0x00, 0x03, 0x82, 0x01, 0x0F, 0x00,
            ],
            "rsa4096": [
                0x30, 0x82, 0x02, 0x22, 0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01,
                0x05, 0x00, 0x03, 0x82, 0x02, 0x0F, 0x00,
            ],
            "ec256": [
                0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A, 0x86,
                0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00,
            ],
            "ec384": [
                0x30, 0x76, 0x30, 0x10, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x05, 0x2B, 0x81,
                0x04, 0x00, 0x22, 0x03, 0x62, 0x00,
            ],
        ]
    }
#endif
