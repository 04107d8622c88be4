import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response's status line and header fields as a transport received them, turned into an
/// `HTTPURLResponse` only when something asks for one.
///
/// On Linux, `HTTPURLResponse.init` canonicalises every header name through `NSString` and parses
/// `Content-Type` character by character: for a small JSON response that is more work than libcurl
/// spends on the whole exchange. Most requests only need the status code (and perhaps a header or
/// two) on their way to a decoder, so a transport that parses heads itself hands them over as a
/// `ResponseHead`; `HTTPExchange.statusCode` and `header(_:)` read it directly, and
/// `HTTPExchange.response` builds the `HTTPURLResponse` once, on first use (the same instance
/// afterwards).
public struct ResponseHead: Sendable {
    /// The status code.
    public let statusCode: Int
    private let url: URL
    private let httpVersion: String
    /// The header fields by name, as received; a repeated name's values are joined with ", ".
    private let headerFields: [String: String]
    private let built: Built

    /// Creates a head. `headerFields` are given as received (names in their original case). Returns
    /// `nil` for a status code outside 100…999, which no HTTP response has.
    public init?(url: URL, statusCode: Int, httpVersion: String = "HTTP/1.1", headerFields: [String: String]) {
        guard (100...999).contains(statusCode) else { return nil }
        self.url = url
        self.statusCode = statusCode
        self.httpVersion = httpVersion
        self.headerFields = headerFields
        self.built = Built()
    }

    /// A head that already has its `HTTPURLResponse`.
    init(_ response: HTTPURLResponse) {
        self.url = response.url ?? URL(fileURLWithPath: "/")
        self.statusCode = response.statusCode
        self.httpVersion = "HTTP/1.1"
        self.headerFields = [:]
        self.built = Built(response)
    }

    /// The value of a header, looked up case-insensitively.
    public func header(_ name: String) -> String? {
        if let response = built.existing { return response.value(forHTTPHeaderField: name) }
        if let value = headerFields[name] { return value }
        return headerFields.first { $0.key.caseInsensitiveEquals(name) }?.value
    }

    /// The head as an `HTTPURLResponse`, built on first use.
    public var response: HTTPURLResponse {
        built.response {
            HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: httpVersion, headerFields: headerFields)
        }
    }

    /// The `HTTPURLResponse`, once built; shared by every copy of the head.
    private final class Built: Sendable {
        private let state: Mutex<HTTPURLResponse?>
        /// Set when the response was given, not built: read without the lock.
        private let given: HTTPURLResponse?

        init(_ response: HTTPURLResponse? = nil) {
            given = response
            state = Mutex(response)
        }

        var existing: HTTPURLResponse? { given ?? state.withLock { $0 } }

        func response(_ make: () -> HTTPURLResponse?) -> HTTPURLResponse {
            if let given { return given }
            return state.withLock { built in
                if let built { return built }
                // `HTTPURLResponse.init?` fails only for a status code outside 100…999, which
                // `ResponseHead.init?` already refused.
                guard let response = make() else {
                    preconditionFailure("HTTPURLResponse refused a status code ResponseHead accepted")
                }
                built = response
                return response
            }
        }
    }
}
