import Foundation

extension WebSocketHandshake {
    /// The request head, or `.invalidRequest` when the URL, a subprotocol or a header cannot be sent.
    ///
    /// Nothing the caller or a server controls can add a line to it: the request target is the
    /// URL's path and query as they stand percent-encoded (never `url.path`, which decodes `%0D%0A`
    /// into a line break), the `Host` is the host as encoded, and a header field whose name is not
    /// a token or whose value holds a control character fails the whole handshake. The only CR and
    /// LF bytes in the head are its line endings.
    func requestHead() throws(NetworkingError) -> [UInt8] {
        guard let scheme = url.scheme?.lowercased(), ["ws", "wss", "http", "https"].contains(scheme),
            let host = url.absoluteURL.host(percentEncoded: true), !host.isEmpty
        else { throw .invalidRequest("\(url.absoluteString) is not a ws:// or wss:// URL with a host") }
        let secure = scheme == "wss" || scheme == "https"
        var authority = host.contains(":") ? "[\(host)]" : host
        if let port = url.port, port != (secure ? 443 : 80) { authority += ":\(port)" }
        guard authority.utf8.allSatisfy(Self.isVisibleASCII) else {
            throw .invalidRequest("the host of \(url.absoluteString) cannot be written in a Host header")
        }
        var lines = [
            "GET \(Self.requestTarget(of: url)) HTTP/1.1", "Host: \(authority)", "Upgrade: websocket",
            "Connection: Upgrade", "Sec-WebSocket-Key: \(key)", "Sec-WebSocket-Version: 13",
        ]
        for name in protocols where !RequestHeadCheck.isToken(name) {
            throw .invalidRequest("the subprotocol \(name.debugDescription) is not an HTTP token")
        }
        if !protocols.isEmpty { lines.append("Sec-WebSocket-Protocol: \(protocols.joined(separator: ", "))") }
        if let compression {
            guard compression.isValidOffer else {
                throw .invalidRequest("a permessage-deflate window size is not between 8 and 15")
            }
            lines.append("Sec-WebSocket-Extensions: \(compression)")
        }
        for field in headers {
            // Checked even when the handshake writes the field itself: a bad value is refused,
            // never silently dropped.
            try Self.validateField(name: field.name, value: field.value)
            if !Self.reservedNames.contains(field.name.lowercased()) { lines.append("\(field.name): \(field.value)") }
        }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// The request target of `url` (RFC 9112 §3.2.1, origin form): its path, `/` when empty, and
    /// `?` and its query when it has one, both exactly as percent-encoded in the URL. A byte that
    /// is not visible ASCII, which a parsed URL never holds there, is percent-encoded rather than
    /// written, so the target is always one word of visible characters.
    static func requestTarget(of url: URL) -> String {
        let absolute = url.absoluteURL
        var target = absolute.path(percentEncoded: true)
        if target.isEmpty { target = "/" }
        if let query = absolute.query(percentEncoded: true) { target += "?" + query }
        guard !target.utf8.allSatisfy(isVisibleASCII) else { return target }
        var escaped = ""
        for byte in target.utf8 {
            if isVisibleASCII(byte) {
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                escaped +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true)
                    + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return escaped
    }

    /// Throws `.invalidRequest` unless `name` is an RFC 9110 token and `value` holds no control
    /// character but the horizontal tab (RFC 9110 §5.5): a CR or LF would end the field early and
    /// start one the caller never meant to send (CWE-113), and a NUL truncates it for some servers.
    static func validateField(name: String, value: String) throws(NetworkingError) {
        guard RequestHeadCheck.isToken(name) else {
            throw .invalidRequest(
                "the header name \(name.debugDescription) is not an HTTP token (RFC 9110 §5.6.2), so the WebSocket "
                    + "handshake was not sent")
        }
        guard value.utf8.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw .invalidRequest(
                "the value of the header field \"\(name)\" contains a line break, a NUL or another control "
                    + "character, so the WebSocket handshake was not sent")
        }
    }

    /// Whether `byte` is a visible ASCII character (`VCHAR`: no space, no control).
    private static func isVisibleASCII(_ byte: UInt8) -> Bool { (0x21...0x7E).contains(byte) }
}
