import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A canned answer to a request: a status, headers and body, or an error, after an optional
/// delay. Fakes on `Networking` and the doubles of `NetworkingTesting` all answer with one.
///
/// ```swift
/// FakeResponse.json([Story(id: 1, title: "Hello")])
/// FakeResponse(statusCode: 503, headers: ["Retry-After": "2"])
/// FakeResponse.data(pngBytes, contentType: "image/png")
/// FakeResponse.failure(.transport(URLError(.notConnectedToInternet)))
/// ```
public struct FakeResponse: Sendable {
    /// The status code (200 unless set).
    public var statusCode: Int
    /// The response headers.
    public var headers: HTTPHeaders
    /// The response body.
    public var body: Data
    /// Seconds to wait before answering; the wait ends early, with `.cancelled`, if the request's
    /// task is cancelled.
    public var delay: TimeInterval
    /// When set, the request fails with this error (after `delay`) instead of being answered.
    public var error: NetworkingError?

    /// Creates a response.
    public init(
        statusCode: Int = 200, headers: HTTPHeaders = [:], body: Data = Data(), delay: TimeInterval = 0
    ) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.delay = delay
        self.error = nil
    }

    /// A response carrying `body` under `Content-Type: contentType` (headers in `headers` win).
    public static func data(
        _ body: Data, contentType: String, statusCode: Int = 200, headers: HTTPHeaders = [:], delay: TimeInterval = 0
    ) -> FakeResponse {
        var allHeaders = headers
        if !allHeaders.contains("Content-Type") { allHeaders["Content-Type"] = contentType }
        return FakeResponse(statusCode: statusCode, headers: allHeaders, body: body, delay: delay)
    }

    /// A response carrying `text` as UTF-8 under `text/plain; charset=utf-8`.
    public static func text(
        _ text: String, statusCode: Int = 200, headers: HTTPHeaders = [:], delay: TimeInterval = 0
    ) -> FakeResponse {
        data(
            Data(text.utf8), contentType: "text/plain; charset=utf-8", statusCode: statusCode, headers: headers,
            delay: delay)
    }

    /// A response carrying `value` encoded as JSON (ISO-8601 dates) under `application/json`.
    /// If `value` cannot be encoded, the fake fails with `.invalidRequest` naming why.
    public static func json<T: Encodable>(
        _ value: T, statusCode: Int = 200, headers: HTTPHeaders = [:], delay: TimeInterval = 0,
        encoder: JSONEncoder = JSONCoding.makeEncoder()
    ) -> FakeResponse {
        do {
            let body = try encoder.encode(value)
            return data(body, contentType: "application/json", statusCode: statusCode, headers: headers, delay: delay)
        } catch {
            return failure(.invalidRequest("the fake response \(T.self) could not be encoded as JSON: \(error)"))
        }
    }

    /// A response that fails with `error` after `delay`, such as
    /// `.transport(URLError(.notConnectedToInternet))`.
    public static func failure(_ error: NetworkingError, delay: TimeInterval = 0) -> FakeResponse {
        var response = FakeResponse(delay: delay)
        response.error = error
        return response
    }

    /// Waits `delay`, then returns the exchange answering `request`, or throws `error`.
    package func respond(to request: URLRequest) async throws(NetworkingError) -> HTTPExchange {
        if delay > 0 {
            do {
                try await Task.sleep(for: .seconds(delay))
            } catch {
                throw .cancelled
            }
        }
        if Task.isCancelled { throw .cancelled }
        if let error { throw error }
        return try exchange(for: request)
    }

    /// The exchange answering `request` at once (ignoring `delay` and `error`).
    package func exchange(for request: URLRequest) throws(NetworkingError) -> HTTPExchange {
        guard let url = request.url,
            let head = ResponseHead(url: url, statusCode: statusCode, headerFields: headers.dictionary)
        else { throw .invalidResponse }
        return HTTPExchange(request: request, head: head, body: body)
    }
}
