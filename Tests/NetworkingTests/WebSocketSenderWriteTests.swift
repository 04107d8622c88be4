#if os(Linux)
    import Foundation
    import XCTest

    @testable import Networking
    @testable import NetworkingWebSockets

    /// Senders that write their frames to a plain socket themselves (`WebSocketChannel`'s
    /// `sendDirectlyOrQueue`), beside the loop's own writes: several senders at once, pings, a
    /// small send buffer and a close in the middle, against the `websockets` echo server.
    final class WebSocketSenderWriteTests: XCTestCase {
        private static let server = Result { try WebSocketTestServer() }

        private func connect(options: WebSocketOptions = WebSocketOptions(compression: nil)) async throws -> WebSocket {
            try await Networking(baseURL: try Self.server.get().echoBaseURL).webSocket("/echo", options: options)
        }

        func testAPlainConnectionHasAWriterAndACompressedOneHasNone() async throws {
            let plain = try await connect()
            let channel = try XCTUnwrap(plain.connection as? WebSocketChannel)
            XCTAssertNotNil(channel.state.withLock { $0.writer })
            await plain.close()
            XCTAssertNil(channel.state.withLock { $0.writer }, "the writer goes with the connection")
            let compressed = try await connect(options: WebSocketOptions())
            let compressedChannel = try XCTUnwrap(compressed.connection as? WebSocketChannel)
            XCTAssertNotNil(compressed.negotiatedCompression)
            XCTAssertNil(compressedChannel.state.withLock { $0.writer }, "compressed frames keep the loop's order")
            await compressed.close()
        }

        func testFourSendersAndPingsKeepEachSendersOrder() async throws {
            // A small send buffer, so that senders also queue behind one another and wait.
            let socket = try await connect(options: WebSocketOptions(sendBufferSize: 2048, compression: nil))
            let senders = 4
            let each = 500
            async let received: [Int: [Int]] = {
                var bySender: [Int: [Int]] = [:]
                var count = 0
                for try await message in socket.messages {
                    guard case .binary(let data) = message, data.count == 64 else { continue }
                    bySender[Int(data[0]), default: []].append(Int(data[1]) << 8 | Int(data[2]))
                    count += 1
                    if count == senders * each { break }
                }
                return bySender
            }()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for sender in 0..<senders {
                    group.addTask {
                        for index in 0..<each {
                            var payload = Data(count: 64)
                            payload[0] = UInt8(sender)
                            payload[1] = UInt8(index >> 8)
                            payload[2] = UInt8(index & 0xFF)
                            try await socket.send(.binary(payload))
                        }
                    }
                }
                group.addTask { for _ in 0..<20 { try await socket.ping() } }
                try await group.waitForAll()
            }
            let bySender = try await received
            for sender in 0..<senders {
                XCTAssertEqual(bySender[sender], Array(0..<each), "sender \(sender)'s messages in order")
            }
            await socket.close()
            XCTAssertEqual(socket.closeCode, .normalClosure)
        }

        func testAClosedConnectionRefusesSendsAfterTheClose() async throws {
            let socket = try await connect()
            var messages = socket.messages.makeAsyncIterator()
            try await socket.send(.text("before"))
            let echoed = try await messages.next()
            XCTAssertEqual(echoed, .text("before"))
            await socket.close()
            do {
                try await socket.send(.text("after"))
                XCTFail("a send after the close fails")
            } catch {}
            let end = try await messages.next()
            XCTAssertNil(end)
        }
    }
#endif
