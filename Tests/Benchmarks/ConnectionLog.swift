import Foundation

/// Connections counted on the server: nginx logs one line per request with the listener's port,
/// the connection's serial number (`$connection`), how many requests that connection has served
/// (`$connection_requests`, 1 on its first), the protocol and whether TLS resumed a session (see
/// `log_format connections` in nginx.conf.in). A scenario marks the log before a client runs and
/// reads what was appended after it: what the client did, seen from the other end.
struct ConnectionLog: Sendable {
    /// What the server saw of one listener in one window.
    struct Window: Sendable {
        /// Requests served.
        var requests = 0
        /// Connections whose first request is in the window: the ones the client opened.
        var opened = 0
        /// Distinct connections that served the window's requests (those opened before included).
        var used = 0
        /// Opened connections whose TLS handshake resumed a session.
        var resumed = 0
        /// `$server_protocol` values seen (`HTTP/1.1`, `HTTP/2.0`).
        var protocols: Set<String> = []

        /// Two windows one after the other: the counts added up, and `used` the larger of the two
        /// (the connections serving one window, not how many there were in all).
        static func + (lhs: Window, rhs: Window) -> Window {
            Window(
                requests: lhs.requests + rhs.requests, opened: lhs.opened + rhs.opened,
                used: max(lhs.used, rhs.used), resumed: lhs.resumed + rhs.resumed,
                protocols: lhs.protocols.union(rhs.protocols))
        }
    }

    let path: String

    /// Where the log ends now: the start of the next window.
    func mark() -> UInt64 {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.uint64Value
        return size ?? 0
    }

    /// The requests `port` served since `mark`, once at least `expected` of them are logged.
    ///
    /// nginx logs a request after it has sent the response, so the last lines of a window may land
    /// just after the client has its answers: this waits for them, up to two seconds.
    func window(since mark: UInt64, port: Int, expected: Int) async -> Window {
        var window = Window()
        for _ in 0..<400 {
            window = read(since: mark, port: port)
            if window.requests >= expected { break }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return window
    }

    private func read(since mark: UInt64, port: Int) -> Window {
        guard let handle = FileHandle(forReadingAtPath: path) else { return Window() }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: mark)) != nil, let data = try? handle.readToEnd() else { return Window() }
        var window = Window()
        var connections = Set<Int>()
        let portText = Substring(String(port))
        // Whole lines only: a line being written may not have its newline yet.
        guard let end = data.lastIndex(of: UInt8(ascii: "\n")) else { return Window() }
        for line in String(decoding: data[...end], as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 5, fields[0] == portText, let connection = Int(fields[1]) else { continue }
            window.requests += 1
            connections.insert(connection)
            window.protocols.insert(String(fields[3]))
            if fields[2] == "1" {
                window.opened += 1
                if fields[4] == "r" { window.resumed += 1 }
            }
        }
        window.used = connections.count
        return window
    }
}
