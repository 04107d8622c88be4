import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns `HTTPRequest`s into `URLRequest`s for one base URL and set of default headers.
package struct RequestBuilder: Sendable {
    /// The base URL every relative path is joined to.
    package var baseURL: String {
        didSet {
            base = URLComposer.Base.parse(baseURL)
            composed = ComposedURLs()
        }
    }
    /// Headers sent with every request (a request's own headers override them).
    package var defaultHeaders: HTTPHeaders {
        didSet { defaultFields = Self.prepare(defaultHeaders) }
    }
    /// Encodes JSON bodies.
    package var encoder: JSONEncoder
    /// `baseURL` parsed, once for every request built against it.
    private var base: URLComposer.Base.Parsed
    /// The URLs composed against `base`, by path (shared by the builder's copies).
    private(set) var composed = ComposedURLs()
    /// `defaultHeaders` checked and laid out as a request without headers of its own (most of
    /// them) sends them, once for every such request; or why one of them cannot be sent.
    private var defaultFields: Result<[String: String], NetworkingError>

    /// Creates a builder.
    package init(baseURL: String, defaultHeaders: HTTPHeaders = [:], encoder: JSONEncoder = JSONCoding.makeEncoder()) {
        self.baseURL = baseURL
        self.defaultHeaders = defaultHeaders
        self.encoder = encoder
        self.base = URLComposer.Base.parse(baseURL)
        self.defaultFields = Self.prepare(defaultHeaders)
    }

    /// `headers` validated in order, with each repeated name's values joined (see
    /// `URLRequest.setHeaderFields`), as `allHTTPHeaderFields`; the first invalid field's error.
    private static func prepare(_ headers: HTTPHeaders) -> Result<[String: String], NetworkingError> {
        var fields: [HTTPHeaders.Field] = []
        for field in headers {
            do throws(NetworkingError) {
                try validate(field)
            } catch {
                return .failure(error)
            }
            fields.append(field)
        }
        var laidOut: [String: String] = [:]
        for field in URLRequest.combiningRepeatedNames(fields) { laidOut[field.name] = field.value }
        return .success(laidOut)
    }

    /// Builds the `URLRequest`, or throws `.invalidRequest` naming what is wrong: an invalid base
    /// URL or path, a method that is not a token, a body that cannot be encoded, a header name or
    /// value that could inject a header (CR, LF or NUL).
    ///
    /// A file body becomes an `InputStream` over the file, and a streamed body cannot ride on a
    /// `URLRequest` (it throws `.invalidRequest`): the library's own clients send both beside the
    /// head (see `build(_:)`).
    package func makeURLRequest(_ request: HTTPRequest) throws(NetworkingError) -> URLRequest {
        var (head, beside) = try build(request)
        try beside?.attach(to: &head)
        return head
    }

    /// Builds the head, and the body that travels beside it when it is not bytes (a file or a
    /// stream); errors as `makeURLRequest(_:)`.
    package func build(_ request: HTTPRequest) throws(NetworkingError) -> (URLRequest, BodyBeside?) {
        var query = request.query
        if let model = request.queryModel {
            query += try FlatEncoder.encode(model, as: "query").map { URLQueryItem(name: $0.0, value: $0.1) }
        }
        let url = try composedURL(path: request.path, query: query)
        var urlRequest = URLRequest(url: url)
        try RequestHeadCheck.validate(method: request.method.rawValue)
        if request.method != .get { urlRequest.httpMethod = request.method.rawValue }  // GET is the default
        if let timeout = request.timeout { urlRequest.timeoutInterval = timeout }
        if request.headers.isEmpty {
            let defaults = try defaultFields.get()
            if !defaults.isEmpty { urlRequest.allHTTPHeaderFields = defaults }
        } else if case .success(let defaults) = defaultFields {
            // The defaults as laid out once, less those the request sets, then the request's own:
            // what the fields below lay out, without checking and laying out the defaults again.
            urlRequest.allHTTPHeaderFields = try Self.laying(request.headers, over: defaults)
        } else {
            var fields: [HTTPHeaders.Field] = []
            for field in defaultHeaders where !request.headers.contains(field.name) {
                try Self.validate(field)
                fields.append(field)
            }
            for field in request.headers {
                try Self.validate(field)
                fields.append(field)
            }
            urlRequest.setHeaderFields(fields)
        }
        var beside: BodyBeside?
        if let body = request.body {
            let encoded = try body.encoded(with: encoder)
            urlRequest.setValue(encoded.contentType, forHTTPHeaderField: "Content-Type")
            if let data = encoded.data {
                urlRequest.httpBody = data
            } else if let fileURL = encoded.fileURL {
                beside = BodyBeside(HTTPBody(fileURL: fileURL))
            } else if let stream = encoded.stream {
                beside = BodyBeside(stream)
            }
            beside?.mark(&urlRequest)
        }
        return (urlRequest, beside)
    }

    /// The URL of `path` and `query` against the base: remembered by path when there are no separate
    /// query items (a failure is not remembered; it throws again, as it would have).
    private func composedURL(path: String, query: [URLQueryItem]) throws(NetworkingError) -> URL {
        guard query.isEmpty else { return try URLComposer.compose(base: base, path: path, query: query) }
        if let url = composed.url(for: path) { return url }
        let url = try URLComposer.compose(base: base, path: path)
        composed.remember(url, for: path)
        return url
    }

    /// `headers`, checked and with each repeated name's values joined, over `defaults` (laid out by
    /// `prepare`): a default whose name `headers` has (in any case) gives way to it.
    private static func laying(
        _ headers: HTTPHeaders, over defaults: [String: String]
    ) throws(NetworkingError) -> [String: String] {
        var fields: [HTTPHeaders.Field] = []
        fields.reserveCapacity(headers.count)
        for field in headers {
            try validate(field)
            fields.append(field)
        }
        var all = defaults
        for field in URLRequest.combiningRepeatedNames(fields) {
            if let existing = all.keys.first(where: { $0.caseInsensitiveEquals(field.name) }) {
                all.removeValue(forKey: existing)
            }
            all[field.name] = field.value
        }
        return all
    }

    /// Rejects header names that are not RFC 9110 tokens and values containing CR, LF or NUL.
    package static func validate(_ field: HTTPHeaders.Field) throws(NetworkingError) {
        guard RequestHeadCheck.isToken(field.name) else {
            throw .invalidRequest("header name '\(field.name.debugDescription)' is not a valid token")
        }
        func breaks(_ byte: UInt8) -> Bool { byte == 0x0D || byte == 0x0A || byte == 0x00 }
        let value = field.value.utf8
        guard !(value.withContiguousStorageIfAvailable { $0.contains(where: breaks) } ?? value.contains(where: breaks))
        else {
            throw .invalidRequest("header '\(field.name)' has a value containing a line break or NUL")
        }
    }
}
