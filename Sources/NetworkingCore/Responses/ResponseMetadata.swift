import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a response carried: status, headers (looked up case-insensitively) and the full body.
public struct ResponseMetadata: Sendable, CustomStringConvertible {
    /// The HTTP status code.
    public let statusCode: Int
    /// The response headers; `headers["content-type"]` ignores case.
    public let headers: HTTPHeaders
    /// The complete response body.
    public let body: Data
    /// The URL of the response (after redirects), when known.
    public let url: URL?

    /// The longest excerpt `bodySnippet` returns, in bytes.
    package static let snippetLength = 1024

    /// Creates metadata from its parts.
    public init(statusCode: Int, headers: HTTPHeaders, body: Data, url: URL? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// Creates metadata from a response and its body.
    package init(response: HTTPURLResponse, body: Data) {
        self.init(
            statusCode: response.statusCode, headers: HTTPHeaders(response.allHeaderFields), body: body,
            url: response.url)
    }

    /// The value of a header, compared case-insensitively.
    public func header(_ name: String) -> String? { headers[name] }

    /// A truncated UTF-8 excerpt of the body for logs and messages (invalid bytes replaced).
    public var bodySnippet: String {
        var prefix = body.prefix(Self.snippetLength)
        if body.count > Self.snippetLength {
            // Do not cut the last UTF-8 sequence in half: drop it if it is incomplete.
            var index = prefix.endIndex
            while index > prefix.startIndex, prefix.endIndex - index < 3, prefix[index - 1] & 0xC0 == 0x80 {
                index -= 1
            }
            if index > prefix.startIndex {
                let lead = prefix[index - 1]
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
                if length > prefix.endIndex - index + 1 { prefix = prefix[..<(index - 1)] }
            }
        }
        let text = String(decoding: prefix, as: UTF8.self)
        return body.count > Self.snippetLength ? text + "… (\(body.count) bytes)" : text
    }

    /// Decodes the body as JSON into `type` (ISO-8601 dates), typically your API's error envelope.
    public func decode<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = JSONCoding.makeDecoder()) throws -> T {
        try TapeDecoder.decode(type, from: body, using: decoder)
    }

    /// The status code and the size of the body.
    public var description: String { "HTTP \(statusCode), \(body.count) bytes" }
}
