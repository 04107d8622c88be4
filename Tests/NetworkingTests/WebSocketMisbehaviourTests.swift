#if os(Linux)
    import Foundation
    import XCTest

    @testable import Networking

    @testable import NetworkingWebSockets

    /// The WebSocket client against a server that breaks the rules (Tests/Harness/websocket_server.py,
    /// its raw port), and against the `websockets` server where back-pressure is measured.
    final class WebSocketMisbehaviourTests: XCTestCase {
        private static let server = Result { try WebSocketTestServer() }
        private var server: WebSocketTestServer { get throws { try Self.server.get() } }

        private func raw(_ path: String, options: WebSocketOptions = WebSocketOptions()) async throws -> WebSocket {
            try await Networking(baseURL: try server.rawBaseURL).webSocket(path, options: options)
        }

        /// Reads until the end; the messages and the error the sequence ended with, if any.
        private func drain(_ socket: WebSocket) async -> ([WebSocketMessage], NetworkingError?) {
            var messages: [WebSocketMessage] = []
            do {
                for try await message in socket.messages { messages.append(message) }
                return (messages, nil)
            } catch { return (messages, NetworkingError(error)) }
        }

        func testAMaskedServerFrameFailsWith1002() async throws {
            let (messages, error) = await drain(try await raw("/masked"))
            XCTAssertEqual(messages, [])
            XCTAssertEqual(error?.webSocketProtocolError?.closeCode, .protocolError, "\(String(describing: error))")
            XCTAssertEqual(error?.description.contains("masked"), true, "\(String(describing: error))")
        }

        func testACloseWithoutAStatusEndsCleanly() async throws {
            let socket = try await raw("/close-without-status")
            let (messages, error) = await drain(socket)
            XCTAssertEqual(messages, [])
            XCTAssertNil(error)
            XCTAssertEqual(socket.closeCode, .noStatusReceived)
        }

        func testTextFragmentedInsideUTF8SequencesArrivesWhole() async throws {
            let socket = try await raw("/split-utf8")
            let (messages, error) = await drain(socket)
            XCTAssertEqual(messages, [.text("é€😀")])
            XCTAssertNil(error)
            XCTAssertEqual(socket.closeCode, .normalClosure)
        }

        func testAMessageOverTheLimitFailsWith1009() async throws {
            let (messages, error) = await drain(try await raw("/too-big"))
            XCTAssertEqual(messages, [])
            XCTAssertEqual(error?.webSocketProtocolError?.closeCode, .messageTooBig)
            guard case .transport(let urlError) = error else { return XCTFail("\(String(describing: error))") }
            XCTAssertEqual(urlError.code, .dataLengthExceedsMaximum)
        }

        func testAFrameOverTheLimitFailsBeforeItsPayload() async throws {
            let start = ContinuousClock.now
            let (_, error) = await drain(try await raw("/huge-frame"))
            XCTAssertEqual(error?.webSocketProtocolError?.closeCode, .messageTooBig)
            XCTAssertLessThan(ContinuousClock.now - start, .seconds(2))
        }

        func testADroppedConnectionIsAnError() async throws {
            let (messages, error) = await drain(try await raw("/drop"))
            XCTAssertEqual(messages, [.text("bye")])
            guard case .transport(let urlError) = error else { return XCTFail("\(String(describing: error))") }
            XCTAssertEqual(urlError.code, .networkConnectionLost)
        }

        func testSendsSuspendWhenTheServerStopsReading() async throws {
            let socket = try await raw(
                "/stop-reading", options: WebSocketOptions(closeTimeout: 0.5, sendBufferSize: 256 * 1024))
            let chunk = Data(count: 64 * 1024)
            let sent = WebSocketTestCounter()
            let sender = Task {
                for _ in 0..<2000 {  // 125 MiB, far more than the socket buffers take
                    try await socket.send(.binary(chunk))
                    sent.increment()
                }
            }
            try await Task.sleep(for: .seconds(1.5))
            let stalledAt = sent.value
            try await Task.sleep(for: .milliseconds(500))
            XCTAssertEqual(sent.value, stalledAt, "sends went on while the server read nothing")
            XCTAssertLessThan(stalledAt, 600, "\(stalledAt) messages of 64 KiB were buffered")
            let start = ContinuousClock.now
            await socket.close()  // the close frame cannot be written either: the close timeout ends it
            XCTAssertLessThan(ContinuousClock.now - start, .seconds(3))
            let result = await sender.result
            guard case .failure = result else { return XCTFail("the stalled send did not fail after close") }
        }

        func testSendsThroughASmallBufferToAServerThatNeverAnswers() async throws {
            // The raw server reads and drops what it gets, so only the senders' own wake-ups drive
            // the loop: each must lead to its frames being written.
            let socket = try await raw(
                "/sink", options: WebSocketOptions(closeTimeout: 0.5, sendBufferSize: 1024))
            let sent = WebSocketTestCounter()
            let sender = Task {
                for index in 0..<5000 {
                    try await socket.send(.binary(Data(repeating: UInt8(index % 256), count: 100)))
                    sent.increment()
                }
            }
            let deadline = ContinuousClock.now + .seconds(10)
            while ContinuousClock.now < deadline, sent.value < 5000 { try await Task.sleep(for: .milliseconds(20)) }
            XCTAssertEqual(sent.value, 5000, "the sends stalled")
            sender.cancel()
            await socket.close()
        }

        func testASlowConsumerStopsTheSocketBeingRead() async throws {
            // /flood sends 400 messages of 64 KiB (25 MiB) as fast as it can, each stamped with the
            // time it was sent. Without back-pressure all would be sent (buffered here) before the
            // consumer starts; with it, most are sent only once the consumer reads.
            let socket = try await Networking(baseURL: try server.echoBaseURL).webSocket(
                "/flood", options: WebSocketOptions(receiveBufferSize: 256 * 1024))
            try await Task.sleep(for: .seconds(1.5))
            let startedReading = Date().timeIntervalSince1970
            let (messages, error) = await drain(socket)
            XCTAssertNil(error)
            XCTAssertEqual(messages.count, 400)
            let sentLate = messages.filter { message in
                guard case .binary(let data) = message else { return false }
                let stamp = data.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                return Double(stamp) / 1_000_000 > startedReading
            }
            XCTAssertGreaterThan(sentLate.count, 200, "only \(sentLate.count) of 400 were sent after reading began")
        }
    }
#endif
