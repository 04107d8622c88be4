/// Checks on the text a caller passes for a network path or trust setting, so that nothing in it
/// can put unintended bytes on the wire or into libcurl's option syntax.
enum NetworkPathText {
    /// Throws `.invalidRequest` when `text` is empty or holds a control character (CR, LF, NUL and
    /// the others below 0x20, or DEL), naming `what` in the message.
    static func check(_ text: String, _ what: String, allowsEmpty: Bool = false) throws(NetworkingError) {
        if text.isEmpty, !allowsEmpty { throw .invalidRequest("\(what) is empty") }
        if text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw .invalidRequest("\(what) contains a control character (such as CR, LF or NUL)")
        }
    }

    /// Throws `.invalidRequest` when `host` is not a plain host name or address: empty, with a
    /// control character, or with a character that would end it in a URL or an option list (an
    /// IPv6 address goes without brackets), or not ASCII (an international name goes in its
    /// `xn--` form).
    static func checkHost(_ host: String, _ what: String) throws(NetworkingError) {
        try check(host, what)
        let forbidden: Set<UInt8> = Set(" /?#@,;\\\"'<>`{}|^%[]".utf8)
        if host.utf8.contains(where: { forbidden.contains($0) || $0 >= 0x80 }) {
            throw .invalidRequest("\(what) '\(host)' is not a host name or IP address")
        }
    }

    /// Throws `.invalidRequest` unless `port` is a TCP port (1 to 65535).
    static func checkPort(_ port: Int, _ what: String) throws(NetworkingError) {
        guard (1...65_535).contains(port) else { throw .invalidRequest("\(what) \(port) is not between 1 and 65535") }
    }

    /// `host` as it goes in a URL's authority: an IPv6 address in brackets.
    static func authorityHost(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }
}
