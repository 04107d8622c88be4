import Foundation
import XCTest

@testable import NetworkingCore

/// The certificates of a PEM file as DER: what a private CA file holds, read the same way on every
/// platform.
final class PEMCertificatesTests: XCTestCase {
    private let first = Data((0..<200).map { UInt8($0 % 256) })
    private let second = Data([0x30, 0x03, 0x02, 0x01, 0x05])

    /// `der` as a PEM block, its base64 in lines of 64 characters ending with `newline`.
    private func block(_ der: Data, label: String = "CERTIFICATE", newline: String = "\n") -> String {
        let base64 = der.base64EncodedString(options: .lineLength64Characters)
        let lines = base64.components(separatedBy: "\r\n").joined(separator: newline)
        return "-----BEGIN \(label)-----\(newline)\(lines)\(newline)-----END \(label)-----\(newline)"
    }

    func testEveryCertificateIsReadInOrder() {
        let text = "a bundle's comment\n" + block(first) + "\nsubject=CN = second\n" + block(second)
        XCTAssertEqual(PEMCertificates.certificates(inPEM: text), [first, second])
    }

    func testCRLFLinesAndStrayWhitespaceAreRead() {
        XCTAssertEqual(PEMCertificates.certificates(inPEM: block(first, newline: "\r\n")), [first])
        let spaced = block(second).replacingOccurrences(of: "\n", with: " \t\n  ")
        XCTAssertEqual(PEMCertificates.certificates(inPEM: spaced), [second])
    }

    func testOtherBlocksAreSkipped() {
        let text = block(second, label: "PRIVATE KEY") + block(first) + block(second, label: "X509 CRL")
        XCTAssertEqual(PEMCertificates.certificates(inPEM: text), [first])
        XCTAssertEqual(PEMCertificates.certificates(inPEM: block(second, label: "TRUSTED CERTIFICATE")), [])
    }

    func testBrokenBlocksGiveNothingAndSpareTheOthers() {
        let unended = "-----BEGIN CERTIFICATE-----\n" + second.base64EncodedString() + "\n"
        XCTAssertEqual(PEMCertificates.certificates(inPEM: unended), [])
        // A block cut short by the next one: only the next one is read.
        XCTAssertEqual(PEMCertificates.certificates(inPEM: unended + block(first)), [first])
        // A block whose end is another kind's.
        let mismatched = "-----BEGIN CERTIFICATE-----\n" + second.base64EncodedString() + "\n-----END X509 CRL-----\n"
        XCTAssertEqual(PEMCertificates.certificates(inPEM: mismatched + block(first)), [first])
        let notBase64 = "-----BEGIN CERTIFICATE-----\nnot*base64!\n-----END CERTIFICATE-----\n"
        XCTAssertEqual(PEMCertificates.certificates(inPEM: notBase64 + block(second)), [second])
        let empty = "-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n"
        XCTAssertEqual(PEMCertificates.certificates(inPEM: empty), [])
        XCTAssertEqual(PEMCertificates.certificates(inPEM: ""), [])
        XCTAssertEqual(PEMCertificates.certificates(inPEM: "-----BEGIN CERTIFICATE-----"), [])
    }

    func testAFileIsReadAndAMissingFileHoldsNothing() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pem-\(UUID().uuidString).pem")
        defer { try? FileManager.default.removeItem(at: url) }
        // Bytes that are not UTF-8 in a comment do not hide the certificates.
        var contents = Data([0xFF, 0xFE, 0x0A])
        contents.append(Data((block(first) + block(second)).utf8))
        try contents.write(to: url)
        XCTAssertEqual(PEMCertificates.certificates(inPEMFile: url.path), [first, second])
        XCTAssertEqual(PEMCertificates.certificates(inPEMFile: url.path + ".missing"), [])
    }
}
