import Foundation

@testable import FuzzSupport

// The readers of certificates that pins are checked against (`CertificateSPKI`, `PEMCertificates`).
// For any input:
// - reading the key of a DER certificate never traps; what it finds is a SEQUENCE inside the
//   input, byte for byte, and the pin is the base64 SHA-256 of exactly those bytes (`nil` when
//   there is no key);
// - a certificate with a byte more at its end, or one fewer, has no key;
// - reading the same bytes as PEM text never traps, and every block it finds is base64 that
//   decodes to what it returned.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let der = Data(UnsafeRawBufferPointer(start: start, count: count))
    let spki = CertificateSPKI.subjectPublicKeyInfo(ofCertificate: der)
    let pin = CertificateSPKI.pin(ofCertificate: der)
    if let spki {
        precondition(spki.first == 0x30 && spki.count >= 2 && spki.count <= der.count, "not a SEQUENCE of the input")
        precondition(der.range(of: spki) != nil, "the key's bytes are not in the certificate")
        precondition(pin == Data(SHA256.hash(spki)).base64EncodedString(), "the pin is not the key's digest")
        precondition(CertificateSPKI.pin(ofCertificate: der + [0]) == nil, "a byte after the end was accepted")
        precondition(CertificateSPKI.pin(ofCertificate: der.dropLast()) == nil, "a truncated certificate was read")
    } else {
        precondition(pin == nil, "a pin without a key")
    }
    let text = String(decoding: der, as: UTF8.self)
    for block in PEMCertificates.certificates(inPEM: text) {
        precondition(!block.isEmpty, "an empty certificate")
        precondition(Data(base64Encoded: block.base64EncodedString()) == block, "a block is not base64")
    }
    return 0
}
