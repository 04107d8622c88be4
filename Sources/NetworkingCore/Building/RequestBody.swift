import Foundation

/// What a request sends, and how it is encoded. The case picks the `Content-Type`.
public indirect enum RequestBody: Sendable {
    /// Any `Encodable`, as JSON (`application/json`, ISO-8601 dates).
    case json(any Encodable & Sendable)
    /// A flat `Encodable`, as `application/x-www-form-urlencoded`.
    case form(any Encodable & Sendable)
    /// Files and string fields, as `multipart/form-data`.
    case multipart(parts: [FormDataPart], fields: [String: String])
    /// Bytes sent verbatim under the given `Content-Type`.
    case data(Data, contentType: String)
    /// A file streamed from disk under the given `Content-Type`.
    case file(URL, contentType: String)
    /// A body sent as it is produced (an `AsyncSequence` of chunks: see `HTTPBody`) under the
    /// given `Content-Type`. A `.single` body is sent once: a request with one is never retried.
    case stream(HTTPBody, contentType: String)
}

/// The encoded form of a `RequestBody`.
package struct EncodedBody: Sendable {
    /// The bytes to send, or `nil` when the body streams from `fileURL`.
    package let data: Data?
    /// The file to stream from, for `.file`.
    package let fileURL: URL?
    /// The `Content-Type` to send.
    package let contentType: String
    /// The body produced as it is sent, for `.stream`.
    package var stream: HTTPBody? = nil
}

extension RequestBody {
    /// Encodes the body; a value that cannot be encoded (such as `Double.nan` in JSON) throws
    /// `.invalidRequest` saying why.
    package func encoded(with encoder: JSONEncoder) throws(NetworkingError) -> EncodedBody {
        switch self {
        case .json(let value):
            return try Self.json(value, encoder: encoder)
        case .form(let value):
            return try Self.form(value)
        case .multipart(let parts, let fields):
            let output = MultipartEncoder.encode(parts: parts, fields: fields)
            return EncodedBody(data: output.body, fileURL: nil, contentType: output.contentType)
        case .data(let data, let contentType):
            return EncodedBody(data: data, fileURL: nil, contentType: contentType)
        case .file(let url, let contentType):
            guard url.isFileURL else { throw .invalidRequest("body file '\(url)' is not a file URL") }
            return EncodedBody(data: nil, fileURL: url, contentType: contentType)
        case .stream(let body, let contentType):
            return EncodedBody(data: nil, fileURL: nil, contentType: contentType, stream: body)
        }
    }

    /// `value` encoded as JSON. Generic rather than taking a `RequestBody`, so that a front door
    /// can encode a value whose conformance is isolated to its caller's actor where it is called.
    package static func json(_ value: some Encodable, encoder: JSONEncoder) throws(NetworkingError) -> EncodedBody {
        do {
            return EncodedBody(data: try encoder.encode(value), fileURL: nil, contentType: "application/json")
        } catch {
            throw .invalidRequest("body could not be encoded as JSON: \(Self.describe(error))")
        }
    }

    /// A flat `value` encoded as `application/x-www-form-urlencoded` (see `json`).
    package static func form(_ value: some Encodable) throws(NetworkingError) -> EncodedBody {
        let pairs = try FlatEncoder.encode(value, as: "form")
        return EncodedBody(
            data: Data(PercentEncoding.form(pairs).utf8), fileURL: nil,
            contentType: "application/x-www-form-urlencoded")  // The media type defines no charset (WHATWG URL).
    }

    /// The same body as `encoded`, as bytes: `.data` under the encoded `Content-Type`.
    package init(_ encoded: EncodedBody) {
        self = .data(encoded.data ?? Data(), contentType: encoded.contentType)
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? EncodingError else { return "\(error)" }
        switch error {
        case .invalidValue(let value, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "invalid value \(value) at '\(path.isEmpty ? "top level" : path)': \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
