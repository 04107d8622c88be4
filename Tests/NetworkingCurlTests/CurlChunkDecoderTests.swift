#if os(Linux)
    import Foundation
    import NetworkingCore
    import XCTest

    @testable import NetworkingCurl

    /// The chunked body decoder a stream uses while its request body is still being sent: every
    /// split of the input gives the same body and trailers, and malformed chunks are refused.
    final class CurlChunkDecoderTests: XCTestCase {
        private let encoded = Array(
            ("5;name=value\r\nhello\r\n1A\r\n" + String(repeating: "x", count: 26) + "\r\n0\r\n"
                + "X-Checksum: abc\r\nX-Parts:2\r\n\r\n").utf8)

        private func decode(_ pieces: [[UInt8]]) throws -> (body: [UInt8], decoder: CurlChunkDecoder) {
            var decoder = CurlChunkDecoder()
            var body: [UInt8] = []
            for piece in pieces {
                try piece.withUnsafeBytes { bytes in
                    try decoder.decode(bytes) { body.append(contentsOf: $0) }
                }
            }
            return (body, decoder)
        }

        func testEverySplitGivesTheBodyAndTrailers() throws {
            let expected = Array(("hello" + String(repeating: "x", count: 26)).utf8)
            for split in 0...encoded.count {
                let (body, decoder) = try decode([Array(encoded[..<split]), Array(encoded[split...])])
                XCTAssertEqual(body, expected, "split at \(split)")
                XCTAssertTrue(decoder.isFinished, "split at \(split)")
                XCTAssertEqual(decoder.trailers["X-Checksum"], "abc")
                XCTAssertEqual(decoder.trailers["X-Parts"], "2")
            }
            let (byteByByte, decoder) = try decode(encoded.map { [$0] })
            XCTAssertEqual(byteByByte, expected)
            XCTAssertTrue(decoder.isFinished)
        }

        func testTheEndIsKnownOnlyAfterTheTrailerSection() throws {
            let withoutFinalLine = Array("3\r\nabc\r\n0\r\n".utf8)
            let (body, decoder) = try decode([withoutFinalLine])
            XCTAssertEqual(body, Array("abc".utf8))
            XCTAssertFalse(decoder.isFinished, "the empty line ending the trailers has not come")
            let (_, finished) = try decode([withoutFinalLine + Array("\r\n".utf8)])
            XCTAssertTrue(finished.isFinished)
        }

        func testMalformedChunksAreRefused() {
            for bad in [
                "zz\r\n", "\r\n", "5\r\nhelloXX", "ffffffffffffffffff\r\n", String(repeating: "1", count: 9000),
            ] {
                XCTAssertThrowsError(try decode([Array(bad.utf8)]), bad.prefix(20).description) { error in
                    guard case .transport(let urlError) = error as? NetworkingError else { return XCTFail("\(error)") }
                    XCTAssertEqual(urlError.code, .cannotParseResponse)
                }
            }
        }
    }
#endif
