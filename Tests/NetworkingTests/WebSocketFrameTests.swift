import XCTest

@testable import Networking
@testable import NetworkingWebSockets

/// The frame codec on its own: encoding, parsing cut anywhere, and every breach one frame can show.
final class WebSocketFrameTests: XCTestCase {
    private func parseAll(
        _ bytes: [UInt8], sender: WebSocketFrameParser.Sender = .server, chunk: Int = .max,
        maxFrameSize: Int = WebSocketFrameParser.defaultMaxFrameSize
    ) throws(WebSocketProtocolError) -> [WebSocketFrame] {
        var parser = WebSocketFrameParser(sender: sender, maxFrameSize: maxFrameSize)
        var frames: [WebSocketFrame] = []
        var offset = 0
        repeat {
            let end = min(bytes.count, offset + max(chunk, 1))
            parser.append(bytes[offset..<end])
            offset = end
            while let frame = try parser.nextFrame() { frames.append(frame) }
        } while offset < bytes.count
        return frames
    }

    private func violation(
        _ bytes: [UInt8], sender: WebSocketFrameParser.Sender = .server, maxFrameSize: Int = 1 << 20
    ) -> WebSocketProtocolError? {
        do {
            _ = try parseAll(bytes, sender: sender, maxFrameSize: maxFrameSize)
            return nil
        } catch { return error }
    }

    func testRoundTripsEverySizeMaskedAndUnmasked() throws {
        for size in [0, 1, 125, 126, 127, 65535, 65536, 1 << 20] {
            let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            for masked in [false, true] {
                var bytes: [UInt8] = []
                WebSocketFrame(opcode: .binary, payload: payload).encode(
                    maskingKey: masked ? 0xA1B2_C3D4 : nil, into: &bytes)
                let headerLength = (size <= 125 ? 2 : size <= 0xFFFF ? 4 : 10) + (masked ? 4 : 0)
                XCTAssertEqual(bytes.count, headerLength + size, "size \(size)")
                if masked, size > 8 { XCTAssertNotEqual(Array(bytes[headerLength...]), payload) }
                let frames = try parseAll(bytes, sender: masked ? .client : .server)
                XCTAssertEqual(frames, [WebSocketFrame(opcode: .binary, payload: payload)], "size \(size)")
            }
        }
    }

    func testTheLengthFieldUsesTheShortestForm() {
        var bytes: [UInt8] = []
        WebSocketFrame(opcode: .text, payload: Array(repeating: 0, count: 126)).encode(maskingKey: nil, into: &bytes)
        XCTAssertEqual(Array(bytes.prefix(4)), [0x81, 126, 0x00, 126])
        bytes = []
        WebSocketFrame(opcode: .binary, payload: Array(repeating: 0, count: 65536)).encode(maskingKey: 1, into: &bytes)
        XCTAssertEqual(Array(bytes.prefix(10)), [0x82, 0x80 | 127, 0, 0, 0, 0, 0, 1, 0, 0])
    }

    func testMaskingMatchesTheRFCExample() throws {
        // RFC 6455 §5.7: a masked "Hello" with the key 37 fa 21 3d.
        var bytes: [UInt8] = []
        WebSocketFrame(opcode: .text, payload: Array("Hello".utf8)).encode(maskingKey: 0x37FA_213D, into: &bytes)
        XCTAssertEqual(bytes, [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58])
    }

    func testFramesCutAtEveryByteParseTheSame() throws {
        var bytes: [UInt8] = []
        WebSocketFrame(opcode: .text, payload: Array("Hel".utf8), isFinal: false).encode(maskingKey: nil, into: &bytes)
        WebSocketFrame(opcode: .ping, payload: [1, 2]).encode(maskingKey: nil, into: &bytes)
        WebSocketFrame(opcode: .continuation, payload: Array(repeating: 9, count: 300)).encode(
            maskingKey: nil, into: &bytes)
        let whole = try parseAll(bytes)
        XCTAssertEqual(whole.map(\.opcode), [.text, .ping, .continuation])
        for chunk in [1, 2, 3, 7] { XCTAssertEqual(try parseAll(bytes, chunk: chunk), whole, "chunks of \(chunk)") }
    }

    func testAPartialFrameWaitsForMoreBytes() throws {
        var parser = WebSocketFrameParser()
        parser.append([0x82, 126, 0x01])
        XCTAssertNil(try parser.nextFrame())
        parser.append([0x00] + Array(repeating: 5, count: 255))
        XCTAssertNil(try parser.nextFrame())
        parser.append([5])
        XCTAssertEqual(try parser.nextFrame()?.payload.count, 256)
        XCTAssertEqual(parser.bufferedByteCount, 0)
    }

    func testBreachesFailWithProtocolError() {
        let cases: [(String, [UInt8])] = [
            ("masked server frame", [0x81, 0x81, 1, 2, 3, 4, 0x41]),
            ("RSV1 without an extension", [0xC1, 0x00]),
            ("RSV2", [0xA1, 0x00]),
            ("RSV3", [0x91, 0x00]),
            ("reserved data opcode", [0x83, 0x00]),
            ("reserved control opcode", [0x8B, 0x00]),
            ("fragmented ping", [0x09, 0x00]),
            ("ping over 125 bytes", [0x89, 126, 0, 126] + Array(repeating: 0, count: 126)),
            ("16-bit length under 126", [0x82, 126, 0, 5, 1, 2, 3, 4, 5]),
            ("64-bit length under 65536", [0x82, 127, 0, 0, 0, 0, 0, 0, 1, 0]),
            ("64-bit length with its top bit", [0x82, 127, 0x80, 0, 0, 0, 0, 0, 0, 0]),
        ]
        for (name, bytes) in cases {
            XCTAssertEqual(violation(bytes)?.closeCode, .protocolError, name)
        }
        XCTAssertEqual(violation([0x81, 0x01, 0x41], sender: .client)?.closeCode, .protocolError, "unmasked client")
    }

    func testAFrameOverTheLimitFailsWith1009BeforeItsPayloadArrives() {
        let header: [UInt8] = [0x82, 127, 0, 0, 0, 0, 0x01, 0, 0, 0]  // 16 MiB, no payload yet
        XCTAssertEqual(violation(header, maxFrameSize: 1 << 20)?.closeCode, .messageTooBig)
        XCTAssertEqual(
            violation([0x82, 127, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])?.closeCode, .messageTooBig)
    }

    func testMaskingAtAnyPhaseMatchesTheBytewiseDefinition() {
        let key: [UInt8] = [0x11, 0x22, 0x33, 0x44]
        for count in [0, 1, 7, 8, 9, 31] {
            for phase in 0..<4 {
                let original = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 13) }
                var masked = original
                masked.withUnsafeMutableBufferPointer { WebSocketFrame.applyMask(key, to: $0, startingAt: phase) }
                let expected = original.enumerated().map { $0.element ^ key[($0.offset + phase) % 4] }
                XCTAssertEqual(masked, expected, "count \(count) phase \(phase)")
            }
        }
    }

    func testSHA1MatchesKnownDigests() {
        func hex(_ text: String) -> String { SHA1.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
        XCTAssertEqual(hex(""), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        XCTAssertEqual(hex("abc"), "a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"), "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        XCTAssertEqual(hex(String(repeating: "a", count: 1000)), "291e9a6c66994949b57ba5e650361e98fc36b1ba")
    }
}
