import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response's status line and header fields as a transport received them, parsed and turned into
/// an `HTTPURLResponse` only when something asks.
///
/// On Linux, `HTTPURLResponse.init` canonicalises every header name through `NSString` and parses
/// `Content-Type` character by character: for a small JSON response that is more work than libcurl
/// spends on the whole exchange. Most requests only need the status code on their way to a
/// decoder, so a transport that reads heads itself hands them over as a `ResponseHead`:
/// `HTTPExchange.statusCode` reads it directly, `header(_:)` parses the field lines on first use,
/// and `HTTPExchange.response` builds the `HTTPURLResponse` once (every copy of the head shares it).
public struct ResponseHead: Sendable {
    /// The status code.
    public let statusCode: Int
    private let backing: Backing

    /// The response when it was given (nothing allocated for it), else the fields as received.
    private enum Backing: Sendable {
        case given(HTTPURLResponse)
        case fields(Storage)
    }

    /// Creates a head from fields already parsed (a repeated name's values joined with ", ").
    /// Returns `nil` for a status code outside 100…999, which no HTTP response has.
    public init?(url: URL, statusCode: Int, httpVersion: String = "HTTP/1.1", headerFields: [String: String]) {
        guard (100...999).contains(statusCode) else { return nil }
        self.statusCode = statusCode
        self.backing = .fields(Storage(url: url, httpVersion: httpVersion, state: State(fields: headerFields)))
    }

    /// Creates a head from its field lines as received (`Name: value`, each line ending in LF or
    /// CRLF, no status line), parsed on first use. Returns `nil` for a status code outside 100…999.
    public init?(url: URL, statusCode: Int, httpVersion: String = "HTTP/1.1", fieldLines: [UInt8]) {
        guard (100...999).contains(statusCode) else { return nil }
        self.statusCode = statusCode
        self.backing = .fields(Storage(url: url, httpVersion: httpVersion, state: State(lines: fieldLines)))
    }

    /// The head of a response Foundation built (its header names as Foundation gives them).
    public init(_ response: HTTPURLResponse) {
        self.statusCode = response.statusCode
        self.backing = .given(response)
    }

    /// The value of a header, looked up case-insensitively; a repeated header's values are joined
    /// with ", ".
    public func header(_ name: String) -> String? {
        let storage: Storage
        switch backing {
        case .given(let response): return response.value(forHTTPHeaderField: name)
        case .fields(let fields): storage = fields
        }
        return storage.state.withLock { state in
            let fields = state.parsedFields()
            if let value = fields[name] { return value }
            return fields.first { $0.key.caseInsensitiveEquals(name) }?.value
        }
    }

    /// Whether a field named `name` (compared case-insensitively) is present. A head still held as
    /// field lines is scanned without being parsed, so asking costs little when the answer is no.
    public func containsField(_ name: String) -> Bool {
        switch backing {
        case .given(let response):
            return response.value(forHTTPHeaderField: name) != nil
        case .fields(let storage):
            return storage.state.withLock { state in
                if let fields = state.fields { return fields.keys.contains { $0.caseInsensitiveEquals(name) } }
                return Self.lines(state.lines, containField: Array(name.utf8))
            }
        }
    }

    /// Whether some line of `lines` starts with `name` (ASCII case folded) and a colon.
    private static func lines(_ lines: [UInt8], containField name: [UInt8]) -> Bool {
        var start = 0
        while start < lines.count {
            let end = lines[start...].firstIndex(of: UInt8(ascii: "\n")) ?? lines.count
            if end - start > name.count, lines[start + name.count] == UInt8(ascii: ":") {
                var matches = true
                for offset in 0..<name.count where lines[start + offset] | 0x20 != name[offset] | 0x20 {
                    matches = false
                    break
                }
                if matches { return true }
            }
            start = end + 1
        }
        return false
    }

    /// The URL of the response.
    public var url: URL? {
        switch backing {
        case .given(let response): return response.url
        case .fields(let storage): return storage.url
        }
    }

    /// The header fields with their names exactly as received (Foundation's `HTTPURLResponse` on
    /// Linux re-cases some names, `uid` becoming `Uid`); a repeated name's values are joined with
    /// ", ". A head made from an `HTTPURLResponse` has that response's names.
    public var headerFields: HTTPHeaders {
        switch backing {
        case .given(let response): return HTTPHeaders(response.allHeaderFields)
        case .fields(let storage): return HTTPHeaders(storage.state.withLock { $0.parsedFields() })
        }
    }

    /// The head as an `HTTPURLResponse`, built on first use.
    public var response: HTTPURLResponse {
        let storage: Storage
        switch backing {
        case .given(let response): return response
        case .fields(let fields): storage = fields
        }
        let statusCode = self.statusCode
        return storage.state.withLock { state in
            if let response = state.response { return response }
            // `HTTPURLResponse.init?` fails only for a status code outside 100…999, which the
            // initializers of `ResponseHead` refuse.
            guard
                let response = HTTPURLResponse(
                    url: storage.url, statusCode: statusCode, httpVersion: storage.httpVersion,
                    headerFields: state.parsedFields())
            else { preconditionFailure("HTTPURLResponse refused a status code ResponseHead accepted") }
            state.response = response
            return response
        }
    }

    /// The fields, as lines until first parsed, and the response once built.
    private struct State {
        var lines: [UInt8] = []
        var fields: [String: String]?
        var response: HTTPURLResponse?

        mutating func parsedFields() -> [String: String] {
            if let fields { return fields }
            let parsed = ResponseHead.parse(lines)
            fields = parsed
            lines = []
            return parsed
        }
    }

    /// Shared by every copy of a head built from fields.
    private final class Storage: Sendable {
        let url: URL
        let httpVersion: String
        let state: Mutex<State>

        init(url: URL, httpVersion: String, state: State) {
            self.url = url
            self.httpVersion = httpVersion
            self.state = Mutex(state)
        }
    }

    /// Header field lines parsed into a dictionary by name as received; a repeated name's values
    /// are joined with ", " in the order they came, an obsolete folded line continues the field
    /// before it, and a line without a colon is ignored.
    static func parse(_ lines: [UInt8]) -> [String: String] {
        var fields: [String: String] = [:]
        fields.reserveCapacity(16)
        var lastName: String?
        lines.withUnsafeBytes { head in
            var start = 0
            while start < head.count {
                let end = head[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? head.count
                let line = UnsafeRawBufferPointer(rebasing: head[start..<end])
                start = end
                let bytes = trimmed(line)
                if bytes.isEmpty { continue }
                if line[0] == UInt8(ascii: " ") || line[0] == UInt8(ascii: "\t") {
                    if let lastName { fields[lastName, default: ""] += " " + String(decoding: bytes, as: UTF8.self) }
                    continue
                }
                guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { continue }
                let name = String(decoding: trimmed(UnsafeRawBufferPointer(rebasing: bytes[..<colon])), as: UTF8.self)
                let value = String(
                    decoding: trimmed(UnsafeRawBufferPointer(rebasing: bytes[(colon + 1)...])), as: UTF8.self)
                if let existing = fields[name] {
                    fields[name] = existing + ", " + value
                } else {
                    fields[name] = value
                }
                lastName = name
            }
        }
        return fields
    }

    /// `bytes` without leading and trailing spaces, tabs, CR and LF (for this package's header parsers).
    package static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }
}
