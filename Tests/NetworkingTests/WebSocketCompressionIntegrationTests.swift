#if os(Linux)
    import Foundation
    import FoundationNetworking
    import NetworkingCurl
    import Synchronization
    import XCTest

    @testable import Networking

    @testable import NetworkingWebSockets

    /// permessage-deflate against the `websockets` package on loopback (which accepts it, with
    /// both windows of 12 bits, and compresses every message it sends) and against the harness's
    /// raw server where it breaks the rules: echo of every length encoding, order under load with
    /// context takeover, a negotiation without it, compression turned off, wss, a deflate bomb,
    /// RSV1 on a control frame, fragments, and an answer the client did not offer.
    final class WebSocketCompressionIntegrationTests: XCTestCase {
        private static let server = Result { try WebSocketTestServer() }
        private var server: WebSocketTestServer { get throws { try Self.server.get() } }

        /// What the `websockets` server answers by default.
        private let serverDefault = WebSocketCompression(serverMaxWindowBits: 12, clientMaxWindowBits: 12)

        private func connect(_ path: String, options: WebSocketOptions = WebSocketOptions()) async throws -> WebSocket {
            try await Networking(baseURL: try server.echoBaseURL).webSocket(path, options: options)
        }

        private func raw(_ path: String) async throws -> WebSocket {
            try await Networking(baseURL: try server.rawBaseURL).webSocket(path)
        }

        /// Reads until the end; the messages and the error the sequence ended with, if any.
        private func drain(_ socket: WebSocket) async -> ([WebSocketMessage], NetworkingError?) {
            var messages: [WebSocketMessage] = []
            do {
                for try await message in socket.messages { messages.append(message) }
                return (messages, nil)
            } catch { return (messages, NetworkingError(error)) }
        }

        /// The parameters the server says it agreed to (its /extensions endpoint), in its terms.
        private struct ServerSide: Decodable, Equatable {
            var serverNoContextTakeover: Bool
            var clientNoContextTakeover: Bool
            var serverMaxWindowBits: Int
            var clientMaxWindowBits: Int

            private enum CodingKeys: String, CodingKey {
                case serverNoContextTakeover = "server_no_context_takeover"
                case clientNoContextTakeover = "client_no_context_takeover"
                case serverMaxWindowBits = "server_max_window_bits"
                case clientMaxWindowBits = "client_max_window_bits"
            }
        }

        /// The first message of /extensions: the server's side of the agreement (`nil` for none).
        private func serverSide(_ messages: inout WebSocket.Messages.AsyncIterator) async throws -> ServerSide? {
            guard case .text(let json) = try await messages.next() else {
                XCTFail("no extensions message")
                return nil
            }
            return try JSONDecoder().decode(ServerSide?.self, from: Data(json.utf8))
        }

        func testEchoesCompressedTextAndBinaryAtEveryLengthEncoding() async throws {
            let socket = try await connect("/extensions")
            XCTAssertEqual(socket.negotiatedCompression, serverDefault)
            var messages = socket.messages.makeAsyncIterator()
            let agreed = try await serverSide(&messages)
            XCTAssertEqual(
                agreed,
                ServerSide(
                    serverNoContextTakeover: false, clientNoContextTakeover: false, serverMaxWindowBits: 12,
                    clientMaxWindowBits: 12))
            for size in [0, 125, 126, 65535, 65536, 1 << 20] {
                // Random printable text compresses a little, random bytes not at all, zeros a lot.
                let text = String((0..<size).map { _ in Character(UnicodeScalar(UInt8.random(in: 0x20...0x7E))) })
                try await socket.send(.text(text))
                let echoedText = try await messages.next()
                XCTAssertEqual(echoedText, .text(text), "text of \(size) bytes")
                for data in [Data((0..<size).map { _ in UInt8.random(in: 0...255) }), Data(count: size)] {
                    try await socket.send(.binary(data))
                    let echoedData = try await messages.next()
                    XCTAssertEqual(echoedData, .binary(data), "binary of \(size) bytes")
                }
            }
            try await socket.send(.text("é€😀"))
            let echoed = try await messages.next()
            XCTAssertEqual(echoed, .text("é€😀"))
            await socket.close()
            XCTAssertEqual(socket.closeCode, .normalClosure)
        }

        func testAThousandCompressedMessagesEachWayWithContextTakeover() async throws {
            let socket = try await connect("/echo")
            XCTAssertEqual(socket.negotiatedCompression?.serverNoContextTakeover, false)
            XCTAssertEqual(socket.negotiatedCompression?.clientNoContextTakeover, false)
            let count = 1000
            // Alike messages, so that each refers back to those before it.
            let sent: [WebSocketMessage] = (0..<count).map {
                $0 % 2 == 0 ? .text("message \($0) of a thousand") : .binary(Data("message \($0)".utf8 + [0, 1, 2]))
            }
            async let received: [WebSocketMessage] = {
                var messages: [WebSocketMessage] = []
                for try await message in socket.messages {
                    messages.append(message)
                    if messages.count == count { break }
                }
                return messages
            }()
            for message in sent { try await socket.send(message) }
            let messages = try await received
            XCTAssertEqual(messages, sent)
            await socket.close()
        }

        func testANegotiationWithoutContextTakeover() async throws {
            let offer = WebSocketCompression(serverNoContextTakeover: true, clientNoContextTakeover: true)
            let socket = try await connect("/extensions", options: WebSocketOptions(compression: offer))
            XCTAssertEqual(
                socket.negotiatedCompression,
                WebSocketCompression(
                    serverNoContextTakeover: true, clientNoContextTakeover: true, serverMaxWindowBits: 12,
                    clientMaxWindowBits: 12))
            var messages = socket.messages.makeAsyncIterator()
            let agreed = try await serverSide(&messages)
            XCTAssertEqual(
                agreed,
                ServerSide(
                    serverNoContextTakeover: true, clientNoContextTakeover: true, serverMaxWindowBits: 12,
                    clientMaxWindowBits: 12))
            for index in 0..<200 {
                let message = WebSocketMessage.text(String(repeating: "again and again \(index % 3) ", count: 50))
                try await socket.send(message)
                let echoed = try await messages.next()
                XCTAssertEqual(echoed, message)
            }
            await socket.close()
            XCTAssertEqual(socket.closeCode, .normalClosure)
        }

        func testCompressionTurnedOffIsNotOffered() async throws {
            let socket = try await connect("/headers", options: WebSocketOptions(compression: nil))
            XCTAssertNil(socket.negotiatedCompression)
            var messages = socket.messages.makeAsyncIterator()
            guard case .text(let json) = try await messages.next() else { return XCTFail("no headers message") }
            let headers = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
            XCTAssertNil(headers["Sec-WebSocket-Extensions"])
            try await socket.send(.binary(Data(count: 70000)))
            let echoed = try await messages.next()
            XCTAssertEqual(echoed, .binary(Data(count: 70000)))
            await socket.close()

            let offered = try await connect("/headers")
            var offeredMessages = offered.messages.makeAsyncIterator()
            guard case .text(let offeredJSON) = try await offeredMessages.next() else {
                return XCTFail("no headers message")
            }
            let offeredHeaders = try JSONDecoder().decode([String: String].self, from: Data(offeredJSON.utf8))
            XCTAssertEqual(offeredHeaders["Sec-WebSocket-Extensions"], "permessage-deflate; client_max_window_bits")
            await offered.close()
        }

        func testInterceptorsSeeTheOfferAndTheServersAnswer() async throws {
            /// Records the extension fields of the handshake it passes on and of the answer.
            final class Spy: HTTPInterceptor {
                let seen = Mutex<(offer: String?, answer: String?)>((nil, nil))
                func intercept(_ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange)
                    async throws -> HTTPExchange
                {
                    let exchange = try await next(request)
                    let answer = exchange.response.value(forHTTPHeaderField: "Sec-WebSocket-Extensions")
                    seen.withLock { $0 = (request.value(forHTTPHeaderField: "Sec-WebSocket-Extensions"), answer) }
                    return exchange
                }
            }
            let spy = Spy()
            let networking = Networking(baseURL: try server.echoBaseURL)
            await networking.setInterceptors([spy])
            let socket = try await networking.webSocket("/echo")
            await socket.close()
            let (offer, answer) = spy.seen.withLock { $0 }
            XCTAssertEqual(offer, "permessage-deflate; client_max_window_bits")
            XCTAssertEqual(answer, "permessage-deflate; server_max_window_bits=12; client_max_window_bits=12")
        }

        func testCompressedOverWSS() async throws {
            let ca = WebSocketTestServer.fixtures.appendingPathComponent("ca.pem").path
            let transport = try CurlTransport(configuration: CurlTransport.Configuration(caCertificateFile: ca))
            let socket = try await Networking(baseURL: try server.tlsBaseURL, transport: transport).webSocket("/echo")
            XCTAssertEqual(socket.negotiatedCompression, serverDefault)
            let message = WebSocketMessage.text(String(repeating: "secure and small ", count: 10_000))
            try await socket.send(message)
            var messages = socket.messages.makeAsyncIterator()
            let echoed = try await messages.next()
            XCTAssertEqual(echoed, message)
            await socket.close()
        }

        func testADeflateBombFailsWith1009() async throws {
            let socket = try await raw("/deflate-bomb")
            XCTAssertEqual(socket.negotiatedCompression, WebSocketCompression())
            let (messages, error) = await drain(socket)
            XCTAssertEqual(messages, [])
            XCTAssertEqual(error?.webSocketProtocolError?.closeCode, .messageTooBig, "\(String(describing: error))")
            guard case .transport(let urlError) = error else { return XCTFail("\(String(describing: error))") }
            XCTAssertEqual(urlError.code, .dataLengthExceedsMaximum)
        }

        func testRSV1OnAControlFrameFailsWith1002() async throws {
            let (messages, error) = await drain(try await raw("/compressed-ping"))
            XCTAssertEqual(messages, [])
            XCTAssertEqual(error?.webSocketProtocolError?.closeCode, .protocolError, "\(String(describing: error))")
        }

        func testRSV1WithoutNegotiationFailsWith1002() async throws {
            let socket = try await raw("/rsv1-unnegotiated")
            XCTAssertNil(socket.negotiatedCompression)
            let (messages, error) = await drain(socket)
            XCTAssertEqual(messages, [])
            XCTAssertEqual(error?.webSocketProtocolError?.closeCode, .protocolError, "\(String(describing: error))")
        }

        func testACompressedMessageInFragmentsWithAPingBetween() async throws {
            let socket = try await raw("/compressed-split")
            let (messages, error) = await drain(socket)
            XCTAssertEqual(messages, [.text(String(repeating: "compressed é€😀 ", count: 100))])
            XCTAssertNil(error)
            XCTAssertEqual(socket.closeCode, .normalClosure)
        }

        func testAnAnswerNotOfferedFailsTheHandshake() async throws {
            do {
                _ = try await raw("/bad-extension")
                XCTFail("the handshake succeeded")
            } catch {
                guard case .validation(let reason, _) = NetworkingError(error) else { return XCTFail("\(error)") }
                XCTAssertTrue(reason.contains("x_unknown"), reason)
            }
            // An extension answered although compression was turned off, so not offered.
            do {
                _ = try await Networking(baseURL: try server.rawBaseURL).webSocket(
                    "/compressed-split", options: WebSocketOptions(compression: nil))
                XCTFail("the handshake succeeded")
            } catch {
                guard case .validation(let reason, _) = NetworkingError(error) else { return XCTFail("\(error)") }
                XCTAssertTrue(reason.contains("not offered"), reason)
            }
        }
    }
#endif
