import XCTest

@testable import Networking
@testable import NetworkingWebSockets

/// Messages out of frames: fragmentation, interleaved control frames, UTF-8 across fragments,
/// the message limit, and close payloads.
final class WebSocketMessageAssemblerTests: XCTestCase {
    private typealias Event = WebSocketMessageAssembler.Event

    private func assemble(_ frames: [WebSocketFrame], maxMessageSize: Int = 1 << 20) throws(WebSocketProtocolError)
        -> [Event]
    {
        var assembler = WebSocketMessageAssembler(maxMessageSize: maxMessageSize)
        var events: [Event] = []
        for frame in frames { if let event = try assembler.consume(frame) { events.append(event) } }
        return events
    }

    private func closeCode(_ frames: [WebSocketFrame], maxMessageSize: Int = 1 << 20) -> WebSocketCloseCode? {
        do {
            _ = try assemble(frames, maxMessageSize: maxMessageSize)
            return nil
        } catch { return error.closeCode }
    }

    func testFragmentedTextWithAPingBetweenFragments() throws {
        let events = try assemble([
            WebSocketFrame(opcode: .text, payload: Array("Hello, ".utf8), isFinal: false),
            WebSocketFrame(opcode: .ping, payload: [7]),
            WebSocketFrame(opcode: .continuation, payload: Array("wor".utf8), isFinal: false),
            WebSocketFrame(opcode: .pong, payload: []),
            WebSocketFrame(opcode: .continuation, payload: Array("ld".utf8)),
            WebSocketFrame(opcode: .binary, payload: [1, 2, 3]),
        ])
        XCTAssertEqual(events, [.ping([7]), .pong([]), .text("Hello, world"), .binary([1, 2, 3])])
    }

    func testTextSplitInsideAUTF8SequenceIsValid() throws {
        let bytes = Array("é€😀".utf8)  // 2, 3 and 4 bytes
        for split in 1..<bytes.count {
            let events = try assemble([
                WebSocketFrame(opcode: .text, payload: Array(bytes[..<split]), isFinal: false),
                WebSocketFrame(opcode: .continuation, payload: Array(bytes[split...])),
            ])
            XCTAssertEqual(events, [.text("é€😀")], "split at \(split)")
        }
    }

    func testInvalidUTF8FailsWith1007AtTheFirstBadFragment() {
        var assembler = WebSocketMessageAssembler()
        XCTAssertNoThrow(try assembler.consume(WebSocketFrame(opcode: .text, payload: [0x61], isFinal: false)))
        XCTAssertThrowsError(
            try assembler.consume(WebSocketFrame(opcode: .continuation, payload: [0xC0, 0x80], isFinal: false))
        ) { XCTAssertEqual(($0 as? WebSocketProtocolError)?.closeCode, .invalidFramePayloadData) }
        let invalid: [[UInt8]] = [
            [0xED, 0xA0, 0x80],  // a surrogate
            [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
            [0xE0, 0x80, 0x80],  // overlong
            [0xFF], [0x80],
            [0xE2, 0x82],  // ends inside a scalar
        ]
        for bytes in invalid {
            XCTAssertEqual(
                closeCode([WebSocketFrame(opcode: .text, payload: bytes)]), .invalidFramePayloadData, "\(bytes)")
        }
        XCTAssertNil(closeCode([WebSocketFrame(opcode: .binary, payload: [0xFF])]), "binary is not UTF-8 checked")
    }

    func testFragmentationBreachesFailWith1002() {
        XCTAssertEqual(closeCode([WebSocketFrame(opcode: .continuation, payload: [1])]), .protocolError)
        XCTAssertEqual(
            closeCode([
                WebSocketFrame(opcode: .text, payload: [0x61], isFinal: false),
                WebSocketFrame(opcode: .binary, payload: [1]),
            ]), .protocolError)
    }

    func testAMessageOverTheLimitFailsWith1009() {
        XCTAssertEqual(
            closeCode(
                [
                    WebSocketFrame(opcode: .binary, payload: Array(repeating: 0, count: 600), isFinal: false),
                    WebSocketFrame(opcode: .continuation, payload: Array(repeating: 0, count: 600)),
                ], maxMessageSize: 1000), .messageTooBig)
        XCTAssertNil(
            closeCode(
                [WebSocketFrame(opcode: .binary, payload: Array(repeating: 0, count: 1000))], maxMessageSize: 1000))
    }

    func testClosePayloads() throws {
        XCTAssertEqual(try WebSocketMessageAssembler.parseClose([]), .close(nil, ""))
        XCTAssertEqual(try WebSocketMessageAssembler.parseClose([0x03, 0xE8]), .close(.normalClosure, ""))
        XCTAssertEqual(
            try WebSocketMessageAssembler.parseClose([0x0F, 0xA0] + Array("bye".utf8)),
            .close(WebSocketCloseCode(rawValue: 4000), "bye"))
        for code: UInt16 in [0, 999, 1004, 1005, 1006, 1015, 1016, 2999, 5000] {
            XCTAssertThrowsError(try WebSocketMessageAssembler.parseClose([UInt8(code >> 8), UInt8(code & 0xFF)])) {
                XCTAssertEqual(($0 as? WebSocketProtocolError)?.closeCode, .protocolError, "code \(code)")
            }
        }
        XCTAssertThrowsError(try WebSocketMessageAssembler.parseClose([0x03])) {
            XCTAssertEqual(($0 as? WebSocketProtocolError)?.closeCode, .protocolError)
        }
        XCTAssertThrowsError(try WebSocketMessageAssembler.parseClose([0x03, 0xE8, 0xFF])) {
            XCTAssertEqual(($0 as? WebSocketProtocolError)?.closeCode, .invalidFramePayloadData)
        }
    }

    func testACloseReasonIsCutAtAScalarBoundaryToFitAControlFrame() throws {
        let payload = WebSocketMessageAssembler.closePayload(
            code: .goingAway, reason: String(repeating: "€", count: 60))
        XCTAssertEqual(payload.count, 2 + 41 * 3)
        XCTAssertEqual(
            try WebSocketMessageAssembler.parseClose(payload), .close(.goingAway, String(repeating: "€", count: 41)))
    }
}
