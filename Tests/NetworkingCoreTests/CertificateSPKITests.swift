import Foundation
import XCTest

@testable import NetworkingCore

/// The pin of a certificate's key, as `URLSessionTransport` computes it on Apple platforms from the
/// certificate's DER: checked against the pin curl documents (`openssl x509 -pubkey | openssl pkey
/// -pubin -outform der | openssl dgst -sha256 -binary | base64`) for certificates `openssl` makes
/// here with every common key type and size, and held to `nil` for malformed certificates.
final class CertificateSPKITests: XCTestCase {
    /// A certificate `openssl` made, with what `openssl` says its key's DER and pin are.
    struct Generated: Sendable {
        let name: String
        let pemFile: String
        let expectedSPKI: Data
        let expectedPin: String
    }

    /// The keys the certificates carry: `openssl genpkey` options.
    private static let keys: [(name: String, options: String)] = [
        ("RSA-2048", "-algorithm RSA -pkeyopt rsa_keygen_bits:2048"),
        ("RSA-3072", "-algorithm RSA -pkeyopt rsa_keygen_bits:3072"),
        ("RSA-4096", "-algorithm RSA -pkeyopt rsa_keygen_bits:4096"),
        ("RSA-2048 with exponent 3", "-algorithm RSA -pkeyopt rsa_keygen_bits:2048 -pkeyopt rsa_keygen_pubexp:3"),
        ("P-256", "-algorithm EC -pkeyopt ec_paramgen_curve:P-256"),
        ("P-384", "-algorithm EC -pkeyopt ec_paramgen_curve:P-384"),
        ("P-521", "-algorithm EC -pkeyopt ec_paramgen_curve:P-521"),
        ("Ed25519", "-algorithm ED25519"),
    ]

    private static let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("CertificateSPKITests-\(UUID().uuidString)")

    /// Every key as a self-signed (version 3) certificate, and the first also as a version 1
    /// certificate, which has no version field.
    private static let generated = Result { () throws -> [Generated] in
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var made: [Generated] = []
        for (index, key) in keys.enumerated() {
            try openssl("openssl genpkey \(key.options) -out key\(index).pem")
            try openssl("openssl req -x509 -new -key key\(index).pem -subj /CN=pin.test -days 2 -out cert\(index).pem")
            made.append(try describe(key.name, "cert\(index).pem"))
        }
        try openssl("openssl req -new -key key0.pem -subj /CN=v1.test -out v1.csr")
        try openssl("openssl x509 -req -in v1.csr -signkey key0.pem -days 2 -out v1.pem")
        let text = String(decoding: try openssl("openssl x509 -in v1.pem -noout -text"), as: UTF8.self)
        guard text.contains("Version: 1 (0x0)") else { throw failure("the version 1 certificate has another version") }
        made.append(try describe("RSA-2048, version 1", "v1.pem"))
        return made
    }

    /// The certificate in `file`, with its key's DER and pin as openssl computes them.
    private static func describe(_ name: String, _ file: String) throws -> Generated {
        let spki = try openssl("openssl x509 -in \(file) -pubkey -noout | openssl pkey -pubin -outform der")
        let pin = try openssl(
            "openssl x509 -in \(file) -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary "
                + "| base64")
        return Generated(
            name: name, pemFile: directory.appendingPathComponent(file).path, expectedSPKI: spki,
            expectedPin: String(decoding: pin, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Runs the shell pipeline `command` in the temporary directory, `/usr/bin/openssl` first on the
    /// path; its standard output. Throws when any command of the pipeline fails.
    @discardableResult
    private static func openssl(_ command: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "set -o pipefail; exec 2>stderr.txt; PATH=/usr/bin:$PATH; " + command]
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let errors =
                (try? String(contentsOf: directory.appendingPathComponent("stderr.txt"), encoding: .utf8)) ?? ""
            throw failure("\(command) failed with status \(process.terminationStatus): \(errors)")
        }
        return data
    }

    private static func failure(_ text: String) -> NSError {
        NSError(domain: "CertificateSPKITests", code: 1, userInfo: [NSLocalizedDescriptionKey: text])
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    /// The DER of the one certificate in a generated PEM file, read with the shared PEM reader.
    private func der(_ certificate: Generated) throws -> Data {
        let blocks = PEMCertificates.certificates(inPEMFile: certificate.pemFile)
        XCTAssertEqual(blocks.count, 1, certificate.name)
        return try XCTUnwrap(blocks.first, certificate.name)
    }

    func testThePinOfEveryKeyTypeIsTheOneOpenSSLComputes() throws {
        let certificates = try Self.generated.get()
        XCTAssertEqual(certificates.count, Self.keys.count + 1)
        for certificate in certificates {
            let der = try der(certificate)
            XCTAssertEqual(
                CertificateSPKI.subjectPublicKeyInfo(ofCertificate: der), certificate.expectedSPKI, certificate.name)
            XCTAssertEqual(CertificateSPKI.pin(ofCertificate: der), certificate.expectedPin, certificate.name)
            XCTAssertEqual(Data(base64Encoded: certificate.expectedPin)?.count, 32, certificate.name)
        }
        // The exponent the old table of four key headers could not represent is really there.
        let exponent3 = try XCTUnwrap(certificates.first { $0.name == "RSA-2048 with exponent 3" })
        let text = try Self.openssl("openssl x509 -in \(exponent3.pemFile) -noout -text")
        XCTAssertTrue(String(decoding: text, as: UTF8.self).contains("Exponent: 3 (0x3)"))
    }

    func testThePinMatchesWhatPublicKeyPinsAccept() throws {
        for certificate in try Self.generated.get() {
            let pins = try PublicKeyPins(host: "pin.test", sha256: ["sha256//" + certificate.expectedPin])
            let trust = ServerTrust(pins: [pins])
            let der = try der(certificate)
            XCTAssertEqual(trust.checkPins(host: "pin.test") { der }, .passed, certificate.name)
        }
    }

    func testEveryPrefixOfACertificateIsRefused() throws {
        for certificate in try Self.generated.get() where ["RSA-2048", "P-256"].contains(certificate.name) {
            let der = try der(certificate)
            XCTAssertNotNil(CertificateSPKI.pin(ofCertificate: der))
            for length in 0..<der.count {
                let prefix = der.prefix(length)
                XCTAssertNil(
                    CertificateSPKI.subjectPublicKeyInfo(ofCertificate: prefix), "\(certificate.name) \(length)")
                XCTAssertNil(CertificateSPKI.pin(ofCertificate: prefix), "\(certificate.name) \(length)")
            }
            XCTAssertNil(CertificateSPKI.pin(ofCertificate: der + [0]), "a byte after the certificate")
        }
    }

    func testEveryByteOfACertificateChangedStillReadsOrIsRefused() throws {
        let certificate = try XCTUnwrap(try Self.generated.get().first { $0.name == "P-256" })
        let der = [UInt8](try der(certificate))
        // Any value at any position: the reader either finds a key or refuses, and never traps.
        for index in der.indices {
            for value: UInt8 in [0x00, 0x7F, 0x80, 0x81, 0x84, 0x85, 0xFF] {
                var changed = der
                changed[index] = value
                if let spki = CertificateSPKI.subjectPublicKeyInfo(ofCertificate: Data(changed)) {
                    XCTAssertEqual(spki.first, 0x30)
                    XCTAssertLessThanOrEqual(spki.count, changed.count)
                }
            }
        }
    }

    // MARK: - Hand-made certificates

    /// A DER element: `tag`, the length in as few octets as it needs, `content`.
    private static func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        guard content.count >= 0x80 else { return [tag, UInt8(content.count)] + content }
        var octets: [UInt8] = []
        var length = content.count
        while length > 0 {
            octets.insert(UInt8(length & 0xFF), at: 0)
            length >>= 8
        }
        return [tag, 0x80 | UInt8(octets.count)] + octets + content
    }

    private static let version = element(0xA0, element(0x02, [2]))
    private static let serial = element(0x02, [0x01, 0x02])
    private static let algorithm = element(0x30, element(0x06, [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02]))
    private static let name = element(0x30, element(0x31, element(0x30, element(0x06, [0x55, 0x04, 0x03]))))
    private static let validity = element(0x30, element(0x17, Array("260101000000Z".utf8)) + element(0x17, []))
    /// An Ed25519 key (OID 1.3.101.112) of 32 bytes, after the BIT STRING's count of unused bits.
    private static let spki = element(
        0x30, element(0x30, element(0x06, [0x2B, 0x65, 0x70])) + element(0x03, [0] + Array(repeating: 7, count: 32)))

    /// A certificate whose tbsCertificate holds `fields`, signed with nothing that is checked.
    private static func certificate(_ fields: [[UInt8]]) -> Data {
        Data(element(0x30, element(0x30, fields.flatMap { $0 }) + algorithm + element(0x03, [0, 1, 2])))
    }

    private static let fields = [version, serial, algorithm, name, validity, name, spki]

    func testAHandMadeCertificateGivesItsKeyExactly() {
        XCTAssertEqual(
            CertificateSPKI.subjectPublicKeyInfo(ofCertificate: Self.certificate(Self.fields)), Data(Self.spki))
        // Without the optional version; with extensions after the key.
        XCTAssertEqual(
            CertificateSPKI.subjectPublicKeyInfo(ofCertificate: Self.certificate(Array(Self.fields.dropFirst()))),
            Data(Self.spki))
        let extensions = Self.element(0xA3, Self.element(0x30, []))
        XCTAssertEqual(
            CertificateSPKI.subjectPublicKeyInfo(ofCertificate: Self.certificate(Self.fields + [extensions])),
            Data(Self.spki))
        // Long-form lengths of one and two octets, around the key.
        for size in [0x80, 0xFF, 0x100, 0x1234] {
            let issuer = Self.element(0x30, Self.element(0x04, Array(repeating: 0x41, count: size)))
            var fields = Self.fields
            fields[3] = issuer
            XCTAssertEqual(
                CertificateSPKI.subjectPublicKeyInfo(ofCertificate: Self.certificate(fields)), Data(Self.spki),
                "\(size)")
        }
        XCTAssertEqual(
            CertificateSPKI.pin(ofCertificate: Self.certificate(Self.fields)),
            Data(SHA256.hash(Self.spki)).base64EncodedString())
    }

    func testMalformedCertificatesAreRefused() {
        let valid = [UInt8](Self.certificate(Self.fields))
        XCTAssertLessThan(valid[1], 0x80, "the hand-made certificate's length is in the short form")
        let inner = Array(valid.dropFirst(2))
        var cases: [(String, [UInt8])] = [
            ("nothing", []),
            ("a tag alone", [0x30]),
            ("an empty sequence", [0x30, 0x00]),
            ("not a sequence", [0x31] + valid.dropFirst()),
            ("a byte after the end", valid + [0x00]),
            ("the outer length one short", [0x30, UInt8(inner.count - 1)] + inner),
            ("a byte after the signature", [0x30, UInt8(inner.count + 1)] + inner + [0x00]),
            ("an indefinite length", [0x30, 0x80] + valid.dropFirst(2) + [0, 0]),
            ("five length octets", [0x30, 0x85, 0, 0, 0, 0x01, 0x00] + Array(repeating: 0, count: 256)),
            ("a length past any buffer", [0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF, 0x30, 0x00]),
            ("a length with a leading zero octet", [0x30, 0x82, 0x00, 0x05, 0x02, 0x01, 0x00, 0x30, 0x00]),
            ("a short length in the long form", [0x30, 0x81, 0x05, 0x02, 0x01, 0x00, 0x30, 0x00]),
            ("a high tag number", [0x3F, 0x01, 0x00]),
        ]
        func replacing(_ index: Int, with field: [UInt8]) -> [[UInt8]] {
            var fields = Self.fields
            fields[index] = field
            return fields
        }
        let structural: [(String, [[UInt8]])] = [
            ("no subject", Array(Self.fields.prefix(5)) + [Self.spki]),
            ("no key", Array(Self.fields.prefix(6))),
            ("a serial that is not an INTEGER", replacing(1, with: Self.element(0x04, [1]))),
            ("a serial of a high tag number", replacing(1, with: [0x1F, 0x02, 0x01, 0x01])),
            ("a key that is not a SEQUENCE", replacing(6, with: Self.element(0x31, Array(Self.spki.dropFirst(2))))),
            ("a key without its bits", replacing(6, with: Self.element(0x30, Self.element(0x30, [])))),
            (
                "key bits that are not a BIT STRING",
                replacing(6, with: Self.element(0x30, Self.element(0x30, []) + Self.element(0x04, [0, 1])))
            ),
            (
                "an empty BIT STRING",
                replacing(6, with: Self.element(0x30, Self.element(0x30, []) + Self.element(0x03, [])))
            ),
            (
                "something after the key bits",
                replacing(6, with: Self.element(0x30, Array(Self.spki.dropFirst(2)) + [0x05, 0x00]))
            ),
            (
                "a key algorithm that is not a SEQUENCE",
                replacing(6, with: Self.element(0x30, Self.element(0x06, [1]) + Self.element(0x03, [0])))
            ),
        ]
        cases += structural.map { ($0.0, [UInt8](Self.certificate($0.1))) }
        // A tbsCertificate that claims more than the certificate holds.
        let content = Self.fields.flatMap { $0 }
        XCTAssertLessThan(content.count, 0x7F)
        let overlong = [0x30, UInt8(content.count + 1)] + content
        cases.append(("a tbsCertificate longer than its certificate", Self.element(0x30, overlong)))
        cases.append(("no signature", Self.element(0x30, Self.element(0x30, content))))
        let noSignatureValue = Self.element(0x30, Self.element(0x30, content) + Self.algorithm)
        cases.append(("no signature value", noSignatureValue))
        for (name, bytes) in cases {
            XCTAssertNil(CertificateSPKI.subjectPublicKeyInfo(ofCertificate: Data(bytes)), name)
            XCTAssertNil(CertificateSPKI.pin(ofCertificate: Data(bytes)), name)
        }
    }
}
