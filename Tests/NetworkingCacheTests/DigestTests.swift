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

    func testXXH64ReferenceValues() {
        // Published values of XXH64 with seed 0 (the short-input paths).
        XCTAssertEqual(XXH64.hash(Data()), 0xEF46_DB37_51D8_E999)
        XCTAssertEqual(XXH64.hash(Data("a".utf8)), 0xD24E_C4F1_A98C_6E5B)
        XCTAssertEqual(XXH64.hash(Data("abc".utf8)), 0x44BC_2CF5_AD77_0999)
    }

    func testXXH64ReferenceValuesOfLongerInputs() {
        // The 32-byte stripes and each tail after them (8-, 4- and 1-byte steps); the values are
        // those the reference implementation gives (the `xxhash` Python package's `xxh64`, default
        // start value).
        let expected: [Int: UInt64] = [
            32: 0x23C3_C17E_F790_FD97, 39: 0x181D_7A67_8AE6_E157, 100: 0x778E_26DF_8290_F456,
            1000: 0x021F_7A74_2408_5EA4,
        ]
        for (length, value) in expected {
            let bytes = Data((0..<length).map { UInt8(($0 * 7 + 3) % 251) })
            XCTAssertEqual(XXH64.hash(bytes), value, "length \(length)")
        }
    }

    func testXXH64SeesEveryFlippedBitAndEveryTruncation() {
        // Lengths around the 4-, 8- and 32-byte steps; a cache file's checksum must change when
        // any bit of the payload does, or when bytes are cut off.
        for length in [0, 1, 3, 4, 7, 8, 9, 31, 32, 33, 63, 64, 65, 1000] {
            let bytes = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            let hash = XXH64.hash(bytes)
            for index in 0..<length {
                for bit in 0..<8 {
                    var damaged = bytes
                    damaged[index] ^= UInt8(1 << bit)
                    XCTAssertNotEqual(XXH64.hash(damaged), hash, "length \(length), byte \(index), bit \(bit)")
                }
            }
            if length > 0 { XCTAssertNotEqual(XXH64.hash(bytes.dropLast()), hash, "length \(length) truncated") }
        }
    }

    func testXXH64OfASliceIsTheHashOfItsBytes() {
        let bytes = Data((0..<200).map { UInt8($0) })
        XCTAssertEqual(XXH64.hash(bytes[50..<150]), XXH64.hash(Data(bytes[50..<150])))
    }
}
