import Foundation
import XCTest

@testable import NetworkingCache

final class DigestTests: XCTestCase {
    func testSHA256NISTVectors() {
        XCTAssertEqual(
            SHA256.hex(SHA256.hash([UInt8]())), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(
            SHA256.hexDigest("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            SHA256.hexDigest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            SHA256.hexDigest(
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnop"
                    + "jklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    func testSHA256OneMillionA() {
        XCTAssertEqual(
            SHA256.hex(SHA256.hash(repeatElement(UInt8(ascii: "a"), count: 1_000_000))),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths around the padding boundaries (55, 56, 63, 64 bytes…), checked against Python's hashlib.
    func testSHA256PaddingBoundaries() {
        let expected: [Int: String] = [
            55: "576a1bf8d4478657e6dc4af9398544765c2a92cde28478b019235cfed315fc09",
            56: "9b20501dfd1d99161c257950f3444f3e49230c351c5c8e0943ef369f85f5205d",
            63: "30b345906b493f06f69444b6521113511c242f30e29840462950035043682f1e",
            64: "d8bc63b4fc1156e5e7d95a418b9bf54cd3174bedbc2db40f74895349b229b3c0",
            65: "1ee23b0fbcaecc1aff4a9e8f1645f35ab2c8e13609cd73b68df8b5e3f63ce073",
            119: "7a6589821178918ca8d9edaba5abfc1e9b2669564f4469b66885379c1530b2c8",
            120: "655250427d56b1b0eeb8497d21428704273458a01772d6881b65c0abac0f8a98",
            128: "54c9eb041badfd7064645067b107661fed6113197ce2dd066ba69618abd3732f",
        ]
        for (length, digest) in expected {
            let bytes = (0..<length).map { UInt8(($0 * 7) % 256) }
            XCTAssertEqual(SHA256.hex(SHA256.hash(bytes)), digest, "length \(length)")
        }
    }

    func testSHA256OfNonASCIIStringHashesUTF8() {
        XCTAssertEqual(
            SHA256.hexDigest("døgn ✓"), "be482fd97bf26b038ed65fe2a95016713de3d4eb6e42e8875c911d0544326276")
    }

    func testSHA256IncrementalUpdatesMatchOneShot() {
        let bytes = (0..<1000).map { UInt8($0 % 251) }
        var hasher = SHA256()
        for chunk in stride(from: 0, to: bytes.count, by: 37) {
            hasher.update(bytes[chunk..<min(chunk + 37, bytes.count)])
        }
        XCTAssertEqual(hasher.finalize(), SHA256.hash(bytes))
    }

    func testCRC32CheckValue() {
        XCTAssertEqual(CRC32.checksum(Data("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(CRC32.checksum(Data()), 0)
        // Lengths around the 8-byte steps, checked against Python's zlib.crc32.
        let expected: [Int: UInt32] = [
            1: 0xD202_EF8D, 7: 0xAD58_09F9, 8: 0x88AA_689F, 9: 0xBCE1_4302, 1000: 0x74E3_FB41,
        ]
        for (length, crc) in expected {
            XCTAssertEqual(CRC32.checksum(Data((0..<length).map { UInt8($0 % 256) })), crc, "length \(length)")
        }
    }
}
