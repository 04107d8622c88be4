import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One recorded exchange as `RecordingTransport` writes it and `ReplayingTransport` reads it: a
/// human-readable JSON file.
///
/// ```json
/// {
///   "request" : { "method" : "POST", "url" : "http://127.0.0.1:8080/post?x=1",
///                 "headers" : { "Authorization" : "<redacted>", "Content-Type" : "application/json" },
///                 "body" : "{\"name\":\"Ada\"}", "bodyEncoding" : "utf8" },
///   "response" : { "statusCode" : 200, "headers" : { "Content-Type" : "application/json" },
///                  "body" : "{…}", "bodyEncoding" : "utf8" }
/// }
/// ```
///
/// A body is UTF-8 text when it is valid UTF-8, base64 otherwise; an empty body is omitted.
package struct Fixture: Codable, Sendable, Equatable {
    /// How a body is written in the file.
    package enum BodyEncoding: String, Codable, Sendable {
        /// The body as text.
        case utf8
        /// The body's bytes in base64.
        case base64
    }

    /// The recorded request.
    package struct Request: Codable, Sendable, Equatable {
        /// The method.
        package var method: String
        /// The URL the request was sent to.
        package var url: String
        /// The headers, redacted ones replaced by `RecordingTransport.redactionPlaceholder`.
        package var headers: [String: String]
        /// The body as written (see `bodyEncoding`), or `nil` when there was none.
        package var body: String?
        /// How `body` is written.
        package var bodyEncoding: BodyEncoding?
    }

    /// The recorded response.
    package struct Response: Codable, Sendable, Equatable {
        /// The status code.
        package var statusCode: Int
        /// The URL of the response (differs from the request's after redirects).
        package var url: String?
        /// The headers, redacted ones replaced by `RecordingTransport.redactionPlaceholder`.
        package var headers: [String: String]
        /// The body as written (see `bodyEncoding`), or `nil` when it was empty.
        package var body: String?
        /// How `body` is written.
        package var bodyEncoding: BodyEncoding?
    }

    /// The request.
    package var request: Request
    /// The response.
    package var response: Response
    /// When the exchange started and what was measured of it, when the transport measured it.
    package var timing: Timing? = nil

    /// Encodes a body for a fixture: UTF-8 text when valid, base64 otherwise, `nil` when empty.
    static func encodeBody(_ data: Data?) -> (String?, BodyEncoding?) {
        guard let data, !data.isEmpty else { return (nil, nil) }
        if let text = String(data: data, encoding: .utf8) { return (text, .utf8) }
        return (data.base64EncodedString(), .base64)
    }

    /// Decodes a body written by `encodeBody`.
    static func decodeBody(_ text: String?, _ encoding: BodyEncoding?) -> Data {
        guard let text else { return Data() }
        if encoding == .base64 { return Data(base64Encoded: text) ?? Data() }
        return Data(text.utf8)
    }

    /// The request body's bytes.
    package var requestBody: Data { Self.decodeBody(request.body, request.bodyEncoding) }

    /// The response body's bytes.
    package var responseBody: Data { Self.decodeBody(response.body, response.bodyEncoding) }
}

/// A fixture directory that could not be read, or a fixture that is not valid.
public struct FixtureError: Error, LocalizedError, Sendable {
    /// What went wrong, naming the file.
    public let message: String

    /// Creates an error.
    package init(_ message: String) { self.message = message }

    /// The message, naming the file.
    public var errorDescription: String? { message }
}
