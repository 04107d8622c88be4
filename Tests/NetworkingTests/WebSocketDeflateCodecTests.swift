#if os(Linux)
    import Foundation
    import XCTest

    @testable import Networking

    @testable import NetworkingWebSockets

    /// The permessage-deflate codec on its own (RFC 7692 §7.2): the RFC's examples, round trips
    /// through fragments, the `00 00 FF FF` tail, context takeover and its reset, the size limit on
    /// the inflated bytes (a deflate bomb), and data that is not DEFLATE.
    final class WebSocketDeflateCodecTests: XCTestCase {
        private let hello = Array("Hello".utf8)

        private func deflater(_ compression: WebSocketCompression = WebSocketCompression()) throws
            -> WebSocketDeflater
        {
            try XCTUnwrap(WebSocketDeflater(compression), "zlib (libz.so.1) did not load")
        }

        private func inflater(_ compression: WebSocketCompression = WebSocketCompression(), limit: Int = 1 << 20)
            throws -> WebSocketInflater
        {
            try XCTUnwrap(WebSocketInflater(compression, maxMessageSize: limit), "zlib (libz.so.1) did not load")
        }

        private func compress(_ bytes: [UInt8], with deflater: WebSocketDeflater) throws -> [UInt8] {
            try XCTUnwrap(bytes.withUnsafeBufferPointer { deflater.compress($0) })
        }

        /// The payloads of `frames` (one message) inflated and joined.
        private func inflate(_ frames: [WebSocketFrame], with inflater: WebSocketInflater)
            throws(WebSocketProtocolError) -> [UInt8]
        {
            var message: [UInt8] = []
            for frame in frames { message += try inflater.decompress(frame).payload }
            return message
        }

        private func compressedFrame(_ payload: [UInt8], opcode: WebSocketFrame.Opcode = .binary) -> WebSocketFrame {
            WebSocketFrame(opcode: opcode, payload: payload, rsv1: true)
        }

        func testTheRFCExamplesInflate() throws {
            let inflater = try inflater()
            // §7.2.3.1, then §7.2.3.2: the same message again, referring back to the first.
            XCTAssertEqual(
                try inflate([compressedFrame([0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00])], with: inflater), hello)
            XCTAssertEqual(try inflate([compressedFrame([0xF2, 0x00, 0x11, 0x00, 0x00])], with: inflater), hello)
            // §7.2.3.3: a stored block; §7.2.3.6: the empty message.
            let stored: [UInt8] = [0x00, 0x05, 0x00, 0xFA, 0xFF, 0x48, 0x65, 0x6C, 0x6C, 0x6F, 0x00]
            XCTAssertEqual(try inflate([compressedFrame(stored)], with: inflater), hello)
            XCTAssertEqual(try inflate([compressedFrame([0x00])], with: inflater), [])
            // §7.2.3.1 in two fragments, the first with RSV1 only.
            let fragments = [
                WebSocketFrame(opcode: .text, payload: [0xF2, 0x48, 0xCD], isFinal: false, rsv1: true),
                WebSocketFrame(opcode: .continuation, payload: [0xC9, 0xC9, 0x07, 0x00]),
            ]
            let fresh = try self.inflater()
            let first = try fresh.decompress(fragments[0])
            XCTAssertEqual(first.opcode, .text)
            XCTAssertFalse(first.isFinal)
            XCTAssertFalse(first.rsv1)
            XCTAssertEqual(first.payload + (try fresh.decompress(fragments[1]).payload), hello)
        }

        func testCompressionLeavesOffTheFlushTail() throws {
            let deflater = try deflater()
            let first = try compress(hello, with: deflater)
            XCTAssertEqual(first, [0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00], "RFC 7692 §7.2.3.1")
            XCTAssertNotEqual(Array(first.suffix(4)), WebSocketDeflater.flushTail)
            // The context is taken over: the second "Hello" refers back to the first.
            let second = try compress(hello, with: deflater)
            XCTAssertLessThan(second.count, first.count)
            XCTAssertEqual(try compress([], with: deflater), [0x00], "RFC 7692 §7.2.3.6")
            let inflater = try inflater()
            XCTAssertEqual(try inflate([compressedFrame(first)], with: inflater), hello)
            XCTAssertEqual(try inflate([compressedFrame(second)], with: inflater), hello)
        }

        func testRoundTripsAtManySizesThroughFragments() throws {
            let deflater = try deflater(WebSocketCompression(clientMaxWindowBits: 12))
            let inflater = try inflater(limit: 2 << 20)
            var generator = SystemRandomNumberGenerator()
            for size in [0, 1, 125, 126, 65535, 65536, 1 << 20] {
                let random = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let text = Array(String(repeating: "permessage-deflate é€😀 ", count: size / 28 + 1).utf8.prefix(size))
                for message in [random, text] {
                    let payload = try compress(message, with: deflater)
                    // Cut into three fragments anywhere; only the first has RSV1.
                    let cuts = [payload.count / 3, 2 * payload.count / 3]
                    let frames = [
                        WebSocketFrame(
                            opcode: .binary, payload: Array(payload[..<cuts[0]]), isFinal: false, rsv1: true),
                        WebSocketFrame(
                            opcode: .continuation, payload: Array(payload[cuts[0]..<cuts[1]]), isFinal: false),
                        WebSocketFrame(opcode: .continuation, payload: Array(payload[cuts[1]...])),
                    ]
                    XCTAssertEqual(try inflate(frames, with: inflater), message, "\(size) bytes")
                }
            }
        }

        func testNoContextTakeoverResetsEachSide() throws {
            let deflater = try deflater(WebSocketCompression(clientNoContextTakeover: true))
            let first = try compress(hello, with: deflater)
            XCTAssertEqual(try compress(hello, with: deflater), first, "the second message did not start afresh")
            // A server that does not take its context over cannot refer back to the last message:
            // an inflater told so forgets it, and a reference back fails.
            let resetting = try inflater(WebSocketCompression(serverNoContextTakeover: true))
            XCTAssertEqual(try inflate([compressedFrame(first)], with: resetting), hello)
            XCTAssertThrowsError(try inflate([compressedFrame([0xF2, 0x00, 0x11, 0x00, 0x00])], with: resetting))
        }

        func testUncompressedMessagesAndControlFramesPassAsTheyAre() throws {
            let inflater = try inflater()
            let plain = WebSocketFrame(opcode: .text, payload: hello)
            XCTAssertEqual(try inflater.decompress(plain), plain)
            let opening = WebSocketFrame(opcode: .text, payload: [0xF2, 0x48, 0xCD], isFinal: false, rsv1: true)
            let head = try inflater.decompress(opening).payload
            let ping = WebSocketFrame(opcode: .ping, payload: [1, 2, 3])
            XCTAssertEqual(try inflater.decompress(ping), ping)
            let tail = try inflater.decompress(
                WebSocketFrame(opcode: .continuation, payload: [0xC9, 0xC9, 0x07, 0x00]))
            XCTAssertEqual(head + tail.payload, hello)
            // A new message before the compressed one's last fragment breaks the protocol.
            _ = try inflater.decompress(opening)
            XCTAssertThrowsError(try inflater.decompress(plain)) {
                XCTAssertEqual(($0 as? WebSocketProtocolError)?.closeCode, .protocolError)
            }
        }

        func testADeflateBombFailsWith1009AtTheLimit() throws {
            let limit = 1 << 20
            let deflater = try deflater()
            let exact = try compress([UInt8](repeating: 0, count: limit), with: deflater)
            XCTAssertEqual(try inflate([compressedFrame(exact)], with: try inflater(limit: limit)).count, limit)
            let bomb = try compress([UInt8](repeating: 0, count: 64 << 20), with: try self.deflater())
            XCTAssertLessThan(bomb.count, 128 << 10, "64 MiB of zeros should compress to little")
            for frames in [
                [compressedFrame(bomb)],
                // The same bomb across fragments: the limit counts the whole message.
                [
                    WebSocketFrame(
                        opcode: .binary, payload: Array(bomb[..<(bomb.count / 2)]), isFinal: false, rsv1: true),
                    WebSocketFrame(opcode: .continuation, payload: Array(bomb[(bomb.count / 2)...])),
                ],
            ] {
                let fresh = try inflater(limit: limit)
                do throws(WebSocketProtocolError) {
                    _ = try inflate(frames, with: fresh)
                    XCTFail("the bomb inflated")
                } catch {
                    XCTAssertEqual(error.closeCode, .messageTooBig)
                    let networking = NetworkingError.webSocket(error, url: URL(string: "ws://example.com/")!)
                    guard case .transport(let urlError) = networking else { return XCTFail("\(networking)") }
                    XCTAssertEqual(urlError.code, .dataLengthExceedsMaximum)
                    XCTAssertEqual(networking.webSocketProtocolError, error)
                }
            }
            let over = try compress([UInt8](repeating: 0, count: limit + 1), with: try self.deflater())
            XCTAssertThrowsError(try inflate([compressedFrame(over)], with: try inflater(limit: limit)))
        }

        func testDataThatIsNotDeflateFailsWith1007() throws {
            let inflater = try inflater()
            do throws(WebSocketProtocolError) {
                _ = try inflate([compressedFrame([0xFF, 0xFF, 0xFF, 0xFF])], with: inflater)
                XCTFail("garbage inflated")
            } catch {
                XCTAssertEqual(error.closeCode, .invalidFramePayloadData)
            }
        }
    }
#endif
