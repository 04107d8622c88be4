import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request a test double saw, with its body read in full.
///
/// The body is taken from `httpBody`, else read from `httpBodyStream` (how a body often reaches a
/// `URLProtocol` on Linux, and how a file body reaches a transport's recorder). It is `nil` for a
/// request sent with `URLSession.uploadTask(with:fromFile:)` through `MockURLProtocol`, whose body
/// `URLSession` does not hand to a custom protocol on Linux.
public struct RecordedRequest: Sendable, CustomStringConvertible {
    /// The request as the double received it (its body stream, if any, already consumed).
    public let urlRequest: URLRequest
    /// The method.
    public let method: HTTPMethod
    /// The URL.
    public let url: URL?
    /// The headers, looked up case-insensitively.
    public let headers: HTTPHeaders
    /// The complete body, if there was one.
    public let body: Data?

    /// Records `request`, reading its body.
    package init(_ request: URLRequest) {
        self.urlRequest = request
        self.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        self.url = request.url
        self.headers = HTTPHeaders(request.allHTTPHeaderFields ?? [:])
        self.body = Self.readBody(of: request)
    }

    /// Records a request a transport received, reading its body (a one-shot body is read once, here).
    package init(_ request: TransportRequest) async throws(NetworkingError) {
        self.init(try await request.collectingBody(upTo: TransportRequest.defaultResponseBodyLimit))
    }

    /// A header's value, compared case-insensitively.
    public func header(_ name: String) -> String? { headers[name] }

    /// The body as UTF-8 text, when it is valid UTF-8.
    public var bodyText: String? { body.flatMap { String(data: $0, encoding: .utf8) } }

    /// Decodes the body as JSON (ISO-8601 dates), such as the model a `post(_:body:)` sent.
    public func decodeBody<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = JSONCoding.makeDecoder()) throws -> T {
        try decoder.decode(type, from: body ?? Data())
    }

    /// The method and URL, and the body's size when there is one.
    public var description: String {
        "\(method) \(url?.absoluteString ?? "(no URL)")" + (body.map { " (body \($0.count) bytes)" } ?? "")
    }

    /// The body of `request`: `httpBody`, else the whole `httpBodyStream`.
    static func readBody(of request: URLRequest) -> Data? {
        if let body = request.httpBody { return body }
        if let stream = request.httpBodyStream { return read(stream) }
        return nil
    }

    private static func read(_ stream: InputStream) -> Data {
        var data = Data()
        stream.open()
        defer { stream.close() }
        let size = 16 * 1024
        var buffer = [UInt8](repeating: 0, count: size)
        while true {
            let count = stream.read(&buffer, maxLength: size)
            guard count > 0 else { break }
            data.append(buffer, count: count)
        }
        return data
    }
}
