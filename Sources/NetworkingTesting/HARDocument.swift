import Foundation

/// A HAR 1.2 file (HTTP Archive, the format browsers, proxies and HTTP debugging tools exchange):
/// its `log` and what the log holds, as `Codable` values.
///
/// The export writes every field the format requires; reading asks only for what replaying
/// needs (each entry's request method and URL, and its response status) and ignores the fields
/// it does not know, such as the ones browsers add with a leading underscore. Times are
/// milliseconds, and `-1` stands for a figure that was not measured.
package struct HARDocument: Codable, Sendable, Equatable {
    /// The archive.
    package var log: Log

    /// Creates a document of `log`.
    package init(log: Log) { self.log = log }

    /// The archive: who wrote it and the exchanges, in order.
    package struct Log: Codable, Sendable, Equatable {
        /// The format's version, `1.2` when written here.
        package var version: String?
        /// The program that wrote the file.
        package var creator: Creator?
        /// The exchanges, in the order they started.
        package var entries: [Entry]
    }

    /// The program that wrote a file.
    package struct Creator: Codable, Sendable, Equatable {
        /// Its name.
        package var name: String
        /// Its version.
        package var version: String
    }

    /// One exchange.
    package struct Entry: Codable, Sendable, Equatable {
        /// When the request started, ISO 8601.
        package var startedDateTime: String?
        /// Milliseconds the exchange took: the sum of `timings`, without the ones at `-1`.
        package var time: Double?
        /// The request.
        package var request: Request
        /// The response; `status` 0 when none arrived.
        package var response: Response
        /// What the cache did: always empty when written here.
        package var cache: Cache?
        /// Where the time went.
        package var timings: Timings?
        /// The server's IP address, when known.
        package var serverIPAddress: String?
        /// The connection's identifier, when known.
        package var connection: String?
        /// Why the request failed without a response (a custom field, as browsers write it).
        package var error: String?

        private enum CodingKeys: String, CodingKey {
            case startedDateTime, time, request, response, cache, timings, serverIPAddress, connection
            case error = "_error"
        }
    }

    /// A header field or a query item.
    package struct NameValue: Codable, Sendable, Equatable {
        /// The name.
        package var name: String
        /// The value.
        package var value: String
    }

    /// A cookie sent or set.
    package struct Cookie: Codable, Sendable, Equatable {
        /// The name.
        package var name: String
        /// The value.
        package var value: String
        /// The `Path` attribute.
        package var path: String?
        /// The `Domain` attribute.
        package var domain: String?
        /// The `Expires` attribute, ISO 8601.
        package var expires: String?
        /// Whether the cookie is `HttpOnly`.
        package var httpOnly: Bool?
        /// Whether the cookie is `Secure`.
        package var secure: Bool?
    }

    /// A request.
    package struct Request: Codable, Sendable, Equatable {
        /// The method.
        package var method: String
        /// The absolute URL.
        package var url: String
        /// `HTTP/1.1`, `HTTP/2`, or empty when unknown.
        package var httpVersion: String?
        /// The cookies of its `Cookie` field.
        package var cookies: [Cookie]?
        /// Its header fields, in order.
        package var headers: [NameValue]?
        /// The items of its URL's query.
        package var queryString: [NameValue]?
        /// Its body, when it had one.
        package var postData: PostData?
        /// The size of the head in bytes: `-1`, not measured.
        package var headersSize: Int?
        /// The size of the body in bytes.
        package var bodySize: Int?
    }

    /// A request body.
    package struct PostData: Codable, Sendable, Equatable {
        /// Its content type.
        package var mimeType: String?
        /// The body as text, or base64 when `encoding` says so.
        package var text: String?
        /// The fields of a form, which some writers give instead of `text`.
        package var params: [Param]?
        /// `base64` when `text` holds a binary body's bytes (a custom field: the format has none
        /// for request bodies).
        package var encoding: String?

        private enum CodingKeys: String, CodingKey {
            case mimeType, text, params
            case encoding = "_encoding"
        }
    }

    /// A field of a posted form.
    package struct Param: Codable, Sendable, Equatable {
        /// The name.
        package var name: String
        /// The value.
        package var value: String?
    }

    /// A response.
    package struct Response: Codable, Sendable, Equatable {
        /// The status code; 0 when no response arrived.
        package var status: Int
        /// The reason phrase.
        package var statusText: String?
        /// `HTTP/1.1`, `HTTP/2`, or empty when unknown.
        package var httpVersion: String?
        /// The cookies of its `Set-Cookie` fields.
        package var cookies: [Cookie]?
        /// Its header fields, in order.
        package var headers: [NameValue]?
        /// Its body.
        package var content: Content?
        /// The `Location` of a redirect, else empty.
        package var redirectURL: String?
        /// The size of the head in bytes: `-1`, not measured.
        package var headersSize: Int?
        /// The size of the body as received, in bytes; `-1` when not known.
        package var bodySize: Int?
    }

    /// A response body, decoded (decompressed) as the client read it.
    package struct Content: Codable, Sendable, Equatable {
        /// Its length in bytes.
        package var size: Int?
        /// Its content type.
        package var mimeType: String?
        /// The body as text, or base64 when `encoding` says so; absent when not kept.
        package var text: String?
        /// `base64` for a binary body.
        package var encoding: String?
    }

    /// What the cache did: nothing recorded.
    package struct Cache: Codable, Sendable, Equatable {}

    /// Where an exchange's time went, in milliseconds; `-1` for a phase not measured.
    package struct Timings: Codable, Sendable, Equatable {
        /// Waiting for a connection.
        package var blocked: Double?
        /// Resolving the host name.
        package var dns: Double?
        /// Establishing the connection, `ssl` included.
        package var connect: Double?
        /// Sending the request.
        package var send: Double?
        /// Waiting for the first byte of the response.
        package var wait: Double?
        /// Reading the response.
        package var receive: Double?
        /// The TLS handshake.
        package var ssl: Double?
    }
}
