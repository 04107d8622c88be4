import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response decoded as untyped JSON, with its status and headers.
///
/// Ask for `JSONResponse` instead of a model when you want the raw shape.
public struct JSONResponse: Sendable {
    /// The HTTP status code.
    public let statusCode: Int
    /// The response headers as JSON values (`headers["Content-Type"]?.stringValue`).
    public let headers: [String: AnyCodable]
    /// The headers with case-insensitive lookup.
    public let headerFields: HTTPHeaders
    /// The top-level JSON object; empty when the body is not an object (see `json`).
    public let body: [String: AnyCodable]
    /// The whole body as a JSON value (`.null` for an empty body).
    public let json: AnyCodable
    /// The raw body bytes.
    public let data: Data

    /// Parses a response body; an empty body gives an empty `body`.
    package init(statusCode: Int, headers: HTTPHeaders, data: Data, decoder: JSONDecoder) throws {
        self.statusCode = statusCode
        self.headerFields = headers
        self.headers = headers.dictionary.mapValues { AnyCodable.string($0) }
        self.data = data
        let isBlank = data.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        self.json = isBlank ? .null : try TapeDecoder.decode(AnyCodable.self, from: data, using: decoder)
        self.body = json.objectValue ?? [:]
    }
}

extension JSONResponse: Decodable {
    /// Decodes only the JSON value; `statusCode` is 0 and the headers are empty. The verbs never
    /// use this: they build a `JSONResponse` from the whole response, status and headers included.
    public init(from decoder: any Decoder) throws {
        let json = try AnyCodable(from: decoder)
        self.statusCode = 0
        self.headers = [:]
        self.headerFields = [:]
        self.json = json
        self.body = json.objectValue ?? [:]
        self.data = Data()
    }
}
