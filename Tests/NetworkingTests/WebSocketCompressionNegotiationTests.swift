import Foundation
import XCTest

@testable import Networking
@testable import NetworkingWebSockets

/// permessage-deflate's negotiation on its own (RFC 7692 §5, §7.1): the offer in the request head,
/// the parameters read from the server's answer, and each answer that fails the handshake.
final class WebSocketCompressionNegotiationTests: XCTestCase {
    private let key = "dGhlIHNhbXBsZSBub25jZQ=="
    private let upgrade = [
        "HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", "Connection: Upgrade",
        "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=",
    ]

    private func handshake(_ offer: WebSocketCompression? = WebSocketCompression()) -> WebSocketHandshake {
        WebSocketHandshake(
            url: URL(string: "ws://example.com/")!, protocols: [], headers: [:], key: key, compression: offer)
    }

    private func validate(_ extensions: [String], offer: WebSocketCompression = WebSocketCompression())
        throws(NetworkingError) -> WebSocketCompression?
    {
        let lines = upgrade + extensions.map { "Sec-WebSocket-Extensions: \($0)" }
        let head = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
        return try handshake(offer).validate(responseHead: head).compression
    }

    func testTheDefaultOfferIsTheBrowsers() throws {
        XCTAssertEqual(WebSocketOptions().compression, WebSocketCompression())
        XCTAssertEqual(WebSocketCompression().description, "permessage-deflate; client_max_window_bits")
        let head = String(decoding: try handshake().requestHead(), as: UTF8.self)
        XCTAssertTrue(
            head.contains("\r\nSec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n"), head)
        let none = String(decoding: try handshake(nil).requestHead(), as: UTF8.self)
        XCTAssertFalse(none.contains("Sec-WebSocket-Extensions"), none)
    }

    func testAnOfferWithEveryParameter() throws {
        let offer = WebSocketCompression(
            serverNoContextTakeover: true, clientNoContextTakeover: true, serverMaxWindowBits: 10,
            clientMaxWindowBits: 9)
        XCTAssertEqual(
            offer.description,
            "permessage-deflate; server_no_context_takeover; client_no_context_takeover; server_max_window_bits=10; client_max_window_bits=9"
        )
        XCTAssertThrowsError(try handshake(WebSocketCompression(serverMaxWindowBits: 16)).requestHead())
        XCTAssertThrowsError(try handshake(WebSocketCompression(clientMaxWindowBits: 7)).requestHead())
    }

    func testTheServersParametersAreRead() throws {
        XCTAssertNil(try validate([]))
        XCTAssertEqual(try validate(["permessage-deflate"]), WebSocketCompression())
        XCTAssertEqual(
            try validate(["permessage-deflate; server_max_window_bits=12; client_max_window_bits=12"]),
            WebSocketCompression(serverMaxWindowBits: 12, clientMaxWindowBits: 12))
        XCTAssertEqual(
            try validate(["Permessage-Deflate;Server_No_Context_Takeover ;\tclient_no_context_takeover"]),
            WebSocketCompression(serverNoContextTakeover: true, clientNoContextTakeover: true))
        XCTAssertEqual(
            try validate(["permessage-deflate; client_max_window_bits=\"8\""]),
            WebSocketCompression(clientMaxWindowBits: 8))
        // What the client announced holds whatever the server answered.
        XCTAssertEqual(
            try validate(["permessage-deflate"], offer: WebSocketCompression(clientNoContextTakeover: true)),
            WebSocketCompression(clientNoContextTakeover: true))
        XCTAssertEqual(
            try validate(["permessage-deflate"], offer: WebSocketCompression(clientMaxWindowBits: 10)),
            WebSocketCompression(clientMaxWindowBits: 10))
        XCTAssertEqual(
            try validate(
                ["permessage-deflate; server_no_context_takeover; server_max_window_bits=9"],
                offer: WebSocketCompression(serverNoContextTakeover: true, serverMaxWindowBits: 10)),
            WebSocketCompression(serverNoContextTakeover: true, serverMaxWindowBits: 9))
    }

    func testAnswersBeyondTheOfferFailTheHandshake() {
        let refused: [(String, [String], WebSocketCompression)] = [
            ("another extension", ["x-webkit-deflate-frame"], WebSocketCompression()),
            ("two extensions", ["permessage-deflate, permessage-deflate"], WebSocketCompression()),
            ("two fields", ["permessage-deflate", "permessage-deflate"], WebSocketCompression()),
            ("an unknown parameter", ["permessage-deflate; x_unknown=1"], WebSocketCompression()),
            (
                "a repeated parameter", ["permessage-deflate; server_no_context_takeover; server_no_context_takeover"],
                WebSocketCompression()
            ),
            ("a value on a flag", ["permessage-deflate; client_no_context_takeover=1"], WebSocketCompression()),
            ("a window without a value", ["permessage-deflate; client_max_window_bits"], WebSocketCompression()),
            ("a window of 7 bits", ["permessage-deflate; server_max_window_bits=7"], WebSocketCompression()),
            ("a window of 16 bits", ["permessage-deflate; client_max_window_bits=16"], WebSocketCompression()),
            ("a window with a leading zero", ["permessage-deflate; server_max_window_bits=09"], WebSocketCompression()),
            (
                "a window that is not a number", ["permessage-deflate; server_max_window_bits=ten"],
                WebSocketCompression()
            ),
            (
                "a window over the one offered", ["permessage-deflate; server_max_window_bits=11"],
                WebSocketCompression(serverMaxWindowBits: 10)
            ),
            (
                "a client window over the one announced", ["permessage-deflate; client_max_window_bits=11"],
                WebSocketCompression(clientMaxWindowBits: 10)
            ),
            ("a required window left out", ["permessage-deflate"], WebSocketCompression(serverMaxWindowBits: 10)),
            ("a required reset left out", ["permessage-deflate"], WebSocketCompression(serverNoContextTakeover: true)),
        ]
        for (name, extensions, offer) in refused {
            do {
                let agreed = try validate(extensions, offer: offer)
                XCTFail("\(name) was accepted as \(String(describing: agreed))")
            } catch {
                guard case .validation(let reason, let metadata) = error else { return XCTFail("\(name): \(error)") }
                XCTAssertTrue(reason.hasPrefix("the server refused the WebSocket upgrade: "), "\(name): \(reason)")
                XCTAssertEqual(metadata.statusCode, 101, name)
            }
        }
        // An extension answered although none was offered.
        let head = Array(
            ((upgrade + ["Sec-WebSocket-Extensions: permessage-deflate"]).joined(separator: "\r\n") + "\r\n\r\n").utf8)
        XCTAssertThrowsError(try handshake(nil).validate(responseHead: head))
    }

    func testRSV1IsAllowedOnlyOnTheFirstFrameOfADataMessage() {
        func violation(_ bytes: [UInt8]) -> WebSocketProtocolError? {
            var parser = WebSocketFrameParser(allowsCompression: true)
            parser.append(bytes)
            do {
                while try parser.nextFrame() != nil {}
                return nil
            } catch { return error }
        }
        XCTAssertNil(violation([0xC1, 0x01, 0x00]), "compressed text")
        XCTAssertNil(violation([0x42, 0x01, 0x00, 0x80, 0x00]), "compressed binary in two fragments")
        XCTAssertEqual(violation([0xC9, 0x00])?.closeCode, .protocolError, "RSV1 on a ping")
        XCTAssertEqual(violation([0xCA, 0x00])?.closeCode, .protocolError, "RSV1 on a pong")
        XCTAssertEqual(violation([0xC8, 0x00])?.closeCode, .protocolError, "RSV1 on a close")
        XCTAssertEqual(violation([0x42, 0x00, 0xC0, 0x00])?.closeCode, .protocolError, "RSV1 on a continuation")
    }
}
