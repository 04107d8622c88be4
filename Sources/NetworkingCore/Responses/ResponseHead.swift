import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response's status line and header fields as a transport received them: a plain value, read
/// without building an `HTTPURLResponse`.
///
/// On Linux, `HTTPURLResponse.init` canonicalises every header name through `NSString` and parses
/// `Content-Type` character by character: for a small JSON response that is more work than libcurl
/// spends on the whole exchange. Most requests only need the status code on their way to a
/// decoder, so a transport that reads heads itself hands them over as a `ResponseHead`:
/// `HTTPExchange.statusCode` reads it directly, `header(_:)` finds a field in the lines as they
/// were received (no dictionary is made for them), and `response` builds an `HTTPURLResponse`
/// only for a caller that asks for one.
public struct ResponseHead: Sendable {
    /// The status code.
    public let statusCode: Int
    /// The URL of the response.
    public let url: URL?
    private let httpVersion: String
    private let fields: Fields

    /// The fields in the form they were given in.
    private enum Fields: Sendable {
        /// A response Foundation built: its fields are read from it.
        case response(HTTPURLResponse)
        /// Fields already parsed (a repeated name's values joined with ", ").
        case parsed([String: String])
        /// Field lines as received (`Name: value`, each ending in LF), read where they lie.
        case lines([UInt8])
    }

    /// Creates a head from fields already parsed (a repeated name's values joined with ", ").
    /// Returns `nil` for a status code outside 100…999, which no HTTP response has.
    public init?(url: URL, statusCode: Int, httpVersion: String = "HTTP/1.1", headerFields: [String: String]) {
        guard (100...999).contains(statusCode) else { return nil }
        self.statusCode = statusCode
        self.url = url
        self.httpVersion = httpVersion
        self.fields = .parsed(headerFields)
    }

    /// Creates a head from its field lines as received (`Name: value`, each line ending in LF or
    /// CRLF, no status line), kept as they are: a lookup scans them, so that a transport pays
    /// nothing for the fields nobody reads. Returns `nil` for a status code outside 100…999.
    package init?(url: URL, statusCode: Int, httpVersion: String = "HTTP/1.1", fieldLines: [UInt8]) {
        guard (100...999).contains(statusCode) else { return nil }
        self.statusCode = statusCode
        self.url = url
        self.httpVersion = httpVersion
        self.fields = .lines(fieldLines)
    }

    /// The head of a response Foundation built (its header names as Foundation gives them).
    public init(_ response: HTTPURLResponse) {
        self.statusCode = response.statusCode
        self.url = response.url
        self.httpVersion = "HTTP/1.1"
        self.fields = .response(response)
    }

    /// The value of a header, looked up case-insensitively; a repeated header's values are joined
    /// with ", ". Of two spellings of one name, the one matching `name` exactly wins, else the one
    /// received first.
    public func header(_ name: String) -> String? {
        switch fields {
        case .response(let response):
            return response.value(forHTTPHeaderField: name)
        case .parsed(let fields):
            if let value = fields[name] { return value }
            return fields.first { $0.key.caseInsensitiveEquals(name) }?.value
        case .lines(let lines):
            return FieldLines.value(of: name, in: lines)
        }
    }

    /// Whether a field named `name` (compared case-insensitively) is present.
    package func containsField(_ name: String) -> Bool {
        switch fields {
        case .response(let response):
            return response.value(forHTTPHeaderField: name) != nil
        case .parsed(let fields):
            return fields.keys.contains { $0.caseInsensitiveEquals(name) }
        case .lines(let lines):
            return FieldLines.contains(name, in: lines)
        }
    }

    /// The header fields with their names exactly as received (Foundation's `HTTPURLResponse` on
    /// Linux re-cases some names, `uid` becoming `Uid`); a repeated name's values are joined with
    /// ", ". A head made from an `HTTPURLResponse` has that response's names.
    public var headerFields: HTTPHeaders {
        switch fields {
        case .response(let response): return HTTPHeaders(response.allHeaderFields)
        case .parsed(let fields): return HTTPHeaders(fields)
        case .lines(let lines): return HTTPHeaders(FieldLines.parse(lines))
        }
    }

    /// The head as an `HTTPURLResponse`: the one it was made from, else one built for this read
    /// (keep it rather than asking again where it is read more than once).
    public var response: HTTPURLResponse {
        let fields: [String: String]
        switch self.fields {
        case .response(let response): return response
        case .parsed(let parsed): fields = parsed
        case .lines(let lines): fields = FieldLines.parse(lines)
        }
        // `HTTPURLResponse.init?` fails only for a status code outside 100…999, which the
        // initializers of `ResponseHead` refuse; a head with a URL was made with one.
        guard
            let url,
            let response = HTTPURLResponse(
                url: url, statusCode: statusCode, httpVersion: httpVersion, headerFields: fields)
        else { preconditionFailure("HTTPURLResponse refused a head ResponseHead accepted") }
        return response
    }

    /// A field line without its end: a trailing LF and the CRs before it, none of which is part of
    /// the line (a CR elsewhere is a byte of the name or the value).
    package static func withoutLineEnd(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var end = line.count
        if end > 0, line[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        while end > 0, line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: line[..<end])
    }

    /// `bytes` without leading and trailing spaces and tabs, the only whitespace a field line's name
    /// and value are trimmed of (RFC 9110's OWS; a CR there is no whitespace but a byte of the name).
    package static func trimmingSpacesAndTabs(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        trimming(bytes) { $0 == 0x20 || $0 == 0x09 }
    }

    /// `bytes` without leading and trailing spaces, tabs, CR and LF (for this package's header parsers).
    package static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        trimming(bytes) { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
    }

    /// `bytes` without the bytes at either end that `isTrimmed` says go.
    private static func trimming(
        _ bytes: UnsafeRawBufferPointer, _ isTrimmed: (UInt8) -> Bool
    ) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        while start < end, isTrimmed(bytes[start]) { start += 1 }
        while end > start, isTrimmed(bytes[end - 1]) { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }
}
