#if os(Linux)
    import Foundation
    import FoundationNetworking
    import NetworkingCurl
    import XCTest

    @testable import Networking

    @testable import NetworkingWebSockets

    /// The WebSocket client against the `websockets` package on loopback: echo of every length
    /// encoding, order under load, ping, both close directions, subprotocols, the handshake's
    /// fields and refusal, wss, many connections, cancellation and the idle timeout.
    final class WebSocketIntegrationTests: XCTestCase {
        private static let server = Result { try WebSocketTestServer() }
        private var server: WebSocketTestServer { get throws { try Self.server.get() } }

        private func connect(_ path: String, protocols: [String] = [], options: WebSocketOptions = WebSocketOptions())
            async throws -> WebSocket
        {
            try await Networking(baseURL: try server.echoBaseURL).webSocket(
                path, protocols: protocols, options: options)
        }

        func testEchoesTextAndBinaryAtEveryLengthEncoding() async throws {
            let socket = try await connect("/echo")
            var messages = socket.messages.makeAsyncIterator()
            for size in [0, 125, 126, 65535, 65536, 1 << 20] {
                let text = String((0..<size).map { _ in Character(UnicodeScalar(UInt8.random(in: 0x20...0x7E))) })
                try await socket.send(.text(text))
                let echoedText = try await messages.next()
                XCTAssertEqual(echoedText, .text(text), "text of \(size) bytes")
                let data = Data((0..<size).map { _ in UInt8.random(in: 0...255) })
                try await socket.send(.binary(data))
                let echoedData = try await messages.next()
                XCTAssertEqual(echoedData, .binary(data), "binary of \(size) bytes")
            }
            try await socket.send(.text("é€😀"))
            let echoed = try await messages.next()
            XCTAssertEqual(echoed, .text("é€😀"))
            await socket.close()
            XCTAssertEqual(socket.closeCode, .normalClosure)
        }

        func testAThousandMessagesEachWayArriveInOrder() async throws {
            let socket = try await connect("/echo")
            let count = 1000
            async let received: [WebSocketMessage] = {
                var messages: [WebSocketMessage] = []
                for try await message in socket.messages {
                    messages.append(message)
                    if messages.count == count { break }
                }
                return messages
            }()
            for index in 0..<count { try await socket.send(.text("message \(index)")) }
            let messages = try await received
            XCTAssertEqual(messages, (0..<count).map { .text("message \($0)") })
            await socket.close()
        }

        func testSendsBeyondTheSendBufferAllArrive() async throws {
            // A send buffer of 1 KiB: most sends wait for the loop to drain it.
            let socket = try await connect("/echo", options: WebSocketOptions(sendBufferSize: 1024))
            let count = 5000
            async let received: Int = {
                var received = 0
                for try await message in socket.messages {
                    guard message == .binary(Data([UInt8(received % 251)])) else { break }
                    received += 1
                    if received == count { break }
                }
                return received
            }()
            for index in 0..<count { try await socket.send(.binary(Data([UInt8(index % 251)]))) }
            let total = try await received
            XCTAssertEqual(total, count)
            await socket.close()
        }

        func testPingIsAnsweredWithPong() async throws {
            let socket = try await connect("/echo")
            for _ in 0..<3 { try await socket.ping() }
            await socket.close()
            do {
                try await socket.ping()
                XCTFail("a ping after close succeeded")
            } catch {
                guard case .invalidRequest = error else { return XCTFail("\(error)") }
            }
        }

        func testTheServerClosingEndsMessagesWithItsCodeAndReason() async throws {
            let socket = try await connect("/close/4000")
            try await socket.send(.text("close now"))
            var received: [WebSocketMessage] = []
            for try await message in socket.messages { received.append(message) }
            XCTAssertEqual(received, [])
            XCTAssertEqual(socket.closeCode, WebSocketCloseCode(rawValue: 4000))
            XCTAssertEqual(socket.closeReason, "bye")
            do {
                try await socket.send(.text("too late"))
                XCTFail("a send after the close succeeded")
            } catch {
                guard case .invalidRequest = error else { return XCTFail("\(error)") }
            }
        }

        func testTheClientClosingWithACodeIsEchoedByTheServer() async throws {
            let socket = try await connect("/echo")
            await socket.close(code: WebSocketCloseCode(rawValue: 4321), reason: "done")
            XCTAssertEqual(socket.closeCode, WebSocketCloseCode(rawValue: 4321))
            var iterator = socket.messages.makeAsyncIterator()
            let next = try await iterator.next()
            XCTAssertNil(next)
        }

        /// The WebSocket connections opening or open in this process (their sockets not released).
        static func liveConnections() -> Int { CurlConnectionLoop.liveConnections.load(ordering: .relaxed) }

        func testWSSWithTheFixtureCA() async throws {
            let ca = WebSocketTestServer.fixtures.appendingPathComponent("ca.pem").path
            let transport = try CurlTransport(configuration: CurlTransport.Configuration(caCertificateFile: ca))
            let networking = Networking(baseURL: try server.tlsBaseURL, transport: transport)
            let socket = try await networking.webSocket("/echo")
            XCTAssertEqual(socket.url.scheme, "wss")
            let data = Data((0..<70000).map { UInt8(truncatingIfNeeded: $0) })
            try await socket.send(.binary(data))
            var iterator = socket.messages.makeAsyncIterator()
            let echoed = try await iterator.next()
            XCTAssertEqual(echoed, .binary(data))
            await socket.close()
            XCTAssertEqual(socket.closeCode, .normalClosure)

            do {
                _ = try await Networking(baseURL: try server.tlsBaseURL).webSocket("/echo")
                XCTFail("an untrusted certificate was accepted")
            } catch {
                guard case .transport(let urlError) = error as? NetworkingError else { return XCTFail("\(error)") }
                XCTAssertTrue(
                    [.serverCertificateUntrusted, .secureConnectionFailed].contains(urlError.code), "\(urlError)")
            }
        }

        func testAHundredConcurrentConnections() async throws {
            let baseURL = try server.echoBaseURL
            let networking = Networking(baseURL: baseURL)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<100 {
                    group.addTask {
                        let socket = try await networking.webSocket("/echo")
                        try await socket.send(.text("connection \(index)"))
                        var iterator = socket.messages.makeAsyncIterator()
                        let echo = try await iterator.next()
                        XCTAssertEqual(echo, .text("connection \(index)"))
                        await socket.close()
                    }
                }
                try await group.waitForAll()
            }
        }

        func testCancellingTheConsumerClosesWith1001() async throws {
            let socket = try await connect("/echo")
            let consumer = Task { () -> NetworkingError? in
                do {
                    for try await _ in socket.messages {}
                    return nil
                } catch { return NetworkingError(error) }
            }
            try await Task.sleep(for: .milliseconds(100))
            consumer.cancel()
            let error = await consumer.value
            guard case .cancelled = error else {
                return XCTFail("expected .cancelled, got \(String(describing: error))")
            }
            await socket.close()  // returns once the closing handshake the cancellation started is over
            XCTAssertEqual(socket.closeCode, .goingAway, "the server echoes the client's close code")
        }

        func testTwoConsumersAtOnceIsAnError() async throws {
            let socket = try await connect("/echo")
            let first = Task { () -> NetworkingError? in
                do {
                    for try await _ in socket.messages {}
                    return nil
                } catch { return NetworkingError(error) }
            }
            try await Task.sleep(for: .milliseconds(100))
            var second = socket.messages.makeAsyncIterator()
            do {
                _ = try await second.next()
                XCTFail("a second consumer was let in")
            } catch {
                guard case .invalidRequest = error else { return XCTFail("\(error)") }
            }
            await socket.close()
            let firstError = await first.value
            XCTAssertNil(firstError, "the first consumer sees the clean close")
        }

        func testAConnectionDroppedByItsOwnerCloses() async throws {
            let before = Self.liveConnections()
            var socket: WebSocket? = try await connect("/echo")
            try await socket?.send(.text("unread"))
            XCTAssertGreaterThan(Self.liveConnections(), 0, "the connection is counted while open")
            socket = nil  // no close: the last reference going closes the connection with 1001
            let deadline = ContinuousClock.now + .seconds(5)
            while ContinuousClock.now < deadline, Self.liveConnections() > before {
                try await Task.sleep(for: .milliseconds(20))
            }
            XCTAssertLessThanOrEqual(Self.liveConnections(), before, "the connection outlived its owner")
        }

        func testTheIdleTimeoutFailsASilentConnection() async throws {
            let socket = try await connect("/echo", options: WebSocketOptions(idleTimeout: 0.3))
            let start = ContinuousClock.now
            do {
                for try await _ in socket.messages {}
                XCTFail("the silent connection did not time out")
            } catch {
                guard case .transport(let urlError) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(urlError.code, .timedOut)
            }
            XCTAssertLessThan(ContinuousClock.now - start, .seconds(3))
        }

        func testAClosedPortFailsToConnect() async throws {
            do {
                _ = try await Networking(baseURL: "http://127.0.0.1:1").webSocket("/echo")
                XCTFail("connected to a closed port")
            } catch {
                guard case .transport(let urlError) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(urlError.code, .cannotConnectToHost)
            }
        }
    }

#endif
