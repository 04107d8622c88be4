import Foundation

/// The opening handshake of RFC 6455 §4: the HTTP/1.1 Upgrade request a client writes, and the
/// checks on the server's answer (status 101, `Upgrade`, `Connection`, `Sec-WebSocket-Accept`
/// and the negotiated subprotocol and extensions).
package struct WebSocketHandshake: Sendable {
    /// The GUID the server appends to the client's key before hashing (RFC 6455 §1.3).
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
    /// The largest response head read before giving up on the server.
    static let maxResponseHeadSize = 16 * 1024

    /// The `ws` or `wss` URL.
    let url: URL
    /// The subprotocols offered, most preferred first.
    let protocols: [String]
    /// Fields sent besides the handshake's own (default headers, credentials).
    let headers: HTTPHeaders
    /// The random nonce of `Sec-WebSocket-Key`, base64.
    let key: String
    /// The permessage-deflate offer, or `nil` for none.
    let compression: WebSocketCompression?

    /// What the server's answer settled: the subprotocol it chose and the compression agreed.
    package struct Agreement: Hashable, Sendable {
        /// The subprotocol chosen among those offered, if any.
        var subprotocol: String?
        /// The permessage-deflate parameters agreed, or `nil` when messages are not compressed.
        var compression: WebSocketCompression?
        /// The server's `Sec-WebSocket-Extensions` as it answered them, when it agreed to compression.
        var extensionsField: String?
    }

    /// The fields `headers` cannot set, lowercased: the handshake's own, and `Proxy-Authorization`,
    /// a proxy's credential, which would reach the server (see `HTTPHeaders.proxyAuthorization`).
    static let reservedNames: Set<String> = [
        "host", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-protocol",
        "sec-websocket-extensions", "content-length", "transfer-encoding", HTTPHeaders.proxyAuthorization.lowercased(),
    ]

    init(
        url: URL, protocols: [String], headers: HTTPHeaders, key: String = WebSocketHandshake.makeKey(),
        compression: WebSocketCompression? = nil
    ) {
        self.url = url
        self.protocols = protocols
        self.headers = headers
        self.key = key
        self.compression = compression
    }

    /// Sixteen random bytes in base64 (RFC 6455 §4.1).
    static func makeKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).base64EncodedString()
    }

    /// The `Sec-WebSocket-Accept` a server must answer to `key`.
    package static func acceptValue(for key: String) -> String {
        Data(SHA1.digest(Array((key + guid).utf8))).base64EncodedString()
    }

    /// The length of the response head at the start of `bytes` (through its blank line), or `nil`
    /// when it is not complete yet.
    static func responseHeadLength(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index] == 0x0A && bytes[index - 1] == 0x0D && bytes[index - 2] == 0x0A && bytes[index - 3] == 0x0D {
            return index + 1
        }
        return nil
    }

    /// Checks the response head; returns the subprotocol the server chose, if any, and the
    /// compression agreed.
    ///
    /// A status other than 101 is `.http` (4xx and 5xx, with the response metadata) or
    /// `.validation` (any other status, or a 101 whose fields are wrong); a head that is not HTTP
    /// is `.invalidResponse`.
    func validate(responseHead: some Collection<UInt8>, body: Data = Data()) throws(NetworkingError) -> Agreement {
        let text = String(decoding: responseHead, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let statusLine = lines.first else { throw .invalidResponse }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]) else {
            throw .invalidResponse
        }
        var fields = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw .invalidResponse }
            fields.add(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let metadata = ResponseMetadata(statusCode: status, headers: fields, body: body, url: url)
        func refuse(_ reason: String) -> NetworkingError {
            .validation(reason: "the server refused the WebSocket upgrade: \(reason)", metadata)
        }
        guard status == 101 else {
            if status >= 400 { throw .http(HTTPError(metadata: metadata)) }
            throw refuse("it answered with status \(status) instead of 101")
        }
        guard fields["Upgrade"]?.lowercased() == "websocket" else {
            throw refuse("its Upgrade field is not \"websocket\"")
        }
        let connection = fields["Connection"]?.lowercased().split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard connection?.contains("upgrade") == true else { throw refuse("its Connection field has no \"upgrade\"") }
        guard fields["Sec-WebSocket-Accept"] == Self.acceptValue(for: key) else {
            throw refuse("its Sec-WebSocket-Accept does not match the key sent")
        }
        var agreement = Agreement()
        // Every Sec-WebSocket-Extensions field, as one list (RFC 9110 §5.3).
        let extensions = fields.filter { $0.name.lowercased() == "sec-websocket-extensions" }.map(\.value)
            .filter { !$0.isEmpty }.joined(separator: ", ")
        if !extensions.isEmpty {
            guard let offer = compression else {
                throw refuse("it chose the extension \"\(extensions)\", which was not offered")
            }
            do throws(WebSocketCompression.Refusal) {
                agreement.compression = try WebSocketCompression.agreed(to: offer, response: extensions)
                agreement.extensionsField = extensions
            } catch {
                throw refuse(error.reason)
            }
        }
        guard let chosen = fields["Sec-WebSocket-Protocol"] else { return agreement }
        guard protocols.contains(chosen) else {
            throw refuse("it chose the subprotocol \"\(chosen)\", not one offered")
        }
        agreement.subprotocol = chosen
        return agreement
    }
}
