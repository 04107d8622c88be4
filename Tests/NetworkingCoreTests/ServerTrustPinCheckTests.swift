import Foundation
import XCTest

@testable import NetworkingCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a host's pins say about the certificate it presented: the decision `URLSessionTransport`
/// and its WebSocket connections take on Apple platforms, made here from a certificate's DER.
final class ServerTrustPinCheckTests: XCTestCase {
    /// A certificate `CertificateSPKI` can read: an Ed25519 key in the shape RFC 5280 gives.
    private static let certificate: Data = {
        func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { [tag, UInt8(content.count)] + content }
        let algorithm = element(0x30, element(0x06, [0x2B, 0x65, 0x70]))
        let spki = element(0x30, algorithm + element(0x03, [0] + Array(repeating: 9, count: 32)))
        let name = element(0x30, [])
        let tbs = element(0x30, element(0x02, [1]) + algorithm + name + element(0x30, []) + name + spki)
        return Data(element(0x30, tbs + algorithm + element(0x03, [0, 1])))
    }()

    private static var pin: String { CertificateSPKI.pin(ofCertificate: certificate) ?? "" }
    private static let otherPin = Data(repeating: 1, count: 32).base64EncodedString()

    private func trust(_ host: String, _ digests: [String], _ enforcement: ServerTrust.PinEnforcement) throws
        -> ServerTrust
    {
        ServerTrust(pins: [try PublicKeyPins(host: host, sha256: digests)], enforcement: enforcement)
    }

    func testTheCertificateIsReadable() {
        XCTAssertNotNil(CertificateSPKI.pin(ofCertificate: Self.certificate))
    }

    func testAMatchingKeyPasses() throws {
        for enforcement in [ServerTrust.PinEnforcement.enforce, .reportOnly] {
            let trust = try trust("api.test", [Self.otherPin, Self.pin], enforcement)
            XCTAssertEqual(trust.checkPins(host: "api.test") { Self.certificate }, .passed)
        }
        let wildcard = try trust("*.example.test", [Self.pin], .enforce)
        XCTAssertEqual(wildcard.checkPins(host: "api.example.test") { Self.certificate }, .passed)
    }

    func testAMismatchIsEnforcedOrReported() throws {
        let enforced = try trust("api.test", [Self.otherPin], .enforce)
        XCTAssertEqual(enforced.checkPins(host: "api.test") { Self.certificate }, .enforcedMismatch(host: "api.test"))
        let reported = try trust("api.test", [Self.otherPin], .reportOnly)
        XCTAssertEqual(reported.checkPins(host: "api.test") { Self.certificate }, .reportedMismatch(host: "api.test"))
    }

    func testACertificateThatCannotBeReadMatchesNoPin() throws {
        let enforced = try trust("api.test", [Self.pin], .enforce)
        XCTAssertEqual(enforced.checkPins(host: "api.test") { nil }, .enforcedMismatch(host: "api.test"))
        let truncated = Self.certificate.dropLast()
        XCTAssertEqual(enforced.checkPins(host: "api.test") { truncated }, .enforcedMismatch(host: "api.test"))
    }

    func testAnUnpinnedHostIsNotCheckedAndItsCertificateNotRead() throws {
        let trust = try trust("api.test", [Self.otherPin], .enforce)
        var reads = 0
        XCTAssertEqual(
            trust.checkPins(host: "other.test") {
                reads += 1
                return Self.certificate
            }, .passed)
        XCTAssertEqual(ServerTrust.system.checkPins(host: "api.test") { nil }, .passed)
        XCTAssertEqual(reads, 0)
    }

    /// A WebSocket's connection reports nowhere: its `.reportOnly` pins are not checked, as with
    /// `CurlTransport`, while enforced pins are.
    func testAConnectionThatReportsNowhereChecksEnforcedPinsOnly() throws {
        let reported = try trust("api.test", [Self.otherPin], .reportOnly)
        XCTAssertEqual(reported.checkPins(host: "api.test", checksReportedPins: false) { Self.certificate }, .passed)
        let enforced = try trust("api.test", [Self.otherPin], .enforce)
        XCTAssertEqual(
            enforced.checkPins(host: "api.test", checksReportedPins: false) { Self.certificate },
            .enforcedMismatch(host: "api.test"))
    }

    func testTheMismatchErrorNamesTheHost() {
        let error = NetworkingError.pinnedKeyMismatch(host: "api.test")
        guard case .transport(let cause) = error else { return XCTFail("\(error)") }
        XCTAssertEqual(cause.code, .serverCertificateUntrusted)
        XCTAssertEqual(error.pinnedKeyMismatchHost, "api.test")
        XCTAssertEqual(
            error.description,
            "The secure connection failed: the public key of the certificate of api.test did not match any key "
                + "pinned for it.")
        let untrusted = NetworkingError.untrustedCertificate("the certificate of api.test is not trusted")
        XCTAssertNil(untrusted.pinnedKeyMismatchHost)
        XCTAssertEqual(
            untrusted.description, "The secure connection failed: the certificate of api.test is not trusted.")
    }
}
